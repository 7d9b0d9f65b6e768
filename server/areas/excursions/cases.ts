import { type BudgetState, caseNo } from '../../../src/contract/excursions/domain.ts';
import { TEMP_LIMITS } from '../../../src/contract/orders/domain.ts';
import type { Row } from '../../db/schema.ts';
import type { DB } from '../../db/database.ts';
import type { Actor, AuditBuffer } from '../audit/trail.ts';
import { shipHeld } from '../inventory/reservations.ts';
import { levelOf } from '../orders/excursion.ts';
import { masksStop } from '../orders/masking.ts';
import { episodesOf, minutesOutside, outOfRangeMinutes, type Reading } from './analysis.ts';
import { budgetUse, caseBudget, loggerReadings } from './budgets.ts';

/**
 * Excursion cases open by themselves (docs/decisions/excursions.md, "A case opens once"). Called
 * in the transaction that stores a logger's readings, with the order locked (so two processes
 * storing readings of one order take turns), after the readings are in: it judges all the
 * logger's stored readings, not the batch that came, so late, unordered and repeated batches
 * come to the same case. `excursion_cases` is unique per order, logger and sequence besides.
 */

export const SYSTEM_ACTOR: Actor = { kind: 'system', id: null, name: 'LP Portal' };

export interface Assessment {
  minutesOut: number;
  peak: number;
  level: 'low' | 'medium' | 'high';
  /** Minutes out of range per temperature (analysis.ts `outOfRangeMinutes`), as the case keeps them. */
  perTemperature: Record<string, number>;
}

/** A logger's readings judged: null when none was out of range. */
export function assess(
  readings: readonly Reading[],
  order: Pick<Row<'orders'>, 'temp_class'>,
): Assessment | null {
  const limits = TEMP_LIMITS[order.temp_class];
  const episodes = episodesOf(readings, limits);
  if (episodes.length === 0) return null;
  const minutesOut = Math.round(minutesOutside(readings, limits));
  const worst = episodes.reduce((a, b) => (b.deviation > a.deviation ? b : a));
  return {
    minutesOut,
    peak: worst.peak,
    level: levelOf(minutesOut, worst.deviation),
    perTemperature: outOfRangeMinutes(readings, limits),
  };
}

/** Whether two kept minute maps differ (a reading that moved a few seconds of time counts). */
const sameMinutes = (a: Readonly<Record<string, number>> | null, b: Readonly<Record<string, number>>) =>
  a !== null &&
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(b).every(([k, m]) => Math.abs((a[k] ?? Number.NaN) - m) < 1e-9);

/** The where a destination line says its goods are: the order's recipient (never a DTP patient). */
const destinationOf = (order: Row<'orders'>) => (masksStop(order) ? 'DTP' : order.to_company);

/**
 * The order's goods at the destination, as stock lines on hold for case `caseId`: a goods line
 * that has its destination line already (an earlier case of the order) puts it on hold again
 * unless it is quarantined; otherwise the goods leave the depot (what the order still held is
 * shipped: readings mean they travel) and a line at the destination receives them.
 */
