import { describe, expect, it } from 'vitest';
import { socketFrom, testApp } from './test-app.ts';
import type { AnswerReport } from './e2e-answers.ts';
import { ANSWERS_PATH } from './e2e-answers.ts';
import { SMS_PATH, TENANT_PATH, withTenantCall } from './tenant-call.ts';

const SECRET = 'e2e-secret-7c1d';

async function front() {
  const t = await testApp();
  return { t, app: withTenantCall(t.app, t.deps, SECRET) };
}

const ask = (app: Awaited<ReturnType<typeof front>>['app'], body: unknown, secret?: string) =>
  app.request(
    TENANT_PATH,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(secret ? { 'x-e2e-secret': secret } : {}) },
      body: JSON.stringify(body),
    },
    socketFrom('10.9.9.9'),
  );

const users = async (t: Awaited<ReturnType<typeof front>>['t']) =>
  Number(
    (
      await t.deps.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the e2e server’s tenant call', () => {
  it('refuses a call without the secret, or with another, and writes nothing', async () => {
    const { t, app } = await front();
    const before = await users(t);
    expect((await ask(app, {})).status).toBe(403);
    expect((await ask(app, {}, 'e2e-secret-7c1e')).status).toBe(403);
    expect((await ask(app, {}, `${SECRET}x`)).status).toBe(403);
    expect(await users(t)).toBe(before);
  });

  it('seeds a set whose users sign in and see only their own customers; the next set is another', async () => {
    const { t, app } = await front();
    const first = (await (await ask(app, {}, SECRET)).json()) as {
      tag: string;
      logins: Record<string, { username: string; password: string }>;
    };
    expect(first.tag).toMatch(/^[0-9a-f]{10}$/);
    expect(Object.keys(first.logins).sort()).toEqual(['demo', 'forced', 'multi', 'weak', 'white']);
    expect(first.logins.multi!.username).toBe(`multi-${first.tag}`);
    const second = (await (await ask(app, {}, SECRET)).json()) as typeof first;
    expect(second.tag).not.toBe(first.tag);

    // through the app behind it (the call is in front, every other path passes)
    const login = await app.request(
      '/api/user/login.html',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        body: JSON.stringify(first.logins.multi),
      },
      socketFrom(t.address),
    );
    const token = ((await login.json()) as { code: number; data: { access_token: string } }).data
      .access_token;
    const list = await t.call<{ list: Array<{ identifier: string }> }>('customer-account/index', {
      token,
    });
    expect(list.code).toBe(0);
    const identifiers = list.data.list.map((c) => c.identifier);
    expect(identifiers).toHaveLength(5);
    expect(identifiers.every((id) => id.endsWith(`-${first.tag}`))).toBe(true);
  });

  it('with orders: the demo user’s set has its projects and orders, and nobody else’s', async () => {
    const { t, app } = await front();
    const set = (await (await ask(app, { orders: true }, SECRET)).json()) as {
      logins: Record<string, { username: string; password: string }>;
    };
    const signIn = await t.call<{ access_token: string }>('user/login', { body: set.logins.demo });
    const token = signIn.data.access_token;
    const orders = await t.call<{ total: number; list: Array<{ order_no: string }> }>(
      'customer-order/index',
      {
        token,
        query: { start: '0', limit: '20' },
      },
    );
    expect(orders.code).toBe(0);
    expect(orders.data.total).toBeGreaterThan(20);
    const none = (await (await ask(app, {}, SECRET)).json()) as typeof set;
    const other = await t.call<{ access_token: string }>('user/login', { body: none.logins.demo });
    const empty = await t.call<{ total: number }>('customer-order/index', {
      token: other.data.access_token,
      query: { start: '0', limit: '20' },
    });
    expect(empty.data.total).toBe(0);
  });

  it('with members: the set’s multi is a member of demo’s first customer, not its administrator; without, nobody is', async () => {
    const { t, app } = await front();
    type Set = { logins: Record<string, { username: string; password: string }> };
    const members = async (set: Set) => {
      const signIn = await t.call<{ access_token: string }>('user/login', { body: set.logins.demo });
      const list = await t.call<{ list: Array<{ username: string }> }>('customer-account/member-factors', {
        token: signIn.data.access_token,
      });
      expect(list.code).toBe(0);
      return list.data.list.map((m) => m.username).sort();
    };
    const set = (await (await ask(app, { members: true }, SECRET)).json()) as Set;
    expect(await members(set)).toEqual([set.logins.demo!.username, set.logins.multi!.username].sort());
    const plain = (await (await ask(app, {}, SECRET)).json()) as Set;
    expect(await members(plain)).toEqual([plain.logins.demo!.username]);
    // multi keeps its own five customers first, and administers none of them
    const signIn = await t.call<{ access_token: string }>('user/login', { body: set.logins.multi });
    const own = await t.call<{ list: Array<{ identifier: string }> }>('customer-account/index', {
      token: signIn.data.access_token,
    });
    expect(own.data.list.map((c) => c.identifier.replace(/-[0-9a-f]{10}$/, ''))).toEqual([
      'HR-SH-RD',
      'FS-CD-02',
      'XD-DTP-01',
      'SY-SJZ-01',
      'BG-GZ-01',
      'HR-ONC-03',
    ]);
    const refused = await t.call('customer-account/member-factors', { token: signIn.data.access_token });
    expect(refused.code).toBe(403);
  });

  it('reads a tenant user’s own mobile and latest text message, with the secret only', async () => {
    const { t, app } = await front();
    type Set = { logins: Record<string, { username: string; password: string }> };
    const [mine, theirs] = [
      (await (await ask(app, {}, SECRET)).json()) as Set,
      (await (await ask(app, {}, SECRET)).json()) as Set,
    ];
    const read = async (account: string, secret: string | null = SECRET) =>
      app.request(
        `${SMS_PATH}?account=${encodeURIComponent(account)}`,
        { headers: secret ? { 'x-e2e-secret': secret } : {} },
        socketFrom('10.9.9.9'),
      );
    const before = (await (await read(mine.logins.demo!.username)).json()) as { mobile: string; body: null };
    const other = (await (await read(theirs.logins.demo!.username)).json()) as { mobile: string };
    expect(before.mobile).toMatch(/^147\d{8}$/);
    expect(other.mobile).not.toBe(before.mobile);
    expect(before.body).toBeNull();

    const signIn = await t.call<{ access_token: string }>('user/login', { body: mine.logins.demo });
    const sent = await t.call('index/change-passwd', {
      token: signIn.data.access_token,
      body: { ur_account: mine.logins.demo!.username, mobile: before.mobile, action: 'captcha' },
    });
    expect(sent.code, sent.message).toBe(0);
    const after = (await (await read(mine.logins.demo!.username)).json()) as { body: string };
    expect(after.body).toMatch(/verification code is \d{6}/);
    expect(((await (await read(theirs.logins.demo!.username)).json()) as { body: null }).body).toBeNull();

    expect((await read(mine.logins.demo!.username, null)).status).toBe(403);
    expect((await read(mine.logins.demo!.username, `${SECRET}x`)).status).toBe(403);
    expect((await read('demo')).status).toBe(404);
  });

  it('checks every API answer it passes against the OpenAPI document, and reports those outside it with the secret only', async () => {
    const { app } = await front();
    const via = (path: string, init: RequestInit = {}) => app.request(path, init, socketFrom('10.9.9.9'));
    const report = async (secret: string | null = SECRET) =>
      via(ANSWERS_PATH, { headers: secret ? { 'x-e2e-secret': secret } : {} });
    // answers the document describes: a refusal without a session, a public call, and a preflight
    expect((await via('/api/customer-order/index.html')).status).toBe(200);
    expect((await via('/api/user/captcha.html')).status).toBeLessThan(500);
    await via('/api/tracking/lookup.html', {
      method: 'OPTIONS',
      headers: { origin: 'https://partner.test', 'access-control-request-method': 'POST' },
    });
    const clean = (await (await report()).json()) as AnswerReport;
    expect(clean.problems).toEqual([]);
    expect(clean.checked).toBe(2);
    // a path the document does not have is an answer outside it
    await via('/api/no-such/call.html');
    const after = (await (await report()).json()) as AnswerReport;
    expect(after.checked).toBe(2);
    expect(after.problems).toEqual(['GET /api/no-such/call.html → 404: no such operation in the document']);
    expect((await report(null)).status).toBe(403);
    expect((await report(`${SECRET}x`)).status).toBe(403);
  });
});
