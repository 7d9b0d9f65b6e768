import { type ReactNode, useState } from 'react';
import { useT } from '../use-t.ts';
import type { DebouncedKeyword } from '../form/use-debounced-keyword.ts';
import { useDomId } from '../use-id.ts';

/**
 * The filter bar of a list page (the order list, the stock): a `search` landmark of labelled
 * fields, styled by `filterBarStyles`. The keyword comes first. On a phone (≤ 600 px) the other
 * fields fold behind one "Filters (n)" button beside the keyword (`active`: how many of them are
 * set), so the list, not its filters, fills the first screen.
 */
export function Filters({
  label,
  children,
  active = 0,
}: {
  label: string;
  children: ReactNode;
  active?: number;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const fields = useDomId('lp-filters');
  return (
    <search id={fields} className={`lp-filters${open ? ' lp-filters--open' : ''}`} aria-label={label}>
      {children}
      <button
        type="button"
        className="lp-filters__fold lp-button lp-button--sm"
        aria-expanded={open}
        aria-controls={fields}
        onClick={() => setOpen((now) => !now)}
      >
        {active > 0 ? t('ui.filters.foldActive', { n: active }) : t('ui.filters.fold')}
      </button>
    </search>
  );
}

/** A labelled field of the bar; `children` draws the control with the label's `id`. */
export function FilterField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useDomId('lp-filter');
  return (
    <div className="lp-filter">
      <label htmlFor={id}>{label}</label>
      {children(id)}
    </div>
  );
}

/**
 * Why a field's value is not applied (an inverted date range): a line of its own under the bar's
 * fields, so they stay aligned; the field names it in `aria-describedby` (by `id`).
 */
export function FilterError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="lp-filters__error" role="alert">
      {children}
    </p>
  );
}

/** The bar's keyword: applied once typing pauses, at once on Enter (`useDebouncedKeyword`). */
export function FilterKeyword({
  label,
  placeholder,
  search,
}: {
  label: string;
  placeholder: string;
  search: DebouncedKeyword;
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <input
          id={id}
          type="search"
          className="lp-input"
          value={search.keyword}
          maxLength={100}
          placeholder={placeholder}
          onChange={(event) => search.type(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              search.submit(event.currentTarget.value);
            }
          }}
        />
      )}
    </FilterField>
  );
}

/** A choice among `options`, or none (`any`, the empty value). */
export function FilterChoice<V extends string>({
  label,
  any,
  value,
  options,
  onChange,
  disabled,
}: {
  label: string;
  /** The text of "no filter". */
  any: string;
  value: V | '';
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V | '') => void;
  disabled?: boolean;
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <select
          id={id}
          className="lp-input"
          disabled={disabled}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value as V | '')}
        >
          <option value="">{any}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}

/** The bar's action (clear the filters), beside the last field. */
export function FilterAction({ children }: { children: ReactNode }) {
  return <div className="lp-filter lp-filter--action">{children}</div>;
}
