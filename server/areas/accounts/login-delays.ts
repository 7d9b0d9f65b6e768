import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/**
 * Progressive delay and lock per username and client address. The first DELAY_AFTER - 1 failures
 * from an address cost nothing; the DELAY_AFTER-th makes the next try from that address wait 1 s,
 * each further failure doubles the wait (2, 4, 8, 16 s); from the LOCK_AFTER-th on, that address
 * is locked out of that username for LOCK_MS after each failure (contract.md's "after 10 failures
 * the account locks for 15 min", applied to the account **at that address**). Only that address
 * waits: the real user elsewhere is not slowed down by someone guessing their password (a lock of
 * the whole account would let anyone lock any known account). Rows are forgotten FORGET_AFTER_MS
 * after their last failure.
 */
export const DELAY_AFTER = 5;
export const FIRST_DELAY_MS = 1000;
export const LOCK_AFTER = 10;
export const LOCK_MS = 15 * 60_000;
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** The wait after `failures` failures from one address: 0, …, 0, 1, 2, 4, 8, 16 s, then 15 min. */
export function delayAfter(failures: number): number {
  if (failures < DELAY_AFTER) return 0;
  if (failures >= LOCK_AFTER) return LOCK_MS;
  return FIRST_DELAY_MS * 2 ** (failures - DELAY_AFTER);
}

/** The failures of `address` for `username` that still count (0 once forgotten) and the last one's time. */
export async function pairFailures(
  db: DB,
  username: string,
  address: string,
  now: Date,
): Promise<{ failures: number; last: number }> {
  const row = await db
    .selectFrom('login_delays')
    .select(['failures', 'last_failed_at'])
    .where('username', '=', username)
    .where('address', '=', address)
    .executeTakeFirst();
  if (!row) return { failures: 0, last: 0 };
  const last = new Date(row.last_failed_at).getTime();
  if (last + FORGET_AFTER_MS <= now.getTime()) return { failures: 0, last: 0 };
  return { failures: row.failures, last };
}

/** Milliseconds until `address` may try `username` again (0: now). */
export async function delayRemaining(db: DB, username: string, address: string, now: Date): Promise<number> {
  const { failures, last } = await pairFailures(db, username, address, now);
  return failures === 0 ? 0 : Math.max(0, last + delayAfter(failures) - now.getTime());
}

/**
 * The failures of one address over every username that still count (the sum of its rows not yet
 * forgotten; a success clears its own username's row) and the last one's time.
 */
export async function addressFailures(
  db: DB,
  address: string,
  now: Date,
): Promise<{ failures: number; last: number }> {
  const row = await db
    .selectFrom('login_delays')
    .select((eb) => [
      eb.fn.sum<string | number | null>('failures').as('failures'),
      eb.fn.max('last_failed_at').as('last'),
    ])
    .where('address', '=', address)
    .where('last_failed_at', '>', new Date(now.getTime() - FORGET_AFTER_MS))
    .executeTakeFirst();
  return {
    failures: Number(row?.failures ?? 0),
    last: row?.last ? new Date(row.last).getTime() : 0,
  };
}

/**
 * Counts one failure of `address` for `username` (restarting the count when the row had
 * expired) and forgets expired rows. Returns the pair's failures now.
 */
export async function recordDelayedFailure(
  db: DB,
  username: string,
  address: string,
  now: Date,
): Promise<number> {
  const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS);
  const row = await db
    .insertInto('login_delays')
    .values({ username, address, failures: 1, last_failed_at: now })
    .onConflict((oc) =>
      oc.columns(['username', 'address']).doUpdateSet({
        failures: sql`case when login_delays.last_failed_at <= ${forgetBefore}::timestamptz then 1 else login_delays.failures + 1 end`,
        last_failed_at: now,
      }),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  await db.deleteFrom('login_delays').where('last_failed_at', '<=', forgetBefore).execute();
  return row.failures;
}

/** A successful login from `address` clears that address's count (not other addresses'). */
export async function clearDelay(db: DB, username: string, address: string): Promise<void> {
  await db
    .deleteFrom('login_delays')
    .where('username', '=', username)
    .where('address', '=', address)
    .execute();
}
