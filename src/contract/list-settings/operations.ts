import { Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import { Code } from '../codes.ts';
import {
  CacheListFieldRequest,
  DeleteViewRequest,
  ListFieldCacheQuery,
  ListFieldCacheSchema,
  ListViewsQuery,
  ListViewsSchema,
  SavedViewSchema,
  SaveViewRequest,
} from './schemas.ts';

/**
 * The column settings of every list (which columns show, in which order, how wide), kept per
 * user and customer: the session's customer, so a switch of customer shows that customer's.
 */
const area = 'list-settings';

export const getListFieldCache = operation({
  area,
  method: 'GET',
  path: 'common/get-list-field-cache',
  summary: 'The column settings of a list for the user and the session’s customer (null: never saved)',
  auth: 'session',
  input: ListFieldCacheQuery,
  output: ListFieldCacheSchema,
});

export const cacheListField = operation({
  area,
  method: 'POST',
  path: 'common/cache-list-field',
  summary: 'Save the column settings of a list for the user and the session’s customer (replaces them)',
  auth: 'session',
  audit: { none: "the user's own column settings, no GxP record" },
  input: CacheListFieldRequest,
  output: Nothing,
  // The table saves when its settings popover closes: far below this, even with several tabs.
  rateLimits: [{ by: 'user', limit: 60, windowMs: 60_000 }],
});

export const listViews = operation({
  area,
  method: 'GET',
  path: 'common/list-views',
  summary: 'The user’s saved views of a list (named filter sets) on the session’s customer, by name',
  auth: 'session',
  input: ListViewsQuery,
  output: ListViewsSchema,
});

export const listViewSave = operation({
  area,
  method: 'POST',
  path: 'common/list-view-save',
  summary: 'Save the list’s current filters as a named view (replacing the user’s view of that name)',
  auth: 'session',
  audit: { none: "the user's own saved views, no GxP record" },
  input: SaveViewRequest,
  output: SavedViewSchema,
  codes: [Code.invalid],
  rateLimits: [{ by: 'user', limit: 60, windowMs: 60_000 }],
});

export const listViewDelete = operation({
  area,
  method: 'POST',
  path: 'common/list-view-del',
  summary: 'Delete one of the user’s saved views',
  auth: 'session',
  audit: { none: "the user's own saved views, no GxP record" },
  input: DeleteViewRequest,
  output: Nothing,
  codes: [Code.notFound],
  rateLimits: [{ by: 'user', limit: 60, windowMs: 60_000 }],
});
