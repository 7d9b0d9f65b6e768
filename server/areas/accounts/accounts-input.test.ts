import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());

const BIG = 'x'.repeat(10 * 1024);
const SQL = "' OR 1=1; DROP TABLE users; --";
const HTML = '<script>alert(1)</script><img src=x onerror=alert(1)>';
const UNICODE = '测试\u202e😀\u200bé';
/** NUL and an unpaired surrogate cannot be stored as text: refused with 422 before any work. */
const UNSTORABLE = ['a\u0000b', 'a\ud800b'];

/** Counts of every table these calls may write to: bad input must leave them all unchanged. */
async function snapshot(t: TestApp) {
  const db = t.deps.db;
  const count = async (
    table:
      | 'sessions'
      | 'login_failures'
      | 'login_delays'
      | 'captchas'
      | 'one_time_codes'
      | 'sms_codes'
      | 'sms_outbox',
  ) => (await db.selectFrom(table).select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
  const ended = await db
    .selectFrom('sessions')
    .select(db.fn.countAll<number>().as('n'))
    .where('ended_at', 'is not', null)
    .executeTakeFirstOrThrow();
  const hashes = await db
    .selectFrom('users')
    .select(['uid', 'password_hash', 'pass_flag'])
    .orderBy('uid')
    .execute();
  return {
    sessions: String(await count('sessions')),
    ended: String(ended.n),
    failures: String(await count('login_failures')),
    delays: String(await count('login_delays')),
    captchas: String(await count('captchas')),
    codes: String(await count('one_time_codes')),
    sms: String(await count('sms_codes')),
    outbox: String(await count('sms_outbox')),
    users: JSON.stringify(hashes),
  };
}

type Case = {
  name: string;
  raw?: string;
  body?: unknown;
  contentType?: string;
  /** The code this case must get (otherwise 400 or 422). */
  code?: number;
  /** The field message this case must get. */
  field?: [string, string];
};

/** Bodies that are not what the call takes, for a call whose valid body is `valid`. */
function badBodies(valid: Record<string, unknown>): Case[] {
  const keys = Object.keys(valid);
  const cases: Case[] = [
    { name: 'empty body', raw: '' },
    { name: 'whitespace body', raw: '   ' },
    { name: 'malformed JSON', raw: '{"a":' },
    { name: 'JSON array', raw: '[1,2]' },
    { name: 'JSON string', raw: '"text"' },
    { name: 'JSON null', raw: 'null' },
    { name: 'text/plain', raw: 'hello', contentType: 'text/plain', code: 415 },
    {
      name: 'multipart',
      raw: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      contentType: 'multipart/form-data; boundary=x',
      code: 400,
    },
    { name: 'broken multipart', raw: 'not multipart at all', contentType: 'multipart/form-data', code: 400 },
    { name: 'empty object', body: {} },
    { name: 'extra field', body: { ...valid, is_admin: true } },
    { name: 'prototype pollution', raw: `{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}` },
  ];
  for (const key of keys) {
    const { [key]: _dropped, ...rest } = valid;
    cases.push({ name: `missing ${key}`, body: rest, field: [key, 'Please fill in this field'] });
    cases.push({ name: `${key} as number`, body: { ...valid, [key]: 12345 } });
    cases.push({ name: `${key} as object`, body: { ...valid, [key]: { $ne: null } } });
    cases.push({ name: `${key} as array`, body: { ...valid, [key]: ['a'] } });
    cases.push({ name: `${key} as null`, body: { ...valid, [key]: null } });
    cases.push({ name: `${key} 10 kB`, body: { ...valid, [key]: BIG } });
  }
  return cases;
}

async function expectRefused(t: TestApp, path: string, c: Case, token?: string) {
  const res = await t.call<unknown>(path, {
    ...(token ? { token } : {}),
    ...(c.raw !== undefined
      ? { raw: c.raw, headers: { 'content-type': c.contentType ?? 'application/json' } }
      : { body: c.body }),
  });
  const why = `${path} ${c.name}: ${res.code} ${res.message}`;
  if (c.code) expect(res.code, why).toBe(c.code);
  else expect([400, 422], why).toContain(res.code);
  if (c.field) expect((res.data as Record<string, string>)[c.field[0]], why).toBe(c.field[1]);
  expect(res.status).toBe(200);
  expect(res.message.length).toBeGreaterThan(0);
  expect(res.message).not.toMatch(/\bat .*\.ts|select |insert |update |syntax/i);
  expect(res.message).not.toContain(BIG.slice(0, 100));
  return res;
}

describe('bad input to the account calls: 400/422, a clear message, nothing changes', () => {
  it('user/login', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const before = await snapshot(t);
    for (const c of badBodies({ username: u.username, password: u.password }))
      await expectRefused(t, 'user/login', c);
    await expectRefused(t, 'user/login', {
      name: 'validate as number',
      body: { username: u.username, password: 'x', validate: 1 },
    });
    await expectRefused(t, 'user/login', {
      name: 'blank username',
      body: { username: '   ', password: 'x' },
    });
    expect(await snapshot(t)).toEqual(before);
  });

  it('user/login with SQL-, HTML- and unicode-looking credentials is just a failed login', async () => {
    const t = await testApp();
    for (const text of [SQL, HTML, UNICODE]) {
      const res = await t.call('user/login', { body: { username: text, password: text } });
      expect(res.code).toBe(406);
    }
    for (const text of UNSTORABLE) {
      const res = await t.call<Record<string, string>>('user/login', {
        body: { username: text, password: 'x' },
      });
      expect(res.code).toBe(422);
      expect(Object.keys(res.data)).toEqual(['username']);
    }
    const users = await t.deps.db.selectFrom('users').select('uid').limit(1).execute();
    expect(users).toHaveLength(1);
  });

  it('user/jump-login, user/new-login', async () => {
    const t = await testApp();
    const before = await snapshot(t);
    for (const c of badBodies({ code: 'abc' })) await expectRefused(t, 'user/jump-login', c);
    for (const c of badBodies({ token: 'abc' })) await expectRefused(t, 'user/new-login', c);
    for (const text of [SQL, HTML, UNICODE]) {
      expect((await t.call('user/jump-login', { body: { code: text } })).code).toBe(598);
      expect((await t.call('user/new-login', { body: { token: text } })).code).toBe(598);
    }
    for (const text of UNSTORABLE)
      expect((await t.call('user/jump-login', { body: { code: text } })).code).toBe(422);
    expect(await snapshot(t)).toEqual(before);
  });

  it('user/customer-login, customer-account/switch-customer', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db, { customers: 2 });
    const token = await loginAs(t, u);
    const before = await snapshot(t);
    for (const path of ['user/customer-login', 'customer-account/switch-customer']) {
      for (const c of badBodies({ identifier: u.customers[1]!.identifier }))
        await expectRefused(t, path, c, token);
      for (const text of [SQL, HTML, UNICODE]) {
        expect((await t.call(path, { token, body: { identifier: text } })).code).toBe(403);
      }
      for (const text of UNSTORABLE) {
        expect((await t.call(path, { token, body: { identifier: text } })).code).toBe(422);
      }
    }
    expect(await snapshot(t)).toEqual(before);
    expect((await t.call('user/get-user-info', { token })).code).toBe(0);
  });

  it('user/update-pass-word', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const before = await snapshot(t);
    const valid = {
      username: u.username,
      old_password: u.password,
      new_password1: 'Fresh#2026pw',
      new_password2: 'Fresh#2026pw',
    };
    for (const c of badBodies(valid)) await expectRefused(t, 'user/update-pass-word', c, token);
    for (const text of [SQL, HTML, UNICODE]) {
      const res = await t.call('user/update-pass-word', {
        token,
        body: { ...valid, new_password1: text, new_password2: text },
      });
      expect(res.code).toBe(422);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('index/change-passwd (form)', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const before = await snapshot(t);
    const valid = {
      action: 'submit',
      ur_account: u.username,
      mobile: u.mobile,
      captcha: '123456',
      ur_passwd: 'Fresh#2026pw',
    };
    const send = (fields: Record<string, string>) =>
      t.call('index/change-passwd', {
        token,
        raw: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    for (const key of Object.keys(valid)) {
      const { [key as keyof typeof valid]: _dropped, ...rest } = valid;
      expect((await send(rest)).code, `missing ${key}`).toBe(422);
      expect((await send({ ...valid, [key]: BIG })).code, `${key} 10 kB`).toBe(422);
      expect((await send({ ...valid, [key]: HTML })).code, `${key} HTML`).toBe(
        key === 'ur_account' ? 403 : 422,
      );
    }
    expect((await send({ ...valid, extra: '1' })).code).toBe(422);
    expect((await send({})).code).toBe(422);
    for (const c of [
      { name: 'empty body', raw: '', contentType: 'application/x-www-form-urlencoded' },
      { name: 'malformed JSON', raw: '{"a":' },
      { name: 'text/plain', raw: 'a=b', contentType: 'text/plain', code: 415 },
    ]) {
      await expectRefused(t, 'index/change-passwd', c, token);
    }
    expect(await snapshot(t)).toEqual(before);
  });

  it('user/captcha (query)', async () => {
    const t = await testApp();
    const before = await snapshot(t);
    expect((await t.call('user/captcha', { query: { username: BIG } })).code).toBe(422);
    expect((await t.call('user/captcha', { query: { username: 'a', extra: '1' } })).code).toBe(422);
    expect(await snapshot(t)).toEqual(before);
  });
});
