import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import { FORGET_AFTER_MS } from './login-delays.ts';

/**
 * Failures per username from every address: the signal that a username is under attack. From
 * CAPTCHA_AFTER failures on, a login of it needs the captcha from an address the user has not
 * logged in from lately (login-guard.ts). The count ends with a successful login, and restarts
 * when its last failure is FORGET_AFTER_MS old.
 */
export const CAPTCHA_AFTER = 3;

/** The failure count of a username (known or not) that still counts at `now`. */
export async function failureCount(db: DB, username: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select(['failures', 'last_failed_at'])
    .where('username', '=', username)
    .executeTakeFirst();
  if (!row || new Date(row.last_failed_at).getTime() + FORGET_AFTER_MS <= now.getTime()) return 0;
  return row.failures;
}

/** Counts one failure (restarting an expired count); returns the new count. */
export async function recordFailure(db: DB, username: string, now: Date): Promise<number> {
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const row = await db
    .insertInto('login_failures')
    .values({ username, failures: 1, last_failed_at: now })
    .onConflict((oc) =>
      oc.column('username').doUpdateSet({
        failures: sql`case when login_failures.last_failed_at <= ${forgetBefore}::timestamptz then 1 else login_failures.failures + 1 end`,
        last_failed_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

export async function clearFailures(db: DB, username: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', username).execute();
}
