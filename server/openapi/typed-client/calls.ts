import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './portal-api.d.ts';

/**
 * A client of the portal as a third party would write one: types generated from
 * `/api/openapi.json` by openapi-typescript (`portal-api.d.ts`, made by typed-client.test.ts, not
 * kept), calls by openapi-fetch. This file is type-checked against the generated types by that
 * test (its own tsconfig: the project's check leaves this folder out, the types being made at test
 * time), then its calls are made against the real app. The type-level assertions below fail the
 * check when the document types an answer wrongly: a 598's `data` as the success data, say.
 */

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

/** An operation's HTTP 200 answer: the union of its envelopes. */
type Answer<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer A } } };
}
  ? A
  : never;
type Of<A, C extends number> = Extract<A, { code: C }>;

type UserInfo = Answer<'/api/user/get-user-info.html', 'get'>;
type Login = Answer<'/api/user/login.html', 'post'>;
type AddressDelete = Answer<'/api/customer-address/del.html', 'post'>;

export type TypeChecks = [
  // the codes a session's read answers, each its own envelope
  Expect<Equal<UserInfo['code'], 0 | 400 | 403 | 422 | 598 | 599>>,
  // a 598 carries nothing, not the user
  Expect<Equal<Of<UserInfo, 598>['data'], null>>,
  Expect<Equal<Of<UserInfo, 599>['data'], null>>,
  // the success carries the user
  Expect<Equal<Of<UserInfo, 0>['data']['uid'], number>>,
  // a 422 its field map (or null), a login's 406 whether the captcha is next, a 407 the wait
  Expect<Equal<Of<Login, 422>['data'], { [key: string]: string } | null>>,
  Expect<Equal<Of<Login, 406>['data'], { captcha: boolean }>>,
  Expect<Equal<Of<Login, 407>['data'], { retry_after: number }>>,
  // a stale delete's 409 the address as it is now (or null)
  Expect<Equal<NonNullable<Of<AddressDelete, 409>['data']>['ad_id'], number>>,
  Expect<Equal<null extends Of<AddressDelete, 409>['data'] ? true : false, true>>,
];

// Without looking at `code`, the success data is not there to read: any answer may be a refusal.
// @ts-expect-error `data` of the union has no `uid` (a 598's is null)
export const unchecked = (answer: UserInfo) => answer.data.uid;

export type Portal = Client<paths>;

export function portalClient(fetch: (request: Request) => Promise<Response>, token?: string): Portal {
  return createClient<paths>({
    baseUrl: 'http://portal.test',
    fetch,
    headers: { 'Accept-Language': 'en', ...(token ? { 'X-Token': token } : {}) },
  });
}

/** Signs in: the session's token. */
export async function login(portal: Portal, username: string, password: string): Promise<string> {
  const { data } = await portal.POST('/api/user/login.html', { body: { username, password } });
  if (data?.code !== 0) throw new Error(`login: ${data?.code} ${data?.message}`);
  return data.data.access_token;
}

/** A login with the wrong password: its code, and whether the captcha is next. */
export async function wrongLogin(portal: Portal, username: string) {
  const { data } = await portal.POST('/api/user/login.html', { body: { username, password: 'Wrong#pass1' } });
  if (data?.code !== 406) return { code: data?.code };
  const captcha: boolean = data.data.captcha;
  return { code: data.code, captcha };
}

/** The session's user, or what the refusal said. */
export async function userInfo(portal: Portal) {
  const { data } = await portal.GET('/api/user/get-user-info.html');
  if (!data) throw new Error('no envelope');
  switch (data.code) {
    case 0:
      return { code: data.code, uid: data.data.uid, name: data.data.name };
    case 598:
    case 599: {
      const nothing: null = data.data;
      return { code: data.code, data: nothing };
    }
    default:
      return { code: data.code };
  }
}

/** A page of the order list (its query typed from the document's parameters). */
export async function orders(portal: Portal, limit: number) {
  const { data } = await portal.GET('/api/customer-order/index.html', { params: { query: { limit } } });
  if (data?.code !== 0) return { code: data?.code, total: -1 };
  return { code: data.code, total: data.data.total };
}

/** A merge of two orders (its `Idempotency-Key` header is required by the types). */
export async function merge(portal: Portal, ids: number[], key: string) {
  const { data } = await portal.POST('/api/customer-order/merge.html', {
    params: { header: { 'Idempotency-Key': key } },
    body: { ids },
  });
  return { code: data?.code, data: data?.data };
}

/** An error report too large for the server: HTTP 413, typed as the transport fault it is. */
export async function tooLarge(portal: Portal, size: number) {
  const { data, error, response } = await portal.POST('/api/common/error-log.html', {
    body: { url: '/', message: 'x'.repeat(size) },
  });
  if (error) {
    const code: 408 | 413 | 429 | 500 | 503 = error.code;
    return { status: response.status, code };
  }
  return { status: response.status, code: data?.code };
}
