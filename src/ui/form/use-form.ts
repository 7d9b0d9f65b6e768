import { type FormEvent, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type * as v from 'valibot';
import { useStore } from '@nanostores/react';
import { $locale } from '../../i18n/translate.ts';
import {
  type Draft,
  type FieldPath,
  getPath,
  isWithin,
  type PathValue,
  setPath,
} from '../../lib/form-paths.ts';
import { firstIssues, isRequiredSchema, schemaAt, validate } from '../../lib/form-schema.ts';

/** A schema of a form's values: an object schema, usually one of src/contract. */
export type FormSchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;

/** The values a form over `S` holds while it is filled in (see `Draft`). */
export type FormValues<S extends FormSchema> = Draft<v.InferInput<S>>;

export interface UseFormOptions<S extends FormSchema> {
  /** Checks the values; its messages show on the fields in the user's language. */
  schema: S;
  /**
   * What the controls show first: texts as typed ('' for no choice yet); the schema turns them
   * into the payload.
   */
  initial: FormValues<S>;
  /**
   * Runs with the schema's output once every check passes; submit stays disabled until it
   * settles. Show a failed call's field messages with `form.showServerErrors`.
   */
  onSubmit: (output: v.InferOutput<S>) => void | Promise<void>;
}

/** What a field component needs from the form: spread it, `<TextField {...form.field('mobile')} />`. */
export interface FieldBinding<T> {
  name: string;
  value: T;
  /** The message to show, in the user's language (after the field was left, or a submit). */
  error: string | undefined;
  /** The schema refuses an empty value (for the required mark). */
  required: boolean;
  onChange: (value: T) => void;
  /** Leaving the field shows its message. */
  onBlur: () => void;
  /** Registers the control, so a failed submit can focus the first invalid field. */
  inputRef: (element: HTMLElement | null) => void;
}

export interface Form<V extends Record<string, unknown>> {
  values: V;
  /** True while `onSubmit` runs. */
  submitting: boolean;
  /** The messages on show, by dot path (`''` for the form as a whole). */
  errors: Readonly<Record<string, string>>;
  field<P extends FieldPath<V>>(path: P): FieldBinding<PathValue<V, P>>;
  set<P extends FieldPath<V>>(path: P, value: PathValue<V, P>): void;
  /** Shows the field's message now; true when the field (as of this render) has none. */
  check(path: FieldPath<V>): boolean;
  /** The form's submit handler: checks everything, focuses the first invalid field or sends. */
  submit: (event?: FormEvent) => Promise<void>;
  /**
   * Shows a server's field messages (a 422's `data`) on their fields until they change, and
   * focuses the first. Returns the messages of paths no field shows, for the caller to say.
   */
  showServerErrors(messages: Readonly<Record<string, string>>): string[];
  /** Back to `initial` (or `values`), no messages on show. */
  reset(values?: V): void;
}

const FOCUSABLE = 'input:not([type="hidden"]), select, textarea, button, [tabindex]';

/**
 * A form's values and messages, checked with a valibot schema. A field's message shows once the
 * field was left (then follows every change) or after a submit; a server's message for a field
 * shows until that field changes. Submitting with problems focuses the first invalid field.
 */
export function useForm<S extends FormSchema>({
  schema,
  initial,
  onSubmit,
}: UseFormOptions<S>): Form<FormValues<S>> {
  type V = FormValues<S>;
  const locale = useStore($locale);
  const [values, setValues] = useState<V>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Readonly<Record<string, string>>>({});
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const elements = useRef(new Map<string, HTMLElement>());
  const refs = useRef(new Map<string, (element: HTMLElement | null) => void>());
  const focusNext = useRef<readonly string[] | null>(null);
  const [, setFocusRequests] = useState(0);
  const requestFocus = (paths: readonly string[]) => {
    focusNext.current = paths;
    setFocusRequests((n) => n + 1);
  };

  // The contract's messages come in the user's language (src/contract/messages.ts).
  const result = useMemo(() => validate(schema, values, locale), [schema, values, locale]);
  const issues = useMemo(() => firstIssues(result.issues ?? []), [result]);

  const errors: Record<string, string> = {};
  for (const [path, issue] of issues) {
    if (submitted || touched.has(path)) errors[path] = issue.message;
  }
  // The server answers in the user's language too (Accept-Language).
  for (const [path, message] of Object.entries(serverErrors)) errors[path] = message;

  // Focus in the commit that shows the messages, so the focused field is already described, and
  // before the browser paints: a passive effect ran after the paint, a frame in which the message
  // showed while the focus stayed where it was (a screen reader announced the old control).
  useLayoutEffect(() => {
    const paths = focusNext.current;
    if (!paths) return;
    focusNext.current = null;
    focusFirst(elements.current, paths);
  });

  const touch = useCallback((path: string) => {
    setTouched((s) => (s.has(path) ? s : new Set(s).add(path)));
  }, []);

  const set = useCallback((path: string, value: unknown) => {
    setValues((current) => setPath(current, path, value));
    setServerErrors((current) => {
      if (!Object.keys(current).some((p) => isWithin(p, path))) return current;
      return Object.fromEntries(Object.entries(current).filter(([p]) => !isWithin(p, path)));
    });
  }, []);

  const refFor = (path: string) => {
    let ref = refs.current.get(path);
    if (!ref) {
      ref = (element) => {
        if (element) elements.current.set(path, element);
        else elements.current.delete(path);
      };
      refs.current.set(path, ref);
    }
    return ref;
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy.current) return;
    setSubmitted(true);
    setServerErrors({});
    if (!result.success) {
      requestFocus([...issues.keys()]);
      return;
    }
    busy.current = true;
    setSubmitting(true);
    try {
      await onSubmit(result.output);
    } finally {
      busy.current = false;
      setSubmitting(false);
    }
  };

  return {
    values,
    submitting,
    errors,
    field: <P extends FieldPath<V>>(path: P): FieldBinding<PathValue<V, P>> => ({
      name: path,
      value: getPath(values, path) as PathValue<V, P>,
      error: errors[path],
      required: isRequiredSchema(schemaAt(schema, path)),
      onChange: (value) => set(path, value),
      onBlur: () => touch(path),
      inputRef: refFor(path),
    }),
    set: (path, value) => set(path, value),
    check: (path) => {
      touch(path);
      if (issues.has(path)) requestFocus([path]);
      return !issues.has(path);
    },
    submit,
    showServerErrors: (messages) => {
      const placed = Object.entries(messages).filter(([path]) => elements.current.has(path));
      setServerErrors(Object.fromEntries(placed));
      requestFocus(placed.map(([path]) => path));
      return Object.entries(messages)
        .filter(([path]) => !elements.current.has(path))
        .map(([, message]) => message);
    },
    reset: (next) => {
      setValues(next ?? initial);
      setTouched(new Set());
      setSubmitted(false);
      setServerErrors({});
    },
  };
}

/** Focuses the control of the path that comes first on the page. */
function focusFirst(elements: ReadonlyMap<string, HTMLElement>, paths: readonly string[]): void {
  const candidates = paths
    .map((path) => elements.get(path))
    .filter((el): el is HTMLElement => el?.isConnected === true);
  candidates.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
  const first = candidates[0];
  const target = first?.matches(FOCUSABLE) ? first : first?.querySelector<HTMLElement>(FOCUSABLE);
  target?.focus();
}
