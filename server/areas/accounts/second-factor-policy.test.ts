import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import type { SessionPolicy } from '../../../src/contract/accounts/sessions.ts';
import type { MemberFactorList } from '../../../src/contract/second-factor-policy/schemas.ts';
import { createUser, type FixtureUser, loginAs } from '../../testing/fixtures.ts';
import { enrolTotp, totpNow } from '../../testing/second-factor-fixtures.ts';
import {
  addMember,
  enrolAtSignIn,
  enrolmentOf,
  requireSecondFactor,
} from '../../testing/second-factor-policy-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { runNotifier } from '../notifications/runner.ts';
import { DEVICE_COOKIE, deviceKeyOf } from './devices.ts';
import { issueOneTimeCode } from './one-time-codes.ts';
import { ENROL_TRIES, ENROL_TTL_MS } from './second-factor-policy.ts';
import { RESET_TEXT } from './second-factor-reset.ts';

beforeAll(() => testDatabase());

const login = (t: TestApp, u: { username: string; password: string }, ip?: string) =>
  t.call<Record<string, unknown>>('user/login', {
    body: { username: u.username, password: u.password },
    ...(ip ? { ip } : {}),
  });
const start = (t: TestApp, enrol_token: string, ip?: string) =>
  t.call<{ secret: string; otpauth_uri: string }>('user/login-enrol-start', {
    body: { enrol_token },
    ...(ip ? { ip } : {}),
  });
const confirm = (t: TestApp, enrol_token: string, code: string, ip?: string) =>
  t.call<LoginResponse & { recovery_codes: string[] }>('user/login-enrol-confirm', {
    body: { enrol_token, code },
    ...(ip ? { ip } : {}),
  });
const info = (t: TestApp, token: string) => t.call('user/get-user-info', { token });
const liveSessions = (t: TestApp, uid: number) =>
  t.deps.db
    .selectFrom('sessions')
    .select('id')
    .where('uid', '=', uid)
    .where('ended_at', 'is', null)
    .execute();
const trail = (t: TestApp, uid: number) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'actor_id', 'reason', 'changes'])
    .where('record_type', '=', 'user')
    .where('record_id', '=', String(uid))
    .orderBy('seq')
    .execute();

/** An administrator of a new customer, signed in. */
async function administrator(t: TestApp) {
  const user = await createUser(t.deps.db, { admin: true });
  return { user, cuId: user.customers[0]!.cu_id, token: await loginAs(t, user) };
}

