import '../../i18n/areas/inventory.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { serverColumnSettings } from '../../api/list-settings.ts';
import { $locale } from '../../i18n/translate.ts';
import { DataTable } from '../../ui/data-table/index.ts';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { stockOutColumns } from './columns.tsx';
import { KEYWORD_DEBOUNCE_MS } from './filter-bar.tsx';
import type { StockOutListStore, StockOutRow } from './stock-list-store.ts';

/** The customer's stock-outs: goods that left a depot, newest first, searchable. */
export function StockOuts({ list }: { list: StockOutListStore }) {
  const t = useT();
  const locale = useStore($locale);
  const state = useStore(list.$state);
  const [text, setText] = useState(state.params.filters.keyword);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const id = useDomId('inv-stockout-search');
  useEffect(() => () => clearTimeout(timer.current), []);
  const columns = useMemo(() => stockOutColumns(t, locale), [t, locale]);
  const filtered = state.params.filters.keyword.trim() !== '';
  return (
    <div className="inv-panel">
      <search className="inv-filters" aria-label={t('inventory.filter.title')}>
        <div className="inv-filter">
          <label htmlFor={id}>{t('inventory.filter.keyword')}</label>
          <input
            id={id}
            type="search"
            className="lp-input"
            value={text}
            maxLength={100}
            placeholder={t('inventory.filter.keywordHint')}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(() => list.setFilters({ keyword: value }), KEYWORD_DEBOUNCE_MS);
            }}
          />
        </div>
      </search>
      <DataTable<StockOutRow>
        source={list}
        columns={columns}
        label={t('inventory.table.stockouts')}
        columnSettings={{ list: 'customer-inventory/stockout', persistence: serverColumnSettings }}
        maxHeight="none"
        empty={
          <EmptyState message={t(filtered ? 'inventory.empty.filtered' : 'inventory.empty.stockouts')} />
        }
      />
    </div>
  );
}
