import * as v from 'valibot';
import { Identifier, Mobile, SECRET_MAX, Secret, Username } from './common.ts';
import { fieldMessages as m } from './messages.ts';
import { editPasswordProblem, NewPasswordSchema, passwordMessages } from './password.ts';

export const LoginRequest = v.strictObject({
  username: Username,
  password: Secret,
  /** Answer to the captcha image (required after 3 failures). */
  validate: v.optional(v.pipe(v.string(), v.maxLength(16, 'captcha is at most 16 characters')), ''),
});
export type LoginRequest = v.InferInput<typeof LoginRequest>;

export interface LoginResponse {
  access_token: string;
  is_weak_password: boolean;
  is_white_customer: boolean;
  pass_flag: PassFlag;
}

/** 0 = nothing to do, 1 = forced change (initial or expired password), 2 = change suggested. */
export type PassFlag = 0 | 1 | 2;

export const CaptchaQuery = v.strictObject({
  username: Username,
  /** Cache buster of the image URL (`captchaUrl()` adds it so that a refresh loads a new image). */
  t: v.optional(v.pipe(v.string(), v.regex(/^\d{1,16}$/, 't must be a number'))),
});

export interface CustomerRef {
  cu_id: number;
  cu_name: string;
  identifier: string;
  co_id: number;
  co_name: string;
}

export interface UserInfo {
  name: string;
  avatar: string;
  introduction: string;
  roles: string[];
  uid: number;
  user: { ur_account: string };
  sg_id: number;
  role_label: string;
  customer: CustomerRef | null;
  city: string;
  pass_flag: PassFlag;
  is_weak_password: boolean;
  is_white_customer: boolean;
  /** The user's registered mobile number, masked (`138****8000`); empty when none is registered. */
  mobile_hint: string;
}

export const TokenRequest = v.strictObject({
  token: v.pipe(v.string('token must be a string'), v.nonEmpty('token is required'), v.maxLength(256)),
});

export const JumpLoginRequest = v.strictObject({
  code: v.pipe(v.string('code must be a string'), v.nonEmpty('code is required'), v.maxLength(256)),
});

export interface AccessTokenResponse {
  access_token: string;
}

export interface NewLoginItem {
  ur_token: string;
  /** 1 when the user holds several customer accounts and should pick one, else 0. */
  flag: 0 | 1;
}

export const IdentifierRequest = v.strictObject({ identifier: Identifier });

export interface CustomerAccountList {
  list: Array<{ cu_id: number; cu_name: string; co_name: string; identifier: string; pinyin: string }>;
  identifier: string;
  old_customer_button: boolean;
}

export interface SwitchCustomerResponse {
  access_token?: string;
}

/** `user/update-pass-word`: the two new passwords must match (checked as soon as both are typed). */
export const UpdatePasswordRequest = v.pipe(
  v.strictObject({
    username: Username,
    old_password: v.pipe(
      v.string(m.oldPasswordRequired),
      v.nonEmpty(m.oldPasswordRequired),
      v.maxLength(SECRET_MAX, `password is at most ${SECRET_MAX} characters`),
    ),
    new_password1: NewPasswordSchema,
    new_password2: v.pipe(v.string(m.confirmRequired), v.nonEmpty(m.confirmRequired)),
  }),
  v.forward(
    v.partialCheck(
      [['new_password1'], ['new_password2']],
      (x) => x.new_password1 === x.new_password2,
      m.passwordsMismatch,
    ),
    ['new_password2'],
  ),
);
export type UpdatePasswordRequest = v.InferInput<typeof UpdatePasswordRequest>;

const SmsCaptcha = v.pipe(v.string(m.captchaDigits), v.regex(/^\d{6}$/, m.captchaDigits));

/** The new password of the edit-password dialog: the policy plus a special symbol of the set. */
export const EditPasswordSchema = v.pipe(
  NewPasswordSchema,
  v.check((p) => editPasswordProblem(p) === null, passwordMessages.special),
);

/** `index/change-passwd` `action=captcha`: the account and the mobile the SMS code goes to. */
export const ChangePasswdCaptcha = v.strictObject({ ur_account: Username, mobile: Mobile });

/** `index/change-passwd` `action=submit`: the fields of the edit-password form. */
export const ChangePasswdSubmit = v.strictObject({
  ur_account: Username,
  mobile: Mobile,
  captcha: SmsCaptcha,
  ur_passwd: EditPasswordSchema,
});
export type ChangePasswdSubmit = v.InferInput<typeof ChangePasswdSubmit>;

/** `index/change-passwd` form: `action=captcha` asks for an SMS code, `action=submit` changes. */
export const ChangePasswdRequest = v.variant(
  'action',
  [
    v.strictObject({ action: v.literal('captcha'), ...ChangePasswdCaptcha.entries }),
    v.strictObject({ action: v.literal('submit'), ...ChangePasswdSubmit.entries }),
  ],
  'action must be "captcha" or "submit"',
);

/**
 * `POST integration/jump-code` (server to server, signed): a one-time code for `user/jump-login`
 * (kind 'jump', the default) or a token for `user/new-login` (kind 'new').
 */
export const IntegrationCodeRequest = v.strictObject({
  username: Username,
  identifier: v.optional(Identifier),
  kind: v.optional(v.picklist(['jump', 'new'], 'kind must be "jump" or "new"'), 'jump'),
});

export interface IntegrationCodeResponse {
  code: string;
  kind: 'jump' | 'new';
  /** Seconds the code stays valid. */
  expires_in: number;
}
