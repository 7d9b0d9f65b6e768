import * as v from 'valibot';
import { Identifier, Mobile, Secret, Username } from './common.ts';
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

export const UpdatePasswordRequest = v.pipe(
  v.strictObject({
    username: Username,
    old_password: Secret,
    new_password1: NewPasswordSchema,
    new_password2: v.string('please confirm the new password'),
  }),
  v.forward(
    v.check((x) => x.new_password1 === x.new_password2, 'the two new passwords do not match'),
    ['new_password2'],
  ),
);

const SmsCaptcha = v.pipe(
  v.string('captcha must be a string'),
  v.regex(/^\d{6}$/, 'please fill in the 6-digit captcha'),
);

/** `index/change-passwd` form: `action=captcha` asks for an SMS code, `action=submit` changes. */
export const ChangePasswdRequest = v.variant(
  'action',
  [
    v.strictObject({ action: v.literal('captcha'), ur_account: Username, mobile: Mobile }),
    v.strictObject({
      action: v.literal('submit'),
      ur_account: Username,
      mobile: Mobile,
      captcha: SmsCaptcha,
      ur_passwd: v.pipe(
        NewPasswordSchema,
        v.check((p) => editPasswordProblem(p) === null, passwordMessages.special),
      ),
    }),
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
