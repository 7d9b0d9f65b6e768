import * as v from 'valibot';
import { Mobile, Username } from '../fields.ts';
import { msg } from '../messages.ts';
import { NewPasswordSchema } from '../password.ts';

/**
 * Forgot password (issue 34): a code by SMS to the registered mobile, then a new password with it.
 * Kept out of `accounts/` so that the sign-in page, which carries the accounts' operations, does
 * not carry these (docs/decisions/password-reset.md).
 */

const SmsCaptcha = v.pipe(v.string(msg('captchaDigits')), v.regex(/^\d{6}$/, msg('captchaDigits')));

/**
 * `user/forgot-password`: the account and its registered mobile, as the person types them. The
 * answer is the same whether or not they match (the number as typed, masked); a code goes only to
 * the number the account has.
 */
export const ForgotPasswordRequest = v.strictObject({ username: Username, mobile: Mobile });
export type ForgotPasswordRequest = v.InferInput<typeof ForgotPasswordRequest>;
export const ForgotPasswordResponse = v.object({ mobile: v.string() });
export type ForgotPasswordResponse = v.InferOutput<typeof ForgotPasswordResponse>;

/**
 * `user/reset-password`: the code `user/forgot-password` texted, and the new password twice (the
 * policy of `user/update-pass-word`; the two must match).
 */
export const ResetPasswordRequest = v.pipe(
  v.strictObject({
    username: Username,
    mobile: Mobile,
    captcha: SmsCaptcha,
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
export type ResetPasswordRequest = v.InferInput<typeof ResetPasswordRequest>;
