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
  error?: string | null | undefined;
  /** Help under the control (a text or a checklist), also linked by aria-describedby. */
  hint?: ReactNode;
  /**
   * A live text about the control (`role="status"`, read out when it changes, not part of the
   * description): pass '' to set the region up before the first announcement.
   */
  status?: string | undefined;
  /** Shows the status on screen too (default: for screen readers only). */
  statusVisible?: boolean;
  /** Extra text at the end of the label row (a character counter). */
  aside?: ReactNode;
  /** Renders the control with the ids and aria attributes it must carry. */
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

/**
 * A labelled form control with a required mark, a validation message and help:
 * `<FormField label="…" error={msg}>{(p) => <input {...p} />}</FormField>`. Works in a shadow
 * root: the label, the message and the help are found by id in the same root as the control.
 */
export function FormField({
  label,
  required,
  error,
  hint,
  status,
  statusVisible = false,
  aside,
  children,
  className,
}: FormFieldProps) {
  const t = useT();
  const id = useDomId('lp-field');
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
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
      {error && (
        <p id={errorId} className="lp-field__error">
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className="lp-field__hint">
          {hint}
        </div>
      )}
      {status !== undefined && (
        <p role="status" className={statusVisible ? 'lp-field__status' : 'lp-visually-hidden'}>
          {status}
        </p>
      )}
    </div>
  );
}
