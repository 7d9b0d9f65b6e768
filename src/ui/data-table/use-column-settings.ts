import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  type ColumnDefaults,
  type ColumnSetting,
  type ColumnSettingsPersistence,
  defaultColumnSettings,
  resolveColumnSettings,
  sameSettings,
} from './column-settings.ts';

export interface ColumnSettingsState {
  /** The settings in display order, every column present. */
  settings: ColumnSetting[];
  /** Applies a change at once (saved by `commit`). */
  change(next: ColumnSetting[]): void;
  /** Back to the columns' defaults. */
  reset(): void;
  /** Saves the settings if they changed since they were loaded or last saved. */
  commit(): void;
}

/**
 * A list's column settings: loaded through `persistence` for `list` (again when the customer
 * changes: the server keeps them per user and customer), changed live, saved on `commit`.
 * Failures to load leave the defaults; failures to save keep the change on screen.
 */
export function useColumnSettings(
  columns: readonly ColumnDefaults[],
  persistence: ColumnSettingsPersistence | undefined,
  list: string | undefined,
  customer: number | null,
): ColumnSettingsState {
  const keys = columns.map((c) => `${c.key}:${c.hideable === false ? 1 : 0}${c.hidden ? 1 : 0}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `keys` stands for the columns (often a new array each render)
  const defaults = useMemo(() => defaultColumnSettings(columns), [keys]);
  const [chosen, setChosen] = useState<ColumnSetting[] | null>(null);
  const saved = useRef<ColumnSetting[] | null>(null);
  const touched = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a customer switch loads that customer's settings
  useEffect(() => {
    touched.current = false;
    saved.current = null;
    setChosen(null);
    if (!persistence || !list) return;
    let live = true;
    persistence.load(list).then(
      (loaded) => {
        if (!live || touched.current || !loaded) return;
        saved.current = loaded;
        setChosen(loaded);
      },
      () => {
        // the defaults stay
      },
    );
    return () => {
      live = false;
    };
  }, [persistence, list, customer]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `keys` stands for the columns
  const settings = useMemo(() => resolveColumnSettings(columns, chosen), [keys, chosen]);

  const change = useCallback((next: ColumnSetting[]) => {
    touched.current = true;
    setChosen(next);
  }, []);
  const reset = useCallback(() => {
    touched.current = true;
    setChosen(defaults);
  }, [defaults]);
  const commit = useCallback(() => {
    if (!persistence || !list || !touched.current) return;
    const before = resolveColumnSettings(columns, saved.current);
    if (saved.current && sameSettings(before, settings)) return;
    if (!saved.current && sameSettings(defaults, settings)) return;
    saved.current = settings;
    persistence.save(list, settings).catch(() => {
      // kept on screen; saved again with the next change
      saved.current = null;
    });
  }, [persistence, list, columns, settings, defaults]);

  return { settings, change, reset, commit };
}
