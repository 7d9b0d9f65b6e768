import { sql } from 'kysely';
import {
  OVERVIEW_EXPIRY_DAYS,
  OVERVIEW_ITEMS,
  type Overview,
} from '../../../src/contract/orders/overview.ts';
import type { DB } from '../../db/database.ts';
import { addDays } from './overview-weeks.ts';

type Stock = Overview['inventory'];

const available = sql<string>`i.quantity - i.reserved`;

/** Lines of customer `cuId` passing `where`, in `order`: the first `OVERVIEW_ITEMS` and how many. */
async function stockLines(
  db: DB,
  cuId: number,
  where: ReturnType<typeof sql<boolean>>,
  order: ReturnType<typeof sql>,
): Promise<Stock['low']> {
  const rows = await db
    .selectFrom('inventory as i')
    .select([
      'i.in_id',
      'i.code',
      'i.name',
      'i.batch_no',
      'i.unit',
      available.as('available'),
      'i.low_level',
      sql<string | null>`to_char(i.expiry, 'YYYY-MM-DD')`.as('expiry'),
      'i.depot',
      sql<string>`count(*) over ()`.as('total'),
    ])
    .where('i.cu_id', '=', cuId)
    .where(where)
    .orderBy(order)
    .orderBy('i.in_id')
    .limit(OVERVIEW_ITEMS)
    .execute();
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map(({ total: _total, ...row }) => ({
      ...row,
      available: Number(row.available),
      low_level: row.low_level === null ? null : Number(row.low_level),
    })),
  };
}

/**
 * The customer's stock needing a look: lines with a reorder level and `available` at or below
 * it (lowest first), and lines with something available whose expiry is at most
 * `OVERVIEW_EXPIRY_DAYS` days after `today` (China), expired ones included (soonest first).
 */
export async function stockOverview(db: DB, cuId: number, today: string): Promise<Stock> {
  const [low, expiring] = await Promise.all([
    stockLines(db, cuId, sql<boolean>`i.low_level is not null and ${available} <= i.low_level`, available),
    stockLines(
      db,
      cuId,
      sql<boolean>`${available} > 0 and i.expiry <= ${addDays(today, OVERVIEW_EXPIRY_DAYS)}::date`,
      sql`i.expiry`,
    ),
  ]);
  return { low, expiring };
}
