import { sql } from 'kysely';
import {
  type ExpiryState,
  SOON_EXPIRING_DAYS,
  type StockSortKey,
  STOCK_SORT_KEYS,
} from '../../../src/contract/inventory/schemas.ts';
import type {
  InventoryLine,
  InventoryList,
  Movement,
  StockOutList,
} from '../../../src/contract/inventory/schemas.ts';
import type { StockAttention } from '../../../src/contract/inventory/attention.ts';
import type { GoodsType, TempClass } from '../../../src/contract/orders/domain.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { DB } from '../../db/database.ts';
import { ApiError } from '../../core/errors.ts';
import { projectOf } from '../master-data/projects.ts';
import { textMatch } from '../master-data/text-match.ts';
import { AVAILABLE, attentionWhere } from './attention.ts';

/** What a keyword matches on a stock line: name, code, batch, spec, the name's initials. */
const LINE_TEXT = ['i.name', 'i.code', 'i.batch_no', 'i.spec', 'i.pinyin'] as const;

export interface StockFilter {
  keyword?: string;
  goodsType?: GoodsType | undefined;
  prId?: number | undefined;
  tempClass?: TempClass | undefined;
  depot?: string | undefined;
  /** Lines expiring within this many days of `today` (and those already expired). */
  expiringDays?: number | undefined;
  /** Expired (before today), soon expiring (within SOON_EXPIRING_DAYS) or valid (later, or none). */
  expiryState?: ExpiryState | undefined;
  /** Only lines with something available. */
  inStock?: boolean;
  /** The lines the home page's overview counts as running low or expiring (attention.ts). */
  attention?: StockAttention | undefined;
  code?: string;
  ids?: readonly number[];
}

/** The customer's stock lines matching `filter`, with their project, as a query. */
function lines(db: DB, cuId: number, filter: StockFilter, today: string) {
  let query = db
    .selectFrom('inventory as i')
    .leftJoin('projects as p', 'p.pr_id', 'i.pr_id')
    .select([
      'i.in_id',
      'i.pr_id',
      sql<string>`coalesce(p.protocol_no, '')`.as('protocol_no'),
      sql<string>`coalesce(p.name, '')`.as('project_name'),
      'i.goods_type',
      'i.code',
      'i.name',
      'i.spec',
      'i.unit',
      'i.batch_no',
      sql<string | null>`to_char(i.expiry, 'YYYY-MM-DD')`.as('expiry'),
      'i.quantity',
      'i.reserved',
      AVAILABLE.as('available'),
      'i.low_level',
      'i.depot',
      'i.temp_class',
      'i.recoverable',
      'i.pinyin',
      'i.hold',
      (eb) =>
        eb
          .selectFrom('excursion_lines as xl')
          .select((x) => x.fn.max('xl.case_id').as('case_id'))
          .whereRef('xl.in_id', '=', 'i.in_id')
          .as('case_id'),
    ])
    .where('i.cu_id', '=', cuId);
  if (filter.goodsType) query = query.where('i.goods_type', '=', filter.goodsType);
  if (filter.prId) query = query.where('i.pr_id', '=', filter.prId);
  if (filter.tempClass) query = query.where('i.temp_class', '=', filter.tempClass);
  if (filter.depot) query = query.where('i.depot', '=', filter.depot);
  if (filter.code) query = query.where('i.code', '=', filter.code);
  if (filter.ids) query = query.where('i.in_id', 'in', filter.ids.length ? [...filter.ids] : [0]);
  if (filter.keyword) query = query.where(textMatch(filter.keyword, LINE_TEXT));
  if (filter.inStock) query = query.where(sql<boolean>`i.quantity > i.reserved`);
  if (filter.attention) query = query.where(attentionWhere(filter.attention, today));
  if (filter.expiringDays !== undefined)
    query = query.where(sql<boolean>`i.expiry <= ${today}::date + ${filter.expiringDays}::int`);
  if (filter.expiryState === 'expired') query = query.where(sql<boolean>`i.expiry < ${today}::date`);
  if (filter.expiryState === 'soon')
    query = query.where(
      sql<boolean>`i.expiry between ${today}::date and ${today}::date + ${SOON_EXPIRING_DAYS}::int`,
    );
  if (filter.expiryState === 'valid')
    query = query.where(
      sql<boolean>`(i.expiry is null or i.expiry > ${today}::date + ${SOON_EXPIRING_DAYS}::int)`,
    );
  return query;
}

type LineRow = Awaited<ReturnType<ReturnType<typeof lines>['execute']>>[number];

