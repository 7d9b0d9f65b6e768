import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A secret as the database keeps it: AES-256-GCM under the server's `SECOND_FACTOR_KEY`
 * (config.ts), a fresh 96-bit IV each time, what it belongs to as associated data (a sealed
 * secret copied to another row does not open). `v1.<iv>.<tag>.<ciphertext>`, base64url. TOTP
 * secrets are bound to their user (`second-factor:<uid>`), single sign-on's client secrets to
 * their customer (`sso-client-secret:<cu_id>`, single-sign-on.ts).
 */
export function sealText(key: Buffer, boundTo: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret of `sealed`; throws when the key, what it is bound to or the text is not the sealing one. */
export function openText(key: Buffer, boundTo: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A user's TOTP secret, sealed. */
export const sealSecret = (key: Buffer, uid: number, secret: string): string =>
  sealText(key, `second-factor:${uid}`, secret);

/** A user's TOTP secret; throws when the key, the user or the text is not the sealing one. */
export const openSecret = (key: Buffer, uid: number, sealed: string): string =>
  openText(key, `second-factor:${uid}`, sealed);
