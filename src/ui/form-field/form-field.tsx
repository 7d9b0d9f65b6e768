import type { ReactNode } from 'react';
import { useDomId } from '../use-id.ts';
import { useT } from '../use-t.ts';

/** What the control inside a field needs to be labelled and described. */
export interface FieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean | undefined;
  required: boolean | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  required?: boolean;
  /** The validation message; shown under the control and linked to it by aria-describedby. */
  error?: string | null;
  /** A help text under the control (hidden while an error shows). */
  hint?: ReactNode;
  /** Extra text at the end of the label row (a character counter). */
  aside?: ReactNode;
  /** Renders the control with the ids and aria attributes it must carry. */
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

/**
 * A labelled form control with a required mark and a validation message:
 * `<FormField label="…" error={msg}>{(p) => <input {...p} />}</FormField>`.
 */
export function FormField({ label, required, error, hint, aside, children, className }: FormFieldProps) {
  const t = useT();
  const id = useDomId('lp-field');
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={['lp-field', error ? 'lp-field--invalid' : '', className].filter(Boolean).join(' ')}>
      <div className="lp-field__label-row">
        <label className="lp-field__label" htmlFor={id}>
          {required && (
            <span className="lp-field__required" aria-hidden="true" title={t('ui.form.required')}>
              *
            </span>
          )}
          {label}
        </label>
        {aside && <span className="lp-field__aside">{aside}</span>}
      </div>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        required: required || undefined,
      })}
      {error ? (
        <p id={errorId} className="lp-field__error">
          {error}
        </p>
      ) : (
        hint && (
          <p id={hintId} className="lp-field__hint">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
