import { useCallback, useEffect, useState } from 'react';
import { filterOptions, type IndexedOption, indexOptionsLazily } from '../../lib/pinyin-filter.ts';
import { containsFilter, type SelectFilter, type SelectOption } from './select.tsx';

/**
 * A Select filter matching the label or its pinyin initials (`bjxh` finds 北京协和医院).
 * Options index once; pinyin-pro loads lazily, only for labels without `initials`; until then
 * the filter matches the label text alone.
 */
export function usePinyinFilter<V extends string | number>(
  options: readonly SelectOption<V>[],
): SelectFilter<V> {
  const [indexed, setIndexed] = useState<{
    of: readonly SelectOption<V>[];
    index: IndexedOption<SelectOption<V>>[];
  } | null>(null);
  useEffect(() => {
    let live = true;
    void indexOptionsLazily(
      options,
      (o) => o.label,
      (o) => o.initials,
    ).then((index) => {
      if (live) setIndexed({ of: options, index });
    });
    return () => {
      live = false;
    };
  }, [options]);
  return useCallback<SelectFilter<V>>(
    (list, query) =>
      indexed && indexed.of === list ? filterOptions(indexed.index, query) : containsFilter(list, query),
    [indexed],
  );
}
