import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import type { PasskeyCredential } from '../../../src/contract/passkeys/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { addPasskey, assertion, attest, softKey } from '../../testing/passkey-fixtures.ts';
import { totpNow } from '../../testing/second-factor-fixtures.ts';
import { enrolmentOf, requireSecondFactor } from '../../testing/second-factor-policy-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { DEVICE_COOKIE } from './devices.ts';
import { ENROL_TTL_MS } from './second-factor-policy.ts';

beforeAll(() => testDatabase());

type Options = { challenge: string; rp?: { id: string }; user?: { name: string } };

const options = (t: TestApp, enrol_token: string, ip?: string) =>
  t.call<Options>('user/login-enrol-passkey-options', { body: { enrol_token }, ...(ip ? { ip } : {}) });
const enrol = (t: TestApp, enrol_token: string, credential: PasskeyCredential, ip?: string) =>
  t.call<LoginResponse>('user/login-enrol-passkey', {
    body: { enrol_token, name: 'Laptop', credential },
    ...(ip ? { ip } : {}),
  });

/** What a refused call must leave as it was: the person's keys, sessions, trail, pending sign-ins, challenges. */
async function stateOf(t: TestApp, uid: number) {
  const db = t.deps.db;
  return {
    keys: await db.selectFrom('passkeys').select(['id', 'credential_id']).where('uid', '=', uid).execute(),
    sessions: await db
      .selectFrom('sessions')
      .select('id')
      .where('uid', '=', uid)
      .where('ended_at', 'is', null)
      .execute(),
    trail: await db
      .selectFrom('audit_entries')
      .select(['seq', 'action'])
      .where('record_type', '=', 'user')
      .where('record_id', '=', String(uid))
      .orderBy('seq')
      .execute(),
    pending: await db
      .selectFrom('pending_sign_ins')
      .select(['token_hash', 'used_at', 'tries'])
      .where('uid', '=', uid)
      .orderBy('token_hash')
      .execute(),
    challenges: await db
      .selectFrom('passkey_challenges')
      .select(['challenge_hash', 'used_at'])
      .where('uid', '=', uid)
      .orderBy('challenge_hash')
      .execute(),
  };
}

/** A person of a customer that requires a second factor, without one. */
async function underPolicy(t: TestApp) {
  const user = await createUser(t.deps.db);
  await requireSecondFactor(t, user.customers[0]!.cu_id);
  return user;
}

