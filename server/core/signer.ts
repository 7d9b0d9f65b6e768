import type { SignatureMeaning } from '../../src/contract/signatures/schemas.ts';
import type { DB } from '../db/database.ts';
import type { SmsSender } from './sms-sender.ts';
import type { SessionRecord } from './session.ts';

/**
 * What the HTTP layer knows of electronic signatures (the signatures area implements the check:
 * areas/signatures/check.ts). A signing call's `signature` is checked before its handler runs;
 * the handler gets the signer and records the signature with its write (areas/signatures/record.ts).
 */
export interface Signer {
  uid: number;
  /** The printed name at the time of signing (Part 11 §11.50). */
  name: string;
  meaning: SignatureMeaning;
  /**
   * How the person was identified again: the password, and the second factor's code when they have
   * one (or a passkey's assertion); or a new sign-in at their organisation's provider (`sso-reauth`, single sign-on).
   */
  method: 'password' | 'password+totp' | 'password+recovery' | 'password+passkey' | 'sso-reauth';
}

export interface SignerRequest {
  db: DB;
  sms: SmsSender;
  session: SessionRecord;
  signature: {
    password?: string | undefined;
    meaning: SignatureMeaning;
    code?: string | undefined;
    sso_proof?: string | undefined;
    passkey?: Record<string, unknown> | undefined;
  };
  /** The meanings the operation takes (its contract declaration). */
  meanings: readonly SignatureMeaning[];
  opId: string;
  /** The client's address (the socket's, or the forwarded one behind a trusted proxy). */
  address: string;
  now: Date;
  /** Whether the per-address login counts apply (config.rateLimits). */
  perAddress: boolean;
  /** The key that seals second-factor secrets (config.secondFactorKey). */
  secondFactorKey: Buffer | null;
  /** The portal's address (config.publicUrl): the passkeys' relying party. */
  publicUrl: string;
}

/** Checks a signature's credentials: the signer, or an ApiError (422 on `signature`, 407). */
export type CheckSigner = (request: SignerRequest) => Promise<Signer>;
