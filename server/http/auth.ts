import type { Context } from 'hono';
import { Code } from '../../src/contract/codes.ts';
import type { Auth, Operation } from '../../src/contract/operation.ts';
import type { SessionRecord } from '../core/session.ts';
import { ApiError, forbidden } from '../core/errors.ts';
import type { ServerMessage } from '../core/messages.ts';
import type { AppDeps } from './env.ts';
import { requestHeader } from './request-header.ts';
import { checkIntegrationSignature, claimSignature, MAX_SKEW_MS } from './signature.ts';
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The token of a request: the `X-Token` header (the server never reads the cookie). */
export const tokenOf = (c: Context): string | undefined => requestHeader(c, 'x-token')?.trim() || undefined;

/**
 * An API client's bearer token (`Authorization: Bearer …`, RFC 6750 §2.1), '' when the scheme is
 * Bearer without a token; undefined when the request carries none (a user's call).
 */
export function bearerOf(c: Context): string | undefined {
  const header = requestHeader(c, 'authorization');
  if (!header || !/^bearer(?:\s|$)/i.test(header)) return undefined;
  return header.slice(6).trim();
}

/** The session a call of this kind gets: required, optional, or none. */
export type SessionFor<A extends Auth> = A extends 'account' | 'session'
  ? SessionRecord
  : A extends 'optional' | 'chat'
    ? SessionRecord | null
    : null;

/**
 * The session of a call by its operation's `auth` (see src/contract/operation.ts): 598/599 when a
 * required session is missing or over, 463 when a `session` call comes from a session whose
 * password must be changed first; an optional token that is not valid is ignored. A call that
 * needs a session and carries an API client's bearer token gets the client's record instead
 * (`deps.authenticateClient`: its scope, address and rate checked for this operation).
 */
export async function sessionFor(
  c: Context,
  op: Pick<Operation, 'id' | 'area' | 'auth' | 'signature'>,
  deps: AppDeps,
  now: Date,
  address: () => string,
): Promise<SessionRecord | null> {
  const { auth } = op;
  if (auth === 'account' || auth === 'session') {
    const bearer = bearerOf(c);
    if (bearer !== undefined) {
      if (!deps.authenticateClient)
        throw new ApiError(Code.sessionExpired, 'The access token is not valid or has expired');
      return deps.authenticateClient({ db: deps.db, token: bearer, op, address: address(), now });
    }
    const record = await deps.authenticate(deps.db, tokenOf(c), now, deps.config.sessionIdleMs);
    if (auth === 'session' && record.passFlag === 1) {
      throw new ApiError(Code.mustChangePassword, 'Please change your password first');
    }
    return record;
  }
  if (auth === 'optional' || auth === 'chat') {
    const token = tokenOf(c);
    if (!token) return null;
    try {
      return await deps.authenticate(deps.db, token, now, deps.config.sessionIdleMs);
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  }
  return null;
}

const REFUSALS = {
  'bad-timestamp': 'X-Timestamp must be Unix seconds',
  skew: 'X-Timestamp is more than 5 minutes away from the server clock',
  'bad-signature': 'X-Signature does not match',
} as const satisfies Record<string, ServerMessage>;

/**
 * Checks a signed server-to-server call (`X-Timestamp`, `X-Signature` = hex HMAC-SHA256 over
 * `${timestamp}.${rawBody}`): 403 unless the server has an integration secret, the signature
 * matches, the clock is close and the same signed request was not used before.
 */
export async function checkSigned(c: Context, deps: AppDeps, rawBody: string, now: Date): Promise<void> {
  const secret = deps.config.integrationSecret;
  if (!secret) throw forbidden('Integration is not configured on this server');
  const signature = requestHeader(c, 'x-signature');
  const check = checkIntegrationSignature(secret, requestHeader(c, 'x-timestamp'), signature, rawBody, now);
  if (check !== 'ok') throw forbidden(REFUSALS[check]);
  if (!(await claimSignature(deps.db, signature!, now)))
    throw forbidden('This signed request was already used');
}

/** A signature check that reads the raw body as it streams by (a signed multipart upload). */
export interface SignedBody {
  update(chunk: Uint8Array): void;
  /** 403 unless the bytes seen match `X-Signature` (and it was not used before). */
  finish(): Promise<void>;
}

/**
 * The same scheme as `checkSigned` (hex HMAC-SHA256 over `${timestamp}.` and the raw body's
 * bytes) for a body too large to hold as text: the secret, timestamp and signature's form are
 * checked before any byte is read, the HMAC itself when the body has been read.
 */
export function startSignedBody(c: Context, deps: AppDeps, now: Date): SignedBody {
  const secret = deps.config.integrationSecret;
  if (!secret) throw forbidden('Integration is not configured on this server');
  const timestamp = requestHeader(c, 'x-timestamp');
  const signature = requestHeader(c, 'x-signature');
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) throw forbidden(REFUSALS['bad-timestamp']);
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > MAX_SKEW_MS) throw forbidden(REFUSALS.skew);
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) throw forbidden(REFUSALS['bad-signature']);
  const hmac = createHmac('sha256', secret).update(`${timestamp}.`);
  return {
    update: (chunk) => {
      hmac.update(chunk);
    },
    finish: async () => {
      const expected = hmac.digest();
      if (!timingSafeEqual(expected, Buffer.from(signature, 'hex')))
        throw forbidden(REFUSALS['bad-signature']);
      if (!(await claimSignature(deps.db, signature, now)))
        throw forbidden('This signed request was already used');
    },
  };
}
