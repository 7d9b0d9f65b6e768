import { fieldMessagesOf } from '../../api/errors.ts';

/**
 * A 422's messages by top-level field: a list's item is named by its place (`scopes.1`), so its
 * message is said under the list's field (several joined with "; ").
 */
export function messagesByField(error: unknown): Record<string, string> {
  const byField: Record<string, string> = {};
  for (const [key, message] of Object.entries(fieldMessagesOf(error))) {
    const field = key.split('.')[0] as string;
    byField[field] = byField[field] ? `${byField[field]}; ${message}` : message;
  }
  return byField;
}
