import * as ops from '../../../src/contract/order-editor/operations.ts';
import type { SessionRecord } from '../../core/session.ts';
import { handle } from '../../http/route.ts';
import { requestHeader } from '../../http/request-header.ts';
import { orderNotFound } from '../orders/detail.ts';
import { IDEMPOTENCY_HEADER, idempotencyKey, oncePerKey, requestHash } from '../orders/idempotency.ts';
import { createOrEdit } from './create.ts';
import { deleteDrafts, listDrafts, type Owner, saveDraft } from './drafts.ts';
import { inventoryAdd } from './inventory-add.ts';
import { keepPendingFile, removeStalePendingFiles } from './pending-files.ts';
import { editorStart } from './start.ts';

/** The session's user in its current customer (a session without one has nothing here: 404). */
function ownerOf(session: SessionRecord): Owner {
  if (session.cuId === null) throw orderNotFound();
  return { uid: session.uid, cuId: session.cuId };
}

/**
 * The order editor and the draft box (docs/api.md "Order editor and draft box"): every call is
 * the session's user in its current customer.
 */
export const routes = [
  handle(ops.editorStart, ({ input, session, deps }) => editorStart(deps.db, ownerOf(session), input)),

  handle(ops.createOrder, ({ input, session, deps, now, c }) => {
    const key = idempotencyKey(requestHeader(c, IDEMPOTENCY_HEADER));
    const owner = ownerOf(session);
    const client = session.client ? { client: session.client.id } : {};
    const call = {
      uid: owner.uid,
      cuId: owner.cuId,
      operation: ops.createOrder.id,
      key,
      hash: requestHash(owner.cuId, input),
      ...client,
    };
    return oncePerKey(deps.db, call, now, (trx) =>
      createOrEdit(trx, { ...owner, name: session.name, ...client }, input, key, now),
    );
  }),

  handle(ops.saveDraft, ({ input, session, deps, now }) =>
    saveDraft(
      deps.db,
      ownerOf(session),
      {
        id: input.id,
        version: input.version,
        mode: input.mode,
        order_id: input.order_id,
        idempotency_key: input.idempotency_key,
        data: input.data,
      },
      now,
    ),
  ),

  handle(ops.draftList, ({ input, session, deps }) => listDrafts(deps.db, ownerOf(session), input)),

  handle(ops.deleteDrafts, ({ input, session, deps, now }) =>
    deleteDrafts(deps.db, ownerOf(session), input.ids, now),
  ),

  handle(ops.inventoryAdd, ({ input, session, deps, now }) =>
    inventoryAdd(deps.db, ownerOf(session), input, now),
  ),

  handle(ops.uploadPendingFile, async ({ input, session, deps, now, file }) => {
    const owner = ownerOf(session);
    // files never attached go a day after their upload; each upload sweeps a few
    await removeStalePendingFiles(deps, now, 20);
    return keepPendingFile(deps, owner, input.kind, file!, now);
  }),
];
