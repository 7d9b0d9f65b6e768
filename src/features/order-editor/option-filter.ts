import { useCallback, useMemo } from 'react';
import { filterOptions, indexOptions } from '../../lib/pinyin-filter.ts';
import type { SelectFilter, SelectOption } from '../../ui/select/select.tsx';

/**
 * A Select filter over options whose pinyin initials came from the server (or that have none):
 * indexed once, then a plain scan a keystroke, so pinyin-pro is never loaded for these lists.
 */
export function useServerPinyinFilter<V extends string | number>(
  options: readonly SelectOption<V>[],
): SelectFilter<V> {
  const index = useMemo(
    () =>
      indexOptions(
        options,
        (o) => o.label,
        (o) => o.initials,
      ),
    [options],
  );
  return useCallback<SelectFilter<V>>(
    (list, query) => (list === options ? filterOptions(index, query) : list),
    [index, options],
  );
}
