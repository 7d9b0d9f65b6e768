import type { ReactNode } from 'react';
import { useDomId } from '../use-id.ts';

export interface Choice<V extends string | number> {
  value: V;
  label: ReactNode;
  /** Said after the label, smaller (the scope's or event's name in the API). */
  detail?: string;
}

export interface ChoiceGroupProps<V extends string | number> {
  legend: ReactNode;
  name: string;
  choices: readonly Choice<V>[];
  /** `checkbox`: any number of them (`value` the chosen ones); `radio`: one. */
  type: 'checkbox' | 'radio';
  value: readonly V[];
  onChange: (value: V[]) => void;
  hint?: ReactNode;
  error?: string | undefined;
}

/**
 * A group of checkboxes or radio buttons in a `fieldset` (an API client's scopes, a webhook's
 * events, a rotation's grace), with a hint and an error message that describe the group.
 * Styled by `adminPageStyles` (`.lp-choices`).
 */
export function ChoiceGroup<V extends string | number>({
  legend,
  name,
  choices,
  type,
  value,
  onChange,
  hint,
  error,
}: ChoiceGroupProps<V>) {
  const id = useDomId(`lp-choices-${name}`);
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  const toggle = (choice: V, checked: boolean) =>
    onChange(type === 'radio' ? [choice] : checked ? [...value, choice] : value.filter((v) => v !== choice));
  return (
    <fieldset className="lp-choices" aria-describedby={described || undefined}>
      <legend>{legend}</legend>
      {choices.map((c) => (
        <label key={c.value}>
          <input
            type={type}
            name={name}
            value={c.value}
            checked={value.includes(c.value)}
            onChange={(event) => toggle(c.value, event.target.checked)}
          />
          <span>
            {c.label}
            {c.detail && <code className="lp-choices__detail">{c.detail}</code>}
          </span>
        </label>
      ))}
      {hint && (
        <span id={`${id}-hint`} className="lp-choices__hint">
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className="lp-admin-page__error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