describe('the policy "second factor required" (issue 34)', () => {
  it('is saved by the customer’s administrator beside the session policy, audited old → new, kept when a save leaves it out, checked', async () => {
    const t = await testApp();
    const admin = await administrator(t);
    const limits = { idle_minutes: 30, absolute_minutes: 720, max_sessions: 1 };
    const read = await t.call<SessionPolicy>('customer-account/session-policy', { token: admin.token });
    expect(read.data.second_factor_required).toBe(false);
    const saved = await t.call<SessionPolicy>('customer-account/session-policy-update', {
      token: admin.token,
      body: { ...limits, second_factor_required: true },
    });
    expect([saved.code, saved.data.second_factor_required]).toEqual([0, true]);
    const entries = await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'changes', 'actor_id'])
      .where('record_type', '=', 'session_policy')
      .where('record_id', '=', String(admin.cuId))
      .execute();
    expect(entries).toEqual([
      {
        action: 'update',
        actor_id: admin.user.uid,
        changes: [{ field: 'second_factor_required', old: false, new: true }],
      },
    ]);
    // a save of the limits alone keeps it (an older client's form)
    const other = await t.call<SessionPolicy>('customer-account/session-policy-update', {
      token: admin.token,
      body: { ...limits, max_sessions: 2 },
    });
    expect([other.code, other.data.second_factor_required, other.data.max_sessions]).toEqual([0, true, 2]);
    const bad = await t.call('customer-account/session-policy-update', {
      token: admin.token,
      body: { ...limits, second_factor_required: 'yes' },
    });
    expect([bad.code, Object.keys(bad.data as object)]).toEqual([422, ['second_factor_required']]);
    // a member who is no administrator may not
    const member = await createUser(t.deps.db);
    await addMember(t, member, admin.cuId);
    await t.deps.db
      .updateTable('users')
      .set({ default_cu_id: admin.cuId })
      .where('uid', '=', member.uid)
      .execute();
    const refused = await t.call('customer-account/session-policy-update', {
      token: await enrolledToken(t, member),
      body: { ...limits, second_factor_required: false },
    });
    expect(refused.code).toBe(403);
  });

  it('at the next sign-in, a person without a factor gets no session but a pending enrolment; enrols with the first code; is signed in; then the code is asked', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    await requireSecondFactor(t, user.customers[0]!.cu_id);
    const first = await login(t, user);
    expect([first.code, first.message]).toEqual([
      478,
      'Your organisation requires two-step sign-in: set it up to continue',
    ]);
    expect(first.data).toEqual({ enrol_token: expect.any(String), expires_in: ENROL_TTL_MS / 1000 });
    expect(await liveSessions(t, user.uid)).toEqual([]);
    const enrol_token = String(first.data.enrol_token);
    // the token is no second step's (477) token
    const asCode = await t.call('user/login-second-factor', {
      body: { pending_token: enrol_token, code: '123456' },
    });
    expect(asCode.code).toBe(476);
    const begun = await start(t, enrol_token);
    expect(begun.code).toBe(0);
    expect(begun.data.otpauth_uri).toContain(begun.data.secret);
    const wrong = await confirm(t, enrol_token, '000000');
    expect([wrong.code, wrong.data]).toEqual([406, { tries_left: ENROL_TRIES - 1 }]);
    expect(await liveSessions(t, user.uid)).toEqual([]);
    const done = await confirm(t, enrol_token, await totpNow(t, begun.data.secret));
    expect(done.code).toBe(0);
    expect(done.data.recovery_codes).toHaveLength(10);
    expect(done.headers.getSetCookie()[0]).toContain(`${DEVICE_COOKIE}=`);
    expect((await info(t, done.data.access_token)).code).toBe(0);
    // used up
    expect((await confirm(t, enrol_token, await totpNow(t, begun.data.secret, 1))).code).toBe(476);
    expect((await trail(t, user.uid)).map((e) => e.action)).toEqual([
      'second_factor_failed',
      'second_factor_enrol',
      'sign_in',
    ]);
    // the next sign-in asks the factor's code, as for anyone with one
    t.advance(30_000);
    expect((await login(t, user)).code).toBe(477);
  });

  it('the pending enrolment is bound to its address, lives 10 minutes and takes 5 codes', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    await requireSecondFactor(t, user.customers[0]!.cu_id);
    const { enrol_token } = await enrolmentOf(t, user);
    expect((await start(t, enrol_token, '203.0.113.50')).code).toBe(476);
    const begun = await start(t, enrol_token);
    expect((await confirm(t, enrol_token, await totpNow(t, begun.data.secret), '203.0.113.50')).code).toBe(
      476,
    );
    for (let i = 1; i < ENROL_TRIES; i++) expect((await confirm(t, enrol_token, '000000')).code).toBe(406);
    const last = await confirm(t, enrol_token, '000000');
    expect([last.code, last.data]).toEqual([406, { tries_left: 0 }]);
    expect((await confirm(t, enrol_token, await totpNow(t, begun.data.secret))).code).toBe(476);
    // a new one, over after 10 minutes
    const again = await enrolmentOf(t, user);
    const secret = (await start(t, again.enrol_token)).data.secret;
    t.advance(ENROL_TTL_MS + 1);
    expect((await confirm(t, again.enrol_token, await totpNow(t, secret))).code).toBe(476);
    expect(await liveSessions(t, user.uid)).toEqual([]);
  });

  it('leaves a person with a factor as they were, and applies only to people of a customer that requires it (any of theirs)', async () => {
    const t = await testApp();
    const withFactor = await createUser(t.deps.db);
    const { secret } = await enrolTotp(t, await loginAs(t, withFactor), withFactor.password);
    await requireSecondFactor(t, withFactor.customers[0]!.cu_id);
    const pending = await login(t, withFactor);
    expect(pending.code).toBe(477);
    const second = await t.call<LoginResponse>('user/login-second-factor', {
      body: { pending_token: String(pending.data.pending_token), code: await totpNow(t, secret) },
    });
    expect(second.code).toBe(0);

    // another customer's policy: not this person's
    const elsewhere = await createUser(t.deps.db);
    await requireSecondFactor(t, elsewhere.customers[0]!.cu_id);
    const free = await createUser(t.deps.db);
    await requireSecondFactor(t, free.customers[0]!.cu_id, false);
    expect((await login(t, free)).code).toBe(0);
    // a person of two customers, one of which requires it
    const both = await createUser(t.deps.db);
    await addMember(t, both, elsewhere.customers[0]!.cu_id);
    expect((await login(t, both)).code).toBe(478);
  });

  it('the hand-overs (jump-login, new-login) open no session under the policy; outside it they do', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const code = async (kind: 'jump' | 'new') => {
      const issued = await issueOneTimeCode(t.deps.db, { username: user.username, kind }, t.deps.now());
      if (!issued.ok) throw new Error(issued.reason);
      return issued.code;
    };
    expect((await t.call('user/jump-login', { body: { code: await code('jump') } })).code).toBe(0);
    await requireSecondFactor(t, user.customers[0]!.cu_id);
    const jump = await t.call('user/jump-login', { body: { code: await code('jump') } });
    expect([jump.code, jump.message]).toEqual([
      598,
      'Your organisation requires two-step sign-in: please sign in with your password',
    ]);
    const handedOver = await t.call('user/new-login', { body: { token: await code('new') } });
    expect(handedOver.code).toBe(598);
    // with a factor too: a hand-over carries none
    await enrolAtSignIn(t, user);
    expect((await t.call('user/jump-login', { body: { code: await code('jump') } })).code).toBe(598);
    expect((await t.call('user/new-login', { body: { token: await code('new') } })).code).toBe(598);
  });

  it('a session begun before the policy lives on until it ends (a customer switch too); the next sign-in enrols', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db, { customers: 2 });
    const token = await loginAs(t, user);
    await requireSecondFactor(t, user.customers[0]!.cu_id);
    expect((await info(t, token)).code).toBe(0);
    const switched = await t.call<{ access_token: string }>('customer-account/switch-customer', {
      token,
      body: { identifier: user.customers[1]!.identifier },
    });
    expect(switched.code).toBe(0);
    expect((await info(t, switched.data.access_token)).code).toBe(0);
    // it ends at its absolute lifetime all the same (12 h from the sign-in, the switch kept it)
    t.advance(12 * 60 * 60_000 + 1);
    expect((await info(t, switched.data.access_token)).code).toBe(598);
    expect((await login(t, user)).code).toBe(478);
  });

  it('tells of a sign-in from a new device made through the enrolment, not of the first sign-in ever', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const cuId = user.customers[0]!.cu_id;
    const desk = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/131.0.0.0 Safari/537.36' };
    const first = await t.call('user/login', {
      body: { username: user.username, password: user.password },
      headers: desk,
    });
    const key = deviceKeyOf(first.headers.getSetCookie()[0]?.split(';')[0]);
    await requireSecondFactor(t, cuId);
    const laptop = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0' };
    await enrolAtSignIn(t, user, { headers: laptop });
    await runNotifier(t.deps);
    const told = () =>
      t.deps.db
        .selectFrom('notifications')
        .select(['uid', 'ref'])
        .where('cu_id', '=', cuId)
        .where('kind', '=', 'new_device_sign_in')
        .execute();
    expect(await told()).toEqual([{ uid: user.uid, ref: expect.stringMatching(/^Firefox · Linux · /) }]);
    // the desk again (its cookie): known, nobody told
    const pending = await t.call<{ pending_token: string }>('user/login', {
      body: { username: user.username, password: user.password },
      headers: { ...desk, cookie: `${DEVICE_COOKIE}=${key}` },
    });
    expect(pending.code).toBe(477);
    await runNotifier(t.deps);
    expect(await told()).toHaveLength(1);

    // a person whose very first sign-in is the enrolment: nobody told
    const newcomer = await createUser(t.deps.db);
    await requireSecondFactor(t, newcomer.customers[0]!.cu_id);
    await enrolAtSignIn(t, newcomer, { headers: laptop });
    await runNotifier(t.deps);
    const news = await t.deps.db
      .selectFrom('notifications')
      .select('uid')
      .where('uid', '=', newcomer.uid)
      .execute();
    expect(news).toEqual([]);
  });
});

