import { Code } from '../../src/contract/codes.ts';

/** A failure that becomes an envelope `{code, message, data}`; never carries internals. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const badRequest = (message: string) => new ApiError(Code.badRequest, message);
export const invalid = (message: string, fields: Record<string, string>) =>
  new ApiError(Code.invalid, message, fields);
export const forbidden = (message = 'not allowed') => new ApiError(Code.forbidden, message);
export const notFound = (message = 'not found') => new ApiError(Code.notFound, message);
