import * as v from 'valibot';
import { msg } from '../messages.ts';
import { Id, RequiredText } from '../fields.ts';
import {
  FIELD_KEY_MAX,
  FIELD_WIDTH_MAX,
  FIELD_WIDTH_MIN,
  LIST_FIELDS_MAX,
  LIST_NAME_MAX,
  VIEW_NAME_MAX,
  VIEW_QUERY_MAX,
} from './limits.ts';

/** A list's name: path-like segments of letters, digits, `-` and `_`, joined by `/`. */
const LIST_NAME = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
/** A column's key: letters, digits, `_`, `-` and `.` (the field the server sorts by). */
const FIELD_KEY = /^[A-Za-z0-9_.-]+$/;

/** The list whose columns are meant (`customer-order/index`). */
export const ListName = v.pipe(
  v.string(msg('string')),
  v.nonEmpty(msg('required')),
  v.maxLength(LIST_NAME_MAX, msg('maxLength', { max: LIST_NAME_MAX })),
  v.regex(LIST_NAME, msg('listName')),
);

/** One column: its key, whether it shows, and its width when the user set one. */
export const ColumnSettingSchema = v.strictObject({
  key: v.pipe(
    v.string(msg('string')),
    v.nonEmpty(msg('required')),
    v.maxLength(FIELD_KEY_MAX, msg('maxLength', { max: FIELD_KEY_MAX })),
    v.regex(FIELD_KEY, msg('fieldKey')),
  ),
  visible: v.boolean(msg('boolean')),
  width: v.optional(
    v.pipe(
      v.number(msg('number')),
      v.integer(msg('integer')),
      v.minValue(FIELD_WIDTH_MIN, msg('min', { min: FIELD_WIDTH_MIN })),
      v.maxValue(FIELD_WIDTH_MAX, msg('max', { max: FIELD_WIDTH_MAX })),
    ),
  ),
});
export type ColumnSetting = v.InferOutput<typeof ColumnSettingSchema>;

/** The columns of a list in display order: 1–100 of them, no key twice (reported on the repeat). */
export const ColumnSettingList = v.pipe(
  v.array(ColumnSettingSchema, msg('list')),
  v.minLength(1, msg('minItems', { min: 1 })),
  v.maxLength(LIST_FIELDS_MAX, msg('maxItems', { max: LIST_FIELDS_MAX })),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const seen = new Set<string>();
    dataset.value.forEach((entry, index) => {
      if (!seen.has(entry.key)) {
        seen.add(entry.key);
        return;
      }
      addIssue({
        message: msg('repeatedColumn'),
        path: [
          { type: 'array', origin: 'value', input: dataset.value, key: index, value: entry },
          { type: 'object', origin: 'value', input: entry, key: 'key', value: entry.key },
        ],
      });
    });
  }),
);

/** `GET common/get-list-field-cache` query. */
export const ListFieldCacheQuery = v.strictObject({ list: ListName });
export type ListFieldCacheQuery = v.InferInput<typeof ListFieldCacheQuery>;

/** Its answer: the saved columns, or `fields: null` when the user never saved this list here. */
export const ListFieldCacheSchema = v.strictObject({
  list: v.string(),
  fields: v.nullable(v.array(ColumnSettingSchema)),
});
export type ListFieldCache = v.InferOutput<typeof ListFieldCacheSchema>;

/** `POST common/cache-list-field` body: the whole setting of one list (it replaces the old one). */
export const CacheListFieldRequest = v.strictObject({ list: ListName, fields: ColumnSettingList });
export type CacheListFieldRequest = v.InferInput<typeof CacheListFieldRequest>;

/**
 * A saved view: a named filter set of a list (its search, filters, sort and page size as the
 * list's address query, `?status=finished&pr_id=3`), kept per user and customer.
 */
export const SavedViewSchema = v.strictObject({
  id: v.number(),
  name: v.string(),
  query: v.string(),
  updated_at: v.string(),
});
export type SavedView = v.InferOutput<typeof SavedViewSchema>;

/** `GET common/list-views {list}`: the user's views of the list on the session's customer, by name. */
export const ListViewsQuery = v.strictObject({ list: ListName });
export const ListViewsSchema = v.strictObject({ list: v.array(SavedViewSchema) });
export type ListViews = v.InferOutput<typeof ListViewsSchema>;

/** An address query: empty, or `?` and its parameters. */
const ViewQuery = v.pipe(
  v.string(msg('string')),
  v.maxLength(VIEW_QUERY_MAX, msg('maxLength', { max: VIEW_QUERY_MAX })),
  v.regex(/^(\?[^#\s]*)?$/, msg('viewQuery')),
);

/** `POST common/list-view-save {list, name, query}`: saves a view under its name (one of that name is replaced). */
export const SaveViewRequest = v.strictObject({
  list: ListName,
  name: RequiredText(VIEW_NAME_MAX),
  query: ViewQuery,
});
export type SaveViewRequest = v.InferInput<typeof SaveViewRequest>;

/** `POST common/list-view-del {list, id}`: deletes one of the user's views of the list (on the session's customer). */
export const DeleteViewRequest = v.strictObject({ list: ListName, id: Id });
