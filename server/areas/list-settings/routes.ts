import * as ops from '../../../src/contract/list-settings/operations.ts';
import { handle } from '../../http/route.ts';
import { loadListSettings, saveListSettings } from './list-settings.ts';

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
];
