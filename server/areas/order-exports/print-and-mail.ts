import { Code } from '../../../src/contract/codes.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import { ApiError } from '../../core/errors.ts';
import type { AppDeps } from '../../http/env.ts';
import type { Owner } from './jobs.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { redactorsFor } from '../orders/redaction.ts';
import { signEmailPage } from './email-page.ts';
import { mailerOf } from './mailer.ts';
import { renderSummary, summaryOrder } from './order-summary.ts';

/** The order's id when it is customer `cuId`'s (404 otherwise: another's is not confirmed to exist). */
async function ownOrder(deps: AppDeps, cuId: number, id: number): Promise<number> {
  const order = await deps.db
    .selectFrom('orders')
    .select('id')
    .where('id', '=', id)
    .where('cu_id', '=', cuId)
    .executeTakeFirst();
  if (!order) throw new ApiError(Code.notFound, 'No such order');
  return order.id;
}

/**
 * Records a print of the orders printed in one document (a print record and an event on each
 * order's log), in one transaction; when one of them is not the customer's, 404 and none is
 * recorded.
 */
export async function recordPrint(
  deps: AppDeps,
  owner: Owner & { name: string },
  ids: readonly number[],
  kind: 'waybill' | 'summary',
  now: Date,
): Promise<void> {
  const wanted = [...new Set(ids)];
  await auditedTransaction(deps.db, now, async (trx, audit) => {
    const own = await trx
      .selectFrom('orders')
      .select('id')
      .where('id', 'in', wanted)
      .where('cu_id', '=', owner.cuId)
      .orderBy('id')
      .execute();
    if (own.length !== wanted.length) throw new ApiError(Code.notFound, 'No such order');
    await trx
      .insertInto('print_records')
      .values(wanted.map((order_id) => ({ order_id, cu_id: owner.cuId, uid: owner.uid, kind, at: now })))
      .execute();
    await trx
      .insertInto('order_events')
      .values(
        wanted.map((order_id) => ({
          order_id,
          at: now,
          kind: 'printed' as const,
          actor_kind: 'customer' as const,
          actor_name: owner.name,
          uid: owner.uid,
          reason: kind,
        })),
      )
      .execute();
    for (const order_id of wanted)
      audit.record({
        cuId: owner.cuId,
        recordType: 'order',
        recordId: order_id,
        action: 'print',
        actor: { kind: 'user', id: owner.uid, name: owner.name },
        changes: [{ field: 'print', old: null, new: kind }],
      });
  });
}

/** The order's print records, newest first, with who printed. */
export async function printRecords(deps: AppDeps, cuId: number, id: number) {
  const orderId = await ownOrder(deps, cuId, id);
  const rows = await deps.db
    .selectFrom('print_records as r')
    .leftJoin('users as u', 'u.uid', 'r.uid')
    .select(['r.id', 'r.kind', 'r.at', 'u.name'])
    .where('r.order_id', '=', orderId)
    .orderBy('r.at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(200)
    .execute();
  return {
    list: rows.map((r) => ({ id: Number(r.id), kind: r.kind, by: r.name ?? '', at: r.at.toISOString() })),
  };
}

/** The order's summary as an email would carry it, and the link of its preview page. */
export async function emailView(deps: AppDeps, cuId: number, id: number, lang: Lang, now: Date) {
  const summary = renderSummary(await summaryOrder(deps.db, cuId, id), lang);
  return { ...summary, page_url: await signEmailPage(deps, cuId, id, lang, now) };
}

/**
 * Mails the order's summary to `to` through the server's mailer and records it on the order's
 * log. Refused when the server has no mailer (production without MAIL_HTTP_URL).
 */
export async function emailOrder(
  deps: AppDeps,
  owner: Owner & { name: string },
  request: { id: number; to: string[]; note: string },
  lang: Lang,
  now: Date,
): Promise<void> {
  const mailer = mailerOf(deps);
  const order = await summaryOrder(deps.db, owner.cuId, request.id);
  if (!mailer) throw new ApiError(Code.serverFault, 'Email is not set up on this server');
  const to = [...new Set(request.to.map((address) => address.toLowerCase()))];
  // the sender's note leaves the portal with the order: redacted as the order's remark is
  const note = (await redactorsFor(deps.db, [order.id]))(order.id).text(request.note, 'customer');
  try {
    await mailer.send(
      { to, ...renderSummary(order, lang, note) },
      {
        cuId: owner.cuId,
        uid: owner.uid,
        orderId: order.id,
      },
    );
  } catch (error) {
    console.error('[mail] sending failed:', error instanceof Error ? error.message : error);
    throw new ApiError(Code.serverFault, 'The email could not be sent, please try again later');
  }
  await auditedTransaction(deps.db, now, async (trx, audit) => {
    await trx
      .insertInto('order_events')
      .values({
        order_id: order.id,
        at: now,
        kind: 'emailed',
        actor_kind: 'customer',
        actor_name: owner.name,
        uid: owner.uid,
        reason: to.join(', '),
      })
      .execute();
    audit.record({
      cuId: owner.cuId,
      recordType: 'order',
      recordId: order.id,
      action: 'email',
      actor: { kind: 'user', id: owner.uid, name: owner.name },
      changes: [{ field: 'email_to', old: null, new: to }],
    });
  });
}
