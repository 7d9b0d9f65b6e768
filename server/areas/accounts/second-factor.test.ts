import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { enrolTotp, totpNow } from '../../testing/second-factor-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { PENDING_TRIES, PENDING_TTL_MS } from './login-second-factor.ts';
import { openSecret } from './second-factor-seal.ts';

beforeAll(() => testDatabase());

interface Pending {
  pending_token: string;
  methods: string[];
  expires_in: number;
}

const login = (t: TestApp, u: { username: string; password: string }, ip?: string) =>
  t.call<Pending>('user/login', {
    body: { username: u.username, password: u.password },
    ...(ip ? { ip } : {}),
  });
const second = (t: TestApp, pending_token: string, code: string, ip?: string) =>
  t.call<LoginResponse>('user/login-second-factor', { body: { pending_token, code }, ...(ip ? { ip } : {}) });

const trail = (t: TestApp, uid: number) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'changes'])
    .where('record_type', '=', 'user')
    .where('record_id', '=', String(uid))
    .orderBy('seq')
    .execute();
const actions = async (t: TestApp, uid: number) => (await trail(t, uid)).map((e) => e.action);
const sessions = (t: TestApp, uid: number) =>
  t.deps.db
    .selectFrom('sessions')
    .select('id')
    .where('uid', '=', uid)
    .where('ended_at', 'is', null)
    .execute();

async function enrolled(t: TestApp) {
  const user = await createUser(t.deps.db);
  const token = await loginAs(t, user);
  const factor = await enrolTotp(t, token, user.password);
  return { user, token, ...factor };
}

