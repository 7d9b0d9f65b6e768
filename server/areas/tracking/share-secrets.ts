import { createHmac, timingSafeEqual } from 'node:crypto';
import { SHARE_CODE_LENGTH, SHARE_TOKEN } from '../../../src/contract/tracking/schemas.ts';
import { checkSigned, type LinkCheck, sign, signingKey } from '../../core/signed-links.ts';
import type { DB } from '../../db/database.ts';

/**
 * A share's two forms of one secret, both derived from the share's id with a server key (made at
 * random on first use and kept in `signing_keys`, server/core/signed-links.ts), so nothing secret
 * is stored: the short code (`SHARE_CODE_LENGTH` Crockford base32 characters, shown as
 * `XXXXX-XXXXX`) and the link token `<payload>.<signature>` (payload: the share's id and expiry).
 */

const KEY_NAME = 'tracking';
const SHARE_PURPOSE = 'tracking-share';
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const trackingKey = (db: DB): Promise<Buffer> => signingKey(db, KEY_NAME);

/** The share's code, ungrouped (what `normalizeShareCode` makes of a typed one). */
export function shareCode(key: Buffer, shareId: number): string {
  const digest = createHmac('sha256', key).update(`tracking-share-code\n${shareId}`).digest();
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of digest) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < SHARE_CODE_LENGTH) {
      bits -= 5;
      out += CROCKFORD[(value >> bits) & 31];
    }
    value &= (1 << bits) - 1;
    if (out.length === SHARE_CODE_LENGTH) break;
  }
  return out;
}

/** A code grouped for reading: `7KQ2M-9PX4D`. */
export const groupCode = (code: string): string => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Whether a normalized typed code is the share's (compared in constant time). */
export function codeMatches(key: Buffer, shareId: number, typed: string): boolean {
  const expected = Buffer.from(shareCode(key, shareId));
  const given = Buffer.from(typed);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link token of a share valid until `expiresAt`. */
export function shareToken(key: Buffer, shareId: number, createdAt: Date, expiresAt: Date): string {
  const signed = sign(key, SHARE_PURPOSE, shareId, createdAt, expiresAt.getTime() - createdAt.getTime());
  return `${payloadOf(shareId, signed.expires)}.${signed.signature}`;
}

/** What a token says once its signature is checked: the share's id, or why not. */
export type TokenCheck = { result: 'ok'; shareId: number } | { result: Exclude<LinkCheck, 'ok'> };

/** Reads and checks a link token (signature in constant time, then expiry). */
export function readShareToken(key: Buffer, token: string, now: Date): TokenCheck {
  const parsed = parseToken(token, 2);
  if (!parsed) return { result: 'bad-signature' };
  const [id = 0, expires = 0] = parsed.numbers;
  const check = checkSigned(key, SHARE_PURPOSE, { id, expires, signature: parsed.signature }, now);
  return check === 'ok' ? { result: 'ok', shareId: id } : { result: check };
}

/** Whether a given share code is a link token rather than a typed code (by its shape). */
export const isShareToken = (value: string): boolean => SHARE_TOKEN.test(value);

/**
 * `<base64url of "n.n…">.<signature>` with `count` numbers → the numbers and the signature (null
 * when the shape is wrong). Shared by share and view tokens.
 */
export function parseToken(token: string, count: number): { numbers: number[]; signature: string } | null {
  if (!SHARE_TOKEN.test(token)) return null;
  const dot = token.indexOf('.');
  const parts = Buffer.from(token.slice(0, dot), 'base64url').toString('utf8').split('.');
  if (parts.length !== count || !parts.every((p) => /^\d{1,12}$/.test(p))) return null;
  return { numbers: parts.map(Number), signature: token.slice(dot + 1) };
}

/** A payload of numbers as a token's first part. */
export const payloadOf = (...numbers: number[]): string =>
  Buffer.from(numbers.join('.')).toString('base64url');
