import '../../i18n/areas/order-list.ts';
import { ORDER_TYPES, TEMP_CLASSES } from '../../contract/orders/domain.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { Button } from '../../ui/button/button.tsx';
import {
  FilterAction,
  FilterChoice,
  FilterError,
  FilterField,
  FilterKeyword,
  Filters,
} from '../../ui/filters/filter-bar.tsx';
import { useDebouncedKeyword } from '../../ui/form/use-debounced-keyword.ts';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import {
  DUE_FILTERS,
  datesInverted,
  EXCURSION_FILTERS,
  foldedFilterCount,
  hasFilters,
  type OrderFilters,
} from './filters.ts';

export interface ProjectOption {
  value: number;
  label: string;
}

export interface FilterBarProps {
  filters: OrderFilters;
  onChange: (patch: Partial<OrderFilters>) => void;
  onClear: () => void;
  /**
   * The customer's projects. Undefined: not loaded yet (the project filter shows, disabled);
   * a `pr_id` from the address filters the list meanwhile.
   */
  projects?: readonly ProjectOption[] | undefined;
}

/** Keyword (debounced, Enter at once), project, type, temperature class, excursion, delivery due, creation dates. */
export function FilterBar({ filters, onChange, onClear, projects }: FilterBarProps) {
  const t = useT();
  // an end before the start: said under the fields, and not applied (filters.ts)
  const inverted = datesInverted(filters);
  const invertedId = useDomId('order-dates');
  const search = useDebouncedKeyword(filters.keyword, (keyword) => onChange({ keyword }));
  const choice = <V extends string>(values: readonly V[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}` as MessageKey) }));

  return (
    <Filters label={t('orderList.filter.title')} active={foldedFilterCount(filters)}>
      <FilterKeyword
        label={t('orderList.filter.keyword')}
        placeholder={t('orderList.filter.keywordHint')}
        search={search}
      />
      {/* Shown at once (disabled until the projects arrive): a filter that appeared later would
          move the whole list down as it loads. */}
      <FilterChoice
        label={t('orderList.filter.project')}
        any={t('orderList.filter.any')}
        disabled={!projects}
        value={filters.pr_id === null ? '' : String(filters.pr_id)}
        options={(projects ?? []).map((p) => ({ value: String(p.value), label: p.label }))}
        onChange={(value) => onChange({ pr_id: value ? Number(value) : null })}
      />
      <FilterChoice
        label={t('orderList.filter.type')}
        any={t('orderList.filter.any')}
        value={filters.order_type}
        options={choice(ORDER_TYPES, 'orderList.type')}
        onChange={(order_type) => onChange({ order_type })}
      />
      <FilterChoice
        label={t('orderList.filter.temp')}
        any={t('orderList.filter.any')}
        value={filters.temp_class}
        options={choice(TEMP_CLASSES, 'orderList.temp')}
        onChange={(temp_class) => onChange({ temp_class })}
      />
      <FilterChoice
        label={t('orderList.filter.excursion')}
        any={t('orderList.filter.any')}
        value={filters.excursion}
        options={choice(EXCURSION_FILTERS, 'orderList.excursion')}
        onChange={(excursion) => onChange({ excursion })}
      />
      <FilterChoice
        label={t('orderList.filter.due')}
        any={t('orderList.filter.any')}
        value={filters.due}
        options={choice(DUE_FILTERS, 'orderList.due')}
        onChange={(due) => onChange({ due })}
      />
      <FilterField label={t('orderList.filter.dateFrom')}>
        {(id) => (
          <input
            id={id}
            type="date"
            className="lp-input"
            value={filters.date_from}
            max={filters.date_to || undefined}
            onChange={(event) => onChange({ date_from: event.currentTarget.value })}
          />
        )}
      </FilterField>
      <FilterField label={t('orderList.filter.dateTo')}>
        {(id) => (
          <input
            id={id}
            type="date"
            className="lp-input"
            aria-invalid={inverted || undefined}
            aria-describedby={inverted ? invertedId : undefined}
            value={filters.date_to}
            min={filters.date_from || undefined}
            onChange={(event) => onChange({ date_to: event.currentTarget.value })}
          />
        )}
      </FilterField>
      <FilterAction>
        <Button guardMs={0} variant="text" disabled={!hasFilters(filters)} onClick={onClear}>
          {t('orderList.filter.clear')}
        </Button>
      </FilterAction>
      {inverted && <FilterError id={invertedId}>{t('orderList.filter.datesInverted')}</FilterError>}
    </Filters>
  );
}
