import { useLayoutEffect, useRef } from 'react';

export interface SelectAllCheckboxProps {
  label: string;
  checked: boolean;
  /** Some but not all rows are selected (shown as a dash, announced as "mixed"). */
  indeterminate: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}

/** The header checkbox of a selectable table ("indeterminate" is a property, not an attribute). */
export function SelectAllCheckbox({
  label,
  checked,
  indeterminate,
  disabled,
  onChange,
}: SelectAllCheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate && !checked;
  }, [indeterminate, checked]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
