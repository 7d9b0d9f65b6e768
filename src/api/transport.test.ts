import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code } from '../contract/codes.ts';
import { createUser } from '../../server/testing/fixtures.ts';
import { t as translate } from '../i18n/translate.ts';
import { $roles, $token, setToken } from '../stores/auth.ts';
import { $confirms, $toasts } from '../stores/notices.ts';
import { ApiError, TransportCode } from './errors.ts';
import * as v from 'valibot';
import * as ops from '../contract/accounts/operations.ts';
import { NoInput } from '../contract/fields.ts';
import { getRoutes } from '../contract/menu/operations.ts';
import { operation } from '../contract/operation.ts';
import { $locale } from '../i18n/translate.ts';
import { $passwordFlags, storeFlags } from '../stores/password-flags.ts';
import { call } from './transport.ts';
import { getUserInfo, login, logout } from './user.ts';
import { type Wired, wireClient } from '../../tests/wiring/client.ts';
import { t } from '../i18n/translate.ts';

/** An operation the server does not have: the tests answer it with their own fetch. */
const probe = (method: 'GET' | 'POST', path: string) =>
  operation({
    area: 'test',
    method,
    path,
    summary: 'probe',
    auth: 'public',
    input: NoInput,
    output: v.unknown(),
  });
const get = (path: string, _query?: undefined, options = {}) => call(probe('GET', path), {}, options);
const post = (path: string, _body: unknown = {}, options = {}) => call(probe('POST', path), {}, options);

let w: Wired;
beforeEach(async () => {
  w = await wireClient();
});
afterEach(() => {
  vi.useRealTimers();
  w.restore();
});

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};
const envelopeFetch =
  (code: number, message = `message ${code}`) =>
  async () =>
    new Response(JSON.stringify({ code, message, data: { code } }), {
      headers: { 'content-type': 'application/json' },
    });

describe('api client against the real server', () => {
  it('unwraps the envelope and sends X-Token once a token exists', async () => {
    const user = await createUser(w.t.deps.db);
    const answer = await login({ username: `  ${user.username} `, password: user.password });
    expect(answer.access_token).toMatch(/^[\w-]{20,}$/);
    setToken(answer.access_token);
    const info = await getUserInfo();
    expect(info.user.ur_account).toBe(user.username);
    expect(w.requests.at(-1)?.headers.get('X-Token')).toBe(answer.access_token);
    expect(w.requests.at(-1)?.url).toBe('http://portal.test/api/user/get-user-info.html');
    expect($toasts.get()).toEqual([]);
  });

  it('hands 406 (wrong password) to the caller without a toast', async () => {
    const user = await createUser(w.t.deps.db);
    const error = await failure(login({ username: user.username, password: 'Wrong#pass1' }));
    expect(error.code).toBe(Code.wrongCredentials);
    expect(error.message).not.toBe('');
    expect($toasts.get()).toEqual([]);
  });

  it('hands 475 (captcha required after 3 failures) to the caller without a toast', async () => {
    const user = await createUser(w.t.deps.db);
    for (let i = 0; i < 3; i++) await failure(login({ username: user.username, password: 'Wrong#pass1' }));
    const error = await failure(login({ username: user.username, password: user.password }));
    expect(error.code).toBe(Code.captchaRequired);
    expect($toasts.get()).toEqual([]);
  });

  it('shows other codes as an error toast for 5 s and still rejects with them', async () => {
    const error = await failure(call(ops.login, { username: '', password: 'x' }));
    expect([Code.badRequest, Code.invalid]).toContain(error.code);
    expect($toasts.get()).toEqual([
      expect.objectContaining({ kind: 'error', message: error.message, duration: 5000 }),
    ]);
  });

  it('599: a second login elsewhere asks; Re-login clears the token and reloads, Cancel stays', async () => {
    const user = await createUser(w.t.deps.db);
    const first = await login({ username: user.username, password: user.password });
    await login({ username: user.username, password: user.password });
    setToken(first.access_token);
    $roles.set(['admin']);

    const stay = await failure(getUserInfo());
    expect(stay.code).toBe(Code.loggedInElsewhere);
    expect($confirms.get()).toHaveLength(1);
    const ask = $confirms.get()[0]!;
    expect(ask.message).toBe(translate('api.loggedInElsewhere'));
    expect(ask.confirmText).toBe(translate('api.relogin'));
    expect($toasts.get()).toEqual([]);
    ask.resolve(false);
    await Promise.resolve();
    expect($token.get()).toBe(first.access_token);
    expect(w.reloads.count).toBe(0);

    await failure(getUserInfo());
    await failure(getUserInfo());
    expect($confirms.get()).toHaveLength(1);
    $confirms.get()[0]!.resolve(true);
    await vi.waitFor(() => expect(w.reloads.count).toBe(1));
    expect($token.get()).toBe('');
    expect($roles.get()).toEqual([]);
  });

  it('598: error toast for 5 s, then after 2 s token and roles cleared and off to /login', async () => {
    const user = await createUser(w.t.deps.db);
    const { access_token } = await login({ username: user.username, password: user.password });
    setToken(access_token);
    await logout();
    $roles.set(['admin']);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const error = await failure(getUserInfo());
    expect(error.code).toBe(Code.sessionExpired);
    expect($toasts.get()).toEqual([
      expect.objectContaining({ kind: 'error', message: t('api.sessionExpired'), duration: 5000 }),
    ]);
    vi.advanceTimersByTime(1999);
    expect($token.get()).toBe(access_token);
    expect(w.navigations).toEqual([]);
    vi.advanceTimersByTime(1);
    expect($token.get()).toBe('');
    expect($roles.get()).toEqual([]);
    expect(w.navigations).toEqual(['/login']);
  });
});

