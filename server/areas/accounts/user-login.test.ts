import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import { knownCaptcha, startOfWindow } from '../../testing/accounts.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { socketFrom, type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { decodePng } from './png.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());
afterEach(() => {
  vi.useRealTimers();
});

const login = (t: TestApp, body: unknown) => t.call<LoginResponse>('user/login', { body });
const wrong = (u: { username: string }) => ({ username: u.username, password: 'Wrong#pass1' });

async function failures(t: TestApp, username: string) {
  const row = await t.deps.db
    .selectFrom('login_failures')
    .select('failures')
    .where('username', '=', username)
    .executeTakeFirst();
  return row ?? null;
}

/** A wrong password, with a known captcha from the 4th failure on; returns the envelope. */
async function fail(t: TestApp, username: string) {
  const validate = ((await failures(t, username))?.failures ?? 0) >= 3 ? await knownCaptcha(t, username) : '';
  return login(t, { username, password: 'Wrong#pass1', validate });
}

describe('user/login', () => {
  it('reports a weak password, a white-listed customer and a forced change', async () => {
    const t = await testApp();
    const weak = await createUser(t.deps.db, { password: 'abc12345', white: true });
    const res = await login(t, { username: weak.username, password: 'abc12345' });
    expect(res.data).toMatchObject({ is_weak_password: true, is_white_customer: true, pass_flag: 0 });
    const forced = await createUser(t.deps.db, { passFlag: 1 });
    const res2 = await login(t, { username: forced.username, password: forced.password });
    expect(res2.data).toMatchObject({ is_weak_password: false, pass_flag: 1 });
  });

  it('answers 406 for a wrong password and for an unknown user, and counts both', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const wrong = await login(t, { username: u.username, password: `${u.password}x` });
    expect(wrong.code).toBe(406);
    expect(wrong.message).toBe('Wrong username or password');
    const ghost = unique('ghost');
    const unknown = await login(t, { username: ghost, password: 'Whatever#1' });
    expect(unknown.code).toBe(406);
    expect(unknown.message).toBe(wrong.message);
    expect((await failures(t, u.username))?.failures).toBe(1);
    expect((await failures(t, ghost))?.failures).toBe(1);
    expect(await t.deps.db.selectFrom('sessions').select('id').where('uid', '=', u.uid).execute()).toEqual(
      [],
    );
  });

  it('does not trim or change the password', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    expect((await login(t, { username: u.username, password: ` ${u.password}` })).code).toBe(406);
  });

  it('resets the failure count after a successful login', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    await login(t, { username: u.username, password: 'Wrong#pass1' });
    await login(t, { username: u.username, password: 'Wrong#pass1' });
    expect((await login(t, { username: u.username, password: u.password })).code).toBe(0);
    expect(await failures(t, u.username)).toBeNull();
  });

  it('requires the captcha after 3 failures: 475 missing or wrong, 476 expired, then accepts it', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    for (let i = 0; i < 3; i++) await login(t, { username: u.username, password: 'Wrong#pass1' });
    const missing = await login(t, { username: u.username, password: u.password });
    expect(missing.code).toBe(475);

    await knownCaptcha(t, u.username, 'K3M7X');
    const wrong = await login(t, { username: u.username, password: u.password, validate: 'AAAAA' });
    expect(wrong.code).toBe(475);
    // A captcha answer is single use: the right answer after a wrong one needs a new image.
    expect((await login(t, { username: u.username, password: u.password, validate: 'K3M7X' })).code).toBe(
      475,
    );

    await knownCaptcha(t, u.username, 'K3M7X');
    t.advance(5 * 60_000 + 1000);
    const expired = await login(t, { username: u.username, password: u.password, validate: 'K3M7X' });
    expect(expired.code).toBe(476);

    await knownCaptcha(t, u.username, 'K3M7X');
    const okRes = await login(t, { username: u.username, password: u.password, validate: 'k3m7x' });
    expect(okRes.code).toBe(0);
    expect(await failures(t, u.username)).toBeNull();
  });

  it('delays the next try after 5 failures (407 with retry_after), doubling, never locking the right password out', async () => {
    // Only Date stands still (the database's timers run): waits are exact; t.advance() moves time.
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await fail(t, u.username)).code);
    expect(codes).toEqual([406, 406, 406, 406, 406]);

    const early = await login(t, {
      username: u.username,
      password: u.password,
      validate: await knownCaptcha(t, u.username),
    });
    expect(early.code).toBe(407);
    expect(early.data).toEqual({ retry_after: 1 });
    expect(early.message).toBe('Too many failed logins from your address: please wait 1 s and try again');
    // A refused try checks nothing and uses nothing up: the captcha is still there.
    expect(
      await t.deps.db
        .selectFrom('captchas')
        .select('username')
        .where('username', '=', `${u.username}\n${t.address}`)
        .execute(),
    ).toHaveLength(1);

    t.advance(1000);
    expect((await fail(t, u.username)).code).toBe(406);
    const second = await login(t, { username: u.username, password: u.password });
    expect(second.data).toEqual({ retry_after: 2 });
    t.advance(1500);
    expect((await login(t, { username: u.username, password: u.password })).data).toEqual({ retry_after: 1 });
    t.advance(500);
    const okRes = await login(t, {
      username: u.username,
      password: u.password,
      validate: await knownCaptcha(t, u.username),
    });
    expect(okRes.code).toBe(0);
    expect(await failures(t, u.username)).toBeNull();
    const delays = await t.deps.db
      .selectFrom('login_delays')
      .select('failures')
      .where('username', '=', u.username);
    expect(await delays.execute()).toEqual([]);
  });

  it('delays unknown usernames the same way, and locks the address out for 15 minutes from the 10th failure', async () => {
    // Only Date stands still (the database's timers run): waits are exact; t.advance() moves time.
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp();
    const ghost = unique('ghost');
    const early = () => login(t, { username: ghost, password: 'Wrong#pass1' });
    for (let i = 1; i <= 12; i++) {
      // 15 minutes apart: every wait has passed before the next try.
      if (i > 1) t.advance(15 * 60_000);
      expect((await fail(t, ghost)).code).toBe(406);
      if (i === 9) {
        const wait = await early();
        expect(wait.data).toEqual({ retry_after: 16 });
        expect(wait.message).toBe('Too many failed logins from your address: please wait 16 s and try again');
      }
    }
    t.advance(1000);
    const capped = await early();
    expect(capped.code).toBe(407);
    expect(capped.data).toEqual({ retry_after: 15 * 60 - 1 });
    expect(capped.message).toBe('Too many failed logins from your address: please wait 15 min and try again');
  });

  it('has no limit per username: guesses from one address never refuse the right password from another (a captcha at most)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp({ rateLimits: true });
    const u = await createUser(t.deps.db);
    startOfWindow(t, 60_000);
    const attacker = `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const validate = await knownCaptcha(t, u.username, 'K3M7X', 5 * 60_000, attacker);
      codes.push((await t.call('user/login', { body: { ...wrong(u), validate }, ip: attacker })).code);
      t.advance(10);
    }
    // the attacker: 5 failures, then waits (407), the captcha solved or not
    expect(codes.slice(0, 5)).toEqual([406, 406, 406, 406, 406]);
    expect(new Set(codes.slice(5))).toEqual(new Set([407]));
    // the user, in the same minute, from another address: asked for the captcha, then in
    const desk = `${attacker}9`;
    const first = await t.call('user/login', {
      body: { username: u.username, password: u.password },
      ip: desk,
    });
    expect(first.code).toBe(475);
    const validate = await knownCaptcha(t, u.username, 'K3M7X', 5 * 60_000, desk);
    const res = await t.call('user/login', {
      body: { username: u.username, password: u.password, validate },
      ip: desk,
    });
    expect(res.code).toBe(0);
    // back at that address later, while the guessing goes on: not even a captcha (a known address)
    for (let i = 0; i < 3; i++) await t.call('user/login', { body: wrong(u), ip: `${attacker}8` });
    const again = await t.call('user/login', {
      body: { username: u.username, password: u.password },
      ip: desk,
    });
    expect(again.code).toBe(0);
  });

  it("keeps each address's captcha its own: another address fetching or answering one does not use up the user's", async () => {
    const t = await testApp({ captchaTestAnswer: 'K3M7X' });
    const u = await createUser(t.deps.db);
    for (let i = 0; i < 3; i++) await fail(t, u.username);
    const user = '198.51.100.77';
    const image = (ip: string) =>
      t.app.request(`/api/user/captcha.html?username=${u.username}`, {}, socketFrom(ip));
    expect((await image(user)).status).toBe(200);
    // someone else fetches images for the username and answers them wrongly
    const other = '203.0.113.77';
    for (let i = 0; i < 3; i++) {
      await image(other);
      await t.call('user/login', { body: { ...wrong(u), validate: 'AAAAA' }, ip: other });
    }
    const res = await t.call('user/login', {
      body: { username: u.username, password: u.password, validate: 'K3M7X' },
      ip: user,
    });
    expect(res.code).toBe(0);
  });

  // about 220 calls: 3–10 s on a busy 2-core machine
  it('over all usernames, an address that failed 10 times needs the captcha, at 100 it waits 15 minutes (rate limits on)', {
    timeout: 60_000,
  }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp({ rateLimits: true });
    const sprayer = `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser(t.deps.db)));
    const fresh = await createUser(t.deps.db);
    const tryFrom = async (ip: string, body: { username: string; password: string }) => {
      const first = await t.call('user/login', { body, ip });
      if (first.code !== 475) return { code: first.code, captcha: false, data: first.data };
      const validate = await knownCaptcha(t, body.username, 'K3M7X', 5 * 60_000, ip);
      const res = await t.call('user/login', { body: { ...body, validate }, ip });
      return { code: res.code, captcha: true, data: res.data };
    };
    // 3 s apart: at most 40 calls a minute, under the address's rate limit
    startOfWindow(t, 60_000);
    // one failure on each of 10 usernames: nobody's count reached 3, yet the address is suspect
    for (const v of users.slice(0, 10)) {
      t.advance(3000);
      expect((await tryFrom(sprayer, wrong(v))).code).toBe(406);
    }
    const asked = await tryFrom(sprayer, { username: fresh.username, password: fresh.password });
    expect([asked.code, asked.captcha]).toEqual([0, true]);
    expect(
      await tryFrom(`${sprayer}1`, { username: users[0]!.username, password: users[0]!.password }),
    ).toEqual({
      code: 0,
      captcha: false,
      data: expect.anything(),
    });
    // 90 more failures (4–5 per username, 3 s apart: under every rate limit and pair delay)
    for (let i = 0; i < 90; i++) {
      t.advance(3000);
      expect((await tryFrom(sprayer, wrong(users[(i % 19) + 1]!))).code).toBe(406);
    }
    const events = await t.deps.db
      .selectFrom('security_events')
      .select(['kind', 'failures'])
      .where('address', '=', sprayer)
      .where('kind', '=', 'login-address-locked')
      .execute();
    expect(events).toEqual([{ kind: 'login-address-locked', failures: 100 }]);
    const locked = await tryFrom(sprayer, { username: fresh.username, password: fresh.password });
    expect([locked.code, locked.data]).toEqual([407, { retry_after: 15 * 60 }]);
    // anyone elsewhere is not held back
    expect((await tryFrom(`${sprayer}2`, { username: fresh.username, password: fresh.password })).code).toBe(
      0,
    );
    t.advance(15 * 60_000);
    expect((await tryFrom(sprayer, { username: fresh.username, password: fresh.password })).code).toBe(0);
  });

  it('limits login attempts per IP (429)', async () => {
    const t = await testApp({ rateLimits: true });
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t.deps.db)));
    startOfWindow(t, 60_000);
    const ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const from = (address: string, i: number) =>
      t.call('user/login', {
        body: { username: users[i % 4]!.username, password: 'Wrong#pass1' },
        ip: address,
      });
    const codes: number[] = [];
    for (let i = 0; i < 61; i++) codes.push((await from(ip, i)).code);
    expect(codes.slice(0, 60)).not.toContain(429);
    expect(codes[60]).toBe(429);
    // another address is not held back by this one
    const fresh = await createUser(t.deps.db);
    const other = await t.call('user/login', {
      body: { username: fresh.username, password: fresh.password },
      ip: `${ip}1`,
    });
    expect(other.code).toBe(0);
  });
});

