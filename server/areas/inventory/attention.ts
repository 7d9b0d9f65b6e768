import { type RawBuilder, sql } from 'kysely';
import { ATTENTION_EXPIRY_DAYS, type StockAttention } from '../../../src/contract/inventory/attention.ts';

/** What a line (`inventory as i`) has available: on hand less what open orders hold. */
export const AVAILABLE = sql<string>`i.quantity - i.reserved`;

/**
 * The lines of `inventory as i` needing a look (src/contract/inventory/attention.ts), `today`
 * being China's day (`yyyy-mm-dd`). The one definition the home page's overview counts with and
 * the stock list's `attention` filter selects with, so a count and the list it opens never
 * disagree.
 */
export function attentionWhere(attention: StockAttention, today: string): RawBuilder<boolean> {
  if (attention === 'low') return sql<boolean>`(i.low_level is not null and ${AVAILABLE} <= i.low_level)`;
  return sql<boolean>`(${AVAILABLE} > 0 and i.expiry <= ${today}::date + ${ATTENTION_EXPIRY_DAYS}::int)`;
}
