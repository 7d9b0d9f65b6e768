import * as v from 'valibot';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { IntLike, NoInput, Nothing, RequiredText } from '../../src/contract/fields.ts';
import { msg } from '../../src/contract/messages.ts';
import { codesOf, operation } from '../../src/contract/operation.ts';
import { createUser, loginAs } from '../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../testing/test-app.ts';
import { routes as areaRoutes } from '../app.ts';
import { handle, reply } from './route.ts';
import { parseTrustedProxies } from './trusted-proxies.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());

/**
 * Probe operations declared like the areas' ones, mounted on the real app over the real database:
 * what a declaration says is what every call gets, whichever area it belongs to.
 */
const area = 'probe';
const Who = v.object({ uid: v.nullable(v.number()), cu_id: v.nullable(v.number()) });
const probes = {
  data: operation({
    area,
    method: 'GET',
    path: 'probe/data',
    summary: 'a data call',
    auth: 'session',
    input: NoInput,
    output: Who,
  }),
  account: operation({
    area,
    method: 'GET',
    path: 'probe/account',
    summary: 'an account call',
    auth: 'account',
    input: NoInput,
    output: Who,
  }),
  optional: operation({
    area,
    method: 'GET',
    path: 'probe/optional',
    summary: 'token if any',
    auth: 'optional',
    input: NoInput,
    output: Who,
  }),
  query: operation({
    area,
    method: 'GET',
    path: 'probe/query',
    summary: 'a query',
    auth: 'public',
    input: v.strictObject({ page: v.optional(IntLike, 1), name: v.optional(v.string()) }),
    output: v.object({ page: v.number() }),
  }),
  body: operation({
    area,
    method: 'POST',
    path: 'probe/body',
    summary: 'a JSON body',
    auth: 'public',
    input: v.strictObject({ name: RequiredText(10, msg('accountRequired')), count: v.optional(IntLike) }),
    output: v.object({ name: v.string() }),
  }),
  form: operation({
    area,
    method: 'POST',
    path: 'probe/form',
    summary: 'a form or JSON body',
    auth: 'public',
    encoding: 'json-or-form',
    input: v.strictObject({ name: RequiredText(10) }),
    output: v.object({ name: v.string() }),
  }),
  limited: operation({
    area,
    method: 'POST',
    path: 'probe/limited',
    summary: 'limited three ways',
    auth: 'session',
    input: v.strictObject({ name: RequiredText(40) }),
    output: Nothing,
    rateLimits: [
      { by: 'ip', limit: 5, windowMs: 60_000 },
      { by: 'user', limit: 3, windowMs: 60_000 },
      { by: 'field', field: 'name', limit: 2, windowMs: 60_000 },
    ],
  }),
  shared1: operation({
    area,
    method: 'GET',
    path: 'probe/shared-one',
    summary: 's1',
    auth: 'public',
    input: NoInput,
    output: Nothing,
    rateLimits: [{ by: 'ip', limit: 2, windowMs: 60_000, bucket: 'probe-shared' }],
  }),
  shared2: operation({
    area,
    method: 'GET',
    path: 'probe/shared-two',
    summary: 's2',
    auth: 'public',
    input: NoInput,
    output: Nothing,
    rateLimits: [{ by: 'ip', limit: 2, windowMs: 60_000, bucket: 'probe-shared' }],
  }),
  background: operation({
    area,
    method: 'GET',
    path: 'probe/background',
    summary: 'telemetry-like',
    auth: 'optional',
    input: NoInput,
    output: Nothing,
    background: true,
  }),
  drifted: operation({
    area,
    method: 'GET',
    path: 'probe/drifted',
    summary: 'answers outside its schema',
    auth: 'public',
    input: NoInput,
    output: v.object({ n: v.number() }),
  }),
  said: operation({
    area,
    method: 'POST',
    path: 'probe/said',
    summary: 'a reply with a message',
    auth: 'public',
    input: NoInput,
    bodyOptional: true,
    output: Nothing,
  }),
} as const;

const who = ({ session }: { session: { uid: number; cuId: number | null } | null }) => ({
  uid: session?.uid ?? null,
  cu_id: session?.cuId ?? null,
});

