import * as v from 'valibot';
import { Code } from '../codes.ts';
import { NoInput, Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import { WaitSeconds, WrongCredentials } from '../refusals.ts';
import {
  AccessTokenResponse,
  CaptchaQuery,
  ChangePasswdRequest,
  CustomerAccountList,
  IdentifierRequest,
  JumpLoginRequest,
  LoginRequest,
  LoginResponse,
  LoginSmsRequest,
  LoginSmsResponse,
  NewLoginItemSchema,
  SwitchCustomerResponse,
  TokenRequest,
  UpdatePasswordRequest,
  UserInfoSchema,
} from './schemas.ts';
import { SecondFactorRequired } from '../second-factor/schemas.ts';
import { EnrolmentRequired } from '../second-factor-policy/enrolment-required.ts';
import {
  OwnSessionListSchema,
  SessionPolicySchema,
  SessionPolicyUpdate,
  SessionSignOutRequest,
  SignedOutSchema,
} from './sessions.ts';

const area = 'accounts';
const MINUTE = 60_000;

export const login = operation({
  area,
  method: 'POST',
  path: 'user/login',
  summary:
    'Log in with username and password (captcha answer after 3 failures; 407 `{retry_after}` while the address must wait)',
  auth: 'public',
  audit: { records: ['user'] },
  input: LoginRequest,
  output: LoginResponse,
  // Per address only: a limit per username would let anyone lock its user out (issue 27). The
  // counts per username and address (server/areas/accounts/login-guard.ts) slow the guesser.
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE }],
  codes: [
    Code.wrongCredentials,
    Code.locked,
    Code.captchaRequired,
    Code.captchaExpired,
    Code.secondFactorRequired,
    Code.secondFactorEnrolmentRequired,
  ],
  refusals: {
    [Code.wrongCredentials]: WrongCredentials,
    [Code.secondFactorRequired]: SecondFactorRequired,
    [Code.secondFactorEnrolmentRequired]: EnrolmentRequired,
  },
});

export const loginSms = operation({
  area,
  method: 'POST',
  path: 'user/login-sms',
  summary:
    "The captcha's alternative: a 6-digit code by SMS to the account's mobile, sent only when the number typed is the account's (same answer either way)",
  auth: 'public',
  audit: { none: 'sends a sign-in code by SMS; the sign-in it allows is recorded' },
  input: LoginSmsRequest,
  output: LoginSmsResponse,
  // Each text costs money and reaches a person: few per address, and one a minute per account
  // (sms-codes.ts). No limit per username: anyone could use it up and take the alternative away.
  rateLimits: [{ by: 'ip', limit: 5, windowMs: 15 * MINUTE }],
  codes: [Code.locked],
});

export const captcha = operation({
  area,
  method: 'GET',
  path: 'user/captcha',
  summary: 'The captcha image (PNG) required after 3 failed logins',
  auth: 'public',
  input: CaptchaQuery,
  output: v.string(),
  media: 'image/png',
  // per address only: the image is the address's own (keyed by username and address)
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE }],
});

export const getUserInfo = operation({
  area,
  method: 'GET',
  path: 'user/get-user-info',
  summary: 'The session user, group, role label and current customer account',
  auth: 'account',
  input: NoInput,
  output: UserInfoSchema,
});

export const logout = operation({
  area,
  method: 'POST',
  path: 'user/logout',
  summary: 'End the session',
  auth: 'account',
  audit: { records: ['user'] },
  input: NoInput,
  bodyOptional: true,
  output: Nothing,
});

export const jumpLogin = operation({
  area,
  method: 'POST',
  path: 'user/jump-login',
  summary: 'Log in with a one-time code from another provider system (60 s, single use)',
  auth: 'public',
  audit: { records: ['user'] },
  input: JumpLoginRequest,
  output: AccessTokenResponse,
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE, bucket: 'hand-over' }],
  codes: [Code.sessionExpired],
});

export const newLogin = operation({
  area,
  method: 'POST',
  path: 'user/new-login',
  summary: 'Exchange a hand-over token for a session',
  auth: 'public',
  audit: { records: ['user'] },
  input: TokenRequest,
  output: v.array(NewLoginItemSchema),
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE, bucket: 'hand-over' }],
  codes: [Code.sessionExpired],
});