describe('a passkey instead of the authenticator app at the enrolment under the policy', () => {
  it('adds the key, records it, opens the session, and the next sign-in asks for the passkey', async () => {
    const t = await testApp();
    const user = await underPolicy(t);
    const { enrol_token } = await enrolmentOf(t, user);
    const opened = await options(t, enrol_token);
    expect(opened.code).toBe(0);
    expect(opened.data).toMatchObject({ rp: { id: 'localhost' }, user: { name: user.username } });
    const key = softKey();
    const done = await enrol(t, enrol_token, attest(key, opened.data));
    expect(done.code).toBe(0);
    expect(done.headers.getSetCookie()[0]).toContain(`${DEVICE_COOKIE}=`);
    expect((await t.call('user/get-user-info', { token: done.data.access_token })).code).toBe(0);
    const after = await stateOf(t, user.uid);
    expect(after.keys).toHaveLength(1);
    expect(after.sessions).toHaveLength(1);
    expect(after.trail.map((e) => e.action)).toEqual(['passkey_added', 'sign_in']);
    const added = await t.deps.db
      .selectFrom('audit_entries')
      .select(['changes', 'actor_id'])
      .where('record_type', '=', 'user')
      .where('record_id', '=', String(user.uid))
      .where('action', '=', 'passkey_added')
      .executeTakeFirstOrThrow();
    expect(added.actor_id).toBe(user.uid);
    expect(added.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', old: null, new: 'Laptop' },
        { field: 'at', old: null, new: 'sign_in' },
      ]),
    );
    // the key is the person's factor now: the next sign-in asks for it, and it signs in
    const next = await t.call<{ pending_token: string; methods: string[] }>('user/login', {
      body: { username: user.username, password: user.password },
    });
    expect([next.code, next.data.methods]).toEqual([477, ['passkey']]);
    const request = await t.call<Options>('user/login-passkey-options', {
      body: { pending_token: next.data.pending_token },
    });
    const second = await t.call('user/login-passkey', {
      body: { pending_token: next.data.pending_token, credential: assertion(key, request.data) },
    });
    expect(second.code).toBe(0);
  });

  it('refuses a replayed registration, and changes nothing', async () => {
    const t = await testApp();
    const user = await underPolicy(t);
    const { enrol_token } = await enrolmentOf(t, user);
    const credential = attest(softKey(), (await options(t, enrol_token)).data);
    expect((await enrol(t, enrol_token, credential)).code).toBe(0);
    const before = await stateOf(t, user.uid);
    expect((await enrol(t, enrol_token, credential)).code).toBe(476);
    // the same answer with a new pending enrolment's token: its challenge is another's
    t.advance(1000);
    await t.deps.db.deleteFrom('passkeys').where('uid', '=', user.uid).execute();
    const fresh = await enrolmentOf(t, user);
    const between = await stateOf(t, user.uid);
    const replay = await enrol(t, fresh.enrol_token, credential);
    expect([replay.code, Object.keys(replay.data as object)]).toEqual([422, ['credential']]);
    expect(await stateOf(t, user.uid)).toEqual(between);
    expect(before.keys).toHaveLength(1);
  });

  it('refuses another pending sign-in’s challenge (the same person’s or another’s), and changes nothing', async () => {
    const t = await testApp();
    const user = await underPolicy(t);
    const other = await underPolicy(t);
    const mine = await enrolmentOf(t, user);
    const second = await enrolmentOf(t, user);
    const theirs = await enrolmentOf(t, other);
    await options(t, mine.enrol_token);
    const crossed = [
      attest(softKey(), (await options(t, second.enrol_token)).data),
      attest(softKey(), (await options(t, theirs.enrol_token)).data),
    ];
    // and a challenge of the account menu's (bound to no pending sign-in)
    const withKey = await createUser(t.deps.db);
    const token = await loginAs(t, withKey);
    const menu = await t.call<Options>('user/passkey-register-options', {
      token,
      body: { password: withKey.password },
    });
    crossed.push(attest(softKey(), menu.data));
    const before = await stateOf(t, user.uid);
    const otherBefore = await stateOf(t, other.uid);
    for (const credential of crossed) {
      const res = await enrol(t, mine.enrol_token, credential);
      expect([res.code, Object.keys(res.data as object)]).toEqual([422, ['credential']]);
    }
    // a phishing page's answer to the right challenge
    const phished = attest(softKey(), (await options(t, mine.enrol_token)).data, {
      origin: 'https://lp-portal.evil',
    });
    const between = await stateOf(t, user.uid);
    expect((await enrol(t, mine.enrol_token, phished)).code).toBe(422);
    expect(await stateOf(t, user.uid)).toEqual(between);
    expect(between.keys).toEqual(before.keys);
    expect(between.sessions).toEqual([]);
    expect(between.trail).toEqual(before.trail);
    expect(between.pending).toEqual(before.pending);
    expect(await stateOf(t, other.uid)).toEqual(otherBefore);
  });

  it('refuses an expired pending enrolment and one from another address, and changes nothing', async () => {
    const t = await testApp();
    const user = await underPolicy(t);
    const { enrol_token } = await enrolmentOf(t, user);
    expect((await options(t, enrol_token, '203.0.113.50')).code).toBe(476);
    // options asked late: the challenge outlives the pending enrolment
    t.advance(ENROL_TTL_MS - 60_000);
    const credential = attest(softKey(), (await options(t, enrol_token)).data);
    const elsewhere = await stateOf(t, user.uid);
    expect((await enrol(t, enrol_token, credential, '203.0.113.50')).code).toBe(476);
    expect(await stateOf(t, user.uid)).toEqual(elsewhere);
    t.advance(60_001);
    const before = await stateOf(t, user.uid);
    expect((await enrol(t, enrol_token, credential)).code).toBe(476);
    expect((await options(t, enrol_token)).code).toBe(476);
    expect(await stateOf(t, user.uid)).toEqual(before);
    expect(before.keys).toEqual([]);
  });

  it('refuses a person not under enrolment (a factor already, or the second step’s token), and changes nothing', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    await requireSecondFactor(t, user.customers[0]!.cu_id);
    const { enrol_token } = await enrolmentOf(t, user);
    const credential = attest(softKey(), (await options(t, enrol_token)).data);
    // meanwhile the person has a key (another of their sessions, begun before the policy)
    await requireSecondFactor(t, user.customers[0]!.cu_id, false);
    const token = await loginAs(t, user);
    await addPasskey(t, token, user.password);
    await requireSecondFactor(t, user.customers[0]!.cu_id);
    const before = await stateOf(t, user.uid);
    expect((await enrol(t, enrol_token, credential)).code).toBe(476);
    expect((await options(t, enrol_token)).code).toBe(476);
    expect(await stateOf(t, user.uid)).toEqual(before);
    // the 477's token of a person with a factor is no enrolment's
    const pending = await t.call<{ pending_token: string }>('user/login', {
      body: { username: user.username, password: user.password },
    });
    expect(pending.code).toBe(477);
    const menu = await t.call<Options>('user/passkey-register-options', {
      token,
      body: { password: user.password },
    });
    const again = await stateOf(t, user.uid);
    expect((await options(t, pending.data.pending_token)).code).toBe(476);
    expect((await enrol(t, pending.data.pending_token, attest(softKey(), menu.data))).code).toBe(476);
    const now = await stateOf(t, user.uid);
    expect({ ...now, challenges: now.challenges.length }).toEqual({
      ...again,
      challenges: again.challenges.length,
    });
  });
  it('leaves the authenticator app’s path open after a refused key, and closes it once a key is added', async () => {
    const t = await testApp();
    const start = (token: string) =>
      t.call<{ secret: string }>('user/login-enrol-start', { body: { enrol_token: token } });
    const confirm = (token: string, code: string) =>
      t.call<{ recovery_codes: string[] }>('user/login-enrol-confirm', {
        body: { enrol_token: token, code },
      });
    // a refused key, then the app: the enrolment goes on as before
    const one = await underPolicy(t);
    const first = await enrolmentOf(t, one);
    const secret = (await start(first.enrol_token)).data.secret;
    const phished = attest(softKey(), (await options(t, first.enrol_token)).data, { rpId: 'evil.example' });
    expect((await enrol(t, first.enrol_token, phished)).code).toBe(422);
    const byApp = await confirm(first.enrol_token, await totpNow(t, secret));
    expect([byApp.code, byApp.data.recovery_codes.length]).toEqual([0, 10]);
    // the app's secret begun, then a key: the code no longer finishes anything
    const two = await underPolicy(t);
    const second = await enrolmentOf(t, two);
    const begun = (await start(second.enrol_token)).data.secret;
    expect(
      (await enrol(t, second.enrol_token, attest(softKey(), (await options(t, second.enrol_token)).data)))
        .code,
    ).toBe(0);
    const before = await stateOf(t, two.uid);
    expect((await confirm(second.enrol_token, await totpNow(t, begun))).code).toBe(476);
    expect(await stateOf(t, two.uid)).toEqual(before);
    const factor = await t.deps.db
      .selectFrom('second_factors')
      .select('confirmed_at')
      .where('uid', '=', two.uid)
      .executeTakeFirst();
    expect(factor?.confirmed_at ?? null).toBeNull();
  });
});
