import {
  type AliasedSelectQueryBuilder,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from 'kysely';
import type * as v from 'valibot';
import { ORDER_STATUSES, type OrderStatus } from '../../../src/contract/orders/domain.ts';
import type { OrderCounts, OrderListQuery } from '../../../src/contract/orders/schemas.ts';
import type { DB } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { answeredModifications, answeredSince } from './answered-modifications.ts';
import { summaryAnswers, summaryCounts } from './order-counts.ts';
import { startShown, stopShown } from './masking.ts';

/** The list's filters as the contract parses them (defaults filled in). */
export type OrderFilter = v.InferOutput<typeof OrderListQuery>;

/** The filters that narrow a customer's orders, without paging and sorting (exports use this). */
export type OrderFilterFields = Partial<
  Pick<
    OrderFilter,
    | 'status'
    | 'keyword'
    | 'pr_id'
    | 'order_type'
    | 'temp_class'
    | 'excursion'
    | 'attachment_status'
    | 'date_from'
    | 'date_to'
    | 'due'
    | 'modification'
  >
> & {
  /** The ids whose names hold the keyword (`withKeywordNames`); required with a keyword. */
  names?: KeywordNames;
  /** The time `due` and `modification` are measured from (the request's); the clock's when left out. */
  now?: Date;
  /** Only these orders (an export of the rows the user selected; never empty). */
  ids?: number[];
};

/**
 * What a keyword matches besides an order's own text: the customer's projects whose protocol
 * number or name holds it, the customer's sites whose name or department holds it, and regions.
 * An order names a district (as the editor and the address book write it) or, when older, a city.
 * `cities`: the regions whose city's or province's name holds it (`上海` finds the orders of every
 * district of Shanghai), and cities and provinces whose own name does. `districts`: the districts
 * whose own name holds it; a district is part of an address, so it finds an order only through a
 * side that is not masked (spec §3: the list shows a masked side's city, never its street).
 * An order matches through its `pr_id`, `ho_id`, `from_city_id` or `to_city_id`.
 */
export interface KeywordNames {
  projects: number[];
  sites: number[];
  cities: number[];
  districts: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** How a keyword is tested: through the trigram index (`like`), or row by row (`strpos`). */
export type KeywordMatch = 'index' | 'scan';

/**
 * Which of a keyword's matches: all (`both`), those found by a name (`names`), or those found
 * only by the order's own text (`text`: not by a name). The last two are disjoint and make all.
 */
type KeywordPart = 'both' | 'names' | 'text';

/**
 * Counts over the orders stop at this many (`ORDER_COUNT_CAP`, ServerConfig.orderCountCap): a
 * keyword that matches more answers "10,000+" instead of reading every match to count it.
 */
export const ORDER_COUNT_CAP = 10_000;

/**
 * Up to this many matches a keyword's page is its matches sorted (the trigram index finds them);
 * beyond, they are dense enough that walking the sort's index and testing each order finds a page
 * sooner than reading and sorting every match.
 */
export const FEW_MATCHES = 2_000;

/** The start of a calendar day in China (the list's dates are China days). */
export const chinaDayStart = (day: string): Date => new Date(`${day}T00:00:00+08:00`);

/** The calendar day in China (`yyyy-mm-dd`) at `at`. */
export const chinaDay = (at: Date): string =>
  new Date(at.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * Orders still to be delivered: not delivered, not finished, not cancelled. The `due` filter's
 * orders, written as the partial index `orders_due` (migration 2026-11-30T0001) states it, so
 * the planner can prove the index serves them.
 */
export const UNDELIVERED = sql<boolean>`orders.milestone <> 'delivered' and orders.status not in ('finished', 'cancelled')`;

/**
 * The `due` filter's range of `deliver_by`: `today`, from `now` to the end of its China day (due
 * later today, still on time); `late`, before `now`. The two never share an order: one due at
 * 10:00 is "today" until 10:00 and "late" from then on.
 */
export function dueRange(due: 'today' | 'late', now: Date): { from?: Date; before: Date } {
  if (due === 'late') return { before: now };
  return { from: now, before: new Date(chinaDayStart(chinaDay(now)).getTime() + DAY_MS) };
}

/** A keyword as a LIKE pattern (`\`, `%` and `_` taken literally); the database lower-cases it. */
export function keywordPattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** `lower(column)` holds `lower(keyword)` (the database's `lower`, as `orders.order_text` is made). */
const holds = (column: string, keyword: string) =>
  sql<boolean>`strpos(lower(${sql.ref(column)}), lower(${keyword})) > 0`;

/**
 * The ids of the projects, sites and cities whose names hold `keyword` (see `KeywordNames`): one
 * query over the customer's projects and sites and the regions, a few hundred rows at most.
 */
export async function keywordNames(db: DB, cuId: number, keyword: string): Promise<KeywordNames> {
  const names: KeywordNames = { projects: [], sites: [], cities: [], districts: [] };
  const kw = keyword.trim();
  if (!kw) return names;
  const rows = await db
    .selectFrom('projects')
    .select([sql<string>`'p'`.as('kind'), 'pr_id as id'])
    .where('cu_id', '=', cuId)
    .where((eb) => eb.or([holds('protocol_no', kw), holds('name', kw)]))
    .unionAll(
      db
        .selectFrom('sites')
        .select([sql<string>`'s'`.as('kind'), 'ho_id as id'])
        .where('cu_id', '=', cuId)
        .where((eb) => eb.or([holds('name', kw), holds('department', kw)])),
    )
    .unionAll(
      db
        .selectFrom('regions as r')
        .leftJoin('regions as rp', 'rp.region_id', 'r.parent_id')
        .leftJoin('regions as rpp', 'rpp.region_id', 'rp.parent_id')
        .select([
          sql<string>`case when r.level < 3 or ${holds('rp.name', kw)} or ${holds('rpp.name', kw)} then 'c' else 'd' end`.as(
            'kind',
          ),
          'r.region_id as id',
        ])
        .where((eb) => eb.or([holds('r.name', kw), holds('rp.name', kw), holds('rpp.name', kw)])),
    )
    .execute();
  for (const row of rows) {
    const list = { p: names.projects, s: names.sites, c: names.cities, d: names.districts }[row.kind];
    list?.push(row.id);
  }
  return names;
}

/** `filter` with its keyword's names resolved (`names`), as the conditions need them. */
export async function withKeywordNames<F extends OrderFilterFields>(
  db: DB,
  cuId: number,
  filter: F,
): Promise<F & { names: KeywordNames }> {
  return { ...filter, names: filter.names ?? (await keywordNames(db, cuId, filter.keyword ?? '')) };
}

/**
 * The conditions of every filter but the status, on the `orders` table of any select that has it
 * (columns are qualified, so joins may add tables with the same column names).
 *
 * - `keyword`: the order's own text holds it (`order_text like lower('%kw%')`: the order number and
 *   the parties that are not masked; the customer's trigram index serves 3+ characters; or the
 *   same test as `strpos(order_text, lower(kw)) > 0`, which no index serves, `match: 'scan'`), or
 *   the order's project, site or one of its cities is one whose name holds it (`filter.names`,
 *   resolved beforehand by `withKeywordNames`: `pr_id in (…)` and so on, each served by a
 *   customer-first index).
 * - `excursion`: a level, or `any` for every level but `none`.
 * - `date_from` / `date_to`: the creation day in China, both ends included.
 * - `due`: undelivered orders (`UNDELIVERED`) whose `deliver_by` is later today in China
 *   (`today`) or before now (`late`, see `dueRange`).
 * - `modification`: `answered`, orders with a modification request answered in the last 14 days
 *   (answered-modifications.ts, the overview's count).
 */
function filterConditions(
  db: DB,
  eb: ExpressionBuilder<Database, 'orders'>,
  cuId: number,
  filter: OrderFilterFields,
  match: KeywordMatch,
  part: KeywordPart = 'both',
) {
  const conditions: Expression<SqlBool>[] = [eb('orders.cu_id', '=', cuId)];
  const keyword = filter.keyword?.trim() ?? '';
  if (keyword) {
    const names = filter.names;
    // a keyword without its names would silently miss the orders found by name
    if (!names) throw new Error('a keyword filter needs its names: withKeywordNames first');
    const text =
      match === 'index'
        ? eb('orders.order_text', 'like', sql<string>`lower(${keywordPattern(keyword)})`)
        : eb(sql<number>`strpos(orders.order_text, lower(${keyword}))`, '>', 0);
    const byName = [];
    if (names.projects.length > 0) byName.push(eb('orders.pr_id', 'in', names.projects));
    if (names.sites.length > 0) byName.push(eb('orders.ho_id', 'in', names.sites));
    if (names.cities.length > 0)
      byName.push(eb('orders.from_city_id', 'in', names.cities), eb('orders.to_city_id', 'in', names.cities));
    if (names.districts.length > 0)
      // a district only where its side is not masked
      byName.push(
        eb.and([eb('orders.from_city_id', 'in', names.districts), startShown(eb)]),
        eb.and([eb('orders.to_city_id', 'in', names.districts), stopShown(eb)]),
      );
    if (part === 'names') conditions.push(eb.or(byName));
    else if (part === 'text' && byName.length > 0)
      conditions.push(text, eb(sql<boolean>`coalesce(${eb.or(byName)}, false)`, '=', false));
    else conditions.push(byName.length > 0 ? eb.or([text, ...byName]) : text);
  }
  if (filter.ids) conditions.push(eb('orders.id', 'in', filter.ids));
  if (filter.pr_id !== undefined) conditions.push(eb('orders.pr_id', '=', filter.pr_id));
  if (filter.order_type) conditions.push(eb('orders.order_type', '=', filter.order_type));
  if (filter.temp_class) conditions.push(eb('orders.temp_class', '=', filter.temp_class));
  if (filter.excursion === 'any') conditions.push(eb('orders.excursion', '!=', 'none'));
  else if (filter.excursion) conditions.push(eb('orders.excursion', '=', filter.excursion));
  if (filter.attachment_status)
    conditions.push(eb('orders.attachment_status', '=', filter.attachment_status));
  if (filter.date_from) conditions.push(eb('orders.created_at', '>=', chinaDayStart(filter.date_from)));
  if (filter.date_to)
    conditions.push(eb('orders.created_at', '<', new Date(chinaDayStart(filter.date_to).getTime() + DAY_MS)));
  if (filter.due) {
    const range = dueRange(filter.due, filter.now ?? new Date());
    conditions.push(UNDELIVERED);
    if (range.from) conditions.push(eb('orders.deliver_by', '>=', range.from));
    conditions.push(eb('orders.deliver_by', '<', range.before));
  }
  if (filter.modification === 'answered') {
    const since = answeredSince(filter.now ?? new Date());
    conditions.push(eb('orders.id', 'in', answeredModifications(db, cuId, since).select('m.order_id')));
  }
  return conditions;
}

/**
 * The orders of customer `cuId` that pass `filter` (the status too, unless it is `all` or left
 * out): a select of `orders` to join, select from, sort and page. The list, its exports and the
 * customized/destroy lists all start here, so they always agree on what a filter means. `match`
 * only steers the plan of a keyword (see `orderPage`), never which orders pass.
 */
export function filteredOrders(
  db: DB,
  cuId: number,
  filter: OrderFilterFields,
  match: KeywordMatch = 'index',
  part: KeywordPart = 'both',
): SelectQueryBuilder<Database, 'orders', object> {
  return db.selectFrom('orders').where((eb) => {
    const conditions = filterConditions(db, eb, cuId, filter, match, part);
    if (filter.status && filter.status !== 'all') conditions.push(eb('orders.status', '=', filter.status));
    return eb.and(conditions);
  });
}

/** The tab counts, and whether they are lower bounds (more orders matched than the cap). */
export interface CountedOrders {
  counts: OrderCounts;
  capped: boolean;
}

/**
 * The count over the orders themselves, for the filters the kept counts cannot answer: the
 * statuses of at most `cap + 1` matching orders (one more than the cap tells that there are more).
 * A keyword that names projects, sites or cities reads the orders found by those names first and
 * then the others found by their own text (disjoint, so the sum is exact below the cap): the
 * names' customer-first btree indexes answer a broad keyword's cap without the trigram index ever
 * being read (it returns every match of its trigrams before the first order).
 */
export function matchCountQuery(db: DB, cuId: number, filter: OrderFilterFields, cap: number) {
  const all = { ...filter, status: 'all' as const };
  const names = filter.names;
  const named =
    Boolean(filter.keyword?.trim()) &&
    names !== undefined &&
    names.projects.length + names.sites.length + names.cities.length + names.districts.length > 0;
  const statuses = (part: KeywordPart) =>
    filteredOrders(db, cuId, all, 'index', part)
      .select('orders.status')
      .limit(cap + 1);
  const source: AliasedSelectQueryBuilder<{ status: OrderStatus }, 'u'> = named
    ? db
        .selectFrom(statuses('names').as('n'))
        .select('n.status')
        .unionAll(db.selectFrom(statuses('text').as('t')).select('t.status'))
        .as('u')
    : statuses('both').as('u');
  const matches = db
    .selectFrom(source)
    .select('u.status')
    .limit(cap + 1);
  return db
    .selectFrom(matches.as('m'))
    .select(['m.status', sql<string>`count(*)`.as('n')])
    .groupBy('m.status');
}

/**
 * The number of orders per status tab under every filter but the status: one query, over the
 * kept counts (order-counts.ts, exact) when the filter has no keyword and no dates with another
 * filter, else over the matching orders, at most `cap` of them. Past the cap, `all` is the cap,
 * each status counts what it has among the orders read (the cap at most), and `capped` says they
 * are lower bounds.
 */
export async function countOrders(
  db: DB,
  cuId: number,
  filter: OrderFilterFields,
  cap: number = ORDER_COUNT_CAP,
): Promise<CountedOrders> {
  if (summaryAnswers(filter)) return { counts: await summaryCounts(db, cuId, filter), capped: false };
  const counts: OrderCounts = {
    all: 0,
    pending_approval: 0,
    pending_confirm: 0,
    not_finished: 0,
    finished: 0,
    cancelled: 0,
  };
  for (const row of await matchCountQuery(db, cuId, filter, cap).execute()) {
    const n = Number(row.n);
    if (row.status in counts) counts[row.status as OrderStatus] = n;
    counts.all += n;
  }
  const capped = counts.all > cap;
  if (capped)
    for (const key of Object.keys(counts) as Array<keyof OrderCounts>)
      counts[key] = Math.min(counts[key], cap);
  return { counts, capped };
}

/**
 * The select of one page's orders (sorted, `limit` from `start`), shaped by how many match
 * (`matched`, the tab's count; `capped`: at least that many). Without a keyword the planner walks
 * the sort's index. With one, it cannot tell a keyword's few matches from many, so the shape is
 * chosen here: up to `FEW_MATCHES`, the matches from the trigram index, then sorted (a subquery
 * with `offset 0`, which the planner keeps apart); more, and the sort is the creation time, the
 * sort's index walked with the keyword tested on each order until the page is full.
 */
export function orderPage(
  db: DB,
  cuId: number,
  filter: OrderFilter,
  matched: { count: number; capped: boolean },
): SelectQueryBuilder<Database, 'orders', object> {
  const keyword = Boolean(filter.keyword?.trim());
  if ((filter.due || filter.modification) && !keyword) {
    // the page's ids first, sorted and cut from `orders_due` alone (it carries the creation time),
    // or from the orders of the answered requests, then their rows: joined before the cut, every
    // matching order's project, site and cities were read (699 orders of the big customer at 1 M:
    // p95 11.5 ms, over the list's 10; `npm run bench:overview`)
    const ids = sortOrders(filteredOrders(db, cuId, filter).select('orders.id'), filter.sort)
      .limit(filter.limit)
      .offset(filter.start);
    return sortOrders(db.selectFrom('orders').where('orders.id', 'in', ids), filter.sort);
  }
  const many = matched.capped || matched.count > FEW_MATCHES;
  let query = filteredOrders(db, cuId, filter);
  if (keyword && !many) {
    const matches = filteredOrders(db, cuId, filter).selectAll('orders').offset(0);
    // the same columns under the same name: the joins and the sort read it as the orders table
    query = db.selectFrom(matches.as('orders')) as unknown as SelectQueryBuilder<Database, 'orders', object>;
  } else if (keyword && parseSort(filter.sort).column === 'created_at') {
    query = filteredOrders(db, cuId, filter, 'scan');
  }
  return sortOrders(query, filter.sort).limit(filter.limit).offset(filter.start);
}

/** `created_at`, `-created_at` … → the column and direction; the order id breaks ties the same way. */
export function parseSort(sort: string | undefined): {
  column: 'created_at' | 'order_no' | 'pickup_at' | 'deliver_by' | 'status' | 'updated_at';
  direction: 'asc' | 'desc';
} {
  const value = sort ?? '-created_at';
  const desc = value.startsWith('-');
  const column = (desc ? value.slice(1) : value) as ReturnType<typeof parseSort>['column'];
  return { column, direction: desc ? 'desc' : 'asc' };
}

/**
 * Sorts a select of orders by `sort` (empty dates last either way; statuses in their life order,
 * as the tabs show them), then by id.
 */
export function sortOrders<O>(
  query: SelectQueryBuilder<Database, 'orders', O>,
  sort: string | undefined,
): SelectQueryBuilder<Database, 'orders', O> {
  const { column, direction } = parseSort(sort);
  const nullable = column === 'pickup_at' || column === 'deliver_by';
  if (column === 'status')
    return query
      .orderBy(sql`array_position(array[${sql.join(ORDER_STATUSES)}]::text[], orders.status)`, direction)
      .orderBy('orders.id', direction);
  return query
    .orderBy(`orders.${column}`, (ob) => {
      const ordered = direction === 'desc' ? ob.desc() : ob.asc();
      return nullable ? ordered.nullsLast() : ordered;
    })
    .orderBy('orders.id', direction);
}
