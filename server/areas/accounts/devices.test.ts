import { beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenResponse, LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import { runChores } from '../../core/housekeeping.ts';
import { createUser, type FixtureUser } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import {
  agentSummary,
  DEVICE_COOKIE,
  DEVICE_KEEP_MS,
  DEVICES_PER_USER,
  deviceKeyOf,
  maskAddress,
} from './devices.ts';
import { chores } from './housekeeping.ts';
import { issueOneTimeCode } from './one-time-codes.ts';

beforeAll(() => testDatabase());

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** A password sign-in from a browser: its User-Agent, its device cookie (none: a new browser), its address. */
async function signIn(
  t: TestApp,
  user: FixtureUser,
  from: { agent?: string; key?: string | null; ip?: string } = {},
) {
  const headers: Record<string, string> = { 'user-agent': from.agent ?? CHROME_WINDOWS };
  if (from.key) headers.cookie = `theme=dark; ${DEVICE_COOKIE}=${from.key}`;
  const res = await t.call<LoginResponse>('user/login', {
    body: { username: user.username, password: user.password },
    headers,
    ...(from.ip ? { ip: from.ip } : {}),
  });
  expect(res.code, res.message).toBe(0);
  const cookies = res.headers.getSetCookie();
  expect(cookies).toHaveLength(1);
  const key = deviceKeyOf(cookies[0]!.split(';')[0]);
  if (!key) throw new Error(`no device cookie in ${cookies[0]}`);
  return { token: res.data.access_token, key, cookie: cookies[0]! };
}

const devicesOf = (t: TestApp, uid: number) =>
  t.deps.db.selectFrom('user_devices').selectAll().where('uid', '=', uid).orderBy('id').execute();

/** The user's device events on the customer (what the notifier makes the notices of). */
const deviceEvents = (t: TestApp, cuId: number) =>
  t.deps.db
    .selectFrom('events')
    .select(['kind', 'action', 'record_id', 'audience', 'actor_kind', 'actor_id'])
    .where('cu_id', '=', cuId)
    .where('kind', '=', 'device')
    .orderBy('seq')
    .execute();

const trailActions = async (t: TestApp, uid: number) =>
  (
    await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'changes'])
      .where('cu_id', '=', 0)
      .where('record_type', '=', 'user')
      .where('record_id', '=', String(uid))
      .orderBy('seq')
      .execute()
  ).map((e) => ({ action: e.action, changes: e.changes }));

