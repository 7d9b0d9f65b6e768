import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/columns.ts';

/** A person's WebAuthn credential (passkeys.ts; migration 2026-12-03T0104-passkeys). */
export interface PasskeysTable {
  id: Generated<number>;
  uid: number;
  /** The credential's id, base64url. */
  credential_id: string;
  /** The COSE public key, base64url. */
  public_key: string;
  /** The authenticator's signature counter (bigint as text); a counter that goes back is refused. */
  counter: Generated<string>;
  /** The transports the browser named, comma-separated. */
  transports: Generated<string>;
  name: string;
  backed_up: Generated<boolean>;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
}

/**
 * What a challenge is for: adding a key, a pending sign-in, a signature, or an administrator's
 * reset of a member's factor (migration 2026-12-03T0107-passkey-factor-reset).
 */
export type ChallengePurpose = 'register' | 'sign_in' | 'signature' | 'factor_reset';

/** A challenge the server gave: single use, bound to the person, the purpose and a pending sign-in. */
export interface PasskeyChallengesTable {
  challenge_hash: string;
  uid: number;
  purpose: ChallengePurpose;
  /** The pending sign-in's token hash (purpose sign_in), else null. */
  pending_hash: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    passkeys: PasskeysTable;
    passkey_challenges: PasskeyChallengesTable;
  }
}
