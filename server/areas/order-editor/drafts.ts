import type { Row } from '../../db/schema.ts';
import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import type {
  Draft,
  DraftList,
  EditorMode,
  OrderDraftData,
  SaveDraftAnswer,
} from '../../../src/contract/order-editor/schemas.ts';
import type { OrderType, TempClass } from '../../../src/contract/orders/domain.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { draftColumns } from './forms.ts';
import { appendEvents, type EventFacts } from '../live/outbox.ts';

/** A draft's change, told live to its owner's other tabs and devices (the draft box). */
const draftEvent = (owner: Owner, action: 'save' | 'delete', id: number): EventFacts => ({
  cuId: owner.cuId,
  kind: 'draft',
  action,
  recordId: id,
  audience: owner.uid,
  actor: { kind: 'user', id: owner.uid, name: '' },
});

/** Whose draft box: a user in one customer (another user's or customer's draft is not found). */
export interface Owner {
  uid: number;
  cuId: number;
}

export const draftNotFound = () => new ApiError(Code.notFound, 'No such draft');

async function orderNoOf(db: DB, orderId: number | null): Promise<string | null> {
  if (orderId === null) return null;
  const row = await db.selectFrom('orders').select('order_no').where('id', '=', orderId).executeTakeFirst();
  return row?.order_no ?? null;
}

/** A draft as the contract shows it. */
export async function toDraft(db: DB, row: Row<'order_drafts'>): Promise<Draft> {
  return {
    id: row.id,
    version: row.version,
    mode: row.mode,
    order_id: row.order_id,
    order_no: await orderNoOf(db, row.order_id),
    idempotency_key: row.idempotency_key,
    data: row.data as OrderDraftData,
    saved_at: row.saved_at.toISOString(),
    created_at: row.created_at.toISOString(),
  };
}

/** The owner's draft `id`, or 404. */
export async function loadDraft(db: DB, owner: Owner, id: number): Promise<Row<'order_drafts'>> {
  const row = await db
    .selectFrom('order_drafts')
    .selectAll()
    .where('id', '=', id)
    .where('uid', '=', owner.uid)
    .where('cu_id', '=', owner.cuId)
    .executeTakeFirst();
  if (!row) throw draftNotFound();
  return row;
}

export interface SaveDraftInput {
  id?: number | undefined;
  version?: number | undefined;
  mode: EditorMode;
  order_id: number | null;
  idempotency_key: string;
  data: OrderDraftData;
}

const sameData = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * `save-draft-box`. Without `id`: a new draft; a second first save of the same form (its
 * Idempotency-Key) answers the draft the first made when the form is the same (a retry whose
 * answer was lost), else 409 with that draft. With `id` and `version`: that draft, version + 1
 * (its form key stays the one of its first save, which the editor submits with);
 * a stale or missing version answers 409 with the draft as stored, and nothing changes. The
 * order edited or copied must be the customer's (404).
 */
