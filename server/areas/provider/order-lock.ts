import type { Row } from '../../db/schema.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { ProviderOrderState } from '../../../src/contract/provider/schemas.ts';
import { ApiError, notFound } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import type { DB } from '../../db/database.ts';
import { fieldChanges } from '../audit/changes.ts';
import type { AuditChange } from '../audit/tables.ts';
import { type AuditBuffer, PROVIDER_NAME, providerActor } from '../audit/trail.ts';
import { lockOrder as lockOrderRow } from '../orders/lock.ts';

/**
 * The order with this number, locked for the caller's transaction (orders/lock.ts: its first
 * statement); 404 when there is none.
 */
export async function lockOrder(trx: DB, orderNo: string): Promise<Row<'orders'>> {
  const order = await lockOrderRow(trx, { orderNo });
  if (!order) throw notFound('No order has this number');
  return order;
}

export const stateOf = (order: Row<'orders'>): ProviderOrderState => ({
  order_no: order.order_no,
  status: order.status,
  milestone: order.milestone,
  excursion: order.excursion,
  version: order.version,
});

/** 409 with the order as it is: the status does not allow the call (nothing is changed). */
export const refused = (order: Row<'orders'>, message: ServerMessage) =>
  new ApiError(Code.conflict, message, stateOf(order));

/** What a provider's write records in the audit trail (its transaction flushes the buffer last). */
export interface ProviderAct {
  audit: AuditBuffer;
  /** The call's act: `confirm`, `milestone`, `sign`, `answer_modify` … */
  action: string;
  /** The provider's operator who did it ('' for the provider system). */
  operator: string;
  reason?: string | null;
  /** What else the act changed beside the order's own fields (readings stored, a request answered). */
  changes?: readonly AuditChange[];
}

/** Records a provider's act on the order (its fields changed, old → new, and what else it changed). */
export function recordAct(
  order: Row<'orders'>,
  act: ProviderAct,
  fields: Readonly<Record<string, unknown>> = {},
): void {
  act.audit.record({
    cuId: order.cu_id,
    recordType: 'order',
    recordId: order.id,
    action: act.action,
    actor: providerActor(act.operator),
    reason: act.reason || null,
    changes: [...fieldChanges(order, fields), ...(act.changes ?? [])],
  });
}

/**
 * Writes the order's changed fields with a new version and `updated_at`, records the act
 * (recordAct), and answers the new row.
 */
export async function bumpOrder(
  trx: DB,
  order: Row<'orders'>,
  now: Date,
  act: ProviderAct,
  changes: Partial<Omit<Row<'orders'>, 'id' | 'version' | 'updated_at' | 'created_at' | 'order_text'>> = {},
): Promise<Row<'orders'>> {
  recordAct(order, act, changes);
  return trx
    .updateTable('orders')
    .set({ ...changes, version: order.version + 1, updated_at: now })
    .where('id', '=', order.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One line of the order's log, by the provider. */
export async function providerEvent(
  trx: DB,
  order: Row<'orders'>,
  event: {
    kind: string;
    at: Date;
    operator: string;
    status_to?: string;
    reason?: string;
    location?: string;
  },
): Promise<void> {
  await trx
    .insertInto('order_events')
    .values({
      order_id: order.id,
      at: event.at,
      kind: event.kind,
      status_from: event.status_to ? order.status : null,
      status_to: event.status_to ?? null,
      actor_kind: 'provider',
      actor_name: event.operator || PROVIDER_NAME,
      uid: null,
      reason: event.reason ?? '',
      location: event.location ?? '',
    })
    .execute();
}
