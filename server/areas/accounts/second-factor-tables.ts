import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/columns.ts';

/** A user's second factor (second-factor.ts); the secret sealed (second-factor-seal.ts). */
export interface SecondFactorsTable {
  uid: number;
  kind: Generated<'totp'>;
  secret_sealed: string;
  /** Null until the first code confirmed the enrolment. */
  confirmed_at: Timestamp | null;
  /** The last RFC 6238 time step a code was accepted for (codes of it and before are refused). */
  last_time_step: Generated<string>;
  created_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  uid: number;
  /** SHA-256 of the code, normalised (upper case, no separators). */
  code_hash: string;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

/** A sign-in whose password was right and whose second step is awaited (a 477). */
export interface PendingSignInsTable {
  token_hash: string;
  uid: number;
  /** The client address (addressKey) it was started from: only that address may finish it. */
  address: string;
  tries: Generated<number>;
  is_weak_password: boolean;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    second_factors: SecondFactorsTable;
    recovery_codes: RecoveryCodesTable;
    pending_sign_ins: PendingSignInsTable;
  }
}