export const customerLogin = operation({
  area,
  method: 'POST',
  path: 'user/customer-login',
  summary: 'Enter one of the user’s customer accounts',
  auth: 'account',
  audit: { records: ['user'] },
  input: IdentifierRequest,
  output: AccessTokenResponse,
  codes: [Code.forbidden],
});

export const updatePassword = operation({
  area,
  method: 'POST',
  path: 'user/update-pass-word',
  summary: 'Change the password (ends every session of the user)',
  auth: 'account',
  audit: { records: ['user'] },
  input: UpdatePasswordRequest,
  output: Nothing,
  rateLimits: [{ by: 'user', limit: 10, windowMs: 15 * MINUTE }],
  codes: [Code.forbidden, Code.wrongCredentials],
});

export const customerAccounts = operation({
  area,
  method: 'GET',
  path: 'customer-account/index',
  summary: 'The user’s customer accounts and the current one',
  auth: 'account',
  input: NoInput,
  output: CustomerAccountList,
});

export const switchCustomer = operation({
  area,
  method: 'POST',
  path: 'customer-account/switch-customer',
  summary: 'Switch to another of the user’s customer accounts',
  auth: 'account',
  audit: { records: ['user'] },
  input: IdentifierRequest,
  output: SwitchCustomerResponse,
  codes: [Code.forbidden],
});

export const changePasswordBySms = operation({
  area,
  method: 'POST',
  path: 'index/change-passwd',
  summary: 'SMS-verified password change: `action=captcha` sends a code, `action=submit` changes',
  auth: 'account',
  audit: { records: ['user'] },
  input: ChangePasswdRequest,
  encoding: 'json-or-form',
  output: v.nullable(v.string()),
  rateLimits: [{ by: 'user', limit: 20, windowMs: 60 * MINUTE }],
  codes: [Code.forbidden, Code.captchaRequired, Code.captchaExpired],
  refusals: { [Code.tooManyRequests]: v.nullable(WaitSeconds) },
});

// --- a person's own sessions and the customer's session policy (issue 34, docs/decisions/sessions.md)
// Pure: the signed-in page's first load imports this module (the session store's calls) and needs
// none of these; only <lp-sessions-dialog> does, so the bundler leaves them out of the host's.

export const ownSessions = /* @__PURE__ */ operation({
  area,
  method: 'GET',
  path: 'user/session-list',
  summary:
    'The caller’s own live sessions (device, place with its host part masked, signed in at, last seen, this one), and the limits in force for them',
  auth: 'session',
  input: NoInput,
  output: OwnSessionListSchema,
});

export const sessionSignOut = /* @__PURE__ */ operation({
  area,
  method: 'POST',
  path: 'user/session-sign-out',
  summary:
    'End one of the caller’s own sessions (its next call answers 598); another person’s, an ended or an unknown one: 404',
  auth: 'session',
  audit: { records: ['user'] },
  input: SessionSignOutRequest,
  output: SignedOutSchema,
  rateLimits: [{ by: 'user', limit: 30, windowMs: MINUTE, bucket: 'session/write' }],
  codes: [Code.notFound],
});

export const sessionSignOutOthers = /* @__PURE__ */ operation({
  area,
  method: 'POST',
  path: 'user/session-sign-out-others',
  summary: 'End every live session of the caller but this one',
  auth: 'session',
  audit: { records: ['user'] },
  input: NoInput,
  output: SignedOutSchema,
  bodyOptional: true,
  rateLimits: [{ by: 'user', limit: 30, windowMs: MINUTE, bucket: 'session/write' }],
});

export const sessionPolicy = /* @__PURE__ */ operation({
  area,
  method: 'GET',
  path: 'customer-account/session-policy',
  summary: 'The session customer’s session policy (its administrators only, 403 otherwise)',
  auth: 'session',
  input: NoInput,
  output: SessionPolicySchema,
  codes: [Code.forbidden],
});

export const sessionPolicyUpdate = /* @__PURE__ */ operation({
  area,
  method: 'POST',
  path: 'customer-account/session-policy-update',
  summary:
    'Set the session customer’s session policy: idle 5–480 min, absolute 60–10080 min, 1–5 sessions per person (its administrators only); reaches live sessions at their next call',
  auth: 'session',
  audit: { records: ['session_policy', 'user'] },
  input: SessionPolicyUpdate,
  output: SessionPolicySchema,
  rateLimits: [{ by: 'user', limit: 30, windowMs: MINUTE, bucket: 'session/write' }],
  codes: [Code.forbidden],
});
