import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AccessTokenResponse,
  CustomerAccountList,
  UserInfo,
} from '../../../src/contract/accounts/schemas.ts';
import { pinyinInitials } from '../../core/pinyin.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());

describe('customer-account/index', () => {
  it("lists the user's own customers with the current one and the switch button", async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db, { customers: 3 });
    await createUser(t.deps.db, { customers: 2 });
    const token = await loginAs(t, u);
    const res = await t.call<CustomerAccountList>('customer-account/index', { token });
    expect(res.code).toBe(0);
    expect(res.data.identifier).toBe(u.customers[0]!.identifier);
    expect(res.data.old_customer_button).toBe(true);
    expect(res.data.list).toEqual(
      u.customers.map((c) => ({
        cu_id: c.cu_id,
        cu_name: c.cu_name,
        co_name: c.co_name,
        identifier: c.identifier,
        pinyin: pinyinInitials(c.cu_name),
      })),
    );
  });

  it('shows no switch button for a single customer', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const res = await t.call<CustomerAccountList>('customer-account/index', { token: await loginAs(t, u) });
    expect(res.data.old_customer_button).toBe(false);
    expect(res.data.list).toHaveLength(1);
  });

  it('answers 598 without a token', async () => {
    const t = await testApp();
    expect((await t.call('customer-account/index')).code).toBe(598);
  });
});

describe('customer-account/switch-customer and user/customer-login', () => {
  for (const path of ['customer-account/switch-customer', 'user/customer-login']) {
    it(`${path}: issues a new token on the chosen customer and ends the old one with 598`, async () => {
      const t = await testApp();
      const u = await createUser(t.deps.db, { customers: 2 });
      const token = await loginAs(t, u);
      const target = u.customers[1]!;
      const res = await t.call<AccessTokenResponse>(path, {
        token,
        body: { identifier: ` ${target.identifier} ` },
      });
      expect(res.code).toBe(0);
      expect(res.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.data.access_token).not.toBe(token);
      expect((await t.call('user/get-user-info', { token })).code).toBe(598);
      const info = await t.call<UserInfo>('user/get-user-info', { token: res.data.access_token });
      expect(info.data.customer).toEqual(target);
      const list = await t.call<CustomerAccountList>('customer-account/index', {
        token: res.data.access_token,
      });
      expect(list.data.identifier).toBe(target.identifier);
      const ended = await t.deps.db
        .selectFrom('sessions')
        .select('end_reason')
        .where('uid', '=', u.uid)
        .where('ended_at', 'is not', null)
        .execute();
      expect(ended.map((r) => r.end_reason)).toEqual(['switched']);
    });

    it(`${path}: refuses another user's customer and an unknown one (403) and changes nothing`, async () => {
      const t = await testApp();
      const u = await createUser(t.deps.db, { customers: 2 });
      const other = await createUser(t.deps.db);
      const token = await loginAs(t, u);
      for (const identifier of [other.customers[0]!.identifier, 'NO-SUCH-CUSTOMER']) {
        const res = await t.call(path, { token, body: { identifier } });
        expect(res.code).toBe(403);
      }
      const info = await t.call<UserInfo>('user/get-user-info', { token });
      expect(info.code).toBe(0);
      expect(info.data.customer?.identifier).toBe(u.customers[0]!.identifier);
      const sessions = await t.deps.db.selectFrom('sessions').select('id').where('uid', '=', u.uid).execute();
      expect(sessions).toHaveLength(1);
    });

    it(`${path}: needs a session (598) and an identifier (422)`, async () => {
      const t = await testApp();
      const u = await createUser(t.deps.db);
      expect((await t.call(path, { body: { identifier: u.customers[0]!.identifier } })).code).toBe(598);
      const token = await loginAs(t, u);
      expect((await t.call(path, { token, body: {} })).code).toBe(422);
      expect((await t.call(path, { token, body: { identifier: '' } })).code).toBe(422);
    });
  }
});
