import { isIPv4, isIPv6 } from 'node:net';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/**
 * Progressive delay per username and client address. The first DELAY_AFTER - 1 failures from an
 * address cost nothing; the DELAY_AFTER-th makes the next try from that address wait 1 s, each
 * further failure doubles the wait, up to MAX_DELAY_MS. Only that address waits: the real user
 * elsewhere is not slowed down by someone guessing their password (the old 15-minute lock let
 * anyone lock any known account). Rows are forgotten FORGET_AFTER_MS after their last failure.
 */
export const DELAY_AFTER = 5;
export const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60_000;
export const FORGET_AFTER_MS = 24 * 60 * 60_000;

/** The wait after `failures` failures from one address: 0, …, 0, 1 s, 2 s, 4 s, … 15 min. */
export function delayAfter(failures: number): number {
  if (failures < DELAY_AFTER) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(30, failures - DELAY_AFTER));
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an embedded IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const v4 = text.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1];
  if (v4) {
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((h) => Number.parseInt(h, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key of a client address: IPv4 as is (also when IPv4-mapped, `::ffff:192.0.2.1`); IPv6 by
 * its /64 network, since one subscriber usually holds a whole /64 and could otherwise change
 * address at every try; anything else (`local` in tests) as is.
 */
export function addressKey(address: string): string {
  const plain = address.split('%')[0]!;
  if (isIPv4(plain)) return plain;
  if (!isIPv6(plain)) return address;
  const groups = ipv6Groups(plain);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** Milliseconds until `address` may try `username` again (0: now). */
export async function delayRemaining(db: DB, username: string, address: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('login_delays')
    .select(['failures', 'last_failed_at'])
    .where('username', '=', username)
    .where('address', '=', address)
    .executeTakeFirst();
  if (!row) return 0;
  const last = new Date(row.last_failed_at).getTime();
  if (last + FORGET_AFTER_MS <= now.getTime()) return 0;
  return Math.max(0, last + delayAfter(row.failures) - now.getTime());
}

/**
 * Counts one failure of `address` for `username` (restarting the count when the row had
 * expired) and forgets expired rows. Returns the wait it imposes on the next try.
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
  return delayAfter(row.failures);
}

/** A successful login from `address` clears that address's count (not other addresses'). */
export async function clearDelay(db: DB, username: string, address: string): Promise<void> {
  await db
    .deleteFrom('login_delays')
    .where('username', '=', username)
    .where('address', '=', address)
    .execute();
}
