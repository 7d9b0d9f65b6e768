import { type SelectQueryBuilder, sql } from 'kysely';
import { TEMP_LIMITS } from '../../../src/contract/orders/domain.ts';
import {
  OVERVIEW_ITEMS,
  OVERVIEW_READINGS,
  type Overview,
  type OverviewOrder,
} from '../../../src/contract/orders/overview.ts';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { answeredModifications, answeredSince } from './answered-modifications.ts';
import { chinaDay, dueRange, UNDELIVERED } from './list-query.ts';
import { detailCounts } from './order-counts.ts';
import { redactorsFor } from './redaction.ts';
import { countsAndWeeks, overviewWeeks } from './overview-weeks.ts';
import { stockOverview } from './overview-stock.ts';
import { type OrderRowRecord, selectOrderRows, toOrderRow } from './rows.ts';

type Orders = SelectQueryBuilder<Database, 'orders', object>;

/** A list row as an overview entry's order (masked as the list's rows are). */
function overviewOrder(record: OrderRowRecord): OverviewOrder {
  const row = toOrderRow(record);
  return {
    id: row.id,
    order_no: row.order_no,
    status: row.status,
    order_type: row.order_type,
    temp_class: row.temp_class,
    project_name: row.project_name,
    to_company: row.to_company,
    to_city: row.to_city,
    milestone: row.milestone,
    excursion: row.excursion,
    attachment_status: row.attachment_status,
    deliver_by: row.deliver_by,
    created_at: row.created_at,
  };
}

/**
 * The ids a select of orders (filtered, sorted, limited) answers, in its order. The entries'
 * rows (with their project, site and cities) are read afterwards for every part at once
 * (`ordersById`): joined before the limit, a part's joins ran for all its matches.
 */
async function idsOf(query: Orders): Promise<number[]> {
  return (await query.select('orders.id').execute()).map((r) => r.id);
}

/** The orders with these ids as overview entries, by id. */
async function ordersById(db: DB, cuId: number, ids: number[]): Promise<Map<number, OverviewOrder>> {
  if (ids.length === 0) return new Map();
  const rows = await selectOrderRows(
    db.selectFrom('orders').where('orders.cu_id', '=', cuId).where('orders.id', 'in', ids),
  ).execute();
  return new Map(rows.map((row) => [row.id, overviewOrder(row)]));
}

const customerOrders = (db: DB, cuId: number) => db.selectFrom('orders').where('orders.cu_id', '=', cuId);

/** `not_finished` orders still to be delivered (the list's `?status=not_finished&due=…`). */
const moving = (db: DB, cuId: number) =>
  customerOrders(db, cuId).where(UNDELIVERED).where('orders.status', '=', 'not_finished');

/** Due today and late: counts (index-only over `orders_due`) and the first ids, soonest due first. */
async function dueOrders(db: DB, cuId: number, now: Date) {
  const today = dueRange('today', now);
  const late = dueRange('late', now);
  const end = new Date(Math.max(today.before.getTime(), late.before.getTime()));
  const first = (range: { from?: Date; before: Date }) => {
    let query = moving(db, cuId).where('orders.deliver_by', '<', range.before);
    if (range.from) query = query.where('orders.deliver_by', '>=', range.from);
    return idsOf(query.orderBy('orders.deliver_by').orderBy('orders.id').limit(OVERVIEW_ITEMS));
  };
  const [counted, todayIds, lateIds] = await Promise.all([
    moving(db, cuId)
      .where('orders.deliver_by', '<', end)
      .select([
        sql<string>`count(*) filter (where orders.deliver_by >= ${today.from} and orders.deliver_by < ${today.before})`.as(
          'today',
        ),
        sql<string>`count(*) filter (where orders.deliver_by < ${late.before})`.as('late'),
      ])
      .executeTakeFirstOrThrow(),
    first(today),
    first(late),
  ]);
  return {
    today: { total: Number(counted.today), ids: todayIds },
    late: { total: Number(counted.late), ids: lateIds },
  };
}

/** The worst excursions of moving orders: high, medium, low, then the newest (`orders_excursion`). */
function excursionIds(db: DB, cuId: number): Promise<number[]> {
  return idsOf(
    customerOrders(db, cuId)
      .where(sql<boolean>`orders.status = 'not_finished' and orders.excursion <> 'none'`)
      .orderBy(sql`array_position(array['high', 'medium', 'low'], orders.excursion::text)`)
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(OVERVIEW_ITEMS),
  );
}

