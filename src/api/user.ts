import * as ops from '../contract/accounts/operations.ts';
import type {
  AccessTokenResponse,
  LoginRequest,
  LoginResponse,
  NewLoginItem,
  UserInfo,
} from '../contract/accounts/schemas.ts';
import { apiBase } from './config.ts';
import { tracked } from './telemetry.ts';
import { type CallOptions, call } from './transport.ts';

/** `POST user/login`; the username is trimmed, password and captcha answer go as typed. */
export function login(request: LoginRequest, options?: CallOptions): Promise<LoginResponse> {
  const username = request.username.trim();
  return tracked('login', username, () =>
    call(ops.login, { ...request, username, validate: request.validate ?? '' }, options),
  );
}

/**
 * `POST user/login-sms`: the captcha's alternative, a code to the account's mobile (sent only when
 * `mobile` is the account's number). Answers the number as typed, masked.
 */
export function loginSms(username: string, mobile: string): Promise<{ mobile: string }> {
  return call(ops.loginSms, { username: username.trim(), mobile: mobile.trim() });
}

/** URL of the captcha image shown after 3 failed logins; `nonce` forces a fresh one. */
export function captchaUrl(username: string, nonce = Date.now()): string {
  const query = new URLSearchParams({ username: username.trim(), t: String(nonce) });
  return `${apiBase()}/${ops.captcha.path}.html?${query}`;
}

export const getUserInfo = (options?: CallOptions): Promise<UserInfo> => call(ops.getUserInfo, {}, options);

/** `POST user/logout`; `quiet` when the session ends anyway (logout must not raise notices). */
export const logout = (options?: CallOptions): Promise<null> => call(ops.logout, {}, options);

/** `POST user/jump-login`: enter with a one-time code from another provider system. */
export function jumpLogin(code: string): Promise<AccessTokenResponse> {
  return tracked('jump-login', '', () => call(ops.jumpLogin, { code }));
}

/** `POST user/new-login`: exchange a token of another provider system. */
export function newLogin(token: string): Promise<NewLoginItem[]> {
  return tracked('new-login', '', () => call(ops.newLogin, { token }));
}

/** `POST user/customer-login`: enter one customer account. */
export const customerLogin = (identifier: string): Promise<AccessTokenResponse> =>
  call(ops.customerLogin, { identifier });
