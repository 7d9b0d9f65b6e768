import * as ops from '../contract/login-enrol/operations.ts';
import type { EnrolResponse } from '../contract/second-factor/schemas.ts';
import type { LoginEnrolConfirmResponse } from '../contract/second-factor-policy/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/**
 * The sign-in's enrolment after a 478 (src/contract/login-enrol). Imported by the login page's
 * lazy enrolment step only, so the calls stay in that chunk (docs/decisions/second-factor-policy.md).
 */
export const loginEnrolStart = (enrol_token: string, options?: CallOptions) =>
  call(ops.loginEnrolStart, { enrol_token }, options) as Promise<EnrolResponse>;

export const loginEnrolConfirm = (enrol_token: string, code: string, options?: CallOptions) =>
  call(
    ops.loginEnrolConfirm,
    { enrol_token, code: code.trim() },
    options,
  ) as Promise<LoginEnrolConfirmResponse>;
