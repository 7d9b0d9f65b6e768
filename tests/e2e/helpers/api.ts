import type { APIRequestContext } from '@playwright/test';
import { signIntegration } from '../../../server/http/signature.ts';
import type { Login } from './accounts.ts';

/** The secret the e2e server was started with (playwright.config.ts). */
function integrationSecret(): string {
  const secret = process.env.LP_E2E_SECRET;
  if (!secret) throw new Error('LP_E2E_SECRET is not set: run the e2e tests through playwright.config.ts');
  return secret;
}

interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

/** Calls `/api/<path>.html` with a JSON body (and a token), returning the envelope. */
export async function callApi<T>(
  request: APIRequestContext,
  path: string,
  body: unknown,
  token?: string,
): Promise<Envelope<T>> {
  const response = await request.post(`/api/${path}.html`, {
    data: body,
    headers: token ? { 'X-Token': token } : {},
  });
  return (await response.json()) as Envelope<T>;
}

/** GETs `/api/<path>.html` with a token, returning the envelope. */
export async function getApi<T>(
  request: APIRequestContext,
  path: string,
  token: string,
): Promise<Envelope<T>> {
  const response = await request.get(`/api/${path}.html`, { headers: { 'X-Token': token } });
  return (await response.json()) as Envelope<T>;
}

/** The account a token belongs to ('' when the token is no good). */
export async function accountOf(request: APIRequestContext, token: string): Promise<string> {
  const info = await getApi<{ user: { ur_account: string } } | null>(request, 'user/get-user-info', token);
  return info.code === 0 ? (info.data?.user.ur_account ?? '') : '';
}

/** Logs in through the API (as another browser would) and returns the session token. */
export async function apiLogin(request: APIRequestContext, login: Login): Promise<string> {
  const answer = await callApi<{ access_token: string }>(request, 'user/login', login);
  if (answer.code !== 0) throw new Error(`login ${login.username} refused: ${answer.code} ${answer.message}`);
  return answer.data.access_token;
}

/**
 * A one-time code for `user/jump-login` (kind 'jump') or a token for `user/new-login` (kind
 * 'new'), asked for the way another provider system does: the signed integration call, with the
 * development secret the test server runs with.
 */
export async function integrationCode(
  request: APIRequestContext,
  username: string,
  kind: 'jump' | 'new',
): Promise<string> {
  const answer = await signedCall<{ code: string }>(request, 'integration/jump-code', { username, kind });
  if (answer.code !== 0) throw new Error(`jump-code refused: ${answer.code} ${answer.message}`);
  return answer.data.code;
}

/**
 * A call of the provider's other systems (`integration/*`), signed with the development secret the
 * test server runs with: the envelope as answered.
 */
export async function signedCall<T>(
  request: APIRequestContext,
  path: string,
  payload: unknown,
): Promise<Envelope<T>> {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await request.post(`/api/${path}.html`, {
    data: body,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signIntegration(integrationSecret(), timestamp, body),
    },
  });
  return (await response.json()) as Envelope<T>;
}
