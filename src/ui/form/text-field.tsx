import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { FormField } from './form-field.tsx';

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'onBlur' | 'type' | 'children' | 'required' | 'id' | 'name'
>;

export interface TextFieldProps extends InputAttributes {
  name: string;
  label: ReactNode;
  /** The text (undefined for an optional value not set yet: shown empty). */
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The message on show (from `form.field(…)`). */
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  /** A live text about the field, read out when it changes (see FormField). */
  status?: string | undefined;
  statusVisible?: boolean;
  type?: 'text' | 'password' | 'tel' | 'email' | 'number' | 'date' | 'search' | 'url';
  /** Something beside the input, on the same row (a send-code button, a unit). */
  after?: ReactNode;
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/**
 * A labelled `<input>` with its message and help, the value as typed (a number or a date is the
 * input's text: the form's schema converts it). Spread a form binding into it:
 * `<TextField {...form.field('mobile')} label={t('…')} type="tel" />`.
 */
export function TextField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  required = false,
  hint,
  status,
  statusVisible,
  type = 'text',
  after,
  inputRef,
  className,
  readOnly,
  ...rest
}: TextFieldProps) {
  return (
    <FormField
      label={label}
      required={required && !readOnly}
      error={error}
      hint={hint}
      status={status}
      statusVisible={statusVisible}
    >
      {(control) => {
        const input = (
          <input
            spellCheck={false}
            {...rest}
            {...control}
            ref={inputRef}
            className={['lp-input', className].filter(Boolean).join(' ')}
            name={name}
            type={type}
            value={value ?? ''}
            readOnly={readOnly}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        );
        return after ? (
          <div className="lp-field__row">
            {input}
            {after}
          </div>
        ) : (
          input
        );
      }}
    </FormField>
  );
}
