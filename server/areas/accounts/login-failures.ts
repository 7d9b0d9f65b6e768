import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/** After this many failures a username needs the captcha (whichever address they came from). */
export const CAPTCHA_AFTER = 3;

/** The failure count of a username (known or not) since its last successful login. */
export async function failureCount(db: DB, username: string): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select('failures')
    .where('username', '=', username)
    .executeTakeFirst();
  return row?.failures ?? 0;
}

/** Counts one failure; returns the new count. */
export async function recordFailure(db: DB, username: string, now: Date): Promise<number> {
  const row = await db
    .insertInto('login_failures')
    .values({ username, failures: 1, last_failed_at: now })
    .onConflict((oc) =>
      oc.column('username').doUpdateSet({ failures: sql`login_failures.failures + 1`, last_failed_at: now }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  return row.failures;
}

export async function clearFailures(db: DB, username: string): Promise<void> {
  await db.deleteFrom('login_failures').where('username', '=', username).execute();
}
