import * as ops from '../../../src/contract/list-settings/operations.ts';
import { handle } from '../../http/route.ts';
import { loadListSettings, saveListSettings } from './list-settings.ts';
import { deleteView, listViews, saveView } from './saved-views.ts';

/** `common/get-list-field-cache`, `common/cache-list-field`: per user and the session's customer. */
export const routes = [
  handle(ops.getListFieldCache, async ({ input, session, deps }) => ({
    list: input.list,
    fields: await loadListSettings(deps.db, { uid: session.uid, cuId: session.cuId, list: input.list }),
  })),
  handle(ops.cacheListField, async ({ input, session, deps, now }) => {
    await saveListSettings(
      deps.db,
      { uid: session.uid, cuId: session.cuId, list: input.list },
      input.fields,
      now,
    );
    return null;
  }),
  // saved views (named filter sets of a list): per user and the session's customer
  handle(ops.listViews, async ({ input, session, deps }) => ({
    list: await listViews(deps.db, { uid: session.uid, cuId: session.cuId, list: input.list }),
  })),
  handle(ops.listViewSave, ({ input, session, deps, now }) =>
    saveView(deps.db, { uid: session.uid, cuId: session.cuId, list: input.list }, input, now),
  ),
  handle(ops.listViewDelete, async ({ input, session, deps }) => {
    await deleteView(deps.db, { uid: session.uid, cuId: session.cuId, list: input.list }, input.id);
    return null;
  }),
];
