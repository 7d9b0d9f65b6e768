import type { Row } from '../../db/schema.ts';
import { Code } from '../../../src/contract/codes.ts';
import { MILESTONES, type Milestone, type OrderStatus } from '../../../src/contract/orders/domain.ts';
import {
  SUPPLIER_PARAM,
  SUPPLIER_PATH,
  type SupplierDecision,
  type SupplierLink,
  type SupplierLinkIssued,
  type SupplierParty,
  type SupplierTask,
} from '../../../src/contract/supplier/schemas.ts';
import { ApiError, notFound } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import { auditedTransaction, providerActor } from '../audit/trail.ts';
import type { DB } from '../../db/database.ts';
import { rowOf } from '../orders/detail.ts';
import { lockOrder } from '../orders/lock.ts';
import { maskOrder, masksStart, masksStop } from '../orders/masking.ts';
import { iso } from '../orders/rows.ts';
import { linkToken, readLinkToken, supplierKey, wholeSeconds } from './link-tokens.ts';

const HOUR = 60 * 60_000;
const OPEN_STATUSES: readonly OrderStatus[] = ['pending_confirm', 'not_finished'];
/** The milestone that ends each task: after it, there is nothing left to decide. */
const TASK_DONE: Record<SupplierTask, Milestone> = { pickup: 'picked_up', delivery: 'delivered' };

/** Whether the order still has the task to do (waiting for confirmation or in progress, before it). */
export function taskOpen(order: Pick<Row<'orders'>, 'status' | 'milestone'>, task: SupplierTask): boolean {
  return (
    OPEN_STATUSES.includes(order.status) &&
    MILESTONES.indexOf(order.milestone) < MILESTONES.indexOf(TASK_DONE[task])
  );
}

/**
 * `provider/supplier-link`: a link for one task of an open order, valid for `hours`, recorded in
 * the order's audit trail (action `supplier_link`: the task, the party and the expiry, never the
 * link's token) in the same transaction.
 */
export async function issueLink(
  db: DB,
  input: { order_no: string; task: SupplierTask; party: string; hours: number; operator: string },
  now: Date,
): Promise<SupplierLinkIssued> {
  const expiresAt = wholeSeconds(new Date(now.getTime() + input.hours * HOUR));
  const id = await auditedTransaction(db, now, async (trx, audit) => {
    const order = await trx
      .selectFrom('orders')
      .selectAll()
      .where('order_no', '=', input.order_no)
      .executeTakeFirst();
    if (!order) throw notFound('No order has this number');
    if (!taskOpen(order, input.task))
      throw new ApiError(Code.conflict, 'This task of the order is not open: no link can be made for it');
    const made = await trx
      .insertInto('supplier_links')
      .values({
        order_id: order.id,
        task: input.task,
        party: input.party,
        created_by: input.operator,
        expires_at: expiresAt,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    audit.record({
      cuId: order.cu_id,
      recordType: 'order',
      recordId: order.id,
      action: 'supplier_link',
      actor: providerActor(input.operator),
      changes: [
        { field: 'supplier_task', old: null, new: input.task },
        { field: 'supplier_party', old: null, new: input.party },
        { field: 'supplier_link_expires_at', old: null, new: expiresAt.toISOString() },
      ],
    });
    return made.id;
  });
  const link = linkToken(await supplierKey(db), id, now, expiresAt);
  return {
    link,
    path: `${SUPPLIER_PATH}?${new URLSearchParams({ [SUPPLIER_PARAM]: link })}`,
    expires_at: expiresAt.toISOString(),
  };
}

const invalidLink = () => notFound('This link is not valid');

/** The link a token names (signature checked first), and whether it has expired; 404 otherwise. */
async function linkOf(
  db: DB,
  token: string,
  now: Date,
): Promise<{ link: Row<'supplier_links'>; expired: boolean }> {
  const read = readLinkToken(await supplierKey(db), token, now);
  if (read.result === 'bad-signature') throw invalidLink();
  const link = await db
    .selectFrom('supplier_links')
    .selectAll()
    .where('id', '=', read.linkId)
    .executeTakeFirst();
  if (!link) throw invalidLink();
  return { link, expired: read.result === 'expired' || link.expires_at.getTime() <= now.getTime() };
}

/** One side of the order, with the order's masking (spec §3) applied. */
function party(
  masked: Record<string, unknown>,
  side: 'from' | 'to',
  city: string,
  hidden: boolean,
): SupplierParty {
  const text = (field: string) => String(masked[`${side}_${field}`] ?? '');
  return {
    company: text('company'),
    contact: text('contact'),
    phone: text('phone'),
    address: text('address'),
    city,
    masked: hidden,
  };
}

async function taskOf(
  db: DB,
  link: Row<'supplier_links'>,
  order: Row<'orders'>,
): Promise<NonNullable<SupplierLink['task']>> {
  const [row, boxes] = await Promise.all([
    rowOf(db, order),
    db
      .selectFrom('order_boxes')
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        eb.fn.sum<string | null>('weight_kg').as('weight'),
      ])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow(),
  ]);
  // Every party field goes through the orders area's masking before it is read here.
  const masked = maskOrder(order) as unknown as Record<string, unknown>;
  return {
    order_no: order.order_no,
    task: link.task,
    party: link.party,
    status: order.status,
    milestone: order.milestone,
    temp_class: order.temp_class,
    goods_type: order.to_goodstype,
    boxes: Number(boxes.count),
    weight_kg: Math.round(Number(boxes.weight ?? 0) * 100) / 100,
    planned_at: link.task === 'pickup' ? row.pickup_at : row.deliver_by,
    from: party(masked, 'from', row.from_city, masksStart(order)),
    to: party(masked, 'to', row.to_city, masksStop(order)),
  };
}

