import type {
  AccessTokenResponse,
  LoginRequest,
  LoginResponse,
  NewLoginItem,
  UserInfo,
} from '../contract/user.ts';
import type { NoticeOptions } from './catalogue.ts';
import { get, post } from './client.ts';
import { apiBase } from './config.ts';
import { tracked } from './telemetry.ts';

/** `POST user/login`; the username is trimmed, password and captcha answer go as typed. */
export function login(request: LoginRequest): Promise<LoginResponse> {
  const username = request.username.trim();
  return tracked('login', username, () =>
    post<LoginResponse>('user/login', { ...request, username, validate: request.validate ?? '' }),
  );
}

/** URL of the captcha image (SVG) shown after 3 failed logins; `nonce` forces a fresh one. */
export function captchaUrl(username: string, nonce = Date.now()): string {
  const query = new URLSearchParams({ username: username.trim(), t: String(nonce) });
  return `${apiBase()}/user/captcha.html?${query}`;
}

/** `GET user/get-user-info`; `quiet` when the caller decides what the user sees (session checks). */
export const getUserInfo = (options: NoticeOptions = {}): Promise<UserInfo> =>
  get<UserInfo>('user/get-user-info', undefined, options);

/** `POST user/logout`; `quiet` when the session ends anyway (logout must not raise notices). */
export const logout = (options: NoticeOptions = {}): Promise<null> =>
  post<null>('user/logout', undefined, options);

/** `POST user/jump-login`: enter with a one-time code from another provider system. */
export function jumpLogin(code: string): Promise<AccessTokenResponse> {
  return tracked('jump-login', '', () => post<AccessTokenResponse>('user/jump-login', { code }));
}

/** `POST user/new-login`: exchange a token of another provider system. */
export function newLogin(token: string): Promise<NewLoginItem[]> {
  return tracked('new-login', '', () => post<NewLoginItem[]>('user/new-login', { token }));
}

/** `POST user/customer-login`: enter one customer account. */
export const customerLogin = (identifier: string): Promise<AccessTokenResponse> =>
  post<AccessTokenResponse>('user/customer-login', { identifier });
