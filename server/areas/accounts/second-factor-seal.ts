import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A TOTP secret as the database keeps it: AES-256-GCM under the server's `SECOND_FACTOR_KEY`
 * (config.ts), a fresh 96-bit IV each time, the user's id as associated data (a sealed secret
 * copied to another user's row does not open). `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function sealSecret(key: Buffer, uid: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`second-factor:${uid}`));
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret of `sealed`; throws when the key, the user or the text is not the sealing one. */
export function openSecret(key: Buffer, uid: number, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined)
    throw new Error('not a sealed second-factor secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`second-factor:${uid}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