/** What a link shows: its task (none once expired) and its decision. */
async function viewOf(db: DB, link: Row<'supplier_links'>, expired: boolean): Promise<SupplierLink> {
  const decision = link.decision
    ? {
        decision: link.decision,
        proposed_at: iso(link.proposed_at),
        reason: link.reason,
        decided_at: iso(link.decided_at) ?? '',
      }
    : null;
  const expires_at = link.expires_at.toISOString();
  if (expired) return { state: 'expired', expires_at, task: null, decision };
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', link.order_id)
    .executeTakeFirstOrThrow();
  const task = await taskOf(db, link, order);
  const state = decision ? 'answered' : taskOpen(order, link.task) ? 'open' : 'closed';
  return { state, expires_at, task, decision };
}

/** `supplier/task`. */
export async function showLink(db: DB, token: string, now: Date): Promise<SupplierLink> {
  const { link, expired } = await linkOf(db, token, now);
  return viewOf(db, link, expired);
}

const EVENT_KIND: Record<SupplierDecision, string> = {
  confirm: 'confirmed',
  propose: 'proposed',
  decline: 'declined',
};

const REFUSALS: Record<Exclude<SupplierLink['state'], 'open'>, ServerMessage> = {
  answered: 'This link was already used: its answer is recorded',
  expired: 'This link has expired: ask the provider for a new one',
  closed: 'This task is no longer open: nothing needs an answer',
};

/**
 * `supplier/answer`: takes the link's one decision and logs it as an event of the order
 * (`pickup_confirmed`, `delivery_proposed` …, by the link's party), in one transaction with the
 * order locked. A second use, an expired link or a closed task answers 409 with what the link
 * shows and changes nothing. Not a transition: the order's version stays (a customer's edit in
 * progress stays valid).
 */
export async function answerLink(
  db: DB,
  input: { link: string; decision: SupplierDecision; proposed_at?: string | undefined; reason: string },
  now: Date,
): Promise<SupplierLink> {
  const proposedAt = input.decision === 'propose' && input.proposed_at ? new Date(input.proposed_at) : null;
  if (proposedAt && proposedAt.getTime() <= now.getTime())
    throw new ApiError(Code.invalid, 'The proposed time must be in the future', null, {
      fields: { proposed_at: 'The proposed time must be in the future' },
    });
  const reason = input.decision === 'confirm' ? '' : input.reason;
  const { link: found, expired } = await linkOf(db, input.link, now);
  if (expired) throw new ApiError(Code.conflict, REFUSALS.expired, await viewOf(db, found, true));
  return auditedTransaction(db, now, async (trx, audit) => {
    const refuse = async (link: Row<'supplier_links'>, state: Exclude<SupplierLink['state'], 'open'>) =>
      new ApiError(Code.conflict, REFUSALS[state], await viewOf(trx, link, state === 'expired'));
    // the order first (orders/lock.ts), then its link
    const order = await lockOrder(trx, { ids: [found.order_id] });
    if (!order) throw new Error(`order ${found.order_id} of a supplier link is gone`);
    // Taken only while undecided: of two answers at once, one wins and the other reads it.
    const taken = await trx
      .updateTable('supplier_links')
      .set({ decision: input.decision, proposed_at: proposedAt, reason, decided_at: now })
      .where('id', '=', found.id)
      .where('decision', 'is', null)
      .returningAll()
      .executeTakeFirst();
    if (!taken) {
      const current = await trx
        .selectFrom('supplier_links')
        .selectAll()
        .where('id', '=', found.id)
        .executeTakeFirstOrThrow();
      throw await refuse(current, 'answered');
    }
    if (!taskOpen(order, found.task)) throw await refuse(found, 'closed');
    await trx
      .insertInto('order_events')
      .values({
        order_id: order.id,
        at: now,
        kind: `${found.task}_${EVENT_KIND[input.decision]}`,
        status_from: null,
        status_to: null,
        actor_kind: 'provider',
        actor_name: found.party,
        uid: null,
        reason,
        location: '',
        proposed_at: proposedAt,
      })
      .execute();
    // the provider's carrier, by the party the link was made for
    audit.record({
      cuId: order.cu_id,
      recordType: 'order',
      recordId: order.id,
      action: `supplier_${input.decision}`,
      actor: { kind: 'provider', id: null, name: found.party },
      reason: reason || null,
      changes: [
        { field: 'supplier_task', old: null, new: found.task },
        ...(proposedAt ? [{ field: 'proposed_at', old: null, new: proposedAt.toISOString() }] : []),
      ],
    });
    return viewOf(trx, taken, false);
  });
}