/** A session of `member` (their factor set up first when their customer requires it). */
async function enrolledToken(t: TestApp, member: FixtureUser): Promise<string> {
  const first = await login(t, member);
  if (first.code === 0) return String(first.data.access_token);
  return (await enrolAtSignIn(t, member)).token;
}

describe('a lost factor, reset by the customer’s administrator (issue 34)', () => {
  async function team(t: TestApp) {
    const admin = await administrator(t);
    const member = await createUser(t.deps.db);
    await addMember(t, member, admin.cuId);
    const memberToken = await loginAs(t, member);
    const factor = await enrolTotp(t, memberToken, member.password);
    return { admin, member, memberToken, ...factor };
  }
  const reset = (t: TestApp, token: string, body: Record<string, unknown>) =>
    t.call('customer-account/member-factor-reset', { token, body });

  it('lists the members with their factors; resets one with the password and a reason: factor gone, sessions ended, audited, texted', async () => {
    const t = await testApp();
    const { admin, member, memberToken, secret } = await team(t);
    const list = await t.call<MemberFactorList>('customer-account/member-factors', { token: admin.token });
    expect(list.data.own_code_needed).toBe(false);
    expect(list.data.list.map((m) => [m.uid, m.enabled]).sort()).toEqual(
      [
        [admin.user.uid, false],
        [member.uid, true],
      ].sort(),
    );
    const wrong = await reset(t, admin.token, {
      uid: member.uid,
      reason: 'phone lost',
      password: 'nope-nope',
    });
    expect([wrong.code, Object.keys(wrong.data as object)]).toEqual([422, ['password']]);
    const noReason = await reset(t, admin.token, {
      uid: member.uid,
      reason: '',
      password: admin.user.password,
    });
    expect([noReason.code, Object.keys(noReason.data as object)]).toEqual([422, ['reason']]);
    const ok = await reset(t, admin.token, {
      uid: member.uid,
      reason: ' phone lost ',
      password: admin.user.password,
    });
    expect([ok.code, ok.message]).toEqual([0, 'Two-step sign-in reset']);
    expect((await info(t, memberToken)).code).toBe(598);
    expect(await liveSessions(t, member.uid)).toEqual([]);
    const entry = (await trail(t, member.uid)).at(-1);
    expect(entry).toEqual({
      action: 'second_factor_reset',
      actor_id: admin.user.uid,
      reason: 'phone lost',
      changes: [
        { field: 'second_factor', old: 'totp', new: null },
        { field: 'customer', old: null, new: admin.cuId },
        { field: 'sessions', old: null, new: 'ended' },
      ],
    });
    const texts = await t.deps.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('mobile', '=', member.mobile)
      .execute();
    expect(texts).toEqual([{ body: RESET_TEXT }]);
    // the password alone signs in again; the old code is nothing
    expect((await login(t, member)).code).toBe(0);
    expect(await totpNow(t, secret)).toMatch(/^\d{6}$/);
    // once more: nothing to reset
    expect(
      (await reset(t, admin.token, { uid: member.uid, reason: 'again', password: admin.user.password })).code,
    ).toBe(409);
  });

  it('refuses a non-administrator (403), anyone outside the customer as an unknown id (404), and the administrator’s own (409)', async () => {
    const t = await testApp();
    const { admin, member, memberToken } = await team(t);
    const body = (uid: number) => ({ uid, reason: 'lost', password: admin.user.password });
    expect((await reset(t, memberToken, { ...body(admin.user.uid), password: member.password })).code).toBe(
      403,
    );
    expect((await t.call('customer-account/member-factors', { token: memberToken })).code).toBe(403);
    const stranger = await createUser(t.deps.db);
    await enrolTotp(t, await loginAs(t, stranger), stranger.password);
    const outside = await reset(t, admin.token, body(stranger.uid));
    const unknown = await reset(t, admin.token, body(2_000_000_000));
    expect([outside.code, outside.message]).toEqual([404, 'There is no such member']);
    expect([unknown.code, unknown.message]).toEqual([404, 'There is no such member']);
    expect(
      await t.deps.db.selectFrom('second_factors').select('uid').where('uid', '=', stranger.uid).execute(),
    ).toHaveLength(1);
    expect((await reset(t, admin.token, body(admin.user.uid))).code).toBe(409);
  });

  it('an administrator with a factor gives a code of it too (a wrong or missing one refused)', async () => {
    const t = await testApp();
    const { admin, member } = await team(t);
    const own = await enrolTotp(t, admin.token, admin.user.password);
    const body = { uid: member.uid, reason: 'lost', password: admin.user.password };
    const list = await t.call<MemberFactorList>('customer-account/member-factors', { token: admin.token });
    expect(list.data.own_code_needed).toBe(true);
    const missing = await reset(t, admin.token, body);
    expect([missing.code, Object.keys(missing.data as object)]).toEqual([422, ['code']]);
    const wrong = await reset(t, admin.token, { ...body, code: '000000' });
    expect([wrong.code, Object.keys(wrong.data as object)]).toEqual([422, ['code']]);
    expect((await reset(t, admin.token, { ...body, code: await totpNow(t, own.secret) })).code).toBe(0);
    expect((await trail(t, admin.user.uid)).map((e) => e.action)).toContain('second_factor_failed');
  });
});

