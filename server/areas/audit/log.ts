import { type ExpressionBuilder, sql } from 'kysely';
import { AUDIT_COUNT_CAP, type AuditLog, type AuditLogEntry } from '../../../src/contract/audit/schemas.ts';
import type { Signature } from '../../../src/contract/signatures/schemas.ts';
import type { DB } from '../../db/database.ts';
import type { Database, Row } from '../../db/schema.ts';
import { changeShower, namesOf } from '../orders/history-changes.ts';
import { redactorsFor } from '../orders/redaction.ts';
import { signaturesById } from '../signatures/read.ts';
import { AUDIT_ACTIONS } from './words.ts';
import type { AuditChange } from './tables.ts';

/** A filter of the log, as validated (AuditLogQuery's output). */
export interface LogFilter {
  record_type?: string | undefined;
  record: string;
  uid?: number | undefined;
  action: string;
  date_from?: string | undefined;
  date_to?: string | undefined;
}

type Entries = ExpressionBuilder<Database & { e: Database['audit_entries'] }, 'e'>;

/** The first instant of a China-time day (UTC+8 all year). */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const DAY_MS = 24 * 60 * 60_000;

/**
 * The entries a customer's log holds: its own chain, and of chain 0 (what belongs to a user, not
 * a customer: sign-ins, sign-outs, password changes) the entries of its users that concern it
 * (a sign-in to it, a session of it ended) or no customer at all (a failed sign-in, a password
 * change). A user's sign-in to another customer of theirs is that customer's to see.
 */
function ofCustomer(eb: Entries, cuId: number) {
  const users = eb
    .selectFrom('user_customers as uc')
    .select(sql<string>`uc.uid::text`.as('uid'))
    .where('uc.cu_id', '=', cuId);
  const concerns = sql<boolean>`(e.changes @> ${JSON.stringify([{ field: 'customer', new: cuId }])}::jsonb
    or e.changes @> ${JSON.stringify([{ field: 'customer', old: cuId }])}::jsonb
    or not e.changes @> '[{"field": "customer"}]'::jsonb)`;
  return eb.or([
    eb('e.cu_id', '=', cuId),
    eb.and([
      eb('e.cu_id', '=', 0),
      eb('e.record_type', '=', 'user'),
      eb('e.record_id', 'in', users),
      concerns,
    ]),
  ]);
}

/** The order a `record` filter names (an order number of the customer), when it names one. */
async function namedOrder(db: DB, cuId: number, record: string): Promise<number | null | undefined> {
  if (!/^LP\d{8,}$/i.test(record)) return undefined;
  const order = await db
    .selectFrom('orders')
    .select('id')
    .where('cu_id', '=', cuId)
    .where('order_no', '=', record.toUpperCase())
    .executeTakeFirst();
  return order?.id ?? null;
}

/** The filtered entries of a customer's log, as a query (the caller orders, pages or counts it). */
async function filtered(db: DB, cuId: number, filter: LogFilter) {
  let query = db.selectFrom('audit_entries as e').where((eb) => ofCustomer(eb as unknown as Entries, cuId));
  if (filter.record_type) query = query.where('e.record_type', '=', filter.record_type);
  if (filter.record) {
    const order = await namedOrder(db, cuId, filter.record);
    if (order === null) return null;
    query =
      order === undefined
        ? query.where('e.record_id', '=', filter.record)
        : query.where('e.record_type', '=', 'order').where('e.record_id', '=', String(order));
  }
  if (filter.uid) query = query.where('e.actor_kind', '=', 'user').where('e.actor_id', '=', filter.uid);
  if (filter.action) query = query.where('e.action', '=', filter.action);
  if (filter.date_from) query = query.where('e.at', '>=', dayStart(filter.date_from));
  if (filter.date_to) query = query.where('e.at', '<', new Date(dayStart(filter.date_to).getTime() + DAY_MS));
  return query;
}

/** The matching entries, newest first (`limit` of them from `start`), as stored. */
export async function logEntries(
  db: DB,
  cuId: number,
  filter: LogFilter,
  page: { start: number; limit: number },
): Promise<Row<'audit_entries'>[]> {
  const query = await filtered(db, cuId, filter);
  if (!query) return [];
  return query
    .selectAll('e')
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .offset(page.start)
    .limit(page.limit)
    .execute();
}

