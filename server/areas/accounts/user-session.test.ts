import { beforeAll, describe, expect, it } from 'vitest';
import type { CustomerAccountList, LoginResponse, UserInfo } from '../../../src/contract/accounts/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';
import { hashToken } from './tokens.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());

const HOUR = 60 * 60 * 1000;

describe('sessions: user/login → user/get-user-info', () => {
  it('logs in and returns the user, group label and current customer', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db, { customers: 2, sgId: 19 });
    const res = await t.call<LoginResponse>('user/login', {
      body: { username: `  ${u.username} `, password: u.password },
    });
    expect(res.code).toBe(0);
    expect(res.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.data).toMatchObject({ is_weak_password: false, is_white_customer: false, pass_flag: 0 });

    const info = await t.call<UserInfo>('user/get-user-info', { token: res.data.access_token });
    expect(info.code).toBe(0);
    expect(info.data.uid).toBe(u.uid);
    expect(info.data.user).toEqual({ ur_account: u.username });
    expect(info.data.sg_id).toBe(19);
    expect(info.data.role_label).toBe('临床药品管理员');
    expect(info.data.roles).toEqual(['admin']);
    expect(info.data.customer).toEqual(u.customers[0]);
    expect(info.data.pass_flag).toBe(0);
    expect(info.data.mobile_hint).toBe(`${u.mobile.slice(0, 3)}****${u.mobile.slice(-4)}`);
  });

  it('stores only the SHA-256 of the token', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const rows = await t.deps.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('uid', '=', u.uid)
      .execute();
    expect(rows.map((r) => r.token_hash)).toEqual([hashToken(token)]);
    expect(rows[0]!.token_hash).not.toContain(token);
  });

  it("drops the session's customer once the user no longer holds it", async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db, { customers: 2 });
    const token = await loginAs(t, u);
    await t.deps.db
      .deleteFrom('user_customers')
      .where('uid', '=', u.uid)
      .where('cu_id', '=', u.customers[0]!.cu_id)
      .execute();
    t.advance(2000);
    const info = await t.call<UserInfo>('user/get-user-info', { token });
    expect(info.code).toBe(0);
    expect(info.data.customer).toBeNull();
    const list = await t.call<CustomerAccountList>('customer-account/index', { token });
    expect(list.data.identifier).toBe('');
    expect(list.data.list.map((c) => c.identifier)).toEqual([u.customers[1]!.identifier]);
  });

  it('gives a group outside the drug-administrator list no label', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db, { sgId: 60 });
    const info = await t.call<UserInfo>('user/get-user-info', { token: await loginAs(t, u) });
    expect(info.data.role_label).toBe('');
  });

  it('answers 598 without a token, with an unknown token and with an oversized token', async () => {
    const t = await testApp();
    expect((await t.call('user/get-user-info')).code).toBe(598);
    expect((await t.call('user/get-user-info', { token: 'A'.repeat(43) })).code).toBe(598);
    expect((await t.call('user/get-user-info', { token: 'A'.repeat(5000) })).code).toBe(598);
  });

  it('answers 599 to the older token after a second login, and the new token works', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const first = await loginAs(t, u);
    const second = await loginAs(t, u);
    const old = await t.call('user/get-user-info', { token: first });
    expect(old.code).toBe(599);
    expect((await t.call('user/get-user-info', { token: second })).code).toBe(0);
    const live = await t.deps.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('uid', '=', u.uid)
      .orderBy('id')
      .execute();
    expect(live.map((r) => r.end_reason)).toEqual(['replaced', null]);
  });

  it('answers 599 at once to a token that was just used, after a login elsewhere', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const first = await loginAs(t, u);
    expect((await t.call('user/get-user-info', { token: first })).code).toBe(0);
    await loginAs(t, u);
    expect((await t.call('user/get-user-info', { token: first })).code).toBe(599);
  });

  it('answers 598 after logout', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const out = await t.call('user/logout', { token, method: 'POST' });
    expect(out.code).toBe(0);
    expect((await t.call('user/get-user-info', { token })).code).toBe(598);
    expect((await t.call('user/logout', { token, method: 'POST' })).code).toBe(598);
  });

  it('expires after SESSION_IDLE_MINUTES without a call (598, default 30), but not while in use', async () => {
    const t = await testApp();
    expect(t.deps.config.sessionIdleMs).toBe(30 * 60_000);
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    t.advance(25 * 60_000);
    expect((await t.call('user/get-user-info', { token })).code).toBe(0);
    t.advance(25 * 60_000);
    expect((await t.call('user/get-user-info', { token })).code).toBe(0);
    t.advance(30 * 60_000 + 60_000);
    expect((await t.call('user/get-user-info', { token })).code).toBe(598);
    const row = await t.deps.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('expired');
  });

  it('takes its idle time from the setting', async () => {
    const t = await testApp({ sessionIdleMs: 8 * HOUR });
    const token = await loginAs(t, await createUser(t.deps.db));
    t.advance(7 * HOUR);
    expect((await t.call('user/get-user-info', { token })).code).toBe(0);
    t.advance(8 * HOUR + 60_000);
    expect((await t.call('user/get-user-info', { token })).code).toBe(598);
  });

  it('expires 12 hours after login even when used every few hours (598)', async () => {
    const t = await testApp({ sessionIdleMs: 8 * HOUR });
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    for (let i = 0; i < 3; i++) {
      t.advance(4 * HOUR - 60_000);
      const res = await t.call('user/get-user-info', { token });
      expect(res.code).toBe(0);
    }
    t.advance(4 * 60_000);
    expect((await t.call('user/get-user-info', { token })).code).toBe(598);
  });
});
