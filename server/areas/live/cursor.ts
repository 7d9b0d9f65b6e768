import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';

/**
 * A consumer's place in each customer's outbox events (outbox.ts): the notifier's
 * (`notify_cursors`) and the webhooks dispatcher's (`webhook_cursors`), each a table of
 * `(cu_id primary key, seq)`. Both read the outbox the same way, here.
 */
export type CursorTable = 'notify_cursors' | 'webhook_cursors';

/** Events read per customer in one pass. */
export const CURSOR_PAGE = 200;

export interface CursorPass {
  table: CursorTable;
  cuId: number;
  now: Date;
  /** Events older than this are read past without being handed on (a cursor far behind). */
  withinMs: number;
  page?: number;
}

/**
 * One pass of a consumer over a customer's new events, once across processes: the customer's
 * cursor row is locked `FOR UPDATE SKIP LOCKED` (a process that finds it taken leaves the customer
 * to the one that has it, and answers 0), the next page of events after it is read, `work` is
 * given those within `withinMs` of `now`, and the cursor moves past the page, all in one
 * transaction: a failure of `work` rolls back what it wrote with the cursor, and the next pass
 * reads the same events again. No cursor row: nothing to do (0). Answers what `work` answers.
 */
export async function passOverEvents(
  db: DB,
  pass: CursorPass,
  work: (trx: DB, events: Row<'events'>[]) => Promise<number>,
): Promise<number> {
  const { table, cuId, now } = pass;
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ seq: number }>`
      select seq from ${sql.table(table)} where cu_id = ${cuId} for update skip locked`.execute(trx);
    const cursor = rows[0];
    if (!cursor) return 0;
    const events = await trx
      .selectFrom('events')
      .selectAll()
      .where('cu_id', '=', cuId)
      .where('seq', '>', cursor.seq)
      .orderBy('seq')
      .limit(pass.page ?? CURSOR_PAGE)
      .execute();
    if (events.length === 0) return 0;
    const fresh = events.filter((e) => now.getTime() - new Date(e.at).getTime() <= pass.withinMs);
    const made = fresh.length > 0 ? await work(trx, fresh) : 0;
    await sql`
      update ${sql.table(table)} set seq = ${events[events.length - 1]!.seq}
      where cu_id = ${cuId}`.execute(trx);
    return made;
  });
}

/**
 * Runs passes over every customer `behind` names until none is behind, none of them progressed
 * (another process holds the rest, or their events make nothing: the next wake reads again), or
 * 20 rounds. Answers the sum of what the passes made.
 */
export async function drainCustomers(
  behind: () => Promise<number[]>,
  passOne: (cuId: number) => Promise<number>,
): Promise<number> {
  let made = 0;
  for (let round = 0; round < 20; round++) {
    const customers = await behind();
    if (customers.length === 0) break;
    let progressed = false;
    for (const cuId of customers) {
      const before = made;
      made += await passOne(cuId);
      progressed ||= made > before;
    }
    if (!progressed) break;
  }
  return made;
}
