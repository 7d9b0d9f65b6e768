import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import { knownCaptcha, lastSmsCode, startOfWindow } from '../../testing/accounts.ts';
import { createUser } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());
afterEach(() => {
  vi.useRealTimers();
});

const login = (t: TestApp, body: unknown) => t.call<LoginResponse>('user/login', { body });
const askCode = (t: TestApp, body: unknown, ip?: string) =>
  t.call<{ mobile: string }>('user/login-sms', { body, ip });
const WRONG = 'Wrong#pass1';

/** Three wrong passwords: the next try of this username from here needs the captcha. */
async function failThrice(t: TestApp, username: string) {
  for (let i = 0; i < 3; i++) expect((await login(t, { username, password: WRONG })).code).toBe(406);
}

/** The code texted to `mobile` (the text goes out in the background: it may come after the answer). */
const codeFor = (t: TestApp, mobile: string) =>
  vi.waitFor(
    async () => {
      const code = await lastSmsCode(t, mobile);
      if (!code) throw new Error(`no text to ${mobile} yet`);
      return code;
    },
    { timeout: 5_000, interval: 20 },
  );
const UNIFORM = 'The code is wrong or no longer valid: please get a new one';

async function texts(t: TestApp, mobile: string) {
  return (await t.deps.db.selectFrom('sms_outbox').select('id').where('mobile', '=', mobile).execute())
    .length;
}

describe('user/login-sms: the captcha’s alternative', () => {
  it('texts a code only to the account’s own number, and answers the same for any other number or account', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const other = '13700000001';
    const theirs = await askCode(t, { username: u.username, mobile: u.mobile });
    const notTheirs = await askCode(t, { username: u.username, mobile: other });
    const nobody = await askCode(t, { username: unique('ghost'), mobile: other });
    expect(theirs.code).toBe(0);
    expect(theirs.data).toEqual({ mobile: `${u.mobile.slice(0, 3)}****${u.mobile.slice(-4)}` });
    expect(theirs.message).toBe(
      `If ${theirs.data.mobile} is the account’s mobile number, a code has been sent to it`,
    );
    for (const answer of [notTheirs, nobody]) {
      expect([answer.status, answer.code, answer.data]).toEqual([200, 0, { mobile: '137****0001' }]);
    }
    await codeFor(t, u.mobile);
    expect(await texts(t, u.mobile)).toBe(1);
    expect(await texts(t, other)).toBe(0);
    // within the minute no second text, and the same answer (nothing says the number matched)
    const again = await askCode(t, { username: u.username, mobile: u.mobile });
    expect([again.code, again.data]).toEqual([0, theirs.data]);
    expect(await texts(t, u.mobile)).toBe(1);
  });

  it('lets the code stand in for the captcha, once', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    await failThrice(t, u.username);
    expect((await login(t, { username: u.username, password: u.password })).code).toBe(475);
    await askCode(t, { username: u.username, mobile: u.mobile });
    const code = await codeFor(t, u.mobile);
    const signedIn = await login(t, { username: u.username, password: u.password, sms_code: code });
    expect(signedIn.code).toBe(0);
    expect(signedIn.data.access_token).not.toBe('');

    // the code is used up: after three more failures it no longer opens the account
    await failThrice(t, u.username);
    const reused = await login(t, { username: u.username, password: u.password, sms_code: code });
    expect([reused.code, reused.message]).toEqual([475, UNIFORM]);
  });

  it('refuses a wrong code (475) with the words it has for any code that is not good, and a right code with a wrong password spends one of its five tries', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp();
    const u = await createUser(t.deps.db);
    await failThrice(t, u.username);
    await askCode(t, { username: u.username, mobile: u.mobile });
    const code = await codeFor(t, u.mobile);
    const wrongCode = code === '000000' ? '000001' : '000000';
    const refused = await login(t, { username: u.username, password: u.password, sms_code: wrongCode });
    expect([refused.code, refused.message]).toEqual([475, UNIFORM]);
    // an account without a code, and no account at all, are told the same
    const stranger = await createUser(t.deps.db);
    await failThrice(t, stranger.username);
    const ghost = unique('ghost');
    await failThrice(t, ghost);
    for (const username of [stranger.username, ghost]) {
      const answer = await login(t, { username, password: WRONG, sms_code: '123456' });
      expect([answer.code, answer.message], username).toEqual([475, UNIFORM]);
    }
    // a wrong password with the right code: 406, and the code has one try less
    expect((await login(t, { username: u.username, password: WRONG, sms_code: code })).code).toBe(406);
    const row = await t.deps.db
      .selectFrom('sms_codes')
      .select(['attempts', 'used_at'])
      .where('uid', '=', u.uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 2, used_at: null });
    // the fifth failure makes the address wait: the code is not tried meanwhile
    t.advance(60_000);
    expect((await login(t, { username: u.username, password: WRONG, sms_code: code })).code).toBe(406);
    expect((await login(t, { username: u.username, password: u.password, sms_code: code })).code).toBe(407);
    for (let i = 0; i < 2; i++) {
      t.advance(60_000);
      expect((await login(t, { username: u.username, password: WRONG, sms_code: code })).code).toBe(406);
    }
    t.advance(60_000);
    const spent = await login(t, { username: u.username, password: u.password, sms_code: code });
    expect([spent.code, spent.message]).toEqual([475, UNIFORM]);
  });

  it('makes an address that must wait (407) wait for a code too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp();
    const u = await createUser(t.deps.db);
    await failThrice(t, u.username);
    for (let i = 0; i < 2; i++) {
      const validate = await knownCaptcha(t, u.username);
      expect((await login(t, { username: u.username, password: WRONG, validate })).code).toBe(406);
    }
    const early = await askCode(t, { username: u.username, mobile: u.mobile });
    expect([early.code, early.data]).toEqual([407, { retry_after: 1 }]);
    expect(await texts(t, u.mobile)).toBe(0);
  });

  it('takes five requests per address in 15 minutes, and refuses a malformed number or code (422)', async () => {
    const t = await testApp({ rateLimits: true });
    // a fixed window that has just begun, and an address of this test's own
    startOfWindow(t, 15 * 60_000);
    const octet = () => Math.floor(Math.random() * 250);
    const [ip, other, third] = [`10.9.${octet()}.${octet()}`, `10.10.${octet()}.1`, `10.11.${octet()}.1`];
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await askCode(t, { username: unique('sms'), mobile: '13700000002' }, ip)).code);
    expect(codes).toEqual([0, 0, 0, 0, 0, 429]);
    // another address is not held back
    expect((await askCode(t, { username: unique('sms'), mobile: '13700000002' }, other)).code).toBe(0);
    // an IPv6 subscriber counts by its /64: a new address in it is not a new allowance
    const net = `2001:db8:${octet()}:${octet()}`;
    const v6: number[] = [];
    for (let i = 1; i <= 6; i++)
      v6.push((await askCode(t, { username: unique('sms'), mobile: '13700000002' }, `${net}::${i}`)).code);
    expect(v6).toEqual([0, 0, 0, 0, 0, 429]);

    const badNumber = await askCode(t, { username: 'someone', mobile: '12345' }, third);
    expect(badNumber.code).toBe(422);
    const badCode = await login(t, { username: 'someone', password: WRONG, sms_code: '12ab56' });
    expect(badCode.code).toBe(422);
    expect(badCode.data).toMatchObject({ sms_code: 'Please fill in the 6-digit code' });
  });
});