const routes = [
  handle(probes.data, who),
  handle(probes.account, who),
  handle(probes.optional, who),
  handle(probes.query, ({ input }) => ({ page: input.page })),
  handle(probes.body, ({ input }) => ({ name: input.name })),
  handle(probes.form, ({ input }) => ({ name: input.name })),
  handle(probes.limited, () => null),
  handle(probes.shared1, () => null),
  handle(probes.shared2, () => null),
  handle(probes.background, () => {
    throw new Error('relation "tracking_events" does not exist');
  }),
  handle(probes.drifted, () => ({ n: 'not a number' }) as unknown as { n: number }),
  handle(probes.said, () => reply(null, 'Logged out')),
];

const probeApp = (overrides: Parameters<typeof testApp>[0] = {}) =>
  testApp(overrides, { routes: [...areaRoutes, ...routes] });

/** Moves the app's clock into a rate-limit window of its own. */
const ownWindow = (t: TestApp) => t.advance((2000 + Math.floor(Math.random() * 1e6)) * 86_400_000);

describe('who may call (auth of the declaration)', () => {
  it('a data call needs a session with a current password: 598 without, 463 while a change is forced', async () => {
    const t = await probeApp();
    const normal = await createUser(t.deps.db);
    const forced = await createUser(t.deps.db, { passFlag: 1 });
    expect((await t.call('probe/data')).code).toBe(Code.sessionExpired);
    expect((await t.call('probe/data', { token: 'not-a-token' })).code).toBe(Code.sessionExpired);
    const res = await t.call('probe/data', { token: await loginAs(t, normal) });
    expect(res).toMatchObject({ code: 0, data: { uid: normal.uid, cu_id: normal.customers[0]!.cu_id } });
    const forcedToken = await loginAs(t, forced);
    const refused = await t.call('probe/data', { token: forcedToken });
    expect([refused.code, refused.message]).toEqual([
      Code.mustChangePassword,
      'Please change your password first',
    ]);
    // the calls the forced change itself needs stay open to it
    expect((await t.call('probe/account', { token: forcedToken })).data).toEqual({
      uid: forced.uid,
      cu_id: forced.customers[0]!.cu_id,
    });
  });

  it('a replaced session answers 599 wherever a session is required', async () => {
    const t = await probeApp();
    const u = await createUser(t.deps.db);
    const first = await loginAs(t, u);
    await loginAs(t, u);
    expect((await t.call('probe/data', { token: first })).code).toBe(Code.loggedInElsewhere);
    expect((await t.call('probe/account', { token: first })).code).toBe(Code.loggedInElsewhere);
  });

  it('an optional token is used when valid and ignored otherwise (never 598)', async () => {
    const t = await probeApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    expect((await t.call('probe/optional', { token })).data).toMatchObject({ uid: u.uid });
    expect(await t.call('probe/optional', { token: 'bogus' })).toMatchObject({
      code: 0,
      data: { uid: null },
    });
    expect(await t.call('probe/optional')).toMatchObject({ code: 0, data: { uid: null } });
  });

  it('the declaration implies its codes (what the OpenAPI document lists)', () => {
    expect(codesOf(probes.data)).toEqual(expect.arrayContaining([422, 463, 598, 599]));
    expect(codesOf(probes.account)).not.toContain(463);
    expect(codesOf(probes.body)).toEqual(expect.arrayContaining([400, 415, 422]));
    expect(codesOf(probes.query)).not.toContain(415);
    // a reserved name in the query (`?__proto__=1`) is a 400 on a GET too
    expect(codesOf(probes.query)).toContain(400);
    expect(codesOf(probes.limited)).toContain(429);
    expect(codesOf(probes.background)).toContain(543);
  });
});

