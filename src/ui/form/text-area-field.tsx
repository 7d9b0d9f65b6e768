import type { ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FormField } from './form-field.tsx';

type TextAreaAttributes = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'onChange' | 'onBlur' | 'children' | 'required' | 'id' | 'name'
>;

export interface TextAreaFieldProps extends TextAreaAttributes {
  name: string;
  label: ReactNode;
  /** The text (undefined for an optional value not set yet: shown empty). */
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | undefined;
  required?: boolean;
  hint?: ReactNode;
  /** Shows "n / maxLength" at the end of the label row (spec: the feedback text's counter). */
  counter?: boolean;
  inputRef?: Ref<HTMLTextAreaElement> | undefined;
}

/** A labelled `<textarea>` with its message, help and an optional character counter. */
export function TextAreaField({
  name,
  label,
  value,
  onChange,
  onBlur,
  error,
  required = false,
  hint,
  counter = false,
  inputRef,
  className,
  readOnly,
  maxLength,
  rows = 3,
  ...rest
}: TextAreaFieldProps) {
  const aside = counter && maxLength ? `${[...(value ?? '')].length} / ${maxLength}` : undefined;
  return (
    <FormField label={label} required={required && !readOnly} error={error} hint={hint} aside={aside}>
      {(control) => (
        <textarea
          {...rest}
          {...control}
          ref={inputRef}
          className={['lp-input', className].filter(Boolean).join(' ')}
          name={name}
          value={value ?? ''}
          rows={rows}
          readOnly={readOnly}
          maxLength={maxLength}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
      )}
    </FormField>
  );
}