const toLine = (row: LineRow): InventoryLine => ({
  ...row,
  goods_type: row.goods_type as GoodsType,
  temp_class: row.temp_class as TempClass,
  quantity: Number(row.quantity),
  reserved: Number(row.reserved),
  available: Number(row.available),
  low_level: row.low_level === null ? null : Number(row.low_level),
});

/** One formatter for every call: making an `Intl.DateTimeFormat` costs far more than formatting. */
const CHINA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' });

/** Today in China (`yyyy-mm-dd`): expiry dates are calendar days there. */
export const chinaDay = (now: Date) => CHINA_DAY.format(now);

/** 404 unless the project is the customer's. */
async function checkProject(db: DB, cuId: number, prId: number | undefined) {
  if (prId) await projectOf(db, cuId, prId);
}

const SORT_COLUMNS: Record<StockSortKey, ReturnType<typeof sql>> = {
  name: sql`i.name`,
  batch_no: sql`i.batch_no`,
  expiry: sql`i.expiry`,
  quantity: sql`i.quantity`,
  reserved: sql`i.reserved`,
  available: AVAILABLE,
  depot: sql`i.depot`,
};

/** `sort` (`field` or `-field`, see STOCK_SORT_KEYS) first, then name, first expiring, id. */
export function sorted<Q extends ReturnType<typeof lines>>(query: Q, sort: string | undefined): Q {
  const key = sort?.replace(/^-/, '') as StockSortKey | undefined;
  let out = query;
  if (key && STOCK_SORT_KEYS.includes(key)) {
    const direction = sort?.startsWith('-') ? sql`desc nulls last` : sql`asc nulls last`;
    out = out.orderBy(sql`${SORT_COLUMNS[key]} ${direction}`) as Q;
  }
  return out.orderBy('i.name').orderBy(sql`i.expiry asc nulls last`).orderBy('i.in_id') as Q;
}

/** The customer's stock lines matching `filter`, sorted, from `start` (at most `limit`). */
export async function stockLines(
  db: DB,
  cuId: number,
  filter: StockFilter,
  page: { start: number; limit: number; sort?: string | undefined },
  now: Date,
): Promise<InventoryLine[]> {
  await checkProject(db, cuId, filter.prId);
  const rows = await sorted(lines(db, cuId, filter, chinaDay(now)), page.sort)
    .limit(page.limit)
    .offset(page.start)
    .execute();
  return rows.map(toLine);
}

