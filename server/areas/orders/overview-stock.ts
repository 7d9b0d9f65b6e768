import { sql } from 'kysely';
import type { StockAttention } from '../../../src/contract/inventory/attention.ts';
import { GOODS_TYPES, type GoodsType } from '../../../src/contract/orders/domain.ts';
import { OVERVIEW_ITEMS, type Overview } from '../../../src/contract/orders/overview.ts';
import type { DB } from '../../db/database.ts';
import { AVAILABLE, attentionWhere } from '../inventory/attention.ts';

type Stock = Overview['inventory'];

/** How a part's entries come first: the lowest available, the soonest expiry. */
const FIRST: Record<StockAttention, ReturnType<typeof sql>> = {
  low: AVAILABLE,
  expiring: sql`i.expiry`,
};

/**
 * Lines of customer `cuId` needing `attention` (the stock list's filter of that name, the same
 * predicate): the first `OVERVIEW_ITEMS` and how many of each goods type, in one statement (the
 * window counts are taken before the limit).
 */
async function stockLines(
  db: DB,
  cuId: number,
  attention: StockAttention,
  today: string,
): Promise<Stock['low']> {
  const rows = await db
    .selectFrom('inventory as i')
    .select([
      'i.in_id',
      'i.goods_type',
      'i.code',
      'i.name',
      'i.batch_no',
      'i.unit',
      AVAILABLE.as('available'),
      'i.low_level',
      sql<string | null>`to_char(i.expiry, 'YYYY-MM-DD')`.as('expiry'),
      'i.depot',
      sql<string>`count(*) filter (where i.goods_type = 1) over ()`.as('t1'),
      sql<string>`count(*) filter (where i.goods_type = 2) over ()`.as('t2'),
      sql<string>`count(*) filter (where i.goods_type = 3) over ()`.as('t3'),
    ])
    .where('i.cu_id', '=', cuId)
    .where(attentionWhere(attention, today))
    .orderBy(FIRST[attention])
    .orderBy('i.in_id')
    .limit(OVERVIEW_ITEMS)
    .execute();
  const first = rows[0];
  const byType = GOODS_TYPES.map((goods_type) => ({
    goods_type,
    total: first ? Number(first[`t${goods_type}`]) : 0,
  })).filter((type) => type.total > 0);
  return {
    total: byType.reduce((sum, type) => sum + type.total, 0),
    by_goods_type: byType,
    items: rows.map(({ t1: _t1, t2: _t2, t3: _t3, ...row }) => ({
      ...row,
      goods_type: row.goods_type as GoodsType,
      available: Number(row.available),
      low_level: row.low_level === null ? null : Number(row.low_level),
    })),
  };
}

/**
 * The customer's stock needing a look (server/areas/inventory/attention.ts): lines at or below
 * their reorder level (lowest available first), and lines with something available expiring
 * within `OVERVIEW_EXPIRY_DAYS` days of `today` (China), expired ones included (soonest first).
 */
export async function stockOverview(db: DB, cuId: number, today: string): Promise<Stock> {
  const [low, expiring] = await Promise.all([
    stockLines(db, cuId, 'low', today),
    stockLines(db, cuId, 'expiring', today),
  ]);
  return { low, expiring };
}
