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