describe('the devices a user signs in from', () => {
  it('sets the device cookie at a sign-in (HttpOnly, SameSite=Lax, /api, 400 days; Secure only over https)', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const { cookie, key } = await signIn(t, user);
    expect(cookie).toBe(`${DEVICE_COOKIE}=${key}; Max-Age=34560000; Path=/api; HttpOnly; SameSite=Lax`);
    // the database keeps the key's hash, never the key
    const [device] = await devicesOf(t, user.uid);
    expect(device).toMatchObject({ agent: 'Chrome · Windows', first_address: t.address });
    expect(device!.key_hash).not.toContain(key);
    expect(device!.key_hash).toMatch(/^[0-9a-f]{64}$/);

    const https = await testApp({ publicUrl: 'https://portal.example.test' });
    expect((await signIn(https, await createUser(https.deps.db))).cookie).toMatch(/; Secure$/);
    const proxied = await testApp({ hsts: true });
    expect((await signIn(proxied, await createUser(proxied.deps.db))).cookie).toMatch(/; Secure$/);
  });

  it('the first sign-in ever tells nobody; the same browser again is known; another browser is new, recorded and told to the user only', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const cuId = user.customers[0]!.cu_id;
    const first = await signIn(t, user);
    expect(await deviceEvents(t, cuId)).toEqual([]);

    // the same browser: its cookie, given back, is this user's device
    t.advance(60_000);
    const again = await signIn(t, user, { key: first.key, ip: '198.51.100.20' });
    expect(again.key).toBe(first.key);
    const [device] = await devicesOf(t, user.uid);
    expect(await devicesOf(t, user.uid)).toHaveLength(1);
    expect(device).toMatchObject({ last_address: '198.51.100.20', first_address: t.address });
    expect(new Date(device!.last_seen_at).getTime()).toBeGreaterThan(
      new Date(device!.first_seen_at).getTime(),
    );
    expect(await deviceEvents(t, cuId)).toEqual([]);

    // a phone that has never been here
    const phone = await signIn(t, user, { agent: SAFARI_IPHONE, key: null, ip: '203.0.113.77' });
    expect(phone.key).not.toBe(first.key);
    const devices = await devicesOf(t, user.uid);
    expect(devices.map((d) => d.agent)).toEqual(['Chrome · Windows', 'Safari · iOS']);
    expect(await deviceEvents(t, cuId)).toEqual([
      {
        kind: 'device',
        action: 'new',
        record_id: String(devices[1]!.id),
        audience: user.uid,
        actor_kind: 'user',
        actor_id: user.uid,
      },
    ]);
    const trail = await trailActions(t, user.uid);
    expect(trail.map((e) => e.action)).toEqual(['sign_in', 'sign_in', 'sign_in', 'new_device']);
    expect(trail.at(-1)?.changes).toEqual([
      { field: 'device', old: null, new: 'Safari · iOS' },
      { field: 'address', old: null, new: '203.0.113.77' },
    ]);
    // the phone, back with its cookie, is known now
    await signIn(t, user, { agent: SAFARI_IPHONE, key: phone.key });
    expect(await deviceEvents(t, cuId)).toHaveLength(1);
  });

  it('a browser two users share is a device of each: one user’s sign-in there is not the other’s', async () => {
    const t = await testApp();
    const [a, b] = [await createUser(t.deps.db), await createUser(t.deps.db)];
    const shared = await signIn(t, a);
    // b's first sign-in ever, in a's browser: the cookie stays, b has it as its first device
    expect((await signIn(t, b, { key: shared.key })).key).toBe(shared.key);
    // b's second browser is new for b
    await signIn(t, b, { key: null });
    expect(await deviceEvents(t, b.customers[0]!.cu_id)).toHaveLength(1);
    // a, back in the shared browser, is known
    await signIn(t, a, { key: shared.key });
    expect(await deviceEvents(t, a.customers[0]!.cu_id)).toEqual([]);
  });

  it('a cookie that is not one of ours is no device: the sign-in gets a new one', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    await signIn(t, user);
    const forged = await signIn(t, user, { key: "x'; drop table users; --" });
    expect(forged.key).toMatch(/^[\w-]{43}$/);
    expect(await devicesOf(t, user.uid)).toHaveLength(2);
  });

  it('the hand-overs from the provider’s other systems (jump-login, new-login) are sign-ins too', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const cuId = user.customers[0]!.cu_id;
    const first = await signIn(t, user);
    const code = async (kind: 'jump' | 'new') => {
      const issued = await issueOneTimeCode(t.deps.db, { username: user.username, kind }, t.deps.now());
      if (!issued.ok) throw new Error(issued.reason);
      return issued.code;
    };
    // from the browser of the first sign-in: known, and its cookie set again
    const jumped = await t.call<AccessTokenResponse>('user/jump-login', {
      body: { code: await code('jump') },
      headers: { cookie: `${DEVICE_COOKIE}=${first.key}`, 'user-agent': CHROME_WINDOWS },
    });
    expect(jumped.code).toBe(0);
    expect(jumped.headers.getSetCookie()[0]).toMatch(new RegExp(`^${DEVICE_COOKIE}=${first.key};`));
    expect(await deviceEvents(t, cuId)).toEqual([]);
    // from elsewhere: new, for both hand-overs
    const handed = await t.call('user/new-login', {
      body: { token: await code('new') },
      headers: { 'user-agent': SAFARI_IPHONE },
    });
    expect(handed.code).toBe(0);
    expect(handed.headers.getSetCookie()).toHaveLength(1);
    const jumpedElsewhere = await t.call('user/jump-login', { body: { code: await code('jump') } });
    expect(jumpedElsewhere.code).toBe(0);
    expect(await deviceEvents(t, cuId)).toHaveLength(2);
  });

  it('a failed sign-in sets no cookie and remembers no device; a switch of customer is no sign-in', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db, { customers: 2 });
    const wrong = await t.call('user/login', { body: { username: user.username, password: 'Wrong#pass1' } });
    expect(wrong.code).toBe(406);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect(await devicesOf(t, user.uid)).toEqual([]);
    const { token } = await signIn(t, user);
    const switched = await t.call<{ access_token: string }>('customer-account/switch-customer', {
      token,
      body: { identifier: user.customers[1]!.identifier },
    });
    expect(switched.code).toBe(0);
    expect(switched.headers.getSetCookie()).toEqual([]);
    expect(await devicesOf(t, user.uid)).toHaveLength(1);
  });

  it('forgets devices not seen for 400 days and keeps 50 a user at most, but always each user’s newest', async () => {
    const t = await testApp();
    const [old, many] = [await createUser(t.deps.db), await createUser(t.deps.db)];
    const now = t.deps.now();
    const at = (msAgo: number) => new Date(now.getTime() - msAgo);
    const row = (uid: number, i: number, seenAt: Date) => ({
      uid,
      key_hash: `${uid}-${i}-`.padEnd(64, '0'),
      agent: 'Chrome · Windows',
      first_address: '203.0.113.1',
      last_address: '203.0.113.1',
      first_seen_at: seenAt,
      last_seen_at: seenAt,
    });
    await t.deps.db
      .insertInto('user_devices')
      .values([
        row(old.uid, 1, at(DEVICE_KEEP_MS + 2 * 86_400_000)),
        row(old.uid, 2, at(DEVICE_KEEP_MS + 86_400_000)),
        ...Array.from({ length: DEVICES_PER_USER + 3 }, (_, i) => row(many.uid, i, at((i + 1) * 60_000))),
      ])
      .execute();
    await runChores(t.deps, chores, now);
    // both of `old`'s are past their time: the newer stays, so its next sign-in elsewhere is "new"
    expect((await devicesOf(t, old.uid)).map((d) => d.key_hash)).toEqual([row(old.uid, 2, now).key_hash]);
    const kept = await devicesOf(t, many.uid);
    expect(kept).toHaveLength(DEVICES_PER_USER);
    expect(kept.map((d) => d.key_hash)).toEqual(
      Array.from({ length: DEVICES_PER_USER }, (_, i) => row(many.uid, i, now).key_hash),
    );
  });
});

describe('agentSummary and maskAddress', () => {
  it('names the browser and system as people do, without versions', () => {
    expect(agentSummary(CHROME_WINDOWS)).toBe('Chrome · Windows');
    expect(agentSummary(SAFARI_IPHONE)).toBe('Safari · iOS');
    expect(
      agentSummary(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge · Windows');
    expect(
      agentSummary('Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox · Linux');
    expect(
      agentSummary(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      ),
    ).toBe('Safari · macOS');
    expect(
      agentSummary(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.50',
      ),
    ).toBe('WeChat · Android');
    expect(agentSummary('curl/8.5.0')).toBe('curl');
    expect(agentSummary('')).toBe('?');
  });

  it('hides the host part of an address', () => {
    expect(maskAddress('203.0.113.77')).toBe('203.0.113.*');
    expect(maskAddress('2001:db8:1:2::/64')).toBe('2001:db8:*');
    expect(maskAddress('local')).toBe('*');
  });
});
