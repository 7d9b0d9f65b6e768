import '../../i18n/areas/inventory.ts';
import { EXPIRY_STATES } from '../../contract/inventory/schemas.ts';
import { TEMP_CLASSES } from '../../contract/orders/domain.ts';
import { Button } from '../../ui/button/button.tsx';
import { FilterAction, FilterChoice, FilterKeyword, Filters } from '../../ui/filters/filter-bar.tsx';
import { useDebouncedKeyword } from '../../ui/form/use-debounced-keyword.ts';
import { useT } from '../../ui/use-t.ts';
import { hasFilters, type StockFilters } from './filters.ts';

export interface StockFilterBarProps {
  filters: StockFilters;
  depots: readonly string[];
  onChange: (patch: Partial<StockFilters>) => void;
  onClear: () => void;
}

/** Keyword (debounced, Enter at once), depot, temperature class, expiry state. */
export function StockFilterBar({ filters, depots, onChange, onClear }: StockFilterBarProps) {
  const t = useT();
  const search = useDebouncedKeyword(filters.keyword, (keyword) => onChange({ keyword }));
  return (
    <Filters label={t('inventory.filter.title')}>
      <FilterKeyword
        label={t('inventory.filter.keyword')}
        placeholder={t('inventory.filter.keywordHint')}
        search={search}
      />
      <FilterChoice
        any={t('inventory.filter.any')}
        label={t('inventory.filter.depot')}
        value={filters.depot}
        options={depots.map((d) => ({ value: d, label: d }))}
        onChange={(depot) => onChange({ depot })}
      />
      <FilterChoice
        any={t('inventory.filter.any')}
        label={t('inventory.filter.temp')}
        value={filters.temp_class}
        options={TEMP_CLASSES.map((c) => ({ value: c, label: t(`inventory.temp.${c}`) }))}
        onChange={(temp_class) => onChange({ temp_class })}
      />
      <FilterChoice
        any={t('inventory.filter.any')}
        label={t('inventory.filter.expiry')}
        value={filters.expiry_state}
        options={EXPIRY_STATES.map((s) => ({ value: s, label: t(`inventory.expiry.${s}`) }))}
        onChange={(expiry_state) => onChange({ expiry_state })}
      />
      {hasFilters(filters) && (
        <FilterAction>
          <Button size="sm" variant="text" guardMs={0} onClick={onClear}>
            {t('inventory.filter.clear')}
          </Button>
        </FilterAction>
      )}
    </Filters>
  );
}