describe('input', () => {
  it('a JSON call takes application/json only: 415 for other types, 400 for multipart, malformed JSON or no body', async () => {
    const t = await probeApp();
    const send = (raw: string, type: string) =>
      t.call('probe/body', { raw, headers: { 'content-type': type } });
    expect((await send('{"name":"a"}', 'application/json; charset=utf-8')).code).toBe(0);
    expect((await send('{"name":"a"}', 'application/vnd.lp+json')).code).toBe(0);
    expect((await send('name=a', 'application/x-www-form-urlencoded')).code).toBe(Code.unsupportedMedia);
    expect((await send('{"name":"a"}', 'text/plain')).code).toBe(Code.unsupportedMedia);
    const multipart = '--b\r\nContent-Disposition: form-data; name="name"\r\n\r\na\r\n--b--\r\n';
    const res = await send(multipart, 'multipart/form-data; boundary=b');
    expect([res.status, res.code]).toEqual([200, Code.badRequest]);
    expect((await send('{"name":', 'application/json')).code).toBe(Code.badRequest);
    expect((await send('', 'application/json')).code).toBe(Code.badRequest);
    expect((await send('[1]', 'application/json')).code).toBe(Code.badRequest);
  });

  it('a form call reads urlencoded and multipart forms and JSON; a broken multipart body is 400, not 500', async () => {
    const t = await probeApp();
    const send = (raw: string, type: string) =>
      t.call('probe/form', { raw, headers: { 'content-type': type } });
    expect((await send('name=a', 'application/x-www-form-urlencoded')).data).toEqual({ name: 'a' });
    const multipart =
      '--lp-boundary-42\r\nContent-Disposition: form-data; name="name"\r\n\r\nb\r\n--lp-boundary-42--\r\n';
    expect((await send(multipart, 'multipart/form-data; boundary=lp-boundary-42')).data).toEqual({
      name: 'b',
    });
    expect((await send('{"name":"c"}', 'application/json')).data).toEqual({ name: 'c' });
    expect((await send('no boundary here', 'multipart/form-data')).code).toBe(Code.badRequest);
    expect((await send('name=a&name=b', 'application/x-www-form-urlencoded')).code).toBe(Code.invalid);
  });

  it('a GET refuses unknown and repeated parameters, and converts numbers', async () => {
    const t = await probeApp();
    expect((await t.app.request('/api/probe/query.html?page=3')).status).toBe(200);
    expect((await t.call('probe/query', { query: { page: '3' } })).data).toEqual({ page: 3 });
    const unknown = await t.call<Record<string, string>>('probe/query', { query: { pages: '3' } });
    expect([unknown.code, unknown.data]).toEqual([Code.invalid, { pages: 'Unknown field "pages"' }]);
    const twice = await t.app.request('/api/probe/query.html?page=1&page=2', {
      headers: { 'accept-language': 'en' },
    });
    expect(((await twice.json()) as { code: number }).code).toBe(Code.invalid);
    expect((await t.call('probe/query', { query: { page: 'x' } })).code).toBe(Code.invalid);
  });

  it('a missing field says it is required, in the caller’s language; an unknown one says it is unknown', async () => {
    const t = await probeApp();
    const en = await t.call<Record<string, string>>('probe/body', { body: { count: 1 } });
    expect([en.code, en.message, en.data]).toEqual([
      Code.invalid,
      'Please fill in this field',
      { name: 'Please fill in this field' },
    ]);
    const zh = await t.call<Record<string, string>>('probe/body', {
      body: { name: '', admin: true },
      headers: { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' },
    });
    expect(zh.data).toEqual({ name: '请填写账号', admin: '不支持的字段“admin”' });
    const english = await t.call<Record<string, string>>('probe/body', {
      body: { name: 'x'.repeat(11) },
      headers: { 'accept-language': 'fr-FR, en;q=0.5' },
    });
    expect(english.data).toEqual({ name: 'At most 10 characters' });
    const fallback = await t.call('probe/body', {
      body: { name: 'x'.repeat(11) },
      headers: { 'accept-language': 'de' },
    });
    expect(fallback.message).toBe('最多 10 个字符');
  });
});

describe('rate limits (on unless a flag turns them off)', () => {
  it('count per address, per user and per field value, each past its own limit', async () => {
    const t = await probeApp({ rateLimits: true });
    ownWindow(t);
    const a = await createUser(t.deps.db);
    const b = await createUser(t.deps.db);
    const ta = await loginAs(t, a);
    const tb = await loginAs(t, b);
    const ip = `10.9.${Math.floor(Math.random() * 250)}.1`;
    const send = (token: string, name: string, from = ip) =>
      t.call('probe/limited', { token, body: { name }, ip: from });
    const word = unique('w');
    expect((await send(ta, word)).code).toBe(0);
    expect((await send(tb, word)).code).toBe(0);
    expect((await send(ta, word)).code, 'the third call for one field value').toBe(Code.tooManyRequests);
    expect((await send(ta, unique('w'))).code, "a's third call, the address's fourth").toBe(0);
    expect((await send(tb, unique('w'))).code, "b's second call, the address's fifth").toBe(0);
    expect((await send(tb, unique('w'))).code, 'the address is past 5').toBe(Code.tooManyRequests);
    expect((await send(tb, unique('w'), `${ip}0`)).code, "another address, b's third counted call").toBe(0);
    expect((await send(tb, unique('w'), `${ip}0`)).code, 'b is past 3 calls').toBe(Code.tooManyRequests);
    t.advance(60_000);
    expect((await send(tb, unique('w'))).code, 'a new window').toBe(0);
  });

  it('calls that name one bucket share one counter; the flag turns every limit off', async () => {
    const t = await probeApp({ rateLimits: true });
    ownWindow(t);
    const ip = `10.8.${Math.floor(Math.random() * 250)}.2`;
    expect((await t.call('probe/shared-one', { ip })).code).toBe(0);
    expect((await t.call('probe/shared-two', { ip })).code).toBe(0);
    expect((await t.call('probe/shared-one', { ip })).code).toBe(Code.tooManyRequests);
    const off = await probeApp({ rateLimits: false });
    for (let i = 0; i < 4; i++) expect((await off.call('probe/shared-two', { ip })).code).toBe(0);
  });

  it('count the forwarded client behind a trusted proxy, and never believe the header from anyone else', async () => {
    const t = await probeApp({ rateLimits: true, trustedProxies: parseTrustedProxies('10.6.0.0/16, ::1') });
    ownWindow(t);
    const n = Math.floor(Math.random() * 250);
    const proxy = `10.6.${n}.9`;
    const via = (client: string, peer = proxy) =>
      t.call('probe/shared-one', { ip: peer, headers: { 'x-forwarded-for': client } });
    // two clients behind the proxy: a counter each (the bucket allows 2 per address)
    expect((await via(`203.0.113.${n}`)).code).toBe(0);
    expect((await via(`198.51.100.${n}`)).code).toBe(0);
    expect((await via(`203.0.113.${n}`)).code).toBe(0);
    expect((await via(`203.0.113.${n}`)).code, "the first client's third call").toBe(Code.tooManyRequests);
    // a client that writes a chain of its own is known by the hop the proxy added
    expect((await via(`1.2.3.4, 198.51.100.${n}`)).code, "the second client's second call").toBe(0);
    expect((await via(`5.6.7.8, 198.51.100.${n}`)).code).toBe(Code.tooManyRequests);
    // a peer that is no trusted proxy: its header is ignored, its own address is counted
    const direct = `192.0.2.${n}`;
    expect((await via(`203.0.113.${(n + 1) % 250}`, direct)).code).toBe(0);
    expect((await via(`203.0.113.${(n + 2) % 250}`, direct)).code).toBe(0);
    expect((await via(`203.0.113.${(n + 3) % 250}`, direct)).code, 'spoofing does not reset').toBe(
      Code.tooManyRequests,
    );
  });
});

describe('answers', () => {
  it('a background call answers 543 for a failure of its work, without internals', async () => {
    const t = await probeApp();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await t.call('probe/background');
      expect([res.status, res.code]).toEqual([200, Code.backgroundFailed]);
      expect(res.message).not.toMatch(/relation|tracking_events/);
    } finally {
      log.mockRestore();
    }
  });

  it('in tests an answer outside its schema is a server fault, so the contract cannot drift', async () => {
    const t = await probeApp();
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await t.call('probe/drifted');
      expect([res.status, res.code]).toEqual([500, Code.serverFault]);
      expect(log.mock.calls.flat().join(' ')).toContain('GET probe/drifted answered outside its contract');
      const production = await probeApp({ checkAnswers: false });
      expect((await production.call('probe/drifted')).code).toBe(0);
    } finally {
      log.mockRestore();
    }
  });

  it('a reply says its message in the caller’s language', async () => {
    const t = await probeApp();
    expect((await t.call('probe/said', { method: 'POST' })).message).toBe('Logged out');
    const zh = await t.call('probe/said', { method: 'POST', headers: { 'accept-language': 'zh' } });
    expect(zh.message).toBe('已退出登录');
  });
});
