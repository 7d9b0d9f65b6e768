import type { Context, MiddlewareHandler } from 'hono';
import { Code } from '../../src/contract/codes.ts';
import { authenticate, type SessionRecord } from '../services/sessions.ts';
import type { AppEnv, SessionContext } from './env.ts';
import { ApiError } from './errors.ts';

/** The token of a request: the `X-Token` header (the server never reads the cookie). */
export const tokenOf = (c: Context<AppEnv>): string | undefined =>
  c.req.header('x-token')?.trim() || undefined;

const contextOf = (s: SessionRecord): SessionContext => ({
  sessionId: s.sessionId,
  uid: s.uid,
  username: s.username,
  sgId: s.sgId,
  cuId: s.cuId,
  passFlag: s.passFlag,
});

/**
 * The full session record of the request's token (user, group, customer), or 598/599.
 * Routes that need more than SessionContext call this instead of using requireSession().
 */
export async function sessionRecord(c: Context<AppEnv>): Promise<SessionRecord> {
  const { db, now } = c.var.deps;
  const record = await authenticate(db, tokenOf(c), now());
  c.set('session', contextOf(record));
  return record;
}

/** Requires a live session: sets `c.var.session`; answers 598 (missing, unknown, expired) or 599 (replaced). */
export function requireSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await sessionRecord(c);
    await next();
  };
}

/** Sets `c.var.session` when a valid token is present; never fails on a bad or missing token. */
export function optionalSession(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (tokenOf(c)) {
      try {
        await sessionRecord(c);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
      }
    }
    await next();
  };
}

/**
 * For data calls (orders, inventory …): a session whose password must be changed first
 * (pass_flag 1) gets 463. Use after requireSession(). user/*, customer-account/* and common/*
 * stay usable so the forced password change can be done.
 */
export function requirePasswordCurrent(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.get('session') as SessionContext | undefined;
    if (!session) await sessionRecord(c);
    if (c.var.session.passFlag === 1) {
      throw new ApiError(Code.mustChangePassword, 'please change your password first');
    }
    await next();
  };
}
