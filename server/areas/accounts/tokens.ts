import { hash, randomBytes } from 'node:crypto';

/** A fresh secret: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token or one-time code: its SHA-256, hex. (`crypto.hash`, the
 * one-shot form: no Hash object per call, it runs on every authenticated request.)
 */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
