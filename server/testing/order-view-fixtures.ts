import { randomUUID } from 'node:crypto';
import type { DB } from '../db/database.ts';
import { recomputeExcursion } from '../areas/orders/excursion.ts';
import { createOrder, type FixtureOrderOptions } from './order-fixtures.ts';

/** What a browser test of the order view asks for (`lp-create-order`, scripts/wtr-api.mjs). */
export interface ViewOrderOptions {
  cuId: number;
  order?: FixtureOrderOptions;
  /** Marks the user as an approver of the customer's orders. */
  approverUid?: number;
  /** Readings `[minutes after the first, °C]` of the order's first logger, from `readingsFrom`. */
  readings?: Array<[number, number]>;
  readingsFrom?: string;
  /** Track points `[minutes, lat, lng]` from `readingsFrom`. */
  track?: Array<[number, number, number]>;
  remarks?: Array<{ author: string; text: string; kind?: 'remark' | 'feedback' }>;
  events?: Array<{
    kind: string;
    reason?: string;
    actor_name?: string;
    actor_kind?: 'customer' | 'provider' | 'system';
  }>;
  attachments?: Array<{
    kind: 'packing_list' | 'pod' | 'temperature_report';
    status: 'pending' | 'approved' | 'rejected';
    reason?: string;
    name: string;
  }>;
  /** Orders merged into this one (their ids). */
  sources?: number[];
}

/**
 * An order of `cuId` (server/testing/order-fixtures.ts `createOrder`) with what the view shows:
 * readings (the stored excursion level recomputed), track points, remarks, events, attachments
 * and merge sources. For element tests only.
 */
export async function createViewOrder(
  db: DB,
  options: ViewOrderOptions,
): Promise<{ id: number; order_no: string }> {
  const order = await createOrder(db, options.cuId, options.order ?? {});
  const from = new Date(options.readingsFrom ?? '2026-11-20T02:00:00Z').getTime();
  const at = (minutes: number) => new Date(from + minutes * 60_000).toISOString();
  if (options.approverUid)
    await db
      .updateTable('user_customers')
      .set({ can_approve: true })
      .where('uid', '=', options.approverUid)
      .where('cu_id', '=', options.cuId)
      .execute();
  const box = await db
    .selectFrom('order_boxes')
    .select('logger_id')
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  if (options.readings?.length) {
    await db
      .insertInto('order_readings')
      .values(
        options.readings.map(([m, celsius]) => ({
          order_id: order.id,
          logger_id: box?.logger_id ?? 'LG-1',
          at: at(m),
          celsius,
        })),
      )
      .execute();
    await recomputeExcursion(db, order.id);
  }
  if (options.track?.length)
    await db
      .insertInto('order_track')
      .values(options.track.map(([m, lat, lng]) => ({ order_id: order.id, at: at(m), lat, lng })))
      .execute();
  for (const r of options.remarks ?? [])
    await db
      .insertInto('order_remarks')
      .values({ order_id: order.id, author: r.author, text: r.text, kind: r.kind ?? 'remark', uid: null })
      .execute();
  for (const [i, e] of (options.events ?? []).entries())
    await db
      .insertInto('order_events')
      .values({
        order_id: order.id,
        at: at(10 + i),
        kind: e.kind,
        status_from: null,
        status_to: null,
        actor_kind: e.actor_kind ?? 'provider',
        actor_name: e.actor_name ?? '',
        uid: null,
        reason: e.reason ?? '',
      })
      .execute();
  for (const a of options.attachments ?? []) {
    const file = await db
      .insertInto('files')
      .values({
        cu_id: options.cuId,
        uid: null,
        name: a.name,
        media_type: 'application/pdf',
        size: 2048,
        sha256: '0'.repeat(64),
        storage_key: `test/${randomUUID()}/${a.name}`,
      })
      .returning('file_id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('order_attachments')
      .values({
        order_id: order.id,
        file_id: file.file_id,
        kind: a.kind,
        status: a.status,
        reason: a.reason ?? '',
        source: 'provider',
        uploaded_by: null,
        audited_by: null,
        audited_at: null,
      })
      .execute();
  }
  for (const source of options.sources ?? [])
    await db.insertInto('order_sources').values({ order_id: order.id, source_id: source }).execute();
  return { id: order.id, order_no: order.order_no };
}