describe('enrolment', () => {
  it('asks the password, gives the secret and its otpauth URI, keeps the secret sealed, and the first code turns it on with 10 recovery codes', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const wrong = await t.call('user/second-factor-enrol', {
      token,
      body: { password: `${user.password}x` },
    });
    expect([wrong.code, Object.keys(wrong.data as object)]).toEqual([422, ['password']]);
    const start = await t.call<{ secret: string; otpauth_uri: string }>('user/second-factor-enrol', {
      token,
      body: { password: user.password },
    });
    expect(start.code).toBe(0);
    expect(start.data.otpauth_uri).toMatch(
      /^otpauth:\/\/totp\/LP%20Portal:u-[0-9a-f]+\?secret=[A-Z2-7]+&issuer=LP%20Portal/,
    );
    expect(start.data.otpauth_uri).toContain(start.data.secret);
    const row = await t.deps.db
      .selectFrom('second_factors')
      .selectAll()
      .where('uid', '=', user.uid)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(start.data.secret);
    expect(openSecret(t.deps.config.secondFactorKey as Buffer, user.uid, row.secret_sealed)).toBe(
      start.data.secret,
    );
    expect(() =>
      openSecret(t.deps.config.secondFactorKey as Buffer, user.uid + 1, row.secret_sealed),
    ).toThrow();
    // not on before its first code
    expect((await t.call('user/second-factor', { token })).data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    const bad = await t.call('user/second-factor-confirm', { token, body: { code: '000000' } });
    expect([bad.code, Object.keys(bad.data as object)]).toEqual([422, ['code']]);
    expect((await t.call('user/second-factor', { token })).data).toMatchObject({ enabled: false });
    const ok = await t.call<{ recovery_codes: string[] }>('user/second-factor-confirm', {
      token,
      body: { code: await totpNow(t, start.data.secret) },
    });
    expect(ok.code).toBe(0);
    expect(ok.data.recovery_codes).toHaveLength(10);
    expect(new Set(ok.data.recovery_codes).size).toBe(10);
    for (const code of ok.data.recovery_codes) expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const stored = await t.deps.db
      .selectFrom('recovery_codes')
      .select('code_hash')
      .where('uid', '=', user.uid)
      .execute();
    expect(
      stored.map((r) => r.code_hash).some((h) => ok.data.recovery_codes.some((c) => h.includes(c))),
    ).toBe(false);
    expect((await t.call('user/second-factor', { token })).data).toEqual({
      enabled: true,
      recovery_codes_left: 10,
    });
    // a second enrolment while on: 409
    const again = await t.call('user/second-factor-enrol', { token, body: { password: user.password } });
    expect(again.code).toBe(409);
    const entries = await actions(t, user.uid);
    expect(entries.filter((a) => a === 'second_factor_failed')).toHaveLength(2);
    expect(entries).toContain('second_factor_enrol');
  });

  it('without a key (production without SECOND_FACTOR_KEY) nobody can enrol: 409, nothing stored', async () => {
    const t = await testApp({ secondFactorKey: null });
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const res = await t.call('user/second-factor-enrol', { token, body: { password: user.password } });
    expect(res.code).toBe(409);
    expect(
      await t.deps.db.selectFrom('second_factors').select('uid').where('uid', '=', user.uid).execute(),
    ).toEqual([]);
  });

  it('bad input answers 400/422 and changes nothing', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const raw = await t.call('user/second-factor-enrol', { token, raw: '{"password":' });
    expect(raw.code).toBe(400);
    const extra = await t.call('user/second-factor-enrol', {
      token,
      body: { password: user.password, secret: 'AAAA' },
    });
    expect(extra.code).toBe(422);
    const empty = await t.call('user/login-second-factor', { body: { pending_token: '', code: '' } });
    expect(empty.code).toBe(422);
    expect(
      await t.deps.db.selectFrom('second_factors').select('uid').where('uid', '=', user.uid).execute(),
    ).toEqual([]);
  });

  it('turning it off needs the password and a code; both wrong parts are refused and recorded', async () => {
    const t = await testApp();
    const { user, token, secret } = await enrolled(t);
    const noPassword = await t.call('user/second-factor-remove', {
      token,
      body: { password: 'Wrong#pass1', code: await totpNow(t, secret) },
    });
    expect([noPassword.code, Object.keys(noPassword.data as object)]).toEqual([422, ['password']]);
    const noCode = await t.call('user/second-factor-remove', {
      token,
      body: { password: user.password, code: '123456' },
    });
    expect([noCode.code, Object.keys(noCode.data as object)]).toEqual([422, ['code']]);
    expect((await t.call('user/second-factor', { token })).data).toMatchObject({ enabled: true });
    const off = await t.call('user/second-factor-remove', {
      token,
      body: { password: user.password, code: await totpNow(t, secret) },
    });
    expect(off.code).toBe(0);
    expect((await t.call('user/second-factor', { token })).data).toEqual({
      enabled: false,
      recovery_codes_left: 0,
    });
    expect(
      await t.deps.db.selectFrom('recovery_codes').select('id').where('uid', '=', user.uid).execute(),
    ).toEqual([]);
    const entries = await trail(t, user.uid);
    expect(entries.find((e) => e.action === 'second_factor_remove')?.changes).toContainEqual({
      field: 'method',
      old: null,
      new: 'totp',
    });
    // and the password alone signs in again
    expect((await login(t, user)).code).toBe(0);
  });
});

