import { post } from './client.ts';

export interface UpdatePasswordInput {
  username: string;
  old_password: string;
  new_password1: string;
  new_password2: string;
}

/** `POST user/update-pass-word`; success ends every session of the user. */
export const updatePassword = (input: UpdatePasswordInput): Promise<null> =>
  post<null>('user/update-pass-word', input);

/** `POST index/change-passwd` (form) `action=captcha`: sends an SMS code; answers a message. */
export const requestPasswordCaptcha = (ur_account: string, mobile: string): Promise<string> =>
  post<string>('index/change-passwd', undefined, { form: { action: 'captcha', ur_account, mobile } });

export interface ChangePasswordInput {
  ur_account: string;
  mobile: string;
  captcha: string;
  ur_passwd: string;
}

/** `POST index/change-passwd` (form) `action=submit`: changes the password with the SMS code. */
export const changePasswordWithCaptcha = (input: ChangePasswordInput): Promise<null> =>
  post<null>('index/change-passwd', undefined, { form: { action: 'submit', ...input } });
