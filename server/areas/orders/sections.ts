import type { Row } from '../../db/schema.ts';
import type { OrderHeader, WorkSheet } from '../../../src/contract/orders/schemas.ts';
import { MILESTONES } from '../../../src/contract/orders/domain.ts';
import type { DB } from '../../db/database.ts';
import { actionsOf, boxesOf, eventsOf, goodsOf, rowOf, type Viewer } from './detail.ts';
import { maskedFields, maskOrder } from './masking.ts';
import { redactorOf } from './redaction.ts';
import { iso } from './rows.ts';

/** `common/get-order-view-data`: the row and the actions allowed now. */
export async function orderHeader(db: DB, viewer: Viewer, order: Row<'orders'>): Promise<OrderHeader> {
  const [row, actions] = await Promise.all([rowOf(db, order), actionsOf(db, viewer, order)]);
  return { ...row, masked: [...maskedFields(order)], actions };
}

const STEP_KINDS = new Set<string>([...MILESTONES, 'signed']);

/**
 * `common/get-work-sheet`: what the provider's handling sheet shows: the goods and box totals and
 * the milestones recorded so far (the event log's milestone and signature events), masked.
 */
export async function workSheet(db: DB, order: Row<'orders'>): Promise<WorkSheet> {
  const [goods, boxes, events, redact] = await Promise.all([
    goodsOf(db, order.id),
    boxesOf(db, order.id),
    eventsOf(db, order),
    redactorOf(db, order),
  ]);
  const masked = maskOrder({
    is_dtp: order.is_dtp,
    to_goodstype: order.to_goodstype,
    sign_name: order.sign_name,
  });
  return {
    order_no: order.order_no,
    status: order.status,
    milestone: order.milestone,
    temp_class: order.temp_class,
    pickup_at: iso(order.pickup_at),
    deliver_by: iso(order.deliver_by),
    signed_at: iso(order.signed_at),
    sign_name: masked.sign_name === null ? null : redact.text(masked.sign_name, 'provider'),
    goods_lines: goods.length,
    box_count: boxes.length,
    total_weight_kg: Math.round(boxes.reduce((sum, b) => sum + b.weight_kg, 0) * 100) / 100,
    steps: events
      .filter((e) => STEP_KINDS.has(e.kind))
      .map((e) => ({ kind: e.kind, at: e.at, actor_name: e.actor_name, location: e.location })),
  };
}
