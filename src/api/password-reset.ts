import * as ops from '../contract/password-reset/operations.ts';
import type { ResetPasswordRequest } from '../contract/password-reset/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/**
 * `POST user/forgot-password`: texts a reset code when the mobile is the account's own; the answer
 * (the number as typed, masked) is the same either way.
 */
export const requestResetCode = (username: string, mobile: string, options?: CallOptions) =>
  call(ops.forgotPassword, { username, mobile }, options);

/** `POST user/reset-password`: the new password with the texted code; ends every session of the user. */
export const resetPasswordWithCode = (input: ResetPasswordRequest, options?: CallOptions): Promise<null> =>
  call(ops.resetPassword, input, options);
