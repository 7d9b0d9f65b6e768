import { beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenResponse, NewLoginItem, UserInfo } from '../../../src/contract/accounts/schemas.ts';
import type { IntegrationCodeResponse } from '../../../src/contract/integration/schemas.ts';
import { signIntegration } from '../../http/signature.ts';
import { startOfWindow } from '../../testing/accounts.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());

/** The shared secret of these tests' server (there is no default: without one, the calls are closed). */
const SECRET = 'integration-test-secret-4f1c9a';
const app = (overrides: Parameters<typeof testApp>[0] = {}) =>
  testApp({ integrationSecret: SECRET, ...overrides });

/** A signed integration call, as another provider system would make it. */
function signed(t: TestApp, body: unknown, options: { skewMs?: number; secret?: string; raw?: string } = {}) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = String(Math.floor((t.deps.now().getTime() + (options.skewMs ?? 0)) / 1000));
  const signature = signIntegration(
    options.secret ?? t.deps.config.integrationSecret ?? SECRET,
    timestamp,
    raw,
  );
  return t.call<IntegrationCodeResponse>('integration/jump-code', {
    raw,
    headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
  });
}

describe('integration/jump-code + user/jump-login', () => {
  it('issues a one-time code that logs the user in once, onto the named customer', async () => {
    const t = await app();
    const u = await createUser(t.deps.db, { customers: 2 });
    const issued = await signed(t, { username: u.username, identifier: u.customers[1]!.identifier });
    expect(issued.code).toBe(0);
    expect(issued.data).toMatchObject({ kind: 'jump', expires_in: 60 });
    const stored = await t.deps.db
      .selectFrom('one_time_codes')
      .select('code_hash')
      .where('uid', '=', u.uid)
      .execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(issued.data.code);

    const first = await t.call<AccessTokenResponse>('user/jump-login', { body: { code: issued.data.code } });
    expect(first.code).toBe(0);
    const info = await t.call<UserInfo>('user/get-user-info', { token: first.data.access_token });
    expect(info.data.customer?.identifier).toBe(u.customers[1]!.identifier);
    const again = await t.call('user/jump-login', { body: { code: issued.data.code } });
    expect(again.code).toBe(598);
  });

  it("ends the user's older session like any login (599)", async () => {
    const t = await app();
    const u = await createUser(t.deps.db);
    const old = await loginAs(t, u);
    const issued = await signed(t, { username: u.username });
    expect((await t.call('user/jump-login', { body: { code: issued.data.code } })).code).toBe(0);
    expect((await t.call('user/get-user-info', { token: old })).code).toBe(599);
  });

  it('refuses a code after 60 s, an unknown code and a new-login token (598)', async () => {
    const t = await app();
    const u = await createUser(t.deps.db);
    const issued = await signed(t, { username: u.username });
    t.advance(61_000);
    expect((await t.call('user/jump-login', { body: { code: issued.data.code } })).code).toBe(598);
    expect((await t.call('user/jump-login', { body: { code: 'x'.repeat(43) } })).code).toBe(598);
    const other = await signed(t, { username: u.username, kind: 'new' });
    expect((await t.call('user/jump-login', { body: { code: other.data.code } })).code).toBe(598);
  });

  it('refuses unsigned, wrongly signed, stale and replayed requests (403) and issues nothing', async () => {
    const t = await app();
    const u = await createUser(t.deps.db);
    const someoneElse = await createUser(t.deps.db);
    const body = JSON.stringify({ username: u.username });
    const unsigned = await t.call('integration/jump-code', {
      raw: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.code).toBe(403);
    expect((await signed(t, { username: u.username }, { secret: 'not-the-secret' })).code).toBe(403);
    expect((await signed(t, { username: u.username }, { skewMs: -6 * 60_000 })).code).toBe(403);
    expect((await signed(t, { username: u.username }, { skewMs: 6 * 60_000 })).code).toBe(403);
    const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
    const headers = {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signIntegration(SECRET, timestamp, body),
    };
    // The signature covers the body: the same headers with another body fail.
    const tampered = await t.call('integration/jump-code', {
      raw: JSON.stringify({ username: someoneElse.username }),
      headers,
    });
    expect(tampered.code).toBe(403);
    const rows = await t.deps.db
      .selectFrom('one_time_codes')
      .select('uid')
      .where('uid', 'in', [u.uid, someoneElse.uid])
      .execute();
    expect(rows).toEqual([]);
    expect((await t.call('integration/jump-code', { raw: body, headers })).code).toBe(0);
    const replay = await t.call('integration/jump-code', { raw: body, headers });
    expect(replay.code).toBe(403);
    expect(replay.message).toContain('already used');
  });

  it("answers 404 for an unknown user, 403 for another user's customer, 400/422 for a bad body", async () => {
    const t = await app();
    const u = await createUser(t.deps.db);
    const other = await createUser(t.deps.db);
    expect((await signed(t, { username: 'no-such-user-xyz' })).code).toBe(404);
    const foreign = await signed(t, { username: u.username, identifier: other.customers[0]!.identifier });
    expect(foreign.code).toBe(403);
    expect((await signed(t, null, { raw: '{not json' })).code).toBe(400);
    expect((await signed(t, { username: u.username, kind: 'admin' })).code).toBe(422);
    expect((await signed(t, { username: u.username, extra: 1 })).code).toBe(422);
    expect((await signed(t, { username: 42 })).code).toBe(422);
  });

  it('is closed without INTEGRATION_SECRET, in every mode, whatever the request signs with', async () => {
    const u = await createUser((await app()).deps.db);
    for (const mode of ['development', 'test', 'production'] as const) {
      const t = await testApp({ mode, production: mode === 'production', integrationSecret: null });
      const res = await signed(t, { username: u.username }, { secret: '' });
      expect([res.code, res.message], mode).toEqual([403, 'Integration is not configured on this server']);
    }
    const t2 = await app({ mode: 'production', production: true });
    expect((await signed(t2, { username: u.username })).code).toBe(0);
  });
});

describe('user/new-login', () => {
  it('returns [{ur_token, flag: 1}] for a user with several customers', async () => {
    const t = await app();
    const u = await createUser(t.deps.db, { customers: 3 });
    const issued = await signed(t, { username: u.username, kind: 'new' });
    const res = await t.call<NewLoginItem[]>('user/new-login', { body: { token: issued.data.code } });
    expect(res.code).toBe(0);
    expect(res.data).toHaveLength(1);
    expect(res.data[0]!.flag).toBe(1);
    const info = await t.call<UserInfo>('user/get-user-info', { token: res.data[0]!.ur_token });
    expect(info.data.uid).toBe(u.uid);
    expect((await t.call('user/new-login', { body: { token: issued.data.code } })).code).toBe(598);
  });

  it('returns flag 0 for a single customer or when the customer was named', async () => {
    const t = await app();
    const one = await createUser(t.deps.db);
    const a = await signed(t, { username: one.username, kind: 'new' });
    expect(
      (await t.call<NewLoginItem[]>('user/new-login', { body: { token: a.data.code } })).data[0]!.flag,
    ).toBe(0);
    const many = await createUser(t.deps.db, { customers: 2 });
    const b = await signed(t, {
      username: many.username,
      kind: 'new',
      identifier: many.customers[1]!.identifier,
    });
    const res = await t.call<NewLoginItem[]>('user/new-login', { body: { token: b.data.code } });
    expect(res.data[0]!.flag).toBe(0);
  });

  it('refuses a jump code (598)', async () => {
    const t = await app();
    const u = await createUser(t.deps.db);
    const issued = await signed(t, { username: u.username });
    expect((await t.call('user/new-login', { body: { token: issued.data.code } })).code).toBe(598);
  });
});

describe('one-time code guessing', () => {
  it('limits jump-login and new-login per IP (429)', async () => {
    const t = await app({ rateLimits: true });
    startOfWindow(t, 60_000);
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) {
      const path = i % 2 ? 'user/jump-login' : 'user/new-login';
      codes.push(
        (await t.call(path, { body: i % 2 ? { code: `guess-${i}` } : { token: `guess-${i}` } })).code,
      );
    }
    expect(codes.slice(0, 60).every((c) => c === 598)).toBe(true);
    expect(codes[60]).toBe(429);
  });
});
