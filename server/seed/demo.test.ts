import { authenticate } from '../areas/accounts/sessions.ts';
import { checkSigner } from '../areas/signatures/check.ts';
import { testStorage } from '../testing/test-app.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccessTokenResponse, CustomerAccountList } from '../../src/contract/accounts/schemas.ts';
import { createApp } from '../app.ts';
import { OutboxSmsSender } from '../areas/accounts/sms.ts';
import { loadConfig } from '../config.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { migratedMemoryDatabase } from '../testing/pglite-template.ts';
import type { Station } from '../../src/contract/stations/schemas.ts';
import { STATIONS } from '../areas/stations/seed.ts';
import { seedBase } from './base.ts';
import {
  DEMO_LOGINS,
  DEMO_USERNAMES,
  demoAccountsIn,
  demoLoginsIn,
  removeDemoAccounts,
  seedDemo,
} from './demo.ts';
import { OfflineBus } from '../core/bus.ts';

/**
 * The demo data of README "Demo logins", in a database of each test's own (the shared test
 * database holds no accounts: tests make their own users), so no test depends on another's seed.
 */
let database: OpenedDatabase;
beforeEach(async () => {
  database = await migratedMemoryDatabase();
  await seedBase(database.db, { servicePhone: '400-000-0000', serviceWebsite: 'https://example.test' });
});
afterEach(() => database.close());

function api() {
  const app = createApp({
    db: database.db,
    config: { ...loadConfig({ NODE_ENV: 'test' }), rateLimits: false },
    sms: new OutboxSmsSender(database.db),
    authenticate,
    checkSigner,
    storage: testStorage(),
    now: () => new Date(),
    bus: new OfflineBus(),
  });
  return async <T>(path: string, init: { body?: unknown; token?: string } = {}) => {
    const headers: Record<string, string> = { 'accept-language': 'en' };
    if (init.token) headers['x-token'] = init.token;
    if (init.body) headers['content-type'] = 'application/json';
    const res = await app.request(`/api/${path}.html`, {
      method: init.body ? 'POST' : 'GET',
      headers,
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });
    return (await res.json()) as { code: number; message: string; data: T };
  };
}

describe('demo data', () => {
  it('names as demo logins (printed with their passwords) only the accounts whose password was never changed', async () => {
    await seedDemo(database.db);
    expect(await demoLoginsIn(database.db)).toEqual([...DEMO_USERNAMES].sort());
    // the user changes multi's password through the API, as anyone who read the banner may
    const multi = DEMO_LOGINS.find((l) => l.username === 'multi');
    if (!multi) throw new Error('no multi demo login');
    const call = api();
    const login = await call<AccessTokenResponse>('user/login', {
      body: { username: multi.username, password: multi.password, validate: '' },
    });
    expect(login.code).toBe(0);
    const changed = await call('user/update-pass-word', {
      token: login.data.access_token,
      body: {
        username: multi.username,
        old_password: multi.password,
        new_password1: 'Changed#2026zq',
        new_password2: 'Changed#2026zq',
      },
    });
    expect(changed.code).toBe(0);
    expect(await demoLoginsIn(database.db)).toEqual(DEMO_USERNAMES.filter((u) => u !== 'multi').sort());
    // still a demo account: a production start refuses it all the same
    expect(await demoAccountsIn(database.db)).toContain('multi');
  });

  it('seeds the five demo accounts once, into a database without users', async () => {
    expect(await demoAccountsIn(database.db)).toEqual([]);
    expect(await seedDemo(database.db)).toBe(true);
    expect(await seedDemo(database.db)).toBe(false);
    expect(await demoAccountsIn(database.db)).toEqual([...DEMO_USERNAMES].sort());
    // the provider's stations and depots of /station, every one placed on the region tree
    const stations = await api()<Station[]>('common/station-list');
    expect(stations.data.map((s) => s.name)).toEqual(expect.arrayContaining(STATIONS.map((s) => s.name)));
    expect(stations.data).toHaveLength(STATIONS.length);
    expect(new Set(stations.data.map((s) => s.province.name)).size).toBeGreaterThanOrEqual(8);
    expect(stations.data.filter((s) => s.kind === 'depot').length).toBeGreaterThanOrEqual(4);
  });

  it('gives each demo login what README says it shows', async () => {
    expect(await seedDemo(database.db)).toBe(true);
    const call = api();
    const login = async (username: string, password: string) =>
      call<{
        access_token: string;
        is_weak_password: boolean;
        is_white_customer: boolean;
        pass_flag: number;
      }>('user/login', { body: { username, password } });
    const demo = await login('demo', 'Demo@2026pass');
    expect(demo.data).toMatchObject({ is_weak_password: false, pass_flag: 0 });
    expect((await login('weak', '12345678')).data).toMatchObject({
      is_weak_password: true,
      is_white_customer: false,
    });
    expect((await login('white', 'abc12345')).data).toMatchObject({
      is_weak_password: true,
      is_white_customer: true,
    });
    expect((await login('forced', 'Init#2026a')).data).toMatchObject({ pass_flag: 1 });
    const multi = await login('multi', 'Multi#2026x');
    const accounts = await call<CustomerAccountList>('customer-account/index', {
      token: multi.data.access_token,
    });
    expect(accounts.data.list.map((c) => c.identifier)).toEqual([
      'HR-SH-RD',
      'FS-CD-02',
      'XD-DTP-01',
      'SY-SJZ-01',
      'BG-GZ-01',
    ]);
    expect(accounts.data.list.find((c) => c.identifier === 'SY-SJZ-01')?.pinyin).toContain('sjz');
    // demo holds two accounts and cannot reach another user's
    const token = demo.data.access_token;
    expect(
      (await call('customer-account/switch-customer', { token, body: { identifier: 'FS-EAST' } })).code,
    ).toBe(403);
    const ok = await call<AccessTokenResponse>('customer-account/switch-customer', {
      token,
      body: { identifier: 'BG-BJ-CO' },
    });
    expect([ok.code, ok.message]).toEqual([0, 'Switch success']);
  });

  it('removes the demo accounts (before a production start), and their sessions with them', async () => {
    expect(await seedDemo(database.db)).toBe(true);
    const call = api();
    const { data } = await call<{ access_token: string }>('user/login', {
      body: { username: 'demo', password: 'Demo@2026pass' },
    });
    expect(await removeDemoAccounts(database.db)).toEqual([...DEMO_USERNAMES].sort());
    expect(await demoAccountsIn(database.db)).toEqual([]);
    expect((await call('user/get-user-info', { token: data.access_token })).code).toBe(598);
    expect(await removeDemoAccounts(database.db)).toEqual([]);
  });
});
