import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';

/**
 * Short-lived signed links: a download the browser opens by itself (an `<a href>` carries no
 * `X-Token`), so the link is its own permission. The signature is an HMAC-SHA256 of the purpose,
 * the record's id and the expiry, with a key made at random the first time it is needed and kept
 * in the database (`signing_keys`): there is no default key anyone could know.
 */

/** What a link's query carries besides its own parameters. */
export interface SignedParams {
  id: number;
  /** Expiry, seconds since the epoch. */
  expires: number;
  /** base64url HMAC-SHA256. */
  signature: string;
}

const keys = new WeakMap<DB, Map<string, Promise<Buffer>>>();

/** The key named `name`, made (32 random bytes) and stored on first use; one read per process. */
export function signingKey(db: DB, name = 'links'): Promise<Buffer> {
  let byName = keys.get(db);
  if (!byName) {
    byName = new Map();
    keys.set(db, byName);
  }
  let key = byName.get(name);
  if (!key) {
    key = loadKey(db, name);
    byName.set(name, key);
    key.catch(() => byName.delete(name));
  }
  return key;
}

async function loadKey(db: DB, name: string): Promise<Buffer> {
  const secret = randomBytes(32);
  // Two processes may race to make it: the first insert wins and both read the winner.
  await sql`insert into signing_keys (name, secret) values (${name}, ${secret}) on conflict (name) do nothing`.execute(
    db,
  );
  const { rows } = await sql<{
    secret: Uint8Array;
  }>`select secret from signing_keys where name = ${name}`.execute(db);
  const stored = rows[0]?.secret;
  if (!stored || stored.byteLength < 32) throw new Error(`signing key ${name} is missing`);
  return Buffer.from(stored);
}

const mac = (key: Buffer, purpose: string, id: number, expires: number) =>
  createHmac('sha256', key).update(`${purpose}\n${id}\n${expires}`).digest('base64url');

/** Signs a link to record `id` for `purpose`, valid for `ttlMs` from `now`. */
export function sign(key: Buffer, purpose: string, id: number, now: Date, ttlMs: number): SignedParams {
  const expires = Math.floor((now.getTime() + ttlMs) / 1000);
  return { id, expires, signature: mac(key, purpose, id, expires) };
}

/** The query string of a signed link (`id=…&expires=…&signature=…`). */
export const signedQuery = (params: SignedParams): string =>
  new URLSearchParams({
    id: String(params.id),
    expires: String(params.expires),
    signature: params.signature,
  }).toString();

export type LinkCheck = 'ok' | 'expired' | 'bad-signature';

/**
 * Whether the link is genuine (compared in constant time; a signature of another purpose, id or
 * expiry never matches), then whether it is still valid: a genuine but expired link can be told
 * apart, so the user reads "download again" rather than "not valid".
 */
export function checkSigned(key: Buffer, purpose: string, params: SignedParams, now: Date): LinkCheck {
  if (!Number.isSafeInteger(params.expires)) return 'bad-signature';
  const expected = Buffer.from(mac(key, purpose, params.id, params.expires));
  const given = Buffer.from(params.signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  return params.expires * 1000 <= now.getTime() ? 'expired' : 'ok';
}

/** Whether the link is genuine and not yet expired. */
export function verify(key: Buffer, purpose: string, params: SignedParams, now: Date): boolean {
  return checkSigned(key, purpose, params, now) === 'ok';
}
