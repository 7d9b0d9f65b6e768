import '../../i18n/areas/inventory.ts';
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { serverColumnSettings } from '../../api/list-settings.ts';
import { $locale } from '../../i18n/translate.ts';
import { DataTable } from '../../ui/data-table/index.ts';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { FilterKeyword, Filters } from '../../ui/filters/filter-bar.tsx';
import { useDebouncedKeyword } from '../../ui/form/use-debounced-keyword.ts';
import { useT } from '../../ui/use-t.ts';
import { stockOutColumns } from './columns.tsx';
import type { StockOutListStore, StockOutRow } from './stock-list-store.ts';

/** The customer's stock-outs: goods that left a depot, newest first, searchable. */
export function StockOuts({ list }: { list: StockOutListStore }) {
  const t = useT();
  const locale = useStore($locale);
  const state = useStore(list.$state);
  const search = useDebouncedKeyword(state.params.filters.keyword, (keyword) => list.setFilters({ keyword }));
  const columns = useMemo(() => stockOutColumns(t, locale), [t, locale]);
  const filtered = state.params.filters.keyword.trim() !== '';
  return (
    <div className="inv-panel">
      <Filters label={t('inventory.filter.title')}>
        <FilterKeyword
          label={t('inventory.filter.keyword')}
          placeholder={t('inventory.filter.keywordHint')}
          search={search}
        />
      </Filters>
      <DataTable<StockOutRow>
        cards
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
