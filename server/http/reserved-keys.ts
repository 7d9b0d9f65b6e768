import { Code } from '../../src/contract/codes.ts';
import { ApiError } from '../core/errors.ts';

/**
 * Names no input field may have: `__proto__`, `constructor` and `prototype` reach an object's
 * prototype rather than a field of it. A query, form, multipart field or JSON key (at any depth)
 * of that name is a malformed request (400), on every call, before validation: a name that is
 * merely unknown is a 422 on its field, as every unknown field is.
 */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** 400 when `key` is a reserved name. */
export function refuseReservedKey(key: string): void {
  if (RESERVED.has(key)) {
    throw new ApiError(Code.badRequest, 'The request names a reserved key ({key})', null, {
      params: { key },
    });
  }
}
