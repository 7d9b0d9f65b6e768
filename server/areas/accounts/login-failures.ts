import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/** After this many failures a username needs the captcha. */
export const CAPTCHA_AFTER = 3;
/** After this many failures the account locks for LOCK_MS. */
export const LOCK_AFTER = 10;
export const LOCK_MS = 15 * 60 * 1000;

export interface FailureState {
  failures: number;
  lockedUntil: Date | null;
}

/**
 * The failure count of a username (known or not). A lock that has run out is lifted here; the
 * count then restarts at CAPTCHA_AFTER so the captcha is still asked for.
 */
export async function failureState(db: DB, username: string, now: Date): Promise<FailureState> {
  const row = await db
    .selectFrom('login_failures')
    .select(['failures', 'locked_until'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!row) return { failures: 0, lockedUntil: null };
  const lockedUntil = row.locked_until ? new Date(row.locked_until) : null;
  if (lockedUntil && lockedUntil.getTime() <= now.getTime()) {
    await db
      .updateTable('login_failures')
      .set({ failures: CAPTCHA_AFTER, locked_until: null })
      .where('username', '=', username)
      .execute();
    return { failures: CAPTCHA_AFTER, lockedUntil: null };
  }
  return { failures: row.failures, lockedUntil };
}

/** Counts one failure; returns the new state (locked once LOCK_AFTER is reached). */
export async function recordFailure(db: DB, username: string, now: Date): Promise<FailureState> {
  const lockAt = new Date(now.getTime() + LOCK_MS);
  const row = await db
    .insertInto('login_failures')
    .values({ username, failures: 1, last_failed_at: now, locked_until: null })
    .onConflict((oc) =>
      oc.column('username').doUpdateSet({
        failures: sql`login_failures.failures + 1`,
        last_failed_at: now,
        locked_until: sql`case when login_failures.failures + 1 >= ${LOCK_AFTER} then ${lockAt}::timestamptz else null end`,
      }),
    )
    .returning(['failures', 'locked_until'])
    .executeTakeFirstOrThrow();
  return { failures: row.failures, lockedUntil: row.locked_until ? new Date(row.locked_until) : null };
}

export async function clearFailures(db: DB, username: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', username).execute();
}
