import { type Kysely, sql } from 'kysely';

/**
 * The order list's keyword at a million orders (`npm run bench:orders`, docs/api.md "Order
 * benchmark"): every keyword search is one customer's (`cu_id = … and search_text like …`), so the
 * trigram index now leads with the customer.
 *
 * - `btree_gin` lets a GIN index hold `cu_id` beside the trigrams: a search reads only the
 *   customer's entries of each trigram, where `orders_search` returned every customer's orders
 *   with those trigrams and a second index (`cu_id`, 500,000 entries for the big customer) was
 *   ANDed with it. Both extensions are trusted (a database owner may create them); PGlite loads
 *   them as contrib modules (server/db/database.ts).
 * - `fastupdate = off`: new orders go into the index at once instead of a pending list that every
 *   search would read through (orders are written a few per second at most).
 * - `orders_search` is dropped: nothing searches the text across customers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create extension if not exists btree_gin;
    create index orders_customer_search on orders
      using gin (cu_id, search_text gin_trgm_ops) with (fastupdate = off);
    drop index orders_search;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index orders_search on orders using gin (search_text gin_trgm_ops);
    drop index orders_customer_search;
  `.execute(db);
}