describe('new recovery codes (issue 34)', () => {
  it('take the password and a current code; the old codes stop working, each new one works once', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const { secret, recoveryCodes } = await enrolTotp(t, token, user.password);
    const renew = (body: Record<string, unknown>) =>
      t.call<{ recovery_codes: string[] }>('user/recovery-codes-renew', { token, body });
    const badPassword = await renew({ password: 'wrong-one', code: await totpNow(t, secret) });
    expect([badPassword.code, Object.keys(badPassword.data as object)]).toEqual([422, ['password']]);
    const badCode = await renew({ password: user.password, code: '000000' });
    expect([badCode.code, Object.keys(badCode.data as object)]).toEqual([422, ['code']]);
    const renewed = await renew({ password: user.password, code: await totpNow(t, secret) });
    expect(renewed.code).toBe(0);
    const fresh = renewed.data.recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => recoveryCodes.includes(c))).toBe(false);
    expect((await trail(t, user.uid)).at(-1)).toMatchObject({
      action: 'recovery_codes_renewed',
      changes: [
        { field: 'recovery_codes', old: 10, new: 10 },
        { field: 'method', old: null, new: 'totp' },
      ],
    });
    const signInWith = async (code: string) => {
      const pending = await login(t, user);
      return (
        await t.call('user/login-second-factor', {
          body: { pending_token: String(pending.data.pending_token), code },
        })
      ).code;
    };
    expect(await signInWith(recoveryCodes[0]!)).toBe(406);
    expect(await signInWith(fresh[0]!)).toBe(0);
    expect(await signInWith(fresh[0]!)).toBe(406);
    // without a factor: nothing to renew
    const plain = await createUser(t.deps.db);
    const none = await t.call('user/recovery-codes-renew', {
      token: await loginAs(t, plain),
      body: { password: plain.password, code: '123456' },
    });
    expect(none.code).toBe(409);
  });
});
