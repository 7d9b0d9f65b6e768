import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';

/**
 * The field messages of a 422 answer (`data` = `{ field: message }`), renamed to the form's
 * fields; other failures give none (the API client already showed them).
 */
export function fieldErrorsOf<F extends string>(
  error: unknown,
  fields: Readonly<Record<string, F>>,
): Array<[F, string]> {
  if (!isApiError(error) || error.code !== Code.invalid) return [];
  const data = error.data;
  if (!data || typeof data !== 'object') return [];
  const out: Array<[F, string]> = [];
  for (const [key, message] of Object.entries(data as Record<string, unknown>)) {
    const field = fields[key];
    if (field && typeof message === 'string') out.push([field, message]);
  }
  return out;
}