/** How many of the customer's lines `filter` selects. */
export async function countLines(db: DB, cuId: number, filter: StockFilter, now: Date): Promise<number> {
  await checkProject(db, cuId, filter.prId);
  const row = await lines(db, cuId, filter, chinaDay(now))
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The depots the customer has stock lines in (of a goods type), by name. */
export async function stockDepots(db: DB, cuId: number, goodsType: GoodsType | undefined) {
  let query = db.selectFrom('inventory as i').select('i.depot').distinct().where('i.cu_id', '=', cuId);
  if (goodsType) query = query.where('i.goods_type', '=', goodsType);
  const rows = await query.where('i.depot', '<>', '').orderBy('i.depot').execute();
  return rows.map((r) => r.depot);
}

/** A page of the customer's stock: by name, then the first expiring batch first. */
export async function stockPage(
  db: DB,
  cuId: number,
  filter: StockFilter,
  page: { start: number; limit: number; sort?: string | undefined },
  now: Date,
): Promise<InventoryList> {
  await checkProject(db, cuId, filter.prId);
  const query = lines(db, cuId, filter, chinaDay(now));
  const [rows, total] = await Promise.all([
    sorted(query, page.sort).limit(page.limit).offset(page.start).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(toLine), total: Number(total.n) };
}

/** Up to `max` lines with something available, for the goods picker. */
export async function searchLines(db: DB, cuId: number, filter: StockFilter, max: number, now: Date) {
  await checkProject(db, cuId, filter.prId);
  const rows = await lines(db, cuId, { ...filter, inStock: true }, chinaDay(now))
    .orderBy('i.name')
    .orderBy(sql`i.expiry asc nulls last`)
    .orderBy('i.in_id')
    .limit(max)
    .execute();
  return rows.map(toLine);
}

/** The customer's lines of these ids, in the order asked; 404 when any is not theirs. */
export async function linesOf(
  db: DB,
  cuId: number,
  ids: readonly number[],
  now: Date,
): Promise<InventoryLine[]> {
  const rows = (await lines(db, cuId, { ids }, chinaDay(now)).execute()).map(toLine);
  const byId = new Map(rows.map((row) => [row.in_id, row]));
  return ids.map((id) => {
    const line = byId.get(id);
    if (!line) throw new ApiError(Code.notFound, 'No such stock line');
    return line;
  });
}

/** A line and its movements, newest first (at most 500). */
export async function lineDetail(db: DB, cuId: number, inId: number, now: Date) {
  const [line] = await linesOf(db, cuId, [inId], now);
  const movements = await db
    .selectFrom('inventory_movements as m')
    .leftJoin('orders as o', (join) => join.onRef('o.id', '=', 'm.order_id').on('o.cu_id', '=', cuId))
    .select(['m.id', 'm.at', 'm.kind', 'm.delta', 'm.order_id', 'o.order_no', 'm.note'])
    .where('m.in_id', '=', inId)
    .orderBy('m.at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(500)
    .execute();
  return {
    line: line as InventoryLine,
    movements: movements.map(
      (m): Movement => ({
        ...m,
        id: Number(m.id),
        at: m.at.toISOString(),
        delta: Number(m.delta),
        order_no: m.order_no ?? null,
      }),
    ),
  };
}

/** The customer's outbound movements, newest first; days are China's calendar days. */
export async function stockOutPage(
  db: DB,
  cuId: number,
  filter: {
    keyword: string;
    prId?: number | undefined;
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
  },
  page: { start: number; limit: number },
): Promise<StockOutList> {
  await checkProject(db, cuId, filter.prId);
  let query = db
    .selectFrom('inventory_movements as m')
    .innerJoin('inventory as i', 'i.in_id', 'm.in_id')
    .leftJoin('orders as o', (join) => join.onRef('o.id', '=', 'm.order_id').on('o.cu_id', '=', cuId))
    .select([
      'm.id',
      'm.at',
      'm.in_id',
      'i.goods_type',
      'i.code',
      'i.name',
      'i.batch_no',
      'i.unit',
      sql<string>`-m.delta`.as('quantity'),
      'm.order_id',
      'o.order_no',
      'i.depot',
    ])
    .where('i.cu_id', '=', cuId)
    .where('m.kind', '=', 'outbound');
  if (filter.prId) query = query.where('i.pr_id', '=', filter.prId);
  if (filter.keyword) query = query.where(textMatch(filter.keyword, [...LINE_TEXT, 'o.order_no']));
  if (filter.dateFrom)
    query = query.where(sql<boolean>`m.at >= (${filter.dateFrom} || ' 00:00+08')::timestamptz`);
  if (filter.dateTo)
    query = query.where(
      sql<boolean>`m.at < (${filter.dateTo} || ' 00:00+08')::timestamptz + interval '1 day'`,
    );
  const [rows, total] = await Promise.all([
    query.orderBy('m.at', 'desc').orderBy('m.id', 'desc').limit(page.limit).offset(page.start).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      ...r,
      id: Number(r.id),
      at: r.at.toISOString(),
      goods_type: r.goods_type as GoodsType,
      quantity: Number(r.quantity),
      order_no: r.order_no ?? null,
    })),
    total: Number(total.n),
  };
}

/** The customer's goods catalogue: one entry per goods type, code, name, spec, unit and class. */
export async function goodsSizes(
  db: DB,
  cuId: number,
  filter: { goodsType?: GoodsType | undefined; prId?: number | undefined },
) {
  await checkProject(db, cuId, filter.prId);
  let query = db
    .selectFrom('inventory as i')
    .select([
      'i.goods_type',
      'i.code',
      'i.name',
      'i.spec',
      'i.unit',
      'i.temp_class',
      sql<string>`sum(i.quantity - i.reserved)`.as('available'),
    ])
    .where('i.cu_id', '=', cuId)
    .groupBy(['i.goods_type', 'i.code', 'i.name', 'i.spec', 'i.unit', 'i.temp_class']);
  if (filter.goodsType) query = query.where('i.goods_type', '=', filter.goodsType);
  if (filter.prId) query = query.where('i.pr_id', '=', filter.prId);
  const rows = await query
    .orderBy('i.goods_type')
    .orderBy('i.name')
    .orderBy('i.code')
    .orderBy('i.spec')
    .execute();
  return rows.map((r) => ({
    ...r,
    goods_type: r.goods_type as GoodsType,
    temp_class: r.temp_class as TempClass,
    available: Number(r.available),
  }));
}

/** The batches of a code with something available, first expiring first (FEFO). */
export async function series(db: DB, cuId: number, code: string, prId: number | undefined, now: Date) {
  await checkProject(db, cuId, prId);
  const rows = await lines(db, cuId, { code, prId, inStock: true }, chinaDay(now))
    .orderBy(sql`i.expiry asc nulls last`)
    .orderBy('i.in_id')
    .execute();
  return rows.map((r) => ({
    in_id: r.in_id,
    batch_no: r.batch_no,
    expiry: r.expiry,
    available: Number(r.available),
    unit: r.unit,
    depot: r.depot,
  }));
}
