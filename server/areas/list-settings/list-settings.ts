import type { ColumnSetting } from '../../../src/contract/list-settings/schemas.ts';
import type { DB } from '../../db/database.ts';

/**
 * Whose settings: a user on a customer, for one list. A session without a customer keeps its
 * settings under customer 0 (docs/api.md, "Column settings"). The functions below take the
 * database or a transaction on it (a Kysely transaction is a `DB` too).
 */
export interface ListOwner {
  uid: number;
  cuId: number | null;
  list: string;
}

/** A user keeps the settings of at most this many lists per customer; the least recently saved go first. */
export const LISTS_MAX = 100;

/** The owner as the tables key it (customer 0 for a session without one). */
export const ownerKey = (owner: ListOwner) => ({ uid: owner.uid, cu_id: owner.cuId ?? 0, list: owner.list });

/** The saved columns of a list in display order, or null when the owner never saved it. */
export async function loadListSettings(db: DB, owner: ListOwner): Promise<ColumnSetting[] | null> {
  const { uid, cu_id, list } = ownerKey(owner);
  const row = await db
    .selectFrom('list_settings')
    .select('fields')
    .where('uid', '=', uid)
    .where('cu_id', '=', cu_id)
    .where('list', '=', list)
    .executeTakeFirst();
  return row?.fields ?? null;
}

/**
 * Replaces the settings of a list with `fields` (nothing of the old ones is kept), and forgets
 * the least recently saved other lists of the same user and customer beyond LISTS_MAX, so that
 * made-up list names cannot fill the table. The list just saved always stays.
 */
export async function saveListSettings(
  db: DB,
  owner: ListOwner,
  fields: readonly ColumnSetting[],
  now: Date,
): Promise<void> {
  const { uid, cu_id, list } = ownerKey(owner);
  const json = JSON.stringify(fields.map(({ key, visible, width }) => ({ key, visible, width })));
  await db
    .insertInto('list_settings')
    .values({ uid, cu_id, list, fields: json, updated_at: now })
    .onConflict((oc) => oc.columns(['uid', 'cu_id', 'list']).doUpdateSet({ fields: json, updated_at: now }))
    .execute();
  // Best effort: a list over the bound that stays (a failure here) goes with the next save.
  const newestOthers = db
    .selectFrom('list_settings')
    .select('list')
    .where('uid', '=', uid)
    .where('cu_id', '=', cu_id)
    .where('list', '!=', list)
    .orderBy('updated_at', 'desc')
    .orderBy('list')
    .limit(LISTS_MAX - 1);
  await db
    .deleteFrom('list_settings')
    .where('uid', '=', uid)
    .where('cu_id', '=', cu_id)
    .where('list', '!=', list)
    .where('list', 'not in', newestOthers)
    .execute();
}
