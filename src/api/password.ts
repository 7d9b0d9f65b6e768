import * as ops from '../contract/accounts/operations.ts';
import type { ResetPasswordRequest, UpdatePasswordRequest } from '../contract/accounts/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/**
 * The password calls. Each takes the transport's options: a form that shows a failure on its
 * fields passes those codes in `silentCodes`, so the failure is said once, where the user looks.
 */
export type UpdatePasswordInput = UpdatePasswordRequest;

/** `POST user/update-pass-word`; success ends every session of the user. */
export const updatePassword = (input: UpdatePasswordInput, options?: CallOptions): Promise<null> =>
  call(ops.updatePassword, input, options);

/** `POST index/change-passwd` (form) `action=captcha`: sends an SMS code; answers a message. */
export const requestPasswordCaptcha = (ur_account: string, mobile: string, options?: CallOptions) =>
  call(ops.changePasswordBySms, { action: 'captcha', ur_account, mobile }, options) as Promise<string>;

export interface ChangePasswordInput {
  ur_account: string;
  mobile: string;
  captcha: string;
  ur_passwd: string;
}

/** `POST index/change-passwd` (form) `action=submit`: changes the password with the SMS code. */
export const changePasswordWithCaptcha = (input: ChangePasswordInput, options?: CallOptions) =>
  call(ops.changePasswordBySms, { action: 'submit', ...input }, options) as Promise<null>;

/**
 * `POST user/forgot-password`: texts a reset code when the mobile is the account's own; the answer
 * (the number as typed, masked) is the same either way.
 */
export const requestResetCode = (username: string, mobile: string, options?: CallOptions) =>
  call(ops.forgotPassword, { username, mobile }, options);

/** `POST user/reset-password`: the new password with the texted code; ends every session of the user. */
export const resetPasswordWithCode = (input: ResetPasswordRequest, options?: CallOptions): Promise<null> =>
  call(ops.resetPassword, input, options);
