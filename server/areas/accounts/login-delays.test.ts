import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../core/errors.ts';
import { knownCaptcha } from '../../testing/accounts.ts';
import { createUser } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { login } from './login.ts';
import { addressKey } from '../../core/address-key.ts';
import {
  DELAY_AFTER,
  delayAfter,
  delayRemaining,
  FORGET_AFTER_MS,
  LOCK_AFTER,
  LOCK_MS,
} from './login-delays.ts';

beforeAll(() => testDatabase());
// The wall clock stands still (only Date: the database's own timers run), so that waits are exact;
// tests move time with t.advance().
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const ATTACKER = '203.0.113.7';
const DESK = '198.51.100.20';

/**
 * One login through the service, as the route calls it, from a given client address; resolves
 * with the envelope code and data (0 on success). When the server asks for the captcha (475), the
 * captcha of that address is put in place and the login tried once more with its answer.
 */
async function attempt(t: TestApp, username: string, password: string, address: string) {
  const once = async (validate: string) => {
    try {
      await login(t.deps.db, { username, password, validate }, t.deps.now(), address);
      return { code: 0, data: null as unknown };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return { code: error.code, data: error.data };
    }
  };
  const first = await once('');
  if (first.code !== 475) return first;
  return once(await knownCaptcha(t, username, 'K3M7X', 5 * 60_000, address));
}

describe('delayAfter', () => {
  it('is free for the first failures, then 1 s doubling, then a 15-minute lock from the 10th', () => {
    const waits = Array.from({ length: 14 }, (_, i) => delayAfter(i + 1) / 1000);
    expect([DELAY_AFTER, LOCK_AFTER]).toEqual([5, 10]);
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 900, 900, 900, 900, 900]);
    expect(delayAfter(10_000)).toBe(LOCK_MS);
  });
});

describe('addressKey', () => {
  it('keeps IPv4 (also IPv4-mapped IPv6) and groups IPv6 by /64', () => {
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('local')).toBe('local');
  });
});

describe('login delays per username and address', () => {
  it("an attacker's failures delay the attacker's address only: the user at their desk logs in", async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push((await attempt(t, u.username, 'Wrong#pass1', ATTACKER)).code);
      t.advance(10_000);
    }
    expect(codes).toEqual([406, 406, 406, 406, 406, 406, 406]);
    // The 7th failure asked for 4 s; 10 s have passed. Now an eighth, then straight on:
    expect((await attempt(t, u.username, 'Wrong#pass1', ATTACKER)).code).toBe(406);
    expect(await attempt(t, u.username, u.password, ATTACKER)).toEqual({
      code: 407,
      data: { retry_after: 8 },
    });

    // The right password from the desk: no wait (a captcha at most: others failed on the username).
    expect((await attempt(t, u.username, u.password, DESK)).code).toBe(0);
    // The attacker's wait is untouched by the user's success.
    expect(await attempt(t, u.username, u.password, ATTACKER)).toEqual({
      code: 407,
      data: { retry_after: 8 },
    });
  });

  it('counts each address separately, and each username separately', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const other = unique('ghost');
    for (let i = 0; i < DELAY_AFTER; i++) await attempt(t, u.username, 'Wrong#pass1', ATTACKER);
    for (let i = 0; i < DELAY_AFTER - 1; i++) await attempt(t, u.username, 'Wrong#pass1', DESK);
    const now = t.deps.now();
    expect(await delayRemaining(t.deps.db, u.username, ATTACKER, now)).toBe(1000);
    expect(await delayRemaining(t.deps.db, u.username, DESK, now)).toBe(0);
    expect(await delayRemaining(t.deps.db, other, ATTACKER, now)).toBe(0);
    expect((await attempt(t, other, 'Wrong#pass1', ATTACKER)).code).toBe(406);
  });

  it('treats addresses of one IPv6 /64 as one address', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    for (let i = 0; i < DELAY_AFTER; i++) {
      await attempt(t, u.username, 'Wrong#pass1', `2001:db8:77:1::${(i + 1).toString(16)}`);
    }
    expect((await attempt(t, u.username, u.password, '2001:db8:77:1:abcd::9')).code).toBe(407);
    expect((await attempt(t, u.username, u.password, '2001:db8:77:2::1')).code).toBe(0);
  });

  it('forgets failures a day after the last one (the rows are deleted)', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    for (let i = 0; i < 8; i++) {
      await attempt(t, u.username, 'Wrong#pass1', ATTACKER);
      t.advance(60_000);
    }
    expect(await delayRemaining(t.deps.db, u.username, ATTACKER, t.deps.now())).toBe(0);
    expect((await attempt(t, u.username, 'Wrong#pass1', ATTACKER)).code).toBe(406);
    expect(await delayRemaining(t.deps.db, u.username, ATTACKER, t.deps.now())).toBe(16_000);

    t.advance(FORGET_AFTER_MS);
    expect(await delayRemaining(t.deps.db, u.username, ATTACKER, t.deps.now())).toBe(0);
    // Any failure sweeps expired rows; this username's row restarts at one failure.
    await attempt(t, unique('ghost'), 'Wrong#pass1', DESK);
    const rows = t.deps.db.selectFrom('login_delays').select('failures').where('username', '=', u.username);
    expect(await rows.execute()).toEqual([]);
    expect((await attempt(t, u.username, 'Wrong#pass1', ATTACKER)).code).toBe(406);
    expect(await rows.execute()).toEqual([{ failures: 1 }]);
    expect(await delayRemaining(t.deps.db, u.username, ATTACKER, t.deps.now())).toBe(0);
  });
  it('locks the address out of the username for 15 minutes at the 10th failure, leaves a trail, never the user elsewhere', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const attacker = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
    for (let i = 0; i < LOCK_AFTER; i++) {
      expect((await attempt(t, u.username, 'Wrong#pass1', attacker)).code).toBe(406);
      t.advance(20_000);
    }
    const locked = await attempt(t, u.username, u.password, attacker);
    expect(locked).toEqual({ code: 407, data: { retry_after: 15 * 60 - 20 } });
    const events = await t.deps.db
      .selectFrom('security_events')
      .select(['kind', 'address', 'failures'])
      .where('subject', '=', u.username)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { kind: 'login-username', address: attacker, failures: 10 },
      { kind: 'login-locked', address: attacker, failures: 10 },
    ]);
    expect((await attempt(t, u.username, u.password, DESK)).code).toBe(0);
    // after the 15 minutes one more try; its failure locks again
    t.advance(LOCK_MS);
    expect((await attempt(t, u.username, 'Wrong#pass1', attacker)).code).toBe(406);
    expect((await attempt(t, u.username, u.password, attacker)).data).toEqual({ retry_after: 15 * 60 });
    t.advance(LOCK_MS);
    expect((await attempt(t, u.username, u.password, attacker)).code).toBe(0);
  });
});
