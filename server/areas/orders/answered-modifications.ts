import { sql } from 'kysely';
import { ANSWERED_DAYS } from '../../../src/contract/orders/modification-filter.ts';
import type { DB } from '../../db/database.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The earliest answer that still counts at `now` (`ANSWERED_DAYS` back). */
export const answeredSince = (now: Date): Date => new Date(now.getTime() - ANSWERED_DAYS * DAY_MS);

/**
 * The modification requests (`order_modifications as m`) of customer `cuId` the provider answered
 * (accepted or rejected) at `since` or later: a short range of `order_modifications_answered`
 * (`cu_id, answered_at desc`, partial on `status <> 'pending'`; a trigger keeps each request's
 * customer, that of its order). The one definition the home page's overview counts with
 * (`count(distinct m.order_id)`) and the order list's `modification=answered` selects with
 * (`orders.id in (… m.order_id)`), so the count and the list it opens never disagree.
 */
export function answeredModifications(db: DB, cuId: number, since: Date) {
  return db
    .selectFrom('order_modifications as m')
    .where('m.cu_id', '=', cuId)
    .where(sql<boolean>`m.status <> 'pending'`)
    .where('m.answered_at', '>=', since);
}