/** The newest `OVERVIEW_READINGS` readings of each order (over all its loggers), oldest first. */
async function newestReadings(
  db: DB,
  ids: number[],
): Promise<Map<number, Array<{ at: string; celsius: number }>>> {
  const out = new Map<number, Array<{ at: string; celsius: number }>>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const { rows } = await sql<{ order_id: number; at: Date; celsius: string }>`
    select x.id as order_id, r.at, r.celsius
    from unnest(${ids}::int[]) as x(id)
    cross join lateral (
      select at, celsius from order_readings where order_id = x.id order by at desc limit ${OVERVIEW_READINGS}
    ) r
  `.execute(db);
  for (const row of rows.reverse())
    out.get(row.order_id)?.push({ at: new Date(row.at).toISOString(), celsius: Number(row.celsius) });
  return out;
}

/** The customer's active excursion cases (open or under assessment) and those over a stability budget. */
async function excursionCases(db: DB, cuId: number): Promise<Overview['cold_chain']['cases']> {
  const row = await db
    .selectFrom('excursion_cases')
    .select([
      sql<string>`count(*)`.as('active'),
      sql<string>`count(*) filter (where budget = 'over')`.as('over_budget'),
    ])
    .where('cu_id', '=', cuId)
    .where('state', 'in', ['open', 'assessment'])
    .executeTakeFirstOrThrow();
  return { active: Number(row.active), over_budget: Number(row.over_budget) };
}

/** Whether this user approves this customer's orders, and the oldest `pending_approval` ids. */
async function approvals(db: DB, uid: number, cuId: number) {
  const [approver, ids] = await Promise.all([
    db
      .selectFrom('user_customers')
      .select('can_approve')
      .where('uid', '=', uid)
      .where('cu_id', '=', cuId)
      .executeTakeFirst(),
    idsOf(
      customerOrders(db, cuId)
        .where('orders.status', '=', 'pending_approval')
        .orderBy('orders.created_at')
        .orderBy('orders.id')
        .limit(OVERVIEW_ITEMS),
    ),
  ]);
  const canApprove = approver?.can_approve === true;
  return { canApprove, ids: canApprove ? ids : [] };
}

/** Orders not cancelled whose documents are missing or rejected, the newest first. */
async function documentIds(db: DB, cuId: number): Promise<number[]> {
  // one short range of `orders_documents` per state, then the newest of both
  const state = (value: 'missing' | 'rejected') =>
    db
      .selectFrom('orders')
      .select(['orders.id', 'orders.created_at'])
      .where('orders.cu_id', '=', cuId)
      .where(
        sql<boolean>`orders.status <> 'cancelled' and orders.attachment_status in ('missing', 'pending', 'rejected')`,
      )
      .where('orders.attachment_status', '=', value)
      .orderBy('orders.created_at', 'desc')
      .orderBy('orders.id', 'desc')
      .limit(OVERVIEW_ITEMS);
  const rows = await db
    .selectFrom(
      db
        .selectFrom(state('missing').as('m'))
        .select(['m.id', 'm.created_at'])
        .unionAll(db.selectFrom(state('rejected').as('r')).select(['r.id', 'r.created_at']))
        .as('d'),
    )
    .select('d.id')
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(OVERVIEW_ITEMS)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The customer's orders with a modification request answered since `since` (the list's
 * `modification=answered`, answered-modifications.ts): how many, and each order's newest answer,
 * the newest first (`order_modifications_answered`, by the customer its trigger keeps on each
 * request).
 */
