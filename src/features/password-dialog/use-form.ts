import { useState } from 'react';
import type { FieldErrors } from './validate.ts';

/**
 * Values and messages of a small form. Messages appear on submit (all fields) or when a field
 * is left (that field), and then follow every change, so a fixed field clears its message.
 */
export function useForm<V extends Record<string, string>>(
  initial: V,
  validate: (values: V) => FieldErrors<keyof V & string>,
) {
  const [values, setValues] = useState<V>(initial);
  const [shown, setShown] = useState<Partial<Record<keyof V, boolean>>>({});
  /** Messages from the server (a wrong old password, a 422 field), kept until that field changes. */
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof V, string>>>({});
  const checks = validate(values);
  const errors: Partial<Record<keyof V, string>> = {};
  for (const key of Object.keys(values) as (keyof V & string)[]) {
    const message = serverErrors[key] ?? (shown[key] ? checks[key] : undefined);
    if (message) errors[key] = message;
  }
  return {
    values,
    errors,
    set: (key: keyof V, value: string) => {
      setValues((v) => ({ ...v, [key]: value }));
      setServerErrors((e) => ({ ...e, [key]: undefined }));
    },
    touch: (key: keyof V) => setShown((s) => ({ ...s, [key]: true })),
    /** Shows every message; true when the form may be sent. */
    submit: (): boolean => {
      setShown(
        Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Partial<Record<keyof V, boolean>>,
      );
      return Object.values(checks).every((m) => !m);
    },
    serverError: (key: keyof V, message: string) => setServerErrors((e) => ({ ...e, [key]: message })),
  };
}
