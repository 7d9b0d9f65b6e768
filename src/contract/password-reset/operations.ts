import { Code } from '../codes.ts';
import { Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import { ForgotPasswordRequest, ForgotPasswordResponse, ResetPasswordRequest } from './schemas.ts';

/**
 * Forgot password (issue 34), calls of the accounts area (`user/*`, served by
 * server/areas/accounts) declared apart from accounts/operations.ts: the sign-in page imports
 * that module, and every operation in it is in the page's first load.
 */
const area = 'accounts';
const MINUTE = 60_000;

/** How many `user/forgot-password` requests one account and number may make an hour (the codes it may get). */
export const RESET_CODES_PER_HOUR = 3;

export const forgotPassword = operation({
  area,
  method: 'POST',
  path: 'user/forgot-password',
  summary:
    "Forgot password: a 6-digit code by SMS to the account's registered mobile, sent only when the number typed is the account's (the same answer either way, and at the same time: what a match does runs after the answer)",
  auth: 'public',
  // What a match does (the code, the text, its audit entry) runs after the answer has gone, so
  // the answer's time cannot say that the account and number matched: its entry is written then.
  audit: {
    none: 'answers at once; a matching account gets its code, its text and an audit entry (`password_reset_code`) after the answer; the reset it allows is recorded',
  },
  input: ForgotPasswordRequest,
  output: ForgotPasswordResponse,
  // Per address (an IPv6 /64), and RESET_CODES_PER_HOUR per username and number as typed (the
  // same for every account and none, so it says nothing; server/areas/accounts/password-reset.ts).
  rateLimits: [{ by: 'ip', limit: 5, windowMs: 15 * MINUTE }],
  codes: [Code.locked],
});

export const resetPassword = operation({
  area,
  method: 'POST',
  path: 'user/reset-password',
  summary:
    'Forgot password: set a new password with the code `user/forgot-password` texted (ends every session of the user, texts them that the password changed)',
  auth: 'public',
  audit: { records: ['user'] },
  input: ResetPasswordRequest,
  output: Nothing,
  rateLimits: [{ by: 'ip', limit: 20, windowMs: 15 * MINUTE }],
  codes: [Code.locked, Code.captchaRequired],
});
