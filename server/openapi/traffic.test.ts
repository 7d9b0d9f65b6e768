import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import type { Operation } from '../../src/contract/operation.ts';
import { routes } from '../app.ts';
import { knownCaptcha, startOfWindow } from '../testing/accounts.ts';
import { createUser, loginAs } from '../testing/fixtures.ts';
import { createAddress } from '../testing/master-data-fixtures.ts';
import { AnswerChecker } from '../testing/openapi-answers.ts';
import { CALL_SECRET, callOperation } from '../testing/operation-call.ts';
import { createOrder } from '../testing/order-fixtures.ts';
import { socketFrom, type TestApp, testApp, testDatabase } from '../testing/test-app.ts';

/**
 * Real calls to the app, each answer checked against `/api/openapi.json` (status, content type,
 * headers, body): every operation refused in the ways every call can be, every GET as a signed-in
 * user reads it, and the refusals one by one (422, 400, 403, 404, 406, 407, 409 with and without
 * the record, 429, 463, 598, 599, HTTP 413), the meta calls too. No answer may be outside the
 * document.
 */

let t: TestApp;
let checker: AnswerChecker;
let operations: Operation[];
let token: string;

const op = (id: string) => {
  const found = operations.find((o) => o.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

/** A watched app of its own settings (its answers checked like the main one's). */
async function watched(overrides: Parameters<typeof testApp>[0]): Promise<TestApp> {
  const other = await testApp(overrides);
  checker.watch(other);
  return other;
}

beforeAll(async () => {
  await testDatabase();
  t = await testApp({ integrationSecret: CALL_SECRET });
  checker = new AnswerChecker(
    (await (await t.app.request('/api/openapi.json')).json()) as Record<string, unknown>,
  );
  checker.watch(t);
  operations = routes.map((r) => r.op);
  token = await loginAs(t, await createUser(t.deps.db));
});

const codesSeen = () => new Set(checker.checked.map((c) => c.code));
/** The problems found since the test began. */
let mark = 0;
beforeEach(() => {
  mark = checker.problems.length;
});
const fresh = () => checker.problems.slice(mark);

describe('answers against the OpenAPI document', () => {
  it('every operation refused as any call can be: without a session, with an unknown field; a reserved name', async () => {
    for (const o of operations) {
      await callOperation(t, o, [['zz_unknown', '1']], '');
      await callOperation(t, o, [['zz_unknown', '1']], token);
    }
    // a reserved name, in a query, a JSON body and a form (every call's 400: reserved-keys.test.ts)
    for (const id of ['GET customer-order/index', 'POST user/login', 'POST index/change-passwd'])
      await callOperation(t, op(id), [['__proto__', '1']], token);
    expect(fresh()).toEqual([]);
    const ids = new Set(checker.checked.map((c) => c.operationId));
    expect(ids.size).toBe(operations.length);
    for (const code of [Code.badRequest, Code.invalid, Code.sessionExpired])
      expect(codesSeen()).toContain(code);
  }, 60_000);

  it('every GET as a signed-in user reads it, without input', async () => {
    const before = checker.checked.length;
    const headers = { 'x-token': token, 'accept-language': 'en' };
    for (const o of operations.filter((x) => x.method === 'GET'))
      await t.app.request(`/api/${o.path}.html`, { headers }, socketFrom(t.address));
    expect(fresh()).toEqual([]);
    const successes = checker.checked.slice(before).filter((c) => c.code === Code.ok || c.code === null);
    expect(successes.length).toBeGreaterThan(30);
  }, 60_000);

  it('the refusals of a session: 598 without one, 599 after a login elsewhere, 463 while a change is forced', async () => {
    const user = await createUser(t.deps.db);
    const first = await loginAs(t, user);
    await loginAs(t, user);
    expect((await t.call('user/get-user-info', { token: first })).code).toBe(Code.loggedInElsewhere);
    expect((await t.call('user/get-user-info', { token: 'no-such-token' })).code).toBe(Code.sessionExpired);
    const forced = await loginAs(t, await createUser(t.deps.db, { passFlag: 1 }));
    expect((await t.call('customer-order/index', { token: forced })).code).toBe(Code.mustChangePassword);
    expect(fresh()).toEqual([]);
  });

  it('a login’s refusals: 406 with whether the captcha is next, then 407 with the wait', async () => {
    const user = await createUser(t.deps.db);
    const wrong = { username: user.username, password: 'Wrong#pass1' };
    const first = await t.call<{ captcha: boolean }>('user/login', { body: wrong });
    expect([first.code, typeof first.data.captcha]).toEqual([Code.wrongCredentials, 'boolean']);
    // after 3 failures the captcha (475, answered as the image would have it), after 5 the wait
    let code = 0;
    for (let i = 0; i < 10 && code !== Code.locked; i++) {
      code = (await t.call('user/login', { body: wrong })).code;
      if (code === Code.captchaRequired) {
        const validate = await knownCaptcha(t, user.username);
        code = (await t.call('user/login', { body: { ...wrong, validate } })).code;
      }
    }
    expect(code).toBe(Code.locked);
    expect(fresh()).toEqual([]);
  });

  it('404, 403, 409 with the record as it is now and 409 without, 400 without an Idempotency-Key', async () => {
    const user = await createUser(t.deps.db);
    const mine = await loginAs(t, user);
    const cuId = user.customers[0]?.cu_id as number;
    const other = await createUser(t.deps.db);
    expect((await t.call('customer-order/view', { token: mine, query: { id: '2147483000' } })).code).toBe(
      Code.notFound,
    );
    const foreign = { identifier: other.customers[0]?.identifier };
    expect((await t.call('customer-account/switch-customer', { token: mine, body: foreign })).code).toBe(
      Code.forbidden,
    );
    const address = await createAddress(t.deps.db, cuId);
    const stale = await t.call<{ ad_id: number }>('customer-address/del', {
      token: mine,
      body: { ad_id: address.ad_id, version: 99 },
    });
    expect([stale.code, stale.data.ad_id]).toEqual([Code.conflict, address.ad_id]);
    const done = await createOrder(t.deps.db, cuId, { status: 'finished' });
    const cancel = await t.call('customer-order/cancel', {
      token: mine,
      body: { ids: [done.id], reason: '不再需要' },
    });
    expect([cancel.code, cancel.data]).toEqual([Code.conflict, null]);
    // 409 with the order's view, and with the draft as saved elsewhere
    const modify = await t.call<{ id: number }>('customer-order/apply-modify', {
      token: mine,
      body: { id: done.id, kind: 'cancel', reason: '不再需要', version: 1 },
    });
    expect([modify.code, modify.data.id]).toEqual([Code.conflict, done.id]);
    const draft = { idempotency_key: 'traffic-draft-0001', data: { remark: '草稿' } };
    const saved = await t.call<{ id: number }>('customer-order/save-draft-box', { token: mine, body: draft });
    const again = await t.call<{ id: number }>('customer-order/save-draft-box', {
      token: mine,
      body: { ...draft, id: saved.data.id, version: 7 },
    });
    expect([again.code, again.data.id]).toEqual([Code.conflict, saved.data.id]);
    const open = [await createOrder(t.deps.db, cuId), await createOrder(t.deps.db, cuId)];
    const merge = await t.call('customer-order/merge', { token: mine, body: { ids: open.map((o) => o.id) } });
    expect(merge.code).toBe(Code.badRequest);
    // the provider's side (signed): 409 with the order's state
    const confirm = await callOperation(
      t,
      op('POST provider/confirm'),
      [
        ['order_no', done.order_no],
        ['operator', 'ops'],
      ],
      '',
    );
    expect([confirm.code, (confirm.data as { order_no: string }).order_no]).toEqual([
      Code.conflict,
      done.order_no,
    ]);
    expect(fresh()).toEqual([]);
  });

  it('429 past a rate limit (HTTP 200), HTTP 413 for a body too large', async () => {
    const limited = await watched({ rateLimits: true });
    // at a window's start, so that all the tries fall in one fixed window
    startOfWindow(limited, 15 * 60_000);
    const body = { username: 'nobody-here', mobile: '13900000000' };
    let code = 0;
    for (let i = 0; i < 8 && code !== Code.tooManyRequests; i++)
      code = (await limited.call('user/login-sms', { body })).code;
    expect(code).toBe(Code.tooManyRequests);
    const small = await watched({ bodyLimit: 1000 });
    const big = await small.call('common/error-log', {
      raw: JSON.stringify({ url: '/', message: 'x'.repeat(2000) }),
    });
    expect([big.status, big.code]).toEqual([413, Code.tooLarge]);
    expect(fresh()).toEqual([]);
  });

  it('an API client: its token (and a wrong secret’s 401), a call its scope grants, one it does not (403), a bad token (598)', async () => {
    const admin = await createUser(t.deps.db, { admin: true });
    const session = await loginAs(t, admin);
    const made = await t.call<{ client: { client_id: string }; client_secret: string }>('api-client/create', {
      token: session,
      body: { name: 'IRT', scopes: ['orders:read'] },
    });
    expect(made.code).toBe(0);
    const grant = (secret: string) =>
      t.app.request(
        '/api/oauth/token',
        {
          method: 'POST',
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            authorization: `Basic ${Buffer.from(`${made.data.client.client_id}:${secret}`).toString('base64')}`,
          },
          body: 'grant_type=client_credentials',
        },
        socketFrom(t.address),
      );
    expect((await grant('wrong')).status).toBe(401);
    const { access_token } = (await (await grant(made.data.client_secret)).json()) as {
      access_token: string;
    };
    const bearer = (value: string) => ({ headers: { authorization: `Bearer ${value}` } });
    expect((await t.call('customer-order/index', bearer(access_token))).code).toBe(Code.ok);
    expect((await t.call('user/get-user-info', bearer(access_token))).code).toBe(Code.forbidden);
    expect((await t.call('customer-order/index', bearer('lpat_forged'))).code).toBe(Code.sessionExpired);
    expect(fresh()).toEqual([]);
  });

  it('a file answer, the meta calls and the live stream’s refusal', async () => {
    const image = await t.app.request('/api/user/captcha.html?username=someone');
    expect(image.headers.get('content-type')).toContain('image/');
    for (const path of [
      '/api/openapi.json',
      '/api/docs',
      '/api/docs.css',
      '/api/health.json',
      '/api/live/stream?ticket=x',
    ])
      await t.app.request(path);
    expect(fresh()).toEqual([]);
    const statuses = checker.checked.map((c) => `${c.operationId} ${c.status}`);
    expect(statuses).toEqual(expect.arrayContaining(['docs 200', 'health 200', 'liveStream 401']));
  });

  it('saw every kind of answer the issue names', () => {
    for (const code of [0, 400, 403, 404, 406, 407, 409, 413, 422, 429, 463, 598, 599])
      expect(codesSeen()).toContain(code);
    expect(checker.problems).toEqual([]);
  });

  it('is no formality: an answer the document does not describe is a problem', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    (doc.components.schemas.Refusal598 as { properties: Record<string, unknown> }).properties.data = {
      type: 'object',
    };
    const strict = new AnswerChecker(doc as unknown as Record<string, unknown>);
    const res = await t.app.request('/api/user/get-user-info.html', {}, socketFrom(t.address));
    expect((await strict.check('GET', '/api/user/get-user-info.html', res.clone())).join()).toContain(
      'code 598 outside the schema',
    );
    expect(await strict.check('GET', '/api/no/such.html', res)).toEqual([
      'GET /api/no/such.html → 200: no such operation in the document',
    ]);
  });
});