describe('user/captcha', () => {
  it('returns a PNG image, not cached, and stores only a hash of the answer', async () => {
    const t = await testApp();
    const username = unique('cap');
    const res = await t.app.request(`/api/user/captcha.html?username=${username}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const image = decodePng(new Uint8Array(await res.arrayBuffer()));
    expect([image.width, image.height]).toEqual([360, 120]);
    const row = await t.deps.db
      .selectFrom('captchas')
      .selectAll()
      .where('username', '=', `${username}\nlocal`)
      .executeTakeFirstOrThrow();
    expect(row.answer_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('with CAPTCHA_TEST_ANSWER (tests only) every image takes that answer; production ignores it', async () => {
    const t = await testApp({ captchaTestAnswer: 'K3M7X' });
    const u = await createUser(t.deps.db);
    for (let i = 0; i < 3; i++) await fail(t, u.username);
    const image = await t.app.request(
      `/api/user/captcha.html?username=${u.username}`,
      {},
      socketFrom(t.address),
    );
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await login(t, { username: u.username, password: u.password, validate: 'k3m7x' })).code).toBe(0);

    const prod = await testApp({ captchaTestAnswer: 'K3M7X', mode: 'production', production: true });
    const v = await createUser(prod.deps.db);
    for (let i = 0; i < 3; i++) await fail(prod, v.username);
    await prod.app.request(`/api/user/captcha.html?username=${v.username}`, {}, socketFrom(prod.address));
    const refused = await prod.call('user/login', {
      body: { username: v.username, password: v.password, validate: 'K3M7X' },
    });
    // A random answer matches K3M7X once in 20^5 images.
    expect(refused.code).toBe(475);
  });

  it('answers 422 without a username, 429 after 60 images a minute from one address, and not to other addresses', async () => {
    const t = await testApp({ rateLimits: true });
    expect((await t.call('user/captcha')).code).toBe(422);
    expect((await t.call('user/captcha', { query: { username: '   ' } })).code).toBe(422);
    expect(
      (await t.app.request(`/api/user/captcha.html?username=${unique('cap')}&t=1732250000000`)).status,
    ).toBe(200);
    startOfWindow(t, 60_000);
    const username = unique('cap');
    const ip = `10.4.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 60; i++) {
      const res = await t.app.request(`/api/user/captcha.html?username=${username}`, {}, socketFrom(ip));
      expect(res.status).toBe(200);
    }
    expect((await t.call('user/captcha', { query: { username }, ip })).code).toBe(429);
    // the same username's image from another address: no limit per username
    const elsewhere = await t.app.request(
      `/api/user/captcha.html?username=${username}`,
      {},
      socketFrom(`${ip}1`),
    );
    expect(elsewhere.headers.get('content-type')).toBe('image/png');
  });
});

describe('user/logout', () => {
  it("ends only the caller's session", async () => {
    const t = await testApp();
    const a = await createUser(t.deps.db);
    const b = await createUser(t.deps.db);
    const ta = await loginAs(t, a);
    const tb = await loginAs(t, b);
    expect((await t.call('user/logout', { method: 'POST', token: ta })).code).toBe(0);
    expect((await t.call('user/get-user-info', { token: tb })).code).toBe(0);
    expect((await t.call('user/logout', { method: 'POST' })).code).toBe(598);
  });

  it('answers 599 to a replaced token', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const old = await loginAs(t, u);
    const fresh = await loginAs(t, u);
    expect((await t.call('user/logout', { method: 'POST', token: old })).code).toBe(599);
    expect((await t.call('user/get-user-info', { token: fresh })).code).toBe(0);
  });
});
