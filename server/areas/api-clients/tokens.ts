import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_CLIENT_SCOPES, type ApiClientScope } from '../../../src/contract/api-clients/schemas.ts';
import { signingKey } from '../../core/signed-links.ts';
import type { DB } from '../../db/database.ts';

/**
 * Access tokens (docs/decisions/api-clients.md): `lpat_` + the claims (base64url JSON) + `.` + an
 * HMAC-SHA256 of them with the server's `api-client-tokens` key (signing_keys, made at random on
 * first use, like the live stream's tickets), good for TOKEN_TTL_MS. Nothing is stored per token;
 * every call reads the client's row all the same (bearer.ts), so a revoked client's tokens, or
 * tokens of a secret rotated away, stop working at once on every server process.
 */
export const TOKEN_TTL_MS = 15 * 60_000;
export const TOKEN_PREFIX = 'lpat_';
const KEY_NAME = 'api-client-tokens';
const MAX_LENGTH = 512;

export interface TokenClaims {
  /** The client (`api_clients.id`). */
  client: number;
  /** Its customer. */
  cuId: number;
  /** The secret generation the token was made with (`api_clients.secret_generation`). */
  generation: number;
  scopes: ApiClientScope[];
  /** Expiry, ms since the epoch. */
  exp: number;
}

/** Scopes as a bit mask over API_CLIENT_SCOPES (a short token), and back. */
const maskOf = (scopes: readonly ApiClientScope[]) =>
  API_CLIENT_SCOPES.reduce((mask, scope, i) => (scopes.includes(scope) ? mask | (1 << i) : mask), 0);
const scopesOf = (mask: number) => API_CLIENT_SCOPES.filter((_, i) => (mask & (1 << i)) !== 0);

const mac = (key: Buffer, body: string) =>
  createHmac('sha256', key).update(`api-client\n${body}`).digest('base64url');

export async function issueToken(db: DB, claims: Omit<TokenClaims, 'exp'>, now: Date): Promise<string> {
  const body = Buffer.from(
    JSON.stringify({
      c: claims.client,
      cu: claims.cuId,
      g: claims.generation,
      s: maskOf(claims.scopes),
      exp: now.getTime() + TOKEN_TTL_MS,
    }),
  ).toString('base64url');
  return `${TOKEN_PREFIX}${body}.${mac(await signingKey(db, KEY_NAME), body)}`;
}

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

/** The claims of a token that is sound (its signature compared in constant time) and not expired, else null. */
export async function readToken(db: DB, token: string, now: Date): Promise<TokenClaims | null> {
  if (token.length > MAX_LENGTH || !token.startsWith(TOKEN_PREFIX)) return null;
  const [body, signature, ...rest] = token.slice(TOKEN_PREFIX.length).split('.');
  if (!body || !signature || rest.length) return null;
  const expected = Buffer.from(mac(await signingKey(db, KEY_NAME), body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const raw = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const { c, cu, g, s, exp } = raw;
    if (!isInt(c) || !isInt(cu) || !isInt(g) || !isInt(s) || !isInt(exp) || exp <= now.getTime()) return null;
    return { client: c, cuId: cu, generation: g, scopes: scopesOf(s), exp };
  } catch {
    return null;
  }
}
