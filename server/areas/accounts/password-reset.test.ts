import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import { knownCaptcha, lastSmsCode, startOfWindow } from '../../testing/accounts.ts';
import { createUser, type FixtureUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { resetWorkSettled } from './password-reset.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());
afterEach(() => {
  vi.useRealTimers();
});

const NEW = 'Reset#Pass2026';
const ask = async (t: TestApp, body: unknown, ip?: string) => {
  const answer = await t.call<{ mobile: string } | null>('user/forgot-password', { body, ip });
  await resetWorkSettled();
  return answer;
};
const reset = async (t: TestApp, body: unknown, ip?: string) => {
  const answer = await t.call<null>('user/reset-password', { body, ip });
  await resetWorkSettled();
  return answer;
};
const resetBody = (u: FixtureUser, captcha: string, password = NEW) => ({
  username: u.username,
  mobile: u.mobile,
  captcha,
  new_password1: password,
  new_password2: password,
});
const UNIFORM = 'The code is wrong or no longer valid: please get a new one';

const texts = (t: TestApp, mobile: string) =>
  t.deps.db.selectFrom('sms_outbox').select('body').where('mobile', '=', mobile).orderBy('id').execute();

const entries = (t: TestApp, uid: number) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'actor_kind', 'actor_id', 'record_type'])
    .where('record_type', '=', 'user')
    .where('record_id', '=', String(uid))
    .where('action', 'like', 'password_%')
    .orderBy('id')
    .execute();

/** A code sent for `u`'s reset (asked for now, read from the outbox). */
async function codeFor(t: TestApp, u: FixtureUser): Promise<string> {
  expect((await ask(t, { username: u.username, mobile: u.mobile })).code).toBe(0);
  const code = await lastSmsCode(t, u.mobile);
  if (!code) throw new Error('no code texted');
  return code;
}

const otherCode = (code: string) => (code === '000000' ? '000001' : '000000');

