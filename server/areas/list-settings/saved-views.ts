import { Code } from '../../../src/contract/codes.ts';
import { VIEWS_MAX } from '../../../src/contract/list-settings/limits.ts';
import type { SavedView } from '../../../src/contract/list-settings/schemas.ts';
import { ApiError, invalidField } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { type ListOwner, ownerKey } from './list-settings.ts';

/**
 * Saved views: a user's named filter sets of a list on a customer (a session without one keeps
 * them under customer 0, as the column settings). A view is the list's address query; the list
 * reads it as it reads any address, so a view never holds anything the address could not.
 */

const asView = (row: { id: number; name: string; query: string; updated_at: Date | string }): SavedView => ({
  id: row.id,
  name: row.name,
  query: row.query,
  updated_at: new Date(row.updated_at).toISOString(),
});

/** The owner's views of the list, by name. */
export async function listViews(db: DB, owner: ListOwner): Promise<SavedView[]> {
  const { uid, cu_id, list } = ownerKey(owner);
  const rows = await db
    .selectFrom('saved_views')
    .select(['id', 'name', 'query', 'updated_at'])
    .where('uid', '=', uid)
    .where('cu_id', '=', cu_id)
    .where('list', '=', list)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return rows.map(asView);
}

/**
 * Saves a view under its name, replacing the owner's view of that name, in one transaction; a
 * new name beyond VIEWS_MAX views of the list is refused (422 on `name`) and nothing changes.
 */
export async function saveView(
  db: DB,
  owner: ListOwner,
  view: { name: string; query: string },
  now: Date,
): Promise<SavedView> {
  const { uid, cu_id, list } = ownerKey(owner);
  return db.transaction().execute(async (trx) => {
    // one writer per user and list at a time: the count and the insert see the same rows
    await trx.selectFrom('users').select('uid').where('uid', '=', uid).forUpdate().executeTakeFirst();
    const same = await trx
      .selectFrom('saved_views')
      .select('id')
      .where('uid', '=', uid)
      .where('cu_id', '=', cu_id)
      .where('list', '=', list)
      .where('name', '=', view.name)
      .executeTakeFirst();
    if (!same) {
      const count = await trx
        .selectFrom('saved_views')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('uid', '=', uid)
        .where('cu_id', '=', cu_id)
        .where('list', '=', list)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= VIEWS_MAX)
        throw invalidField('name', 'A list keeps at most {max} views: delete one you no longer use first', {
          max: VIEWS_MAX,
        });
    }
    const row = await trx
      .insertInto('saved_views')
      .values({ uid, cu_id, list, name: view.name, query: view.query, updated_at: now })
      .onConflict((oc) =>
        oc.columns(['uid', 'cu_id', 'list', 'name']).doUpdateSet({ query: view.query, updated_at: now }),
      )
      .returning(['id', 'name', 'query', 'updated_at'])
      .executeTakeFirstOrThrow();
    return asView(row);
  });
}

/** Deletes one of the owner's views of the list; another's (or none) answers 404 and nothing changes. */
export async function deleteView(db: DB, owner: ListOwner, id: number): Promise<void> {
  const { uid, cu_id, list } = ownerKey(owner);
  const gone = await db
    .deleteFrom('saved_views')
    .where('id', '=', id)
    .where('uid', '=', uid)
    .where('cu_id', '=', cu_id)
    .where('list', '=', list)
    .returning('id')
    .executeTakeFirst();
  if (!gone) throw new ApiError(Code.notFound, 'No such view');
}
