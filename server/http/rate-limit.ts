import { sql } from 'kysely';
import { Code } from '../../src/contract/codes.ts';
import type { RateLimit } from '../../src/contract/operation.ts';
import { ApiError } from '../core/errors.ts';
import type { DB } from '../db/database.ts';
import { addressKey } from '../core/address-key.ts';

/**
 * Fixed-window counter kept in the database (so several server processes share it): counts one
 * call for `key` and throws 429 once `limit` is passed within `windowMs`.
 */
export async function hitRateLimit(
  db: DB,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<void> {
  const hits = await countHit(db, key, windowMs, now);
  if (hits > limit) throw new ApiError(Code.tooManyRequests, 'Too many requests, please try again later');
}

/** The start of the fixed window of `windowMs` that `now` is in. */
export const windowStartOf = (windowMs: number, now: Date): Date =>
  new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/** Counts one hit for `key` in its current window; answers the window's hits, this one included. */
export async function countHit(db: DB, key: string, windowMs: number, now: Date): Promise<number> {
  const windowStart = windowStartOf(windowMs, now);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql`case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end`,
        window_start: sql`excluded.window_start`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  return row.hits;
}

/** The hits `key` has in its current window (none counted). */
export async function hitsOf(db: DB, key: string, windowMs: number, now: Date): Promise<number> {
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('key', '=', key)
    .where('window_start', '=', windowStartOf(windowMs, now))
    .executeTakeFirst();
  return row?.hits ?? 0;
}

/** What a rule counts by, for one call. */
export interface RateSubject {
  ip: string;
  uid: number | null;
  /** An API client's id: a `user` rule counts the client (core/session.ts `client`). */
  client?: number | null;
  input: Readonly<Record<string, unknown>> | null;
}

/** Who a `user` rule counts for a call's record: its user, or the API client behind it. */
export const rateCaller = (
  session: { uid: number; client?: { id: number } } | null,
): Pick<RateSubject, 'uid' | 'client'> =>
  session?.client ? { uid: null, client: session.client.id } : { uid: session?.uid ?? null, client: null };

/** The counter key of a rule for a call, or null when the rule does not apply (no user, no field). */
export function rateKey(rule: RateLimit, path: string, subject: RateSubject): string | null {
  const bucket = rule.bucket ?? path;
  // an IPv6 client by its /64, as the login and tracking counts do (core/address-key.ts)
  if (rule.by === 'ip') return `${bucket}:ip:${addressKey(subject.ip)}`;
  if (rule.by === 'user') {
    if (subject.client != null) return `${bucket}:client:${subject.client}`;
    return subject.uid === null ? null : `${bucket}:user:${subject.uid}`;
  }
  const value = rule.field ? subject.input?.[rule.field] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? `${bucket}:${rule.field}:${value}` : null;
}

/** Counts the call against each of `rules` that applies to `subject` (429 past any of them). */
export async function applyRateLimits(
  db: DB,
  rules: readonly RateLimit[],
  path: string,
  subject: RateSubject,
  now: Date,
): Promise<void> {
  for (const rule of rules) {
    const key = rateKey(rule, path, subject);
    if (key) await hitRateLimit(db, key, rule.limit, rule.windowMs, now);
  }
}
