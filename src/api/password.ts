import * as ops from '../contract/accounts/operations.ts';
import type { UpdatePasswordRequest } from '../contract/accounts/schemas.ts';
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
