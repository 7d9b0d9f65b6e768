import type { NoticeOptions } from './catalogue.ts';
import { post } from './client.ts';

/**
 * The password calls. Each takes the client's notice options: a form that shows a failure on its
 * fields passes those codes in `silentCodes`, so the failure is said once, where the user looks.
 */
export interface UpdatePasswordInput {
  username: string;
  old_password: string;
  new_password1: string;
  new_password2: string;
}

/** `POST user/update-pass-word`; success ends every session of the user. */
export const updatePassword = (input: UpdatePasswordInput, options: NoticeOptions = {}): Promise<null> =>
  post<null>('user/update-pass-word', input, options);

/** `POST index/change-passwd` (form) `action=captcha`: sends an SMS code; answers a message. */
export const requestPasswordCaptcha = (
  ur_account: string,
  mobile: string,
  options: NoticeOptions = {},
): Promise<string> =>
  post<string>('index/change-passwd', undefined, {
    ...options,
    form: { action: 'captcha', ur_account, mobile },
  });

export interface ChangePasswordInput {
  ur_account: string;
  mobile: string;
  captcha: string;
  ur_passwd: string;
}

/** `POST index/change-passwd` (form) `action=submit`: changes the password with the SMS code. */
export const changePasswordWithCaptcha = (
  input: ChangePasswordInput,
  options: NoticeOptions = {},
): Promise<null> =>
  post<null>('index/change-passwd', undefined, { ...options, form: { action: 'submit', ...input } });
