import { sql } from 'kysely';
import { Code } from '../../src/contract/codes.ts';
import type { DB } from '../db/database.ts';
import { ApiError } from '../http/errors.ts';

/**
 * Fixed-window counter kept in the database (so several server processes share it).
 * `hit` counts one request for `key` and throws 429 once `limit` is passed within `windowMs`.
 */
export async function hitRateLimit(
  db: DB,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<void> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
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
  if (row.hits > limit) throw new ApiError(Code.tooManyRequests, 'too many requests, please try again later');
}