async function answeredOrders(db: DB, cuId: number, since: Date) {
  const answered = answeredModifications(db, cuId, since);
  const newestPerOrder = answered
    .select(['m.id', 'm.order_id', 'm.kind', 'm.status', 'm.answer', 'm.answered_at'])
    .distinctOn('m.order_id')
    .orderBy('m.order_id')
    .orderBy('m.answered_at', 'desc')
    .orderBy('m.id', 'desc');
  const [counted, rows] = await Promise.all([
    answered.select(sql<string>`count(distinct m.order_id)`.as('n')).executeTakeFirstOrThrow(),
    db
      .selectFrom(newestPerOrder.as('a'))
      .selectAll('a')
      .orderBy('a.answered_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(OVERVIEW_ITEMS)
      .execute(),
  ]);
  return { total: Number(counted.n), rows };
}

/** This user's drafts in this customer, last saved first (the draft box's order and total). */
async function openDrafts(db: DB, uid: number, cuId: number): Promise<Overview['actions']['drafts']> {
  const rows = await db
    .selectFrom('order_drafts as d')
    .leftJoin('projects as p', 'p.pr_id', 'd.pr_id')
    .select([
      'd.id',
      'd.mode',
      'd.order_type',
      'd.temp_class',
      sql<string>`coalesce(p.name, '')`.as('project_name'),
      'd.to_company',
      'd.goods_count',
      'd.saved_at',
      sql<string>`count(*) over ()`.as('total'),
    ])
    .where('d.uid', '=', uid)
    .where('d.cu_id', '=', cuId)
    .orderBy('d.saved_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(OVERVIEW_ITEMS)
    .execute();
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map(({ total: _total, ...row }) => ({
      ...row,
      saved_at: new Date(row.saved_at).toISOString(),
    })),
  };
}

/**
 * `customer-order/overview`: the home page's control tower for customer `cuId` and user `uid`
 * (see the contract, src/contract/orders/overview.ts). Two steps: every count and the ids of
 * every list's entries, each an independent statement over the kept counts or a short index
 * range, sent at once (on PostgreSQL each on its own pooled connection); then the entries' rows
 * for all lists in one statement, with the excursions' readings beside it. A session without a
 * customer has nothing to count.
 */
export async function orderOverview(db: DB, uid: number, cuId: number | null, now: Date): Promise<Overview> {
  const today = chinaDay(now);
  if (cuId === null) return emptyOverview(now, today);
  const [totals, details, approval, documents, modifications, drafts, excursions, due, inventory, cases] =
    await Promise.all([
      countsAndWeeks(db, cuId, today),
      detailCounts(db, cuId),
      approvals(db, uid, cuId),
      documentIds(db, cuId),
      answeredOrders(db, cuId, answeredSince(now)),
      openDrafts(db, uid, cuId),
      excursionIds(db, cuId),
      dueOrders(db, cuId, now),
      stockOverview(db, cuId, today),
      excursionCases(db, cuId),
    ]);
  const ids = [
    ...approval.ids,
    ...documents,
    ...modifications.rows.map((m) => m.order_id),
    ...excursions,
    ...due.today.ids,
    ...due.late.ids,
  ];
  const [orders, readings, redactors] = await Promise.all([
    ordersById(db, cuId, [...new Set(ids)]),
    newestReadings(db, excursions),
    redactorsFor(
      db,
      modifications.rows.map((m) => m.order_id),
    ),
  ]);
  const entries = (list: number[]) => list.flatMap((id) => orders.get(id) ?? []);
  const modificationItems: Overview['actions']['modifications']['items'] = [];
  for (const row of modifications.rows) {
    const order = orders.get(row.order_id);
    if (!order || row.status === 'pending' || row.answered_at === null) continue;
    modificationItems.push({
      id: row.id,
      order,
      kind: row.kind,
      status: row.status,
      answer: redactors(row.order_id).text(row.answer, 'provider'),
      answered_at: new Date(row.answered_at).toISOString(),
    });
  }
  return {
    as_of: now.toISOString(),
    today,
    counts: totals.counts,
    actions: {
      can_approve: approval.canApprove,
      approvals: { total: totals.counts.pending_approval, items: entries(approval.ids) },
      documents: {
        missing: details.documents.missing,
        rejected: details.documents.rejected,
        items: entries(documents),
      },
      modifications: { total: modifications.total, items: modificationItems },
      drafts,
    },
    cold_chain: {
      excursions: details.excursions,
      excursion_items: entries(excursions).map((order) => ({
        order,
        ...TEMP_LIMITS[order.temp_class],
        readings: readings.get(order.id) ?? [],
      })),
      due_today: { total: due.today.total, items: entries(due.today.ids) },
      late: { total: due.late.total, items: entries(due.late.ids) },
      cases,
    },
    weekly: totals.weekly,
    inventory,
  };
}

/** Nothing counted (a session without a customer): zeros, empty lists and the weeks. */
function emptyOverview(now: Date, today: string): Overview {
  const none = () => ({ total: 0, items: [] });
  const stockNone = () => ({ total: 0, by_goods_type: [], items: [] });
  const zero = () => ({
    pending_approval: 0,
    pending_confirm: 0,
    not_finished: 0,
    finished: 0,
    cancelled: 0,
  });
  return {
    as_of: now.toISOString(),
    today,
    counts: { all: 0, ...zero() },
    actions: {
      can_approve: false,
      approvals: none(),
      documents: { missing: 0, rejected: 0, items: [] },
      modifications: none(),
      drafts: none(),
    },
    cold_chain: {
      excursions: { low: 0, medium: 0, high: 0 },
      excursion_items: [],
      due_today: none(),
      late: none(),
      cases: { active: 0, over_budget: 0 },
    },
    weekly: overviewWeeks(today).map((week) => ({ week, counts: zero() })),
    inventory: { low: stockNone(), expiring: stockNone() },
  };
}
