import type { ReactNode, Ref } from 'react';
import { Select, type SelectFilter, type SelectOption } from '../select/select.tsx';
import { FormField } from './form-field.tsx';

export interface SelectFieldProps<V extends string | number> {
  name: string;
  label: ReactNode;
  options: readonly SelectOption<V>[];
  /** The picked value; null or '' when none is. */
  value: V | null | '';
  onChange: (value: V) => void;
  /** Leaving the select shows its message. */
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  filter?: SelectFilter<V>;
  placeholder?: string;
  disabled?: boolean;
  /** Receives the select's wrapper (a form focuses the input inside it). */
  inputRef?: Ref<HTMLDivElement> | undefined;
}

/** A labelled filterable Select (src/ui/select) with its message and help. */
export function SelectField<V extends string | number>({
  name,
  label,
  options,
  value,
  onChange,
  onBlur,
  error,
  required = false,
  hint,
  filter,
  placeholder,
  disabled,
  inputRef,
}: SelectFieldProps<V>) {
  return (
    <FormField label={label} required={required} error={error} hint={hint}>
      {(control) => (
        <div ref={inputRef} className="lp-field__control" data-name={name}>
          <Select<V>
            {...control}
            options={options}
            value={value === '' ? null : value}
            onChange={onChange}
            onBlur={onBlur}
            filter={filter}
            placeholder={placeholder}
            disabled={disabled}
          />
        </div>
      )}
    </FormField>
  );
}