describe('catalogue codes without a server route to trigger them', () => {
  it.each([
    Code.backgroundFailed,
    Code.nothing,
    Code.forbidden,
    Code.captchaRequired,
    Code.captchaExpired,
    Code.secondFactorRequired,
    Code.wrongCredentials,
    Code.locked,
    Code.mustChangePassword,
  ])('%i reaches the caller typed, without any notice', async (code) => {
    w.useFetch(envelopeFetch(code));
    const error = await failure(get('common/anything'));
    expect([error.code, error.message, error.data]).toEqual([code, `message ${code}`, { code }]);
    expect($toasts.get()).toEqual([]);
    expect($confirms.get()).toEqual([]);
  });

  it('402 is silent only where the caller says so (customer add)', async () => {
    w.useFetch(envelopeFetch(Code.customerExists));
    await failure(post('customer/add', {}, { silentCodes: [Code.customerExists] }));
    expect($toasts.get()).toEqual([]);
    await failure(post('customer/other', {}));
    expect($toasts.get()).toEqual([expect.objectContaining({ kind: 'error', message: 'message 402' })]);
  });

  it('a body that is not an envelope becomes a typed error with a toast', async () => {
    w.useFetch(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    const error = await failure(get('common/anything'));
    expect(error.code).toBe(502);
    expect($toasts.get()[0]?.message).toBe(translate('api.badResponse'));
  });
});

describe('transport failures', () => {
  const throwing = () => {
    const calls = { count: 0 };
    w.useFetch(async () => {
      calls.count++;
      throw new TypeError('fetch failed');
    });
    return calls;
  };

  it('a network failure shows the network message; GETs are retried', async () => {
    const calls = throwing();
    const error = await failure(get('common/get-route'));
    expect(error.code).toBe(TransportCode.network);
    expect(calls.count).toBe(3);
    expect($toasts.get()).toEqual([
      expect.objectContaining({ kind: 'error', message: translate('api.network'), duration: 5000 }),
    ]);
  });

  it('POSTs are never retried', async () => {
    const calls = throwing();
    const error = await failure(call(ops.logout, {}));
    expect(error.code).toBe(TransportCode.network);
    expect(calls.count).toBe(1);
  });

  it('a GET that succeeds on retry answers normally', async () => {
    const user = await createUser(w.t.deps.db);
    setToken((await login({ username: user.username, password: user.password })).access_token);
    let failures = 1;
    w.useFetch((input, init) => {
      if (failures-- > 0) return Promise.reject(new TypeError('connection reset'));
      return w.t.app.fetch(new Request(input, init));
    });
    const info = await getUserInfo();
    expect(info.user.ur_account).toBe(user.username);
    expect($toasts.get()).toEqual([]);
  });

  it('gives up after 50 s without an answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    w.useFetch(
      (input) =>
        new Promise((_, reject) => {
          const signal = input instanceof Request ? input.signal : undefined;
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const pending = failure(call(ops.logout, {}));
    await vi.advanceTimersByTimeAsync(49_999);
    expect($toasts.get()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error.code).toBe(TransportCode.timeout);
    expect($toasts.get()[0]?.message).toBe(translate('api.network'));
  });
});

describe('cancelled calls', () => {
  it('a call the caller aborts rejects as aborted, without a notice', async () => {
    const controller = new AbortController();
    let calls = 0;
    w.useFetch(
      (input) =>
        new Promise((_, reject) => {
          calls++;
          const signal = input instanceof Request ? input.signal : undefined;
          if (signal?.aborted) reject(signal.reason);
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );
    const pending = failure(call(getRoutes, {}, { signal: controller.signal }));
    controller.abort();
    expect((await pending).code).toBe(TransportCode.aborted);
    expect(calls).toBeLessThanOrEqual(1);
    expect($toasts.get()).toEqual([]);
  });
});

describe('the typed transport', () => {
  it('sends the locale as Accept-Language, and the server answers in it', async () => {
    const previous = $locale.get();
    try {
      $locale.set('zh-CN');
      const zh = await failure(call(ops.login, { username: 'nobody-here-zh', password: 'Wrong#pass1' }));
      expect(w.requests.at(-1)?.headers.get('Accept-Language')).toBe('zh-CN');
      expect(zh.message).toBe('用户名或密码错误');
      $locale.set('en');
      const en = await failure(call(ops.login, { username: 'nobody-here-en', password: 'Wrong#pass1' }));
      expect(w.requests.at(-1)?.headers.get('Accept-Language')).toBe('en');
      expect(en.message).toBe('Wrong username or password');
      const missing = await failure(call(ops.login, { password: 'x' } as never, { quiet: true }));
      expect(missing.data).toEqual({ username: 'Please fill in this field' });
    } finally {
      $locale.set(previous);
    }
  });

  it('463 opens the forced password change instead of a toast', async () => {
    w.useFetch(envelopeFetch(Code.mustChangePassword));
    storeFlags({ is_weak_password: false, is_white_customer: false, pass_flag: 0 });
    expect($passwordFlags.get().passFlag).toBe(0);
    await failure(get('common/anything'));
    expect($passwordFlags.get().passFlag).toBe(1);
    expect($toasts.get()).toEqual([]);
  });

  it('a quiet call raises no outcome at all; silentCodes keep only those codes', async () => {
    w.useFetch(envelopeFetch(Code.conflict));
    await failure(get('common/anything', undefined, { quiet: true }));
    expect($toasts.get()).toEqual([]);
    await failure(get('common/anything', undefined, { silentCodes: [Code.conflict] }));
    expect($toasts.get()).toEqual([]);
    w.useFetch(async () => {
      throw new TypeError('offline');
    });
    await failure(post('common/anything', {}, { silentCodes: [Code.conflict] }));
    expect($toasts.get()).toEqual([expect.objectContaining({ message: t('api.network') })]);
  });

  it('sends a form body for the spec’s form calls and JSON for the rest', async () => {
    const user = await createUser(w.t.deps.db);
    setToken((await login({ username: user.username, password: user.password })).access_token);
    const bodies: string[] = [];
    w.useFetch(async (input, init) => {
      const request = new Request(input, init);
      bodies.push(`${request.headers.get('content-type')} ${await request.clone().text()}`);
      return w.t.app.fetch(request);
    });
    await call(ops.changePasswordBySms, {
      action: 'captcha',
      ur_account: user.username,
      mobile: user.mobile,
    });
    await call(ops.customerAccounts, {});
    await failure(call(ops.switchCustomer, { identifier: 'NOT-MINE' }));
    expect(bodies[0]).toMatch(/^application\/x-www-form-urlencoded.* action=captcha&ur_account=/);
    expect(bodies[1]).toBe('null ');
    expect(bodies[2]).toBe('application/json {"identifier":"NOT-MINE"}');
  });
});