async function holdGoods(trx: DB, order: Row<'orders'>, caseId: number, now: Date, audit: AuditBuffer) {
  const goods = await trx
    .selectFrom('order_goods')
    .selectAll()
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  if (goods.length === 0) return;
  await shipHeld(trx, order, now);
  const existing = await trx
    .selectFrom('inventory')
    .select(['in_id', 'origin_goods_id', 'hold'])
    .where('origin_order_id', '=', order.id)
    .orderBy('in_id')
    .forUpdate()
    .execute();
  const byGoods = new Map(existing.map((l) => [l.origin_goods_id, l]));
  const sources = await trx
    .selectFrom('inventory')
    .select(['in_id', 'pr_id', 'pinyin'])
    .where('in_id', 'in', [...goods.map((g) => g.in_id ?? 0), 0])
    .execute();
  const sourceOf = new Map(sources.map((s) => [s.in_id, s]));
  const note = `${order.order_no} ${caseNo(caseId)}`;
  for (const g of goods) {
    let line = byGoods.get(g.id);
    if (line) {
      if (line.hold === 'none') {
        await trx.updateTable('inventory').set({ hold: 'on_hold' }).where('in_id', '=', line.in_id).execute();
        audit.record({
          cuId: order.cu_id,
          recordType: 'inventory',
          orderId: order.id,
          recordId: line.in_id,
          action: 'hold',
          actor: SYSTEM_ACTOR,
          changes: [{ field: 'hold', old: 'none', new: 'on_hold' }],
        });
      }
    } else {
      const source = g.in_id === null ? undefined : sourceOf.get(g.in_id);
      const inserted = await trx
        .insertInto('inventory')
        .values({
          cu_id: order.cu_id,
          pr_id: source?.pr_id ?? order.pr_id,
          goods_type: g.goods_type,
          code: g.code,
          name: g.name,
          spec: g.spec,
          unit: g.unit,
          batch_no: g.batch_no,
          expiry: g.expiry ? g.expiry.toISOString().slice(0, 10) : null,
          quantity: g.quantity,
          depot: destinationOf(order),
          temp_class: order.temp_class,
          pinyin: source?.pinyin ?? '',
          hold: 'on_hold',
          origin_order_id: order.id,
          origin_goods_id: g.id,
        })
        .returning(['in_id', 'hold'])
        .executeTakeFirstOrThrow();
      line = { in_id: inserted.in_id, origin_goods_id: g.id, hold: inserted.hold };
      await trx
        .insertInto('inventory_movements')
        .values({ in_id: line.in_id, at: now, delta: g.quantity, kind: 'inbound', order_id: order.id, note })
        .execute();
      audit.record({
        cuId: order.cu_id,
        recordType: 'inventory',
        orderId: order.id,
        recordId: line.in_id,
        action: 'hold',
        actor: SYSTEM_ACTOR,
        reason: note,
        changes: [
          { field: 'depot', old: null, new: destinationOf(order) },
          { field: 'quantity', old: null, new: Number(g.quantity) },
          { field: 'hold', old: null, new: 'on_hold' },
        ],
      });
    }
    await trx
      .insertInto('excursion_lines')
      .values({ case_id: caseId, goods_id: g.id, in_id: line.in_id })
      .onConflict((oc) => oc.columns(['case_id', 'goods_id']).doNothing())
      .execute();
  }
}

/** Recomputes a case's budget state from its lines' batches (written only when it moves). */
export async function refreshBudget(
  trx: DB,
  c: Pick<Row<'excursion_cases'>, 'id' | 'cu_id' | 'order_id' | 'logger_id' | 'budget'>,
  order: Pick<Row<'orders'>, 'temp_class' | 'pr_id'>,
  readings?: readonly Reading[],
): Promise<Row<'excursion_cases'>['budget']> {
  const own = readings ?? (await loggerReadings(trx, c.order_id, c.logger_id));
  const lines = await trx
    .selectFrom('excursion_lines as l')
    .innerJoin('order_goods as g', 'g.id', 'l.goods_id')
    .leftJoin('inventory as i', 'i.in_id', 'l.in_id')
    .select(['g.code', 'g.batch_no', 'i.pr_id'])
    .where('l.case_id', '=', c.id)
    .execute();
  const states: BudgetState[] = [];
  for (const line of lines) {
    const use = await budgetUse(
      trx,
      { cuId: c.cu_id, prId: line.pr_id ?? order.pr_id, code: line.code, batchNo: line.batch_no },
      { orderId: c.order_id, caseId: c.id, tempClass: order.temp_class, readings: own },
    );
    states.push(use.budget);
  }
  const budget = caseBudget(states);
  if (budget !== c.budget)
    await trx.updateTable('excursion_cases').set({ budget }).where('id', '=', c.id).execute();
  return budget;
}

/**
 * After a logger's readings are stored (the order locked): opens its case when they first leave
 * the range, keeps an undecided case's figures current, and opens a follow-up case when readings
 * arriving after a decision add time out of range it did not weigh. Answers the case opened, if any.
 */
