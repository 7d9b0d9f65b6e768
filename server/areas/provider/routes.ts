import { MILESTONES } from '../../../src/contract/orders/domain.ts';
import * as ops from '../../../src/contract/provider/operations.ts';
import { notFound } from '../../core/errors.ts';
import { handle } from '../../http/route.ts';
import { releaseAll, shipHeld } from '../inventory/reservations.ts';
import { refreshSearchText } from '../orders/order-store.ts';
import { nextStatus } from '../orders/transitions.ts';
import { openOrders } from './open-orders.ts';
import { storeReadings } from './readings.ts';
import { changesToApply, PARTY_FIELDS } from './modify-changes.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { bumpOrder, lockOrder, providerEvent, recordAct, refused, stateOf } from './order-lock.ts';

const rank = (m: string) => MILESTONES.indexOf(m as (typeof MILESTONES)[number]);

/**
 * `provider/*`: the provider's side of an order, signed like `integration/*` (the `signed` auth
 * checks the signature before the input is read). Each call works on one order in a transaction
 * with the order locked; a status that does not allow the call answers 409 with the order as it
 * is and changes nothing. Transitions and milestones bump the order's version and log an event.
 */
export const routes = [
  handle(ops.openOrders, ({ input, deps }) => openOrders(deps.db, input.limit)),

  handle(ops.confirm, ({ input, deps, now }) =>
    auditedTransaction(deps.db, now, async (trx, audit) => {
      const order = await lockOrder(trx, input.order_no);
      if (!nextStatus('confirm', order.status))
        throw refused(order, 'Only an order waiting for confirmation can be confirmed');
      await providerEvent(trx, order, {
        kind: 'confirmed',
        at: now,
        operator: input.operator,
        status_to: 'not_finished',
      });
      const act = { audit, action: 'confirm', operator: input.operator };
      return stateOf(
        await bumpOrder(trx, order, now, act, { status: 'not_finished', milestone: 'confirmed' }),
      );
    }),
  ),

  handle(ops.milestone, ({ input, deps, now }) =>
    auditedTransaction(deps.db, now, async (trx, audit) => {
      const order = await lockOrder(trx, input.order_no);
      if (!nextStatus('milestone', order.status))
        throw refused(order, 'Milestones are posted only while an order is in progress');
      if (rank(input.milestone) <= rank(order.milestone))
        throw refused(order, "This milestone does not come after the order's current one");
      await providerEvent(trx, order, {
        kind: input.milestone,
        at: new Date(input.at),
        operator: input.operator,
        location: input.location,
      });
      // picked up (or any later milestone, when the pickup was not posted): the goods left the depot
      if (rank(input.milestone) >= rank('picked_up')) await shipHeld(trx, order, now);
      const act = { audit, action: 'milestone', operator: input.operator };
      return stateOf(await bumpOrder(trx, order, now, act, { milestone: input.milestone }));
    }),
  ),

  handle(ops.readings, ({ input, deps, now }) => storeReadings(deps.db, input, now)),

  handle(ops.track, ({ input, deps, now }) =>
    auditedTransaction(deps.db, now, async (trx, audit) => {
      const order = await lockOrder(trx, input.order_no);
      if (order.status !== 'not_finished')
        throw refused(order, 'Track points are posted only while an order is in progress');
      const inserted = await trx
        .insertInto('order_track')
        .values(input.points.map((p) => ({ order_id: order.id, at: new Date(p.at), lat: p.lat, lng: p.lng })))
        .onConflict((oc) => oc.columns(['order_id', 'at']).doNothing())
        .returning('at')
        .execute();
      if (inserted.length > 0)
        recordAct(order, {
          audit,
          action: 'track',
          operator: '',
          changes: [{ field: 'track', old: null, new: { stored: inserted.length } }],
        });
      return { ...stateOf(order), stored: inserted.length };
    }),
  ),

  handle(ops.sign, ({ input, deps, now }) =>
    auditedTransaction(deps.db, now, async (trx, audit) => {
      const order = await lockOrder(trx, input.order_no);
      if (!nextStatus('sign', order.status))
        throw refused(order, 'Only an order in progress can be signed for');
      const signedAt = new Date(input.signed_at);
      await providerEvent(trx, order, {
        kind: 'signed',
        at: signedAt,
        operator: input.operator,
        status_to: 'finished',
      });
      await shipHeld(trx, order, now);
      return stateOf(
        await bumpOrder(
          trx,
          order,
          now,
          { audit, action: 'sign', operator: input.operator },
          {
            status: 'finished',
            milestone: 'delivered',
            sign_name: input.sign_name,
            signed_at: signedAt,
          },
        ),
      );
    }),
  ),

  handle(ops.answerModify, ({ input, deps, now }) =>
    auditedTransaction(deps.db, now, async (trx, audit) => {
      const order = await lockOrder(trx, input.order_no);
      const request = await trx
        .selectFrom('order_modifications')
        .selectAll()
        .where('id', '=', input.id)
        .where('order_id', '=', order.id)
        .executeTakeFirst();
      if (!request) throw notFound('This order has no such modification request');
      if (request.status !== 'pending')
        throw refused(order, 'This modification request was already answered');
      const action = !input.accept
        ? 'reject_modify'
        : request.kind === 'cancel'
          ? 'accept_cancel'
          : 'accept_change';
      const to = nextStatus(action, order.status);
      if (!to) throw refused(order, 'Modification requests are answered only while an order is in progress');
      await trx
        .updateTable('order_modifications')
        .set({ status: input.accept ? 'accepted' : 'rejected', answer: input.answer, answered_at: now })
        .where('id', '=', request.id)
        .execute();
      const kind = input.accept ? 'modify_accepted' : 'modify_rejected';
      const act = {
        audit,
        action: kind,
        operator: input.operator,
        reason: input.answer || null,
        changes: [{ field: 'request', old: 'pending', new: input.accept ? 'accepted' : 'rejected' }],
      };
      if (!input.accept) {
        await providerEvent(trx, order, { kind, at: now, operator: input.operator, reason: input.answer });
        return stateOf(await bumpOrder(trx, order, now, act));
      }
      if (request.kind === 'cancel') {
        await providerEvent(trx, order, {
          kind,
          at: now,
          operator: input.operator,
          status_to: to,
          reason: input.answer || request.reason,
        });
        const cancelled = await bumpOrder(trx, order, now, act, {
          status: 'cancelled',
          cancel_reason: request.reason,
        });
        // what the order still held of the stock is free again
        await releaseAll(trx, order, now);
        return stateOf(cancelled);
      }
      const changes = changesToApply(request.changes);
      await providerEvent(trx, order, { kind, at: now, operator: input.operator, reason: input.answer });
      const updated = await bumpOrder(trx, order, now, act, changes);
      if (Object.keys(changes).some((f) => PARTY_FIELDS.includes(f))) await refreshSearchText(trx, order.id);
      return stateOf(updated);
    }),
  ),
];
