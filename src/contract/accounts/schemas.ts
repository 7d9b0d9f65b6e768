import * as v from 'valibot';
import { Identifier, Mobile, SECRET_MAX, Secret, Text, Username } from '../fields.ts';
import { msg } from '../messages.ts';
import { EditPasswordSchema, NewPasswordSchema } from '../password.ts';

/** Accounts and sessions: login, user info, customer accounts, password changes. */

export const LoginRequest = v.strictObject({
  username: Username,
  password: Secret,
  /** Answer to the captcha image (required after 3 failures). */
  validate: v.optional(v.pipe(v.string(msg('string')), v.maxLength(16, msg('maxLength', { max: 16 }))), ''),
  /**
   * Instead of the image: the code `user/login-sms` sent to the account's mobile (for people who
   * cannot read the image, WCAG 1.1.1). When given, the captcha answer is not asked for.
   */
  sms_code: v.optional(
    v.pipe(v.string(msg('captchaDigits')), v.regex(/^(\d{6})?$/, msg('captchaDigits'))),
    '',
  ),
});
export type LoginRequest = v.InferInput<typeof LoginRequest>;

/** 0 = nothing to do, 1 = forced change (initial or expired password), 2 = change suggested. */
export const PassFlagSchema = v.picklist([0, 1, 2]);
export type PassFlag = v.InferOutput<typeof PassFlagSchema>;

export const LoginResponse = v.object({
  access_token: v.string(),
  is_weak_password: v.boolean(),
  is_white_customer: v.boolean(),
  pass_flag: PassFlagSchema,
});
export type LoginResponse = v.InferOutput<typeof LoginResponse>;

export const CaptchaQuery = v.strictObject({
  username: Username,
  /** Cache buster of the image URL (`captchaUrl()` adds it so that a refresh loads a new image). */
  t: v.optional(v.pipe(v.string(msg('string')), v.regex(/^\d{1,16}$/, msg('integer')))),
});

export const CustomerRefSchema = v.object({
  cu_id: v.number(),
  cu_name: v.string(),
  identifier: v.string(),
  co_id: v.number(),
  co_name: v.string(),
});
export type CustomerRef = v.InferOutput<typeof CustomerRefSchema>;

export const UserInfoSchema = v.object({
  name: v.string(),
  avatar: v.string(),
  introduction: v.string(),
  roles: v.array(v.string()),
  uid: v.number(),
  user: v.object({ ur_account: v.string() }),
  sg_id: v.number(),
  role_label: v.string(),
  customer: v.nullable(CustomerRefSchema),
  city: v.string(),
  pass_flag: PassFlagSchema,
  is_weak_password: v.boolean(),
  is_white_customer: v.boolean(),
  /** The registered mobile number, masked (`138****8000`): enough to recognise one's own. */
  mobile_hint: v.string(),
  /** An administrator of the session's customer: reads its audit trail (`customer-audit/index`). */
  is_admin: v.optional(v.boolean()),
  /** The server's idle time (SESSION_IDLE_MINUTES): the portal signs out after it without input. */
  idle_minutes: v.optional(v.number()),
  /**
   * The person signs in with their organisation (single sign-on): a signature of theirs is
   * confirmed by signing in there again (`user/sso-reauth-start`), not with a password.
   */
  sso: v.optional(v.boolean()),
});
export type UserInfo = v.InferOutput<typeof UserInfoSchema>;

const Token = v.pipe(Text(256), v.nonEmpty(msg('required')));

export const TokenRequest = v.strictObject({ token: Token });
export const JumpLoginRequest = v.strictObject({ code: Token });

export const AccessTokenResponse = v.object({ access_token: v.string() });
export type AccessTokenResponse = v.InferOutput<typeof AccessTokenResponse>;

export const NewLoginItemSchema = v.object({
  ur_token: v.string(),
  /** 1 when the user holds several customer accounts and should pick one, else 0. */
  flag: v.picklist([0, 1]),
});
export type NewLoginItem = v.InferOutput<typeof NewLoginItemSchema>;

export const IdentifierRequest = v.strictObject({ identifier: Identifier });

export const CustomerAccountSchema = v.object({
  cu_id: v.number(),
  cu_name: v.string(),
  co_name: v.string(),
  identifier: v.string(),
  /** Pinyin initials of the name, for the switcher's filter. */
  pinyin: v.string(),
});

export const CustomerAccountList = v.object({
  list: v.array(CustomerAccountSchema),
  identifier: v.string(),
  old_customer_button: v.boolean(),
});
export type CustomerAccountList = v.InferOutput<typeof CustomerAccountList>;

export const SwitchCustomerResponse = v.object({ access_token: v.optional(v.string()) });
export type SwitchCustomerResponse = v.InferOutput<typeof SwitchCustomerResponse>;

/** `user/update-pass-word`: the two new passwords must match (checked as soon as both are typed). */
export const UpdatePasswordRequest = v.pipe(
  v.strictObject({
    username: Username,
    old_password: v.pipe(
      v.string(msg('oldPasswordRequired')),
      v.nonEmpty(msg('oldPasswordRequired')),
      v.maxLength(SECRET_MAX, msg('maxLength', { max: SECRET_MAX })),
    ),
    new_password1: NewPasswordSchema,
    new_password2: v.pipe(v.string(msg('confirmRequired')), v.nonEmpty(msg('confirmRequired'))),
  }),
  v.forward(
    v.partialCheck(
      [['new_password1'], ['new_password2']],
      (x) => x.new_password1 === x.new_password2,
      msg('passwordsMismatch'),
    ),
    ['new_password2'],
  ),
);
export type UpdatePasswordRequest = v.InferInput<typeof UpdatePasswordRequest>;

const SmsCaptcha = v.pipe(v.string(msg('captchaDigits')), v.regex(/^\d{6}$/, msg('captchaDigits')));

/**
 * `user/login-sms`: the account, and its mobile number as the person types it (a code goes only to
 * the number the account has, and the answer is the same whether it matched or not).
 */
export const LoginSmsRequest = v.strictObject({ username: Username, mobile: Mobile });
export type LoginSmsRequest = v.InferInput<typeof LoginSmsRequest>;
export const LoginSmsResponse = v.object({ mobile: v.string() });

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
  msg('actionInvalid'),
);
export type ChangePasswdRequest = v.InferInput<typeof ChangePasswdRequest>;