describe('user/forgot-password: a code by SMS to the registered mobile', () => {
  it('answers the same for no account, a wrong number and the right one, and texts only the right one', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const wrong = '13700000003';
    const answers = [
      await ask(t, { username: unique('ghost'), mobile: wrong }),
      await ask(t, { username: u.username, mobile: wrong }),
      await ask(t, { username: u.username, mobile: u.mobile }),
    ];
    const seen = answers.map((a) => [a.status, a.code, a.message, a.data]);
    const masked = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;
    expect(seen[0]).toEqual([
      200,
      0,
      `If ${masked(wrong)} is the account’s mobile number, a code has been sent to it`,
      { mobile: masked(wrong) },
    ]);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual([
      200,
      0,
      `If ${masked(u.mobile)} is the account’s mobile number, a code has been sent to it`,
      { mobile: masked(u.mobile) },
    ]);
    expect(await texts(t, wrong)).toEqual([]);
    const sent = await texts(t, u.mobile);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatch(/\b\d{6}\b/);
    // the code's audit entry, by the account's user (written after the answer, with the code)
    expect(await entries(t, u.uid)).toEqual([
      { action: 'password_reset_code', actor_kind: 'user', actor_id: u.uid, record_type: 'user' },
    ]);
    // a number written with the country code is the same number
    t.advance(61_000);
    expect((await ask(t, { username: u.username, mobile: `+86${u.mobile}` })).code).toBe(0);
    expect(await texts(t, u.mobile)).toHaveLength(2);
  });

  it('takes five requests per address in 15 minutes (429 with the envelope), another address is not held back', async () => {
    const t = await testApp({ rateLimits: true });
    startOfWindow(t, 15 * 60_000);
    const octet = () => Math.floor(Math.random() * 250);
    const [ip, other] = [`10.12.${octet()}.${octet()}`, `10.13.${octet()}.1`];
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push(await ask(t, { username: unique('r'), mobile: '13700000004' }, ip));
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0, 0, 0, 429]);
    expect(answers[5]).toMatchObject({
      status: 200,
      code: 429,
      message: 'Too many requests, please try again later',
      data: null,
    });
    expect((await ask(t, { username: unique('r'), mobile: '13700000004' }, other)).code).toBe(0);
  });

  it('makes at most three codes an hour per account, and answers the fourth request 429 whether the account exists or not', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp();
    startOfWindow(t, 60 * 60_000);
    const u = await createUser(t.deps.db);
    const ghost = { username: unique('ghost'), mobile: '13700000005' };
    const mine: number[] = [];
    const theirs: number[] = [];
    for (let i = 0; i < 4; i++) {
      mine.push((await ask(t, { username: u.username, mobile: u.mobile })).code);
      theirs.push((await ask(t, ghost)).code);
      t.advance(61_000);
    }
    expect(mine).toEqual([0, 0, 0, 429]);
    expect(theirs).toEqual(mine);
    const refused = await ask(t, { username: u.username, mobile: u.mobile });
    expect([refused.code, refused.message, refused.data]).toEqual([
      429,
      'Too many password reset requests for this account, please try again in an hour',
      null,
    ]);
    expect(await texts(t, u.mobile)).toHaveLength(3);
    // a guess at another number for the account is not held back by it (and texts nobody)
    expect((await ask(t, { username: u.username, mobile: '13700000006' })).code).toBe(0);
    // an hour on, the account may ask again
    t.advance(60 * 60_000);
    expect((await ask(t, { username: u.username, mobile: u.mobile })).code).toBe(0);
    expect(await texts(t, u.mobile)).toHaveLength(4);
  });

  it('sends no second code within the minute, and says nothing of it', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const first = await ask(t, { username: u.username, mobile: u.mobile });
    const again = await ask(t, { username: u.username, mobile: u.mobile });
    expect([again.code, again.data]).toEqual([0, first.data]);
    expect(await texts(t, u.mobile)).toHaveLength(1);
  });

  it('makes an address that must wait after failed logins (407) wait for a code too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const fail = (validate = '') =>
      t.call<LoginResponse>('user/login', {
        body: { username: u.username, password: 'Wrong#pass1', validate },
      });
    for (let i = 0; i < 3; i++) expect((await fail()).code).toBe(406);
    for (let i = 0; i < 2; i++) expect((await fail(await knownCaptcha(t, u.username))).code).toBe(406);
    const early = await ask(t, { username: u.username, mobile: u.mobile });
    expect([early.code, early.data]).toEqual([407, { retry_after: 1 }]);
    expect(await texts(t, u.mobile)).toEqual([]);
  });

  it('refuses bad input (400, 422) and changes nothing', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const malformed = await t.call('user/forgot-password', { raw: '{"username":' });
    // the envelope's code (HTTP 200, as every answer: contract.md)
    expect([malformed.status, malformed.code]).toEqual([200, 400]);
    const badNumber = await ask(t, { username: u.username, mobile: '12345' });
    expect(badNumber.code).toBe(422);
    expect(badNumber.data).toHaveProperty('mobile');
    const extra = await ask(t, { username: u.username, mobile: u.mobile, uid: 1 });
    expect(extra.code).toBe(422);
    const noCode = await reset(t, { ...resetBody(u, '12ab56') });
    expect(noCode.code).toBe(422);
    expect(noCode.data).toHaveProperty('captcha');
    const mismatch = await reset(t, { ...resetBody(u, '123456'), new_password2: 'Other#Pass2026' });
    expect([mismatch.code, mismatch.data]).toEqual([422, { new_password2: expect.any(String) }]);
    expect(await texts(t, u.mobile)).toEqual([]);
    expect(await entries(t, u.uid)).toEqual([]);
    const codes = await t.deps.db.selectFrom('sms_codes').select('id').where('uid', '=', u.uid).execute();
    expect(codes).toEqual([]);
    expect(await loginAs(t, u)).not.toBe('');
  });
});

