import '../../i18n/areas/order-list.ts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ORDER_TYPES, TEMP_CLASSES } from '../../contract/orders/domain.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import { Button } from '../../ui/button/button.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { DUE_FILTERS, EXCURSION_FILTERS, hasFilters, type OrderFilters } from './filters.ts';

/** Typing waits this long before the list asks the server; Enter asks at once. */
export const KEYWORD_DEBOUNCE_MS = 400;

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

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useDomId('order-filter');
  return (
    <div className="order-filter">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

function Choice<V extends string>({
  label,
  value,
  values,
  text,
  onChange,
}: {
  label: string;
  value: V | '';
  values: readonly V[];
  text: (value: V) => string;
  onChange: (value: V | '') => void;
}) {
  const t = useT();
  return (
    <Labelled label={label}>
      {(id) => (
        <select
          id={id}
          className="lp-input"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value as V | '')}
        >
          <option value="">{t('orderList.filter.any')}</option>
          {values.map((v) => (
            <option key={v} value={v}>
              {text(v)}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

/** Keyword (debounced, Enter at once), project, type, temperature class, excursion, delivery due, creation dates. */
export function FilterBar({ filters, onChange, onClear, projects }: FilterBarProps) {
  const t = useT();
  const [text, setText] = useState(filters.keyword);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A keyword set from outside (cleared filters, an address) replaces what is typed.
  useEffect(() => {
    setText(filters.keyword);
  }, [filters.keyword]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const commit = (value: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (value.trim() !== filters.keyword.trim()) onChange({ keyword: value.trim() });
  };
  const type = (value: string) => {
    setText(value);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(value), KEYWORD_DEBOUNCE_MS);
  };

  return (
    <search className="order-filters" aria-label={t('orderList.filter.title')}>
      <Labelled label={t('orderList.filter.keyword')}>
        {(id) => (
          <input
            id={id}
            type="search"
            className="lp-input"
            value={text}
            maxLength={100}
            placeholder={t('orderList.filter.keywordHint')}
            onChange={(event) => type(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit(event.currentTarget.value);
              }
            }}
          />
        )}
      </Labelled>
      {/* Shown at once (disabled until the projects arrive): a filter that appeared later would
          move the whole list down as it loads. */}
      <Labelled label={t('orderList.filter.project')}>
        {(id) => (
          <select
            id={id}
            className="lp-input"
            disabled={!projects}
            value={filters.pr_id === null ? '' : String(filters.pr_id)}
            onChange={(event) => {
              const value = event.currentTarget.value;
              onChange({ pr_id: value ? Number(value) : null });
            }}
          >
            <option value="">{t('orderList.filter.any')}</option>
            {(projects ?? []).map((p) => (
              <option key={p.value} value={String(p.value)}>
                {p.label}
              </option>
            ))}
          </select>
        )}
      </Labelled>
      <Choice
        label={t('orderList.filter.type')}
        value={filters.order_type}
        values={ORDER_TYPES}
        text={(v) => t(`orderList.type.${v}` as MessageKey)}
        onChange={(order_type) => onChange({ order_type })}
      />
      <Choice
        label={t('orderList.filter.temp')}
        value={filters.temp_class}
        values={TEMP_CLASSES}
        text={(v) => t(`orderList.temp.${v}` as MessageKey)}
        onChange={(temp_class) => onChange({ temp_class })}
      />
      <Choice
        label={t('orderList.filter.excursion')}
        value={filters.excursion}
        values={EXCURSION_FILTERS}
        text={(v) => t(`orderList.excursion.${v}` as MessageKey)}
        onChange={(excursion) => onChange({ excursion })}
      />
      <Choice
        label={t('orderList.filter.due')}
        value={filters.due}
        values={DUE_FILTERS}
        text={(v) => t(`orderList.due.${v}` as MessageKey)}
        onChange={(due) => onChange({ due })}
      />
      <Labelled label={t('orderList.filter.dateFrom')}>
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
      </Labelled>
      <Labelled label={t('orderList.filter.dateTo')}>
        {(id) => (
          <input
            id={id}
            type="date"
            className="lp-input"
            value={filters.date_to}
            min={filters.date_from || undefined}
            onChange={(event) => onChange({ date_to: event.currentTarget.value })}
          />
        )}
      </Labelled>
      <div className="order-filter order-filter--action">
        <Button guardMs={0} variant="text" disabled={!hasFilters(filters)} onClick={onClear}>
          {t('orderList.filter.clear')}
        </Button>
      </div>
    </search>
  );
}