/** How many entries match, counted up to `cap` (more: `capped`). */
export async function countEntries(
  db: DB,
  cuId: number,
  filter: LogFilter,
  cap = AUDIT_COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const query = await filtered(db, cuId, filter);
  if (!query) return { total: 0, capped: false };
  const row = await db
    .selectFrom(
      query
        .select('e.id')
        .limit(cap + 1)
        .as('m'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const n = Number(row.n);
  return { total: Math.min(n, cap), capped: n > cap };
}

/**
 * Entries as people may read them (Part 11's copy for review, masked as the records they belong to
 * are): an order's values under its masking rules (orders/history-changes.ts, under every rule the
 * order has had), its text redacted; each record named (an order by its number); a signed act
 * with its signature's manifestation.
 */
export async function shownEntries(db: DB, cuId: number, rows: readonly Row<'audit_entries'>[]) {
  const orderIds = [
    ...new Set(rows.filter((r) => r.record_type === 'order').map((r) => Number(r.record_id))),
  ].filter((id) => Number.isSafeInteger(id));
  const orders = orderIds.length
    ? await db
        .selectFrom('orders')
        .selectAll()
        .where('cu_id', '=', cuId)
        .where('id', 'in', orderIds)
        .execute()
    : [];
  const byId = new Map(orders.map((o) => [o.id, o]));
  // every change each order's trail holds: what its masked fields have ever been
  const history = orderIds.length
    ? await db
        .selectFrom('audit_entries')
        .select(['record_id', 'changes'])
        .where('cu_id', '=', cuId)
        .where('record_type', '=', 'order')
        .where(
          'record_id',
          'in',
          orderIds.map((id) => String(id)),
        )
        .execute()
    : [];
  const allOf = new Map<number, AuditChange[]>();
  for (const h of history) {
    const id = Number(h.record_id);
    allOf.set(id, [...(allOf.get(id) ?? []), ...h.changes]);
  }
  const redactors = await redactorsFor(
    db,
    orders.map((o) => o.id),
  );
  const names = await namesOf(
    db,
    rows.flatMap((r) => r.changes),
  );
  const showers = new Map(
    orders.map((o) => [o.id, changeShower(o, allOf.get(o.id) ?? [], names, redactors(o.id))] as const),
  );
  const signatures = await signaturesById(db, rows.flatMap(signatureIdOf));
  const labels = await recordLabels(db, cuId, rows, byId);
  const customers = await customerNames(db, rows);
  // a sign-in's customer by its name (the user's chain names it by id)
  const named = (changes: readonly AuditChange[]) =>
    changes.map((c) =>
      c.field === 'customer'
        ? { ...c, old: customerName(customers, c.old), new: customerName(customers, c.new) }
        : c,
    );
  return rows.map((row): AuditLogEntry => {
    const show = row.record_type === 'order' ? showers.get(Number(row.record_id)) : undefined;
    const signatureId = signatureIdOf(row)[0];
    const signature: Signature | undefined =
      signatureId === undefined ? undefined : signatures.get(signatureId);
    return {
      id: row.id,
      chain: row.cu_id,
      seq: row.seq,
      at: new Date(row.at).toISOString(),
      record_type: row.record_type,
      record_id: row.record_id,
      record_label: labels.get(`${row.record_type}:${row.record_id}`) ?? '',
      action: row.action,
      actor_kind: row.actor_kind,
      actor_id: row.actor_id,
      actor_name: row.actor_name,
      reason: row.reason === null ? null : show ? textOf(show, row, row.reason) : row.reason,
      changes: show ? show(row.changes, row.actor_kind) : named(row.changes),
      request_id: row.request_id,
      hash: row.hash,
      ...(signature ? { signature } : {}),
    };
  });
}

/** The names of the customers the entries' `customer` changes name, by id. */
async function customerNames(db: DB, rows: readonly Row<'audit_entries'>[]): Promise<Map<number, string>> {
  const ids = new Set<number>();
  for (const row of rows)
    for (const c of row.changes)
      if (c.field === 'customer') for (const v of [c.old, c.new]) if (typeof v === 'number') ids.add(v);
  if (ids.size === 0) return new Map();
  const found = await db
    .selectFrom('customers')
    .select(['cu_id', 'cu_name'])
    .where('cu_id', 'in', [...ids])
    .execute();
  return new Map(found.map((c) => [c.cu_id, c.cu_name]));
}

const customerName = (names: ReadonlyMap<number, string>, value: unknown) =>
  typeof value === 'number' ? (names.get(value) ?? value) : value;

/** A reason as the order's text is shown (redacted, masked values cleared). */
function textOf(show: ReturnType<typeof changeShower>, row: Row<'audit_entries'>, reason: string): string {
  const [shown] = show([{ field: 'reason', old: null, new: reason }], row.actor_kind);
  return typeof shown?.new === 'string' ? shown.new : reason;
}

/** The signature an entry's `signature` change names (signatures/record.ts puts its id there). */
function signatureIdOf(row: Row<'audit_entries'>): number[] {
  const change = row.changes.find((c) => c.field === 'signature');
  const id = (change?.new as { id?: unknown } | null)?.id;
  return typeof id === 'number' ? [id] : [];
}

/** What people call each record: an order's number, an address's company, a user's name. */
async function recordLabels(
  db: DB,
  cuId: number,
  rows: readonly Row<'audit_entries'>[],
  orders: ReadonlyMap<number, Row<'orders'>>,
): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const [id, order] of orders) labels.set(`order:${id}`, order.order_no);
  const ids = (type: string) =>
    [...new Set(rows.filter((r) => r.record_type === type).map((r) => Number(r.record_id)))].filter((id) =>
      Number.isSafeInteger(id),
    );
  const addresses = ids('address');
  if (addresses.length)
    for (const a of await db
      .selectFrom('addresses')
      .select(['ad_id', 'company'])
      .where('cu_id', '=', cuId)
      .where('ad_id', 'in', addresses)
      .execute())
      labels.set(`address:${a.ad_id}`, a.company);
  const users = ids('user');
  if (users.length)
    for (const u of await db.selectFrom('users').select(['uid', 'name']).where('uid', 'in', users).execute())
      labels.set(`user:${u.uid}`, u.name);
  return labels;
}

/** The log's page: entries shown, the count, and the filter's choices. */
export async function auditLogPage(
  db: DB,
  cuId: number,
  query: LogFilter & { start: number; limit: number },
) {
  const [rows, count, users] = await Promise.all([
    logEntries(db, cuId, query, query),
    countEntries(db, cuId, query),
    db
      .selectFrom('user_customers as uc')
      .innerJoin('users as u', 'u.uid', 'uc.uid')
      .select(['u.uid', 'u.name'])
      .where('uc.cu_id', '=', cuId)
      .orderBy('u.name')
      .execute(),
  ]);
  const answer: AuditLog = {
    list: await shownEntries(db, cuId, rows),
    ...count,
    actions: [...AUDIT_ACTIONS],
    users,
  };
  return answer;
}
