import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A client's identifiers and secret (docs/decisions/api-clients.md). The secret is 32 random
 * bytes, so its SHA-256 is all that needs keeping (a slow hash guards guessable passwords; no one
 * guesses 256 random bits); it is compared in constant time. Their prefixes (`lpc_`, `lpcs_`, and
 * `lpat_` of a token) say what a string is when it turns up in a log or a repository, so secret
 * scanners can find a leaked one.
 */
export const CLIENT_ID_PREFIX = 'lpc_';
export const SECRET_PREFIX = 'lpcs_';

/** A new public `client_id`: `lpc_` + 16 random bytes (base64url), not guessable from another. */
export const newClientId = (): string => `${CLIENT_ID_PREFIX}${randomBytes(16).toString('base64url')}`;

/** A new secret: `lpcs_` + 32 random bytes (base64url): shown once, never stored. */
export const newSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

/** What the database keeps of a secret: its SHA-256, hex. */
export const hashSecret = (secret: string): string => hash('sha256', secret, 'hex');

/** A hash no secret has: what an unknown client's secret is compared with (the same work either way). */
export const NO_HASH = '0'.repeat(64);

/** Whether `secret` hashes to `stored` (hex SHA-256), in constant time. */
export function secretMatches(secret: string, stored: string | null): boolean {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const kept = Buffer.from(stored ?? NO_HASH, 'hex');
  return kept.length === given.length && timingSafeEqual(given, kept) && stored !== null;
}
