import { checkSigned, type LinkCheck, sign, signingKey } from '../../core/signed-links.ts';
import { SUPPLIER_LINK } from '../../../src/contract/supplier/schemas.ts';
import type { DB } from '../../db/database.ts';

/**
 * A supplier link's token: `<base64url of "id.expires">.<signature>`, signed with the `supplier`
 * key (made at random on first use and kept in `signing_keys`) for the `supplier-task` purpose, so
 * a token of another kind of link (a download, a tracking share) never passes, and changing the
 * id or the expiry breaks the signature.
 */
const KEY_NAME = 'supplier';
const PURPOSE = 'supplier-task';

export const supplierKey = (db: DB): Promise<Buffer> => signingKey(db, KEY_NAME);

export function linkToken(key: Buffer, linkId: number, now: Date, expiresAt: Date): string {
  const signed = sign(key, PURPOSE, linkId, now, expiresAt.getTime() - now.getTime());
  return `${Buffer.from(`${linkId}.${signed.expires}`).toString('base64url')}.${signed.signature}`;
}

/** Tokens carry their expiry in whole seconds: a link's `expires_at` is made with this. */
export const wholeSeconds = (at: Date): Date => new Date(Math.floor(at.getTime() / 1000) * 1000);

export type TokenCheck =
  | { result: 'ok' | 'expired'; linkId: number }
  | { result: Exclude<LinkCheck, 'ok' | 'expired'> };

/**
 * Reads a token: its shape, then the signature (constant time), then the expiry. An expired but
 * genuine token still names its link (the page then says "expired", not "not valid").
 */
export function readLinkToken(key: Buffer, token: string, now: Date): TokenCheck {
  if (!SUPPLIER_LINK.test(token)) return { result: 'bad-signature' };
  const dot = token.indexOf('.');
  const parts = Buffer.from(token.slice(0, dot), 'base64url').toString('utf8').split('.');
  if (parts.length !== 2 || !parts.every((p) => /^\d{1,12}$/.test(p))) return { result: 'bad-signature' };
  const [id = 0, expires = 0] = parts.map(Number);
  const check = checkSigned(key, PURPOSE, { id, expires, signature: token.slice(dot + 1) }, now);
  return check === 'bad-signature' ? { result: check } : { result: check, linkId: id };
}
