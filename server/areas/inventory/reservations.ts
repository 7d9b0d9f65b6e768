import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import { caseNo } from '../../../src/contract/excursions/domain.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';

/**
 * What open orders hold of the stock. An order's reservation on a line is the sum of its
 * `reserve` (+q) and `release` (−q) movements; `inventory.reserved` is the sum over the orders.
 * Every change runs in the caller's transaction and writes its movement, so the line's detail
 * shows who holds what. A reservation never takes more than is available: the update is refused
 * by the database row itself (`quantity - reserved >= q`), so two orders cannot both take the
 * last units.
 */

/** The quantities an order holds, per stock line (lines it holds nothing of are left out). */
export async function heldBy(db: DB, orderId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('inventory_movements')
    .select(['in_id', sql<string>`sum(delta)`.as('held')])
    .where('order_id', '=', orderId)
    .where('kind', 'in', ['reserve', 'release'])
    .groupBy('in_id')
    .execute();
  const out = new Map<number, number>();
  for (const row of rows) {
    const held = Number(row.held);
    if (held > 0) out.set(row.in_id, held);
  }
  return out;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** Thrown when a line has less available than an order asks (the caller names the field). */
export class NotEnoughStock extends ApiError {
  constructor(
    readonly inId: number,
    readonly available: number,
  ) {
    super(Code.invalid, 'Stock line {in_id} has only {available} available', null, {
      params: { in_id: inId, available },
    });
  }
}

/**
 * Thrown when an order would take stock a temperature excursion holds back (on hold until its
 * case is decided, or quarantined by one): such a line cannot be reserved at all.
 */
export class StockHeld extends ApiError {
  constructor(
    readonly inId: number,
    readonly hold: 'on_hold' | 'quarantined',
    readonly caseNo: string,
  ) {
    super(
      Code.invalid,
      hold === 'on_hold'
        ? 'Stock line {in_id} is on hold until excursion case {case_no} is decided'
        : 'Stock line {in_id} is quarantined after excursion case {case_no}',
      null,
      { params: { in_id: inId, case_no: caseNo } },
    );
  }
}

async function move(db: DB, inId: number, delta: number, orderId: number, note: string, now: Date) {
  if (delta === 0) return;
  if (delta > 0) {
    const taken = await db
      .updateTable('inventory')
      .set({ reserved: sql`reserved + ${delta}` })
      .where('in_id', '=', inId)
      .where('hold', '=', 'none')
      .where(sql<boolean>`quantity - reserved >= ${delta}`)
      .returning('in_id')
      .executeTakeFirst();
    if (!taken) {
      const line = await db
        .selectFrom('inventory')
        .select([
          sql<string>`quantity - reserved`.as('available'),
          'hold',
          (eb) =>
            eb
              .selectFrom('excursion_lines as xl')
              .select((x) => x.fn.max('xl.case_id').as('case_id'))
              .whereRef('xl.in_id', '=', 'inventory.in_id')
              .as('case_id'),
        ])
        .where('in_id', '=', inId)
        .executeTakeFirst();
      if (line && line.hold !== 'none') throw new StockHeld(inId, line.hold, caseNo(line.case_id ?? 0));
      throw new NotEnoughStock(inId, Number(line?.available ?? 0));
    }
  } else {
    await db
      .updateTable('inventory')
      .set({ reserved: sql`greatest(reserved + ${delta}, 0)` })
      .where('in_id', '=', inId)
      .execute();
  }
  await db
    .insertInto('inventory_movements')
    .values({ in_id: inId, at: now, delta, kind: delta > 0 ? 'reserve' : 'release', order_id: orderId, note })
    .execute();
}

/**
 * Makes the order hold `wanted` (per stock line; a line left out holds nothing): each line's
 * difference from what it holds now is reserved or released. Lines are changed in ascending id,
 * releases and reservations alike (docs/decisions/lock-order.md), so two transactions never wait
 * on each other's lines in opposite orders; availability is per line, so the order of the lines
 * does not matter to it.
 */
export async function holdFor(
  db: DB,
  order: { id: number; order_no: string },
  wanted: ReadonlyMap<number, number>,
  now: Date,
): Promise<void> {
  const held = await heldBy(db, order.id);
  const lines = [...new Set([...held.keys(), ...wanted.keys()])].sort((a, b) => a - b);
  for (const inId of lines) {
    const delta = round((wanted.get(inId) ?? 0) - (held.get(inId) ?? 0));
    await move(db, inId, delta, order.id, order.order_no, now);
  }
}

/** Releases everything the order holds (cancelled, or merged into another). */
export const releaseAll = (db: DB, order: { id: number; order_no: string }, now: Date) =>
  holdFor(db, order, new Map(), now);

/** The quantities of goods lines per stock line (lines without a stock line are left out). */
export function wantedOf(goods: ReadonlyArray<{ in_id: number | null; quantity: number | string }>) {
  const out = new Map<number, number>();
  for (const g of goods) {
    if (g.in_id === null) continue;
    out.set(g.in_id, round((out.get(g.in_id) ?? 0) + Number(g.quantity)));
  }
  return out;
}

/**
 * Moves what `sources` hold to `target` (a merge): each source releases its reservations and the
 * target reserves the sum, so the stock's reserved total does not change. Line by line in
 * ascending id (each line's releases, then the target's reservation), as holdFor.
 */
export async function moveHoldings(
  db: DB,
  sources: ReadonlyArray<{ id: number; order_no: string }>,
  target: { id: number; order_no: string },
  now: Date,
): Promise<void> {
  const holdings: Array<{ source: (typeof sources)[number]; held: Map<number, number> }> = [];
  for (const source of sources) holdings.push({ source, held: await heldBy(db, source.id) });
  const lines = [...new Set(holdings.flatMap(({ held }) => [...held.keys()]))].sort((a, b) => a - b);
  for (const inId of lines) {
    let total = 0;
    for (const { source, held } of holdings) {
      const q = held.get(inId) ?? 0;
      total = round(total + q);
      await move(db, inId, -q, source.id, source.order_no, now);
    }
    await move(db, inId, total, target.id, target.order_no, now);
  }
}

/**
 * The goods the order holds leave the depot (the provider picked them up, or signed for an order
 * whose pickup was never posted): each line's reservation is released and its quantity lowered by
 * the same amount, an `outbound` movement recording it. Nothing held, nothing done, so a second
 * call is harmless.
 */
export async function shipHeld(db: DB, order: { id: number; order_no: string }, now: Date): Promise<number> {
  const held = [...(await heldBy(db, order.id))].sort(([a], [b]) => a - b);
  for (const [inId, q] of held) {
    await move(db, inId, -q, order.id, order.order_no, now);
    await db
      .updateTable('inventory')
      .set({ quantity: sql`greatest(quantity - ${q}, 0)` })
      .where('in_id', '=', inId)
      .execute();
    await db
      .insertInto('inventory_movements')
      .values({ in_id: inId, at: now, delta: -q, kind: 'outbound', order_id: order.id, note: order.order_no })
      .execute();
  }
  return held.length;
}
