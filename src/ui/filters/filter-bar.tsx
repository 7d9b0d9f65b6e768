import type { ReactNode } from 'react';
import type { DebouncedKeyword } from '../form/use-debounced-keyword.ts';
import { useDomId } from '../use-id.ts';

/**
 * The filter bar of a list page (the order list, the stock): a `search` landmark of labelled
 * fields, styled by `filterBarStyles`. The keyword comes first.
 */
export function Filters({ label, children }: { label: string; children: ReactNode }) {
  return (
    <search className="lp-filters" aria-label={label}>
      {children}
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
