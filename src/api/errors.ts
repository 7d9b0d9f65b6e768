import { Code } from '../contract/codes.ts';

/** Codes of failures that never reached the server's envelope. */
export const TransportCode = {
  /** fetch failed: offline, DNS, connection reset, CORS. */
  network: -1,
  /** no answer within the timeout. */
  timeout: -2,
  /** the caller aborted the call. */
  aborted: -3,
} as const;

/** A failed call: the envelope's code, message and data, or a transport code (negative). */
export class ApiError<D = unknown> extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: D = null as D,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True for network failures and timeouts (nothing came back). */
  get isTransport(): boolean {
    return this.code < 0;
  }
}

/** True for an ApiError, also one thrown by another bundle's copy of this class. */
export function isApiError(error: unknown): error is ApiError {
  return (
    error instanceof ApiError ||
    (error instanceof Error && error.name === 'ApiError' && typeof (error as ApiError).code === 'number')
  );
}

/** The field messages of a 422 answer (`data` = `{ field: message }`); none for any other failure. */
export function fieldMessagesOf(error: unknown): Record<string, string> {
  if (!isApiError(error) || error.code !== Code.invalid) return {};
  const data = error.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  return Object.fromEntries(
    Object.entries(data as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