export async function syncCase(
  trx: DB,
  order: Row<'orders'>,
  loggerId: string,
  now: Date,
  audit: AuditBuffer,
): Promise<{ id: number; case_no: string } | null> {
  const readings = await loggerReadings(trx, order.id, loggerId);
  const found = assess(readings, order);
  if (!found) return null;
  const latest = await trx
    .selectFrom('excursion_cases')
    .selectAll()
    .where('order_id', '=', order.id)
    .where('logger_id', '=', loggerId)
    .orderBy('seq', 'desc')
    .forUpdate()
    .executeTakeFirst();
  const figures = {
    minutes_out: found.minutesOut,
    peak: found.peak,
    level: found.level,
    out_minutes: JSON.stringify(found.perTemperature),
  };
  if (latest && (latest.state === 'open' || latest.state === 'assessment')) {
    // any change of the time out of range, however small, may move a budget (not only the rounded minutes)
    if (
      latest.minutes_out !== found.minutesOut ||
      latest.level !== found.level ||
      !sameMinutes(latest.out_minutes, found.perTemperature)
    ) {
      await trx
        .updateTable('excursion_cases')
        .set({ ...figures, updated_at: now })
        .where('id', '=', latest.id)
        .execute();
      await trx
        .insertInto('excursion_notes')
        .values({
          case_id: latest.id,
          at: now,
          kind: 'readings',
          author: SYSTEM_ACTOR.name,
          text: `${found.minutesOut}`,
        })
        .execute();
      const budgetBefore = latest.budget;
      const budgetAfter = await refreshBudget(trx, latest, order, readings);
      audit.record({
        cuId: order.cu_id,
        recordType: 'excursion',
        orderId: order.id,
        recordId: latest.id,
        action: 'readings',
        actor: SYSTEM_ACTOR,
        changes: [
          ...(budgetAfter !== budgetBefore ? [{ field: 'budget', old: budgetBefore, new: budgetAfter }] : []),
          { field: 'minutes_out', old: latest.minutes_out, new: found.minutesOut },
          ...(latest.level !== found.level ? [{ field: 'level', old: latest.level, new: found.level }] : []),
        ],
      });
    }
    return null;
  }
  if (latest && found.minutesOut <= (latest.minutes_at_decision ?? latest.minutes_out)) return null;
  const seq = (latest?.seq ?? 0) + 1;
  const inserted = await trx
    .insertInto('excursion_cases')
    .values({
      cu_id: order.cu_id,
      order_id: order.id,
      pr_id: order.pr_id,
      logger_id: loggerId,
      seq,
      ...figures,
      opened_at: now,
    })
    .onConflict((oc) => oc.columns(['order_id', 'logger_id', 'seq']).doNothing())
    .returning(['id', 'budget'])
    .executeTakeFirst();
  if (!inserted) return null;
  const number = caseNo(inserted.id);
  const after = latest ? caseNo(latest.id) : null;
  await trx
    .insertInto('excursion_notes')
    .values({ case_id: inserted.id, at: now, kind: 'opened', author: SYSTEM_ACTOR.name, text: after ?? '' })
    .execute();
  await holdGoods(trx, order, inserted.id, now, audit);
  const budget = await refreshBudget(
    trx,
    { id: inserted.id, cu_id: order.cu_id, order_id: order.id, logger_id: loggerId, budget: inserted.budget },
    order,
    readings,
  );
  audit.record({
    cuId: order.cu_id,
    recordType: 'excursion',
    orderId: order.id,
    recordId: inserted.id,
    action: 'open',
    actor: SYSTEM_ACTOR,
    reason: after ? `after ${after}` : null,
    changes: [
      { field: 'case_no', old: null, new: number },
      { field: 'order_no', old: null, new: order.order_no },
      { field: 'logger_id', old: null, new: loggerId },
      { field: 'minutes_out', old: null, new: found.minutesOut },
      { field: 'level', old: null, new: found.level },
      { field: 'budget', old: null, new: budget },
    ],
  });
  return { id: inserted.id, case_no: number };
}
