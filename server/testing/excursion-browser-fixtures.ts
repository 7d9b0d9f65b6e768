import { sql } from 'kysely';
import type { StabilityBand } from '../../src/contract/excursions/domain.ts';
import type { DB } from '../db/database.ts';
import { createStockLine } from './master-data-fixtures.ts';
import { createOrder, createProject } from './order-fixtures.ts';

/**
 * Shipments for the excursion pages' browser tests (`lp-excursion-shipments`): each an order in
 * progress of customer `cu_id` carrying one goods line and one logger, in project `project`
 * (an index: shipments with the same index share a project) and of batch `batch` (an index: a
 * shared batch is one stock line, whose earlier shipments count against its budget), the
 * product's stability `bands` kept with the batch's first shipment. The test then posts the
 * logger's readings through `provider/readings`, which opens the cases as the provider's
 * systems would.
 */
export interface ShipmentSpec {
  project?: number;
  batch?: number;
  bands?: StabilityBand[];
  quantity?: number;
}

export interface TestShipment {
  id: number;
  order_no: string;
  logger_id: string;
  pr_id: number;
  protocol_no: string;
  in_id: number;
  batch_no: string;
}

export async function createExcursionShipments(
  db: DB,
  cuId: number,
  specs: readonly ShipmentSpec[],
): Promise<TestShipment[]> {
  const projects = new Map<number, { pr_id: number; protocol_no: string }>();
  const batches = new Map<number, { in_id: number; code: string; name: string; batch_no: string }>();
  const made: TestShipment[] = [];
  for (const [i, spec] of specs.entries()) {
    const p = spec.project ?? 0;
    let project = projects.get(p);
    if (!project) {
      const created = await createProject(db, cuId);
      project = { pr_id: created.pr_id, protocol_no: created.protocol_no };
      projects.set(p, project);
    }
    const b = spec.batch ?? i;
    let stock = batches.get(b);
    if (!stock) {
      const batch_no = `EXB-${cuId}-${b}`;
      const line = await createStockLine(db, cuId, { pr_id: project.pr_id, batch_no, quantity: 100 });
      stock = { ...line, batch_no };
      batches.set(b, stock);
      if (spec.bands)
        await db
          .insertInto('stability_budgets')
          .values({ cu_id: cuId, pr_id: project.pr_id, code: line.code, bands: JSON.stringify(spec.bands) })
          .execute();
    }
    const logger_id = `LG-${cuId}-${i}`;
    const order = await createOrder(db, cuId, {
      status: 'not_finished',
      pr_id: project.pr_id,
      goods: [
        {
          in_id: stock.in_id,
          goods_type: 1,
          name: stock.name,
          code: stock.code,
          batch_no: stock.batch_no,
          expiry: '2028-06-30',
          quantity: spec.quantity ?? 10,
          unit: '盒',
        },
      ],
      boxes: [{ box_type: '2-8°C 保温箱 (M)', logger_id, weight_kg: 6.5 }],
    });
    made.push({
      id: order.id,
      order_no: order.order_no,
      logger_id,
      pr_id: project.pr_id,
      protocol_no: project.protocol_no,
      in_id: stock.in_id,
      batch_no: stock.batch_no,
    });
  }
  return made;
}

/** Moves the cases of order `order_id` back in time: opened `days` days ago (`lp-excursion-age`). */
export async function ageExcursionCases(db: DB, orderId: number, days: number): Promise<number> {
  const result = await db
    .updateTable('excursion_cases')
    .set({ opened_at: sql<Date>`opened_at - make_interval(days => ${days})` })
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
