import type { BudgetState, StabilityBand } from '../../../src/contract/excursions/domain.ts';
import type { CaseLine } from '../../../src/contract/excursions/schemas.ts';
import { TEMP_LIMITS, type TempClass } from '../../../src/contract/orders/domain.ts';
import type { DB } from '../../db/database.ts';
import { bandMinutes, bandMinutesOf, type Reading } from './analysis.ts';

/**
 * Stability budgets over a batch's life (docs/decisions/excursions.md, "Budgets"). A product (a
 * code of a project's goods) tolerates so many hours in each band outside its storage range; the
 * budget belongs to the batch, so what one shipment uses is added to what the batch's earlier
 * shipments used. A shipment's use of a band is its worst logger's (the goods may have been in
 * any of its boxes). Time out of range in no band is over the budget however short.
 */

export type BandUse = CaseLine['bands'][number];

export interface BatchKey {
  cuId: number;
  prId: number | null;
  code: string;
  batchNo: string;
}

export interface BudgetUse {
  budget: BudgetState;
  bands: BandUse[];
  unbudgetedMinutes: number;
}

const whole = (minutes: number) => Math.round(minutes);

/** The product's bands (null: no budget kept for it). */
export async function bandsOf(db: DB, prId: number | null, code: string): Promise<StabilityBand[] | null> {
  if (prId === null) return null;
  const row = await db
    .selectFrom('stability_budgets')
    .select('bands')
    .where('pr_id', '=', prId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row && row.bands.length > 0 ? row.bands : null;
}

/** One logger's readings of an order, oldest first. */
export async function loggerReadings(db: DB, orderId: number, loggerId: string): Promise<Reading[]> {
  const rows = await db
    .selectFrom('order_readings')
    .select(['at', 'celsius'])
    .where('order_id', '=', orderId)
    .where('logger_id', '=', loggerId)
    .orderBy('at')
    .execute();
  return rows.map((r) => ({ at: new Date(r.at), celsius: Number(r.celsius) }));
}

/** The earlier cases of a batch: cases of other orders of the customer's project that carried it, opened before `beforeCaseId`. */
export async function earlierCasesOf(db: DB, batch: BatchKey, orderId: number, beforeCaseId: number) {
  return (
    db
      .selectFrom('excursion_cases as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .select([
        'c.id',
        'c.order_id',
        'c.logger_id',
        'c.minutes_out',
        'c.opened_at',
        'c.decision',
        'c.out_minutes',
        'o.order_no',
        'o.temp_class',
      ])
      .where('c.cu_id', '=', batch.cuId)
      // a product is a code of a project: the same code and batch number in another project is another batch
      .where((eb) => (batch.prId === null ? eb('c.pr_id', 'is', null) : eb('c.pr_id', '=', batch.prId)))
      .where('c.order_id', '<>', orderId)
      .where('c.id', '<', beforeCaseId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_goods as g')
            .select('g.id')
            .whereRef('g.order_id', '=', 'c.order_id')
            .where('g.code', '=', batch.code)
            .where('g.batch_no', '=', batch.batchNo),
        ),
      )
      .orderBy('c.id')
      .execute()
  );
}

/**
 * What the batch used of each band: this shipment (the case's logger's readings) and the earlier
 * shipments (per order, its worst logger), against the product's budget.
 */
export async function budgetUse(
  db: DB,
  batch: BatchKey,
  shipment: { orderId: number; caseId: number; tempClass: TempClass; readings: readonly Reading[] },
): Promise<BudgetUse & { earlier: Awaited<ReturnType<typeof earlierCasesOf>> }> {
  const earlier = await earlierCasesOf(db, batch, shipment.orderId, shipment.caseId);
  const bands = await bandsOf(db, batch.prId, batch.code);
  if (!bands) return { budget: 'none', bands: [], unbudgetedMinutes: 0, earlier };
  const own = bandMinutes(shipment.readings, TEMP_LIMITS[shipment.tempClass], bands);
  // per earlier order, the worst of its loggers in each band
  const perOrder = new Map<number, { bands: number[]; unbudgeted: number }>();
  for (const c of earlier) {
    // what the case kept of its readings, or (a case from before it kept them) the readings
    const use = c.out_minutes
      ? bandMinutesOf(c.out_minutes, bands)
      : bandMinutes(await loggerReadings(db, c.order_id, c.logger_id), TEMP_LIMITS[c.temp_class], bands);
    const worst = perOrder.get(c.order_id);
    perOrder.set(
      c.order_id,
      worst
        ? {
            bands: worst.bands.map((m, i) => Math.max(m, use.bands[i] ?? 0)),
            unbudgeted: Math.max(worst.unbudgeted, use.unbudgeted),
          }
        : use,
    );
  }
  const before = bands.map((_, i) => [...perOrder.values()].reduce((sum, u) => sum + (u.bands[i] ?? 0), 0));
  const unbudgeted = own.unbudgeted + [...perOrder.values()].reduce((sum, u) => sum + u.unbudgeted, 0);
  const uses: BandUse[] = bands.map((band, i) => {
    const shipmentMinutes = whole(own.bands[i] ?? 0);
    const earlierMinutes = whole(before[i] ?? 0);
    return {
      min: band.min,
      max: band.max,
      hours: band.hours,
      shipment_minutes: shipmentMinutes,
      earlier_minutes: earlierMinutes,
      over: (own.bands[i] ?? 0) + (before[i] ?? 0) > band.hours * 60,
    };
  });
  const over = uses.some((u) => u.over) || unbudgeted > 0;
  return { budget: over ? 'over' : 'within', bands: uses, unbudgetedMinutes: whole(unbudgeted), earlier };
}

/** A case's state over its lines: over when one is over, none when one keeps no budget, else within. */
export function caseBudget(lines: readonly BudgetState[]): BudgetState {
  if (lines.includes('over')) return 'over';
  if (lines.length === 0 || lines.includes('none')) return 'none';
  return 'within';
}
