import { caseNo } from '../../../src/contract/excursions/domain.ts';
import type { WebhookEventType } from '../../../src/contract/webhooks/schemas.ts';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';

/**
 * What an outbox event tells the customer's systems (docs/decisions/webhooks.md, "Events"): the
 * Standard Webhooks messages it makes, each `{type, timestamp, data}`. `data` holds ids, numbers
 * and statuses only, never a party, an address, a phone or a DTP order's patient: nothing a
 * masked call would hide can be in it. What an order is when told is read when the event is
 * turned into messages (as the notifier reads it); a status change is told when the status
 * differs from what was last told of the order (`webhook_order_states`), so each change is told
 * once, whichever write made it.
 */
export interface WebhookMessage {
  type: WebhookEventType;
  data: Record<string, string | number | null>;
}

/** Order actions that move an order's status (orders/transitions.ts; `merge` cancels the merged). */
const STATUS_ACTIONS = new Set([
  'approve',
  'reject',
  'cancel',
  'merge',
  'confirm',
  'sign',
  'modify_accepted',
]);

async function orderMessages(db: DB, event: Row<'events'>): Promise<WebhookMessage[]> {
  if (event.order_id === null) return [];
  const order = await db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'milestone', 'attachment_status'])
    .where('id', '=', event.order_id)
    .where('cu_id', '=', event.cu_id)
    .executeTakeFirst();
  if (!order) return [];
  const base = { order_id: order.id, order_no: order.order_no };
  const out: WebhookMessage[] = [];
  const { action } = event;
  const created = action === 'create' || action === 'merge_create';
  if (created)
    out.push({ type: 'order.created', data: { ...base, status: order.status, milestone: order.milestone } });
  if (action === 'attachment_reject')
    out.push({ type: 'document.rejected', data: { ...base, attachment_status: order.attachment_status } });
  if (action === 'modify_accepted' || action === 'modify_rejected')
    out.push({
      type: 'modification.answered',
      data: { ...base, answer: action === 'modify_accepted' ? 'accepted' : 'rejected', status: order.status },
    });
  const told = await db
    .selectFrom('webhook_order_states')
    .select(['status', 'milestone'])
    .where('order_id', '=', order.id)
    .executeTakeFirst();
  // first seen after it was made (an order older than the customer's first endpoint): a status
  // change is told when the event's action is one
  const statusChanged = told ? told.status !== order.status : !created && STATUS_ACTIONS.has(action);
  if (statusChanged)
    out.push({
      type: 'order.status_changed',
      data: {
        ...base,
        status: order.status,
        previous_status: told?.status ?? null,
        milestone: order.milestone,
      },
    });
  const delivered =
    order.milestone === 'delivered' &&
    (told ? told.milestone !== 'delivered' : action === 'milestone' || action === 'sign');
  if (delivered)
    out.push({
      type: 'order.delivered',
      data: { ...base, status: order.status, milestone: order.milestone },
    });
  if (!told || told.status !== order.status || told.milestone !== order.milestone) {
    const state = { status: order.status, milestone: order.milestone, told_at: new Date(event.at) };
    await db
      .insertInto('webhook_order_states')
      .values({ order_id: order.id, cu_id: event.cu_id, ...state })
      .onConflict((oc) => oc.column('order_id').doUpdateSet(state))
      .execute();
  }
  return out;
}

async function excursionMessages(db: DB, event: Row<'events'>): Promise<WebhookMessage[]> {
  const type =
    event.action === 'open' ? 'excursion.opened' : event.action === 'decide' ? 'excursion.decided' : null;
  if (!type) return [];
  const found = await db
    .selectFrom('excursion_cases as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.id', 'c.state', 'c.level', 'c.decision', 'o.id as order_id', 'o.order_no'])
    .where('c.id', '=', Number(event.record_id))
    .where('c.cu_id', '=', event.cu_id)
    .executeTakeFirst();
  if (!found) return [];
  return [
    {
      type,
      data: {
        case_id: found.id,
        case_no: caseNo(found.id),
        order_id: found.order_id,
        order_no: found.order_no,
        level: found.level,
        state: found.state,
        ...(type === 'excursion.decided' ? { decision: found.decision } : {}),
      },
    },
  ];
}

/** The messages of one outbox event (none for most). */
export function messagesOf(db: DB, event: Row<'events'>): Promise<WebhookMessage[]> {
  if (event.kind === 'order') return orderMessages(db, event);
  if (event.kind === 'excursion') return excursionMessages(db, event);
  return Promise.resolve([]);
}

/** The body of a message: `{type, timestamp, data}` (the event's time, ISO 8601). */
export const payloadOf = (message: { type: string; data: unknown }, at: Date) =>
  JSON.stringify({ type: message.type, timestamp: at.toISOString(), data: message.data });
