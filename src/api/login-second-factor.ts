import type { LoginResponse } from '../contract/accounts/schemas.ts';
import * as ops from '../contract/login-second-factor/operations.ts';
import { type CallOptions, call } from './transport.ts';

/**
 * `POST user/login-second-factor`: the pending sign-in of a 477 and a code. Imported by the login
 * page's lazy second step only, so the call stays in that chunk (docs/decisions/second-factor.md).
 */
export const loginSecondFactor = (pending_token: string, code: string, options?: CallOptions) =>
  call(ops.loginSecondFactor, { pending_token, code: code.trim() }, options) as Promise<LoginResponse>;