describe('sign-in with a second factor', () => {
  it('the password answers 477 with a pending token and the methods; the code opens the session', async () => {
    const t = await testApp();
    const { user, secret } = await enrolled(t);
    const before = (await sessions(t, user.uid)).length;
    const first = await login(t, user);
    expect([first.code, first.message]).toEqual([477, 'Enter the code of your authenticator app']);
    expect(first.data.methods).toEqual(['totp', 'recovery']);
    expect(first.data.expires_in).toBe(300);
    expect((await sessions(t, user.uid)).length).toBe(before);
    const done = await second(t, first.data.pending_token, await totpNow(t, secret));
    expect(done.code).toBe(0);
    expect(done.data).toMatchObject({ is_weak_password: false, pass_flag: 0 });
    const info = await t.call<{ user: { ur_account: string } }>('user/get-user-info', {
      token: done.data.access_token,
    });
    expect(info.data.user.ur_account).toBe(user.username);
    // the pending token is used up
    expect((await second(t, first.data.pending_token, await totpNow(t, secret, 1))).code).toBe(476);
  });

  it('a code once used is refused again (replay), the next time step’s is taken', async () => {
    const t = await testApp();
    const { user, secret } = await enrolled(t);
    const code = await totpNow(t, secret);
    expect((await second(t, (await login(t, user)).data.pending_token, code)).code).toBe(0);
    const replay = await second(t, (await login(t, user)).data.pending_token, code);
    expect([replay.code, replay.data]).toEqual([406, { tries_left: 4 }]);
    t.advance(30_000);
    expect((await second(t, (await login(t, user)).data.pending_token, await totpNow(t, secret))).code).toBe(
      0,
    );
  });

  it('a recovery code works once, is recorded, and counts down', async () => {
    const t = await testApp();
    const { user, token, recoveryCodes } = await enrolled(t);
    const code = recoveryCodes[3] as string;
    const used = await second(
      t,
      (await login(t, user)).data.pending_token,
      code.toLowerCase().replace('-', ' '),
    );
    expect(used.code).toBe(0);
    const again = await second(t, (await login(t, user)).data.pending_token, code);
    expect(again.code).toBe(406);
    const status = await t.call('user/second-factor', { token: used.data.access_token });
    expect(status.data).toEqual({ enabled: true, recovery_codes_left: 9 });
    expect(token).not.toBe(used.data.access_token);
    const entry = (await trail(t, user.uid)).find((e) => e.action === 'recovery_code_used');
    expect(entry?.changes).toContainEqual({ field: 'purpose', old: null, new: 'sign_in' });
  });

  it('a pending sign-in lasts 5 minutes, takes 5 codes, and only from the address that began it', async () => {
    const t = await testApp();
    const { user, secret } = await enrolled(t);
    const expiring = (await login(t, user)).data.pending_token;
    t.advance(PENDING_TTL_MS + 1000);
    expect((await second(t, expiring, await totpNow(t, secret))).code).toBe(476);

    const elsewhere = (await login(t, user)).data.pending_token;
    expect((await second(t, elsewhere, await totpNow(t, secret), '10.254.254.254')).code).toBe(476);
    // another address took no try: the right address still finishes
    expect((await second(t, elsewhere, await totpNow(t, secret))).code).toBe(0);

    const tries = (await login(t, user)).data.pending_token;
    const left: unknown[] = [];
    for (let i = 0; i < PENDING_TRIES; i++) left.push((await second(t, tries, '000000')).data);
    expect(left.at(-1)).toEqual({ tries_left: 0 });
    t.advance(30_000);
    expect((await second(t, tries, await totpNow(t, secret))).code).toBe(476);
  });

  it('wrong codes count like wrong passwords: recorded, and the address locks after 10', async () => {
    const t = await testApp();
    const { user, secret } = await enrolled(t);
    const counts = async () =>
      (
        await t.deps.db
          .selectFrom('login_failures')
          .select('failures')
          .where('username', '=', user.username)
          .executeTakeFirst()
      )?.failures ?? 0;
    const pending = (await login(t, user)).data.pending_token;
    expect((await second(t, pending, '000000')).code).toBe(406);
    expect(await counts()).toBe(1);
    const pair = await t.deps.db
      .selectFrom('login_delays')
      .select('failures')
      .where('username', '=', user.username)
      .where('address', '=', t.address)
      .executeTakeFirst();
    expect(pair?.failures).toBe(1);
    const entries = await trail(t, user.uid);
    expect(entries.filter((e) => e.action === 'sign_in_failed').at(-1)?.changes).toContainEqual({
      field: 'step',
      old: null,
      new: 'second_factor',
    });
    expect(entries.map((e) => e.action)).toContain('second_factor_failed');
    // the right code ends the count, as a right password does
    t.advance(16_000);
    expect((await second(t, pending, await totpNow(t, secret))).code).toBe(0);
    expect(await counts()).toBe(0);
  });

  it('the address’s lock-out (407) stops the second step too, and checks nothing', async () => {
    const t = await testApp();
    const { user, secret } = await enrolled(t);
    const pending = (await login(t, user)).data.pending_token;
    await t.deps.db
      .insertInto('login_delays')
      .values({ username: user.username, address: t.address, failures: 10, last_failed_at: t.deps.now() })
      .execute();
    const locked = await second(t, pending, await totpNow(t, secret));
    expect(locked.code).toBe(407);
    expect(await sessions(t, user.uid)).toHaveLength(1);
  });
});
