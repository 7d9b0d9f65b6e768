import '../../i18n/areas/inventory.ts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { EXPIRY_STATES } from '../../contract/inventory/schemas.ts';
import { TEMP_CLASSES } from '../../contract/orders/domain.ts';
import { Button } from '../../ui/button/button.tsx';
import { useDomId } from '../../ui/use-id.ts';
import { useT } from '../../ui/use-t.ts';
import { hasFilters, type StockFilters } from './filters.ts';

/** Typing waits this long before the list asks the server; Enter asks at once. */
export const KEYWORD_DEBOUNCE_MS = 400;

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useDomId('inv-filter');
  return (
    <div className="inv-filter">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}) {
  const t = useT();
  return (
    <Labelled label={label}>
      {(id) => (
        <select id={id} className="lp-input" value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{t('inventory.filter.any')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Labelled>
  );
}

export interface StockFilterBarProps {
  filters: StockFilters;
  depots: readonly string[];
  onChange: (patch: Partial<StockFilters>) => void;
  onClear: () => void;
}

/** Keyword (debounced, Enter at once), depot, temperature class, expiry state. */
export function StockFilterBar({ filters, depots, onChange, onClear }: StockFilterBarProps) {
  const t = useT();
  const [text, setText] = useState(filters.keyword);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => setText(filters.keyword), [filters.keyword]);
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

  return (
    <search className="inv-filters" aria-label={t('inventory.filter.title')}>
      <Labelled label={t('inventory.filter.keyword')}>
        {(id) => (
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
              if (timer.current) clearTimeout(timer.current);
              timer.current = setTimeout(() => commit(value), KEYWORD_DEBOUNCE_MS);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                commit(event.currentTarget.value);
              }
            }}
          />
        )}
      </Labelled>
      <Choice
        label={t('inventory.filter.depot')}
        value={filters.depot}
        options={depots.map((d) => ({ value: d, label: d }))}
        onChange={(depot) => onChange({ depot })}
      />
      <Choice
        label={t('inventory.filter.temp')}
        value={filters.temp_class}
        options={TEMP_CLASSES.map((c) => ({ value: c, label: t(`inventory.temp.${c}`) }))}
        onChange={(value) => onChange({ temp_class: value as StockFilters['temp_class'] })}
      />
      <Choice
        label={t('inventory.filter.expiry')}
        value={filters.expiry_state}
        options={EXPIRY_STATES.map((s) => ({ value: s, label: t(`inventory.expiry.${s}`) }))}
        onChange={(value) => onChange({ expiry_state: value as StockFilters['expiry_state'] })}
      />
      {hasFilters(filters) && (
        <div className="inv-filter inv-filter--action">
          <Button size="sm" variant="text" guardMs={0} onClick={onClear}>
            {t('inventory.filter.clear')}
          </Button>
        </div>
      )}
    </search>
  );
}