describe('user/reset-password: a new password with the code', () => {
  it('sets the password, ends every session of the user in the same step, records it and texts the person', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const code = await codeFor(t, u);
    const done = await reset(t, resetBody(u, code));
    expect([done.code, done.message, done.data]).toEqual([0, 'Password changed, please log in again', null]);
    // the session signed in before is over
    const info = await t.call('user/get-user-info', { token });
    expect(info.code).toBe(598);
    const sessions = await t.deps.db
      .selectFrom('sessions')
      .select(['ended_at', 'end_reason'])
      .where('uid', '=', u.uid)
      .execute();
    expect(sessions).toEqual([{ ended_at: expect.anything(), end_reason: 'password' }]);
    // the new password signs in, the old one no longer
    expect(await loginAs(t, { username: u.username, password: NEW })).not.toBe('');
    const old = await t.call('user/login', { body: { username: u.username, password: u.password } });
    expect(old.code).toBe(406);
    expect((await entries(t, u.uid)).map((e) => [e.action, e.actor_kind, e.actor_id])).toEqual([
      ['password_reset_code', 'user', u.uid],
      ['password_reset', 'user', u.uid],
    ]);
    const sent = await texts(t, u.mobile);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.body).toContain('password was reset');
  });

  it('refuses a wrong, reused or expired code, another number and no account with one 475, and a wrong code spends a try', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const code = await codeFor(t, u);
    const refusals = [
      await reset(t, resetBody(u, otherCode(code))),
      await reset(t, { ...resetBody(u, code), mobile: '13700000007' }),
      await reset(t, { ...resetBody(u, code), username: unique('ghost') }),
    ];
    for (const r of refusals) expect([r.code, r.message, r.data]).toEqual([475, UNIFORM, null]);
    const row = await t.deps.db
      .selectFrom('sms_codes')
      .select(['attempts', 'used_at'])
      .where('uid', '=', u.uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 1, used_at: null });

    expect((await reset(t, resetBody(u, code))).code).toBe(0);
    const reused = await reset(t, resetBody(u, code, 'Again#Pass2026'));
    expect([reused.code, reused.message]).toEqual([475, UNIFORM]);

    t.advance(61_000);
    const late = await codeFor(t, u);
    t.advance(5 * 60_000 + 1);
    const expired = await reset(t, resetBody(u, late, 'Again#Pass2026'));
    expect([expired.code, expired.message]).toEqual([475, UNIFORM]);
    // the reset password stands
    expect(await loginAs(t, { username: u.username, password: NEW })).not.toBe('');
  });

  it('allows a code five tries in all', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const code = await codeFor(t, u);
    for (let i = 0; i < 5; i++) expect((await reset(t, resetBody(u, otherCode(code)))).code).toBe(475);
    expect((await reset(t, resetBody(u, code))).code).toBe(475);
    expect(await loginAs(t, u)).not.toBe('');
  });

  it('refuses a weak or common password (422) without spending the code', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const code = await codeFor(t, u);
    const weak = await reset(t, resetBody(u, code, 'abcdefgh'));
    expect([weak.code, Object.keys(weak.data ?? {})]).toEqual([422, ['new_password1']]);
    const common = await reset(t, resetBody(u, code, 'Password@123'));
    expect([common.code, common.data]).toEqual([
      422,
      { new_password1: 'This password is too common; please choose another' },
    ]);
    const row = await t.deps.db
      .selectFrom('sms_codes')
      .select(['attempts', 'used_at'])
      .where('uid', '=', u.uid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 0, used_at: null });
    expect(await loginAs(t, u)).not.toBe('');
    expect((await reset(t, resetBody(u, code))).code).toBe(0);
  });

  it('takes twenty tries per address in 15 minutes', async () => {
    const t = await testApp({ rateLimits: true });
    startOfWindow(t, 15 * 60_000);
    const ip = `10.14.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const body = {
      username: unique('r'),
      mobile: '13700000008',
      captcha: '123456',
      new_password1: NEW,
      new_password2: NEW,
    };
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await reset(t, body, ip)).code);
    expect(codes).toEqual([...Array(20).fill(475), 429]);
  });
});
