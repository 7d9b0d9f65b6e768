import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import { ERROR_TOAST_MS } from '../../stores/api-outcomes.ts';
import { toast } from '../../stores/notices.ts';
import type { Form } from '../../ui/form/use-form.ts';

/**
 * Codes a password form says on its fields, passed to the API call as `silentCodes` so the
 * client shows no toast for them (406, 475, 476 and 403 are silent already, spec §8).
 */
export const INLINE_CODES: readonly number[] = [Code.invalid];

/** Where a form shows a failure with a given code: the field and the message. */
export type OnField<P extends string> = Partial<Record<number, readonly [path: P, message: string]>>;

/**
 * Says a failed call once, on the form: a code of `onField` on its field, a 422's field messages
 * on their fields; a 422 message no field shows as the error toast the client held back. Any
 * other failure was already said by the client (or is silent by spec).
 */
export function sayFailure<V extends Record<string, unknown>, P extends string>(
  form: Form<V>,
  error: unknown,
  onField: OnField<P> = {},
): void {
  if (!isApiError(error)) throw error;
  const placed = onField[error.code];
  if (placed) {
    form.showServerErrors({ [placed[0]]: placed[1] });
    return;
  }
  if (error.code !== Code.invalid) return;
  const fields = fieldMessagesOf(error);
  const rest = form.showServerErrors(fields);
  const unsaid = Object.keys(fields).length > 0 ? rest : [error.message];
  if (unsaid.length > 0) toast(unsaid.join(' '), 'error', ERROR_TOAST_MS);
}
