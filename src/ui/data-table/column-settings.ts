/**
 * Column settings of a list: which columns show, in which order, how wide. Saved per user and
 * customer by the server (`common/get-list-field-cache`, `common/cache-list-field`); the table
 * takes the persistence as an interface so that it does not depend on the transport.
 */
export interface ColumnSetting {
  /** The column's key (`DataColumn.key`). */
  key: string;
  visible: boolean;
  /** Width in px, when the user set one. */
  width?: number;
}

/** Where a list's column settings are kept. `list` names the list (`customer-order/index`). */
export interface ColumnSettingsPersistence {
  /** The saved settings in display order, or null when the user never saved any. */
  load(list: string): Promise<ColumnSetting[] | null>;
  save(list: string, settings: ColumnSetting[]): Promise<void>;
}

/** What the settings need to know of a column. */
export interface ColumnDefaults {
  key: string;
  /** False: always shown (the order number). Default true. */
  hideable?: boolean;
  /** Hidden until the user shows it. */
  hidden?: boolean;
}

/** Settings kept in memory (tests; pages that do not save their columns). */
export function memoryColumnSettings(
  initial: Record<string, ColumnSetting[]> = {},
): ColumnSettingsPersistence & { saved: Map<string, ColumnSetting[]> } {
  const saved = new Map(Object.entries(initial).map(([list, s]) => [list, s.map((c) => ({ ...c }))]));
  return {
    saved,
    load: async (list) => saved.get(list)?.map((c) => ({ ...c })) ?? null,
    save: async (list, settings) => {
      saved.set(
        list,
        settings.map((c) => ({ ...c })),
      );
    },
  };
}

/** The columns as they are before any choice of the user. */
export function defaultColumnSettings(columns: readonly ColumnDefaults[]): ColumnSetting[] {
  return columns.map((c) => ({ key: c.key, visible: c.hideable === false || !c.hidden }));
}

function valid(value: unknown): value is ColumnSetting {
  const v = value as Partial<ColumnSetting> | null;
  return typeof v?.key === 'string' && typeof v.visible === 'boolean';
}

const validWidth = (width: unknown): width is number =>
  typeof width === 'number' && Number.isFinite(width) && width >= 24;

/**
 * The saved settings applied to today's columns: saved order and visibility; unknown or
 * malformed entries dropped (a column that no longer exists), widths under 24 px ignored; columns added since the settings
 * were saved placed after the column they follow in the definition; columns that cannot be
 * hidden shown.
 */
export function resolveColumnSettings(
  columns: readonly ColumnDefaults[],
  saved: readonly unknown[] | null,
): ColumnSetting[] {
  if (!saved) return defaultColumnSettings(columns);
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const out: ColumnSetting[] = [];
  for (const entry of saved) {
    if (!valid(entry)) continue;
    const column = byKey.get(entry.key);
    if (!column || out.some((s) => s.key === entry.key)) continue;
    const setting: ColumnSetting = { key: entry.key, visible: column.hideable === false || entry.visible };
    if (validWidth(entry.width)) setting.width = Math.round(entry.width);
    out.push(setting);
  }
  columns.forEach((column, index) => {
    if (out.some((s) => s.key === column.key)) return;
    const setting = { key: column.key, visible: column.hideable === false || !column.hidden };
    let after = -1;
    for (let i = index - 1; i >= 0 && after < 0; i--) after = out.findIndex((s) => s.key === columns[i]?.key);
    out.splice(after + 1, 0, setting);
  });
  return out;
}

/** Moves `key` by `delta` places (−1 up, +1 down); returns the same list when it cannot move. */
export function moveColumn(settings: readonly ColumnSetting[], key: string, delta: number): ColumnSetting[] {
  const from = settings.findIndex((s) => s.key === key);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= settings.length) return [...settings];
  const next = [...settings];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as ColumnSetting);
  return next;
}

export function sameSettings(a: readonly ColumnSetting[], b: readonly ColumnSetting[]): boolean {
  return (
    a.length === b.length &&
    a.every((s, i) => s.key === b[i]?.key && s.visible === b[i]?.visible && s.width === b[i]?.width)
  );
}
