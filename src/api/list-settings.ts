import * as ops from '../contract/list-settings/operations.ts';
import { FIELD_WIDTH_MAX, FIELD_WIDTH_MIN } from '../contract/list-settings/limits.ts';
import type { ColumnSetting, ListFieldCache } from '../contract/list-settings/schemas.ts';
import { isApiError } from './errors.ts';
import { type ApiOutcome, emitOutcome, outcomeOf } from './outcomes.ts';
import { type CallOptions, call } from './transport.ts';

export type { ColumnSetting };

/** `GET common/get-list-field-cache`: the user's columns of `list` on the session's customer. */
export const getListFieldCache = (list: string, options?: CallOptions): Promise<ListFieldCache> =>
  call(ops.getListFieldCache, { list }, options);

/** `POST common/cache-list-field`: replaces the user's columns of `list` on the session's customer. */
export const cacheListField = (
  list: string,
  fields: readonly ColumnSetting[],
  options?: CallOptions,
): Promise<null> =>
  call(
    ops.cacheListField,
    // only what the contract knows: a column of the table may carry more
    {
      list,
      fields: fields.map(({ key, visible, width }) =>
        width === undefined ? { key, visible } : { key, visible, width },
      ),
    },
    options,
  );

/** A width the server takes: a whole number of px within the contract's range. */
function withinLimits(setting: ColumnSetting): ColumnSetting {
  if (setting.width === undefined) return setting;
  const width = Math.min(FIELD_WIDTH_MAX, Math.max(FIELD_WIDTH_MIN, Math.round(setting.width)));
  return { ...setting, width };
}

/** Outcomes about the session itself, not about the settings: every call of the page reports them. */
const SESSION_OUTCOMES: ReadonlySet<ApiOutcome['kind']> = new Set([
  'session-expired',
  'logged-in-elsewhere',
  'password-change-required',
]);

async function quietly<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const outcome = isApiError(error) ? outcomeOf(error) : null;
    if (outcome && SESSION_OUTCOMES.has(outcome.kind)) emitOutcome(outcome);
    throw error;
  }
}

/**
 * The column settings of the data table (`ColumnSettingsPersistence` of src/ui/data-table) kept
 * by the server per user and customer: pass it as `columnSettings={{ list, persistence:
 * serverColumnSettings }}`. Widths are rounded into the contract's 24–2000 px. A failure to load
 * or save is quiet (the table keeps its defaults, or the change on screen, and saves again with
 * the next change): no toast for a network fault, a 429 or a 500 about a convenience. Only an
 * ended session (598, 599) or a forced password change (463) is reported as on any other call,
 * since it is a fact about the session, not the settings. The promises still reject, so the
 * table knows.
 */
export const serverColumnSettings = {
  load: (list: string): Promise<ColumnSetting[] | null> =>
    quietly(async () => (await getListFieldCache(list, { quiet: true })).fields),
  save: (list: string, settings: readonly ColumnSetting[]): Promise<void> =>
    quietly(async () => {
      await cacheListField(list, settings.map(withinLimits), { quiet: true });
    }),
};