export async function saveDraft(
  db: DB,
  owner: Owner,
  input: SaveDraftInput,
  now: Date,
): Promise<SaveDraftAnswer> {
  if (input.order_id !== null) {
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', input.order_id)
      .where('cu_id', '=', owner.cuId)
      .executeTakeFirst();
    if (!order) throw new ApiError(Code.notFound, 'No such order');
  }
  const values = {
    mode: input.mode,
    order_id: input.order_id,
    data: JSON.stringify(input.data),
    ...(await draftColumns(db, owner.cuId, input.data, input.order_id)),
    saved_at: now,
  };
  const answer = (row: { id: number; version: number; saved_at: Date }) => ({
    id: row.id,
    version: row.version,
    saved_at: row.saved_at.toISOString(),
  });
  // Each path is one statement and its event when it succeeds; the refusals read the draft as
  // stored afterwards.
  const conflict = async (row: Row<'order_drafts'>) =>
    new ApiError(
      Code.conflict,
      'The draft was saved elsewhere meanwhile; here is its current state',
      await toDraft(db, row),
    );
  if (input.id === undefined) {
    const made = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('order_drafts')
        .values({
          ...values,
          uid: owner.uid,
          cu_id: owner.cuId,
          idempotency_key: input.idempotency_key,
          created_at: now,
        })
        .onConflict((oc) => oc.columns(['uid', 'cu_id', 'idempotency_key']).doNothing())
        .returning(['id', 'version', 'saved_at'])
        .executeTakeFirst();
      if (row) await appendEvents(trx, [draftEvent(owner, 'save', row.id)], now);
      return row;
    });
    if (made) return answer(made);
    const earlier = await db
      .selectFrom('order_drafts')
      .selectAll()
      .where('uid', '=', owner.uid)
      .where('cu_id', '=', owner.cuId)
      .where('idempotency_key', '=', input.idempotency_key)
      .executeTakeFirstOrThrow();
    if (sameData(earlier.data, input.data) && earlier.mode === input.mode) return answer(earlier);
    throw await conflict(earlier);
  }
  // saved only at the version the editor holds
  const saved =
    input.version === undefined
      ? undefined
      : await db.transaction().execute(async (trx) => {
          const row = await trx
            .updateTable('order_drafts')
            .set({ ...values, version: sql<number>`version + 1` })
            .where('id', '=', input.id as number)
            .where('uid', '=', owner.uid)
            .where('cu_id', '=', owner.cuId)
            .where('version', '=', input.version as number)
            .returning(['id', 'version', 'saved_at'])
            .executeTakeFirst();
          if (row) await appendEvents(trx, [draftEvent(owner, 'save', row.id)], now);
          return row;
        });
  if (saved) return answer(saved);
  throw await conflict(await loadDraft(db, owner, input.id));
}

/**
 * `draft-box-list`: the owner's drafts, last saved first; the keyword matches the parties, the
 * project and the order number (`search_text`, kept when the draft is saved).
 */
export async function listDrafts(
  db: DB,
  owner: Owner,
  query: { start: number; limit: number; currentPage?: number | undefined; keyword: string },
): Promise<DraftList> {
  const start =
    query.start === 0 && query.currentPage !== undefined
      ? (query.currentPage - 1) * query.limit
      : query.start;
  let base = db
    .selectFrom('order_drafts as d')
    .leftJoin('projects as p', 'p.pr_id', 'd.pr_id')
    .leftJoin('orders as o', (join) => join.onRef('o.id', '=', 'd.order_id').on('o.cu_id', '=', owner.cuId))
    .where('d.uid', '=', owner.uid)
    .where('d.cu_id', '=', owner.cuId);
  const keyword = query.keyword.trim().toLowerCase();
  if (keyword) base = base.where(sql<boolean>`strpos(d.search_text, ${keyword}) > 0`);
  const [rows, total] = await Promise.all([
    base
      .select([
        'd.id',
        'd.version',
        'd.mode',
        'd.order_id',
        'o.order_no',
        'd.pr_id',
        sql<string>`coalesce(p.name, '')`.as('project_name'),
        'd.order_type',
        'd.temp_class',
        'd.from_company',
        'd.to_company',
        'd.goods_count',
        'd.saved_at',
        'd.created_at',
      ])
      .orderBy('d.saved_at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(query.limit)
      .offset(start)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      ...r,
      order_no: r.order_no ?? null,
      order_type: r.order_type as OrderType | null,
      temp_class: r.temp_class as TempClass | null,
      saved_at: r.saved_at.toISOString(),
      created_at: r.created_at.toISOString(),
    })),
    total: Number(total.n),
  };
}

/** `delete-draft-box`: all of `ids` are the owner's (else 404 and nothing is deleted). */
export async function deleteDrafts(
  db: DB,
  owner: Owner,
  ids: number[],
  now: Date,
): Promise<{ ids: number[] }> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('order_drafts')
      .where('id', 'in', ids)
      .where('uid', '=', owner.uid)
      .where('cu_id', '=', owner.cuId)
      .returning('id')
      .execute();
    if (deleted.length !== ids.length) throw draftNotFound();
    await appendEvents(
      trx,
      deleted.map((d) => draftEvent(owner, 'delete', d.id)),
      now,
    );
    return { ids: deleted.map((d) => d.id).sort((a, b) => a - b) };
  });
}
