import { beforeAll, describe, expect, it } from 'vitest';
import type { RedeemLinkResponse } from '../../../src/contract/integration/schemas.ts';
import type { LinkedSystem, OpenLinkAnswer } from '../../../src/contract/links/schemas.ts';
import { signIntegration } from '../../http/signature.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { parseLinkedSystems } from './linked-systems.ts';

beforeAll(() => testDatabase());

const SECRET = 'links-test-secret-8d2e41';
const SYSTEMS = parseLinkedSystems(
  JSON.stringify([
    {
      key: 'wms',
      name: '仓储管理系统',
      name_en: 'Warehouse System',
      url: 'https://wms.example.test/sso?from=lp#top',
    },
    { key: 'qms', name: '质量管理系统', name_en: 'Quality System', url: 'https://qms.example.test/login' },
  ]),
  true,
);
const app = () => testApp({ integrationSecret: SECRET, linkedSystems: SYSTEMS });

/** The other system redeeming the code server to server, signed with the shared secret. */
function redeem(t: TestApp, code: string) {
  const raw = JSON.stringify({ code });
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  return t.call<RedeemLinkResponse>('integration/redeem-link', {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signIntegration(SECRET, timestamp, raw),
    },
  });
}

describe('common/linked-systems', () => {
  it('lists the configured systems in the caller’s language, to a session only', async () => {
    const t = await app();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const en = await t.call<{ list: LinkedSystem[] }>('common/linked-systems', { token });
    expect(en.data.list).toEqual([
      { key: 'wms', name: 'Warehouse System' },
      { key: 'qms', name: 'Quality System' },
    ]);
    const zh = await t.call<{ list: LinkedSystem[] }>('common/linked-systems', {
      token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.data.list.map((s) => s.name)).toEqual(['仓储管理系统', '质量管理系统']);
    expect((await t.call('common/linked-systems')).code).toBe(598);
  });

  it('is an empty list when none is configured', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const list = await t.call<{ list: LinkedSystem[] }>('common/linked-systems', {
      token: await loginAs(t, u),
    });
    expect(list.data.list).toEqual([]);
  });
});

describe('common/open-link + integration/redeem-link', () => {
  it('opens a system with a one-time code, never the session token, and the code works once', async () => {
    const t = await app();
    const u = await createUser(t.deps.db, { customers: 2 });
    const token = await loginAs(t, u);
    const opened = await t.call<OpenLinkAnswer>('common/open-link', { token, body: { system: 'wms' } });
    expect(opened.code).toBe(0);
    const url = new URL(opened.data.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://wms.example.test/sso');
    expect(url.searchParams.get('from')).toBe('lp');
    expect(url.hash).toBe('#top');
    expect(opened.data.expires_in).toBe(60);
    expect(opened.data.url).not.toContain(token);
    expect(opened.data.url).not.toContain(encodeURIComponent(token));
    const code = url.searchParams.get('code')!;
    expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const first = await redeem(t, code);
    expect(first.code).toBe(0);
    expect(first.data).toEqual({
      username: u.username,
      name: expect.any(String),
      customer: { identifier: u.customers[0]!.identifier, cu_name: expect.any(String) },
    });
    t.advance(1000); // a new signature: the same signed request twice is refused as a replay (403)
    expect((await redeem(t, code)).code).toBe(404);
    // the code is no session token and no jump-login code
    expect((await t.call('user/get-user-info', { token: code })).code).toBe(598);
    expect((await t.call('user/jump-login', { body: { code } })).code).toBe(598);
  });

  it('names the customer the user is in now (after a switch)', async () => {
    const t = await app();
    const u = await createUser(t.deps.db, { customers: 2 });
    const token = await loginAs(t, u);
    const switched = await t.call<{ access_token?: string }>('customer-account/switch-customer', {
      token,
      body: { identifier: u.customers[1]!.identifier },
    });
    const current = switched.data.access_token ?? token;
    const opened = await t.call<OpenLinkAnswer>('common/open-link', {
      token: current,
      body: { system: 'qms' },
    });
    const code = new URL(opened.data.url).searchParams.get('code')!;
    expect((await redeem(t, code)).data.customer?.identifier).toBe(u.customers[1]!.identifier);
  });

  it('refuses an expired code, an unknown system and a call without a session', async () => {
    const t = await app();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const opened = await t.call<OpenLinkAnswer>('common/open-link', { token, body: { system: 'wms' } });
    t.advance(61_000);
    expect((await redeem(t, new URL(opened.data.url).searchParams.get('code')!)).code).toBe(404);
    expect((await t.call('common/open-link', { token, body: { system: 'crm' } })).code).toBe(404);
    const bad = await t.call('common/open-link', { token, body: { system: '../admin' } });
    expect(bad.code).toBe(422);
    expect((await t.call('common/open-link', { body: { system: 'wms' } })).code).toBe(598);
  });

  it('does not redeem without the shared secret', async () => {
    const t = await app();
    const u = await createUser(t.deps.db);
    const opened = await t.call<OpenLinkAnswer>('common/open-link', {
      token: await loginAs(t, u),
      body: { system: 'wms' },
    });
    const code = new URL(opened.data.url).searchParams.get('code')!;
    const unsigned = await t.call('integration/redeem-link', { body: { code } });
    expect(unsigned.code).not.toBe(0);
    expect((await redeem(t, code)).code).toBe(0);
  });
});

describe('LINKED_SYSTEMS', () => {
  it('refuses what is not a list of systems, with a sentence', () => {
    expect(parseLinkedSystems(undefined, true)).toEqual([]);
    expect(() => parseLinkedSystems('{', true)).toThrow(/JSON list/);
    expect(() =>
      parseLinkedSystems('[{"key":"Bad Key","name":"a","name_en":"a","url":"https://x.test"}]', true),
    ).toThrow(/key must be/);
    const plain = '[{"key":"wms","name":"a","name_en":"a","url":"http://x.test"}]';
    expect(() => parseLinkedSystems(plain, true)).toThrow(/https:/);
    expect(parseLinkedSystems(plain, false)[0]!.url).toBe('http://x.test/');
    expect(() =>
      parseLinkedSystems('[{"key":"wms","name":"a","name_en":"a","url":"https://x.test/?code=1"}]', true),
    ).toThrow(/code parameter/);
    const twice =
      '[{"key":"a","name":"a","name_en":"a","url":"https://x.test"},{"key":"a","name":"b","name_en":"b","url":"https://y.test"}]';
    expect(() => parseLinkedSystems(twice, true)).toThrow(/twice/);
  });
});
