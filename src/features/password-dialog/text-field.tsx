import type { ReactNode, Ref } from 'react';
import { isMessageKey } from '../../i18n/index.ts';
import { FormField } from '../../ui/form/form-field.tsx';
import { useT } from '../../ui/use-t.ts';

export interface TextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A message key (translated here) or a server's message as is. */
  error?: string | undefined;
  type?: 'text' | 'password' | 'tel';
  autoComplete?: string;
  readOnly?: boolean;
  required?: boolean;
  hint?: ReactNode;
  inputMode?: 'numeric' | 'tel';
  maxLength?: number;
  /** Something beside the input (the send-code button). */
  after?: ReactNode;
  inputRef?: Ref<HTMLInputElement> | undefined;
}

/** A labelled text input of the password forms, with its validation message. */
export function TextField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  type = 'text',
  autoComplete,
  readOnly,
  required = true,
  hint,
  inputMode,
  maxLength,
  after,
  inputRef,
}: TextFieldProps) {
  const t = useT();
  const message = error ? (isMessageKey(error) ? t(error) : error) : null;
  return (
    <FormField label={label} required={required && !readOnly} error={message} hint={hint}>
      {(control) => {
        const input = (
          <input
            {...control}
            ref={inputRef}
            className="lp-input"
            name={name}
            type={type}
            value={value}
            readOnly={readOnly}
            autoComplete={autoComplete}
            inputMode={inputMode}
            maxLength={maxLength}
            spellCheck={false}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
          />
        );
        return after ? (
          <div className="password-form__row">
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
