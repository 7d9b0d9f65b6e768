import { fieldMessagesOf, isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';

/** What a failed write means for its dialog. */
export type WriteFailure =
  /** 409 or 404: the order changed (or went) meanwhile; the view reloads it. */
  | { kind: 'changed' }
  /** 422: field messages, or the server's message. */
  | { kind: 'invalid'; fields: Record<string, string>; message: string }
  /** Anything else: the catalogue already showed its notice; the dialog stays open. */
  | { kind: 'other'; message: string };

export function writeFailure(error: unknown): WriteFailure {
  if (isApiError(error) && (error.code === Code.conflict || error.code === Code.notFound))
    return { kind: 'changed' };
  const message = error instanceof Error ? error.message : '';
  if (isApiError(error) && error.code === Code.invalid)
    return { kind: 'invalid', fields: fieldMessagesOf(error), message };
  return { kind: 'other', message };
}
