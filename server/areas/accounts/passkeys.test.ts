import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../src/contract/accounts/schemas.ts';
import type { PasskeyCredential, PasskeyList } from '../../../src/contract/passkeys/schemas.ts';
import { createUser, loginAs, signatureOf } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';
import { addPasskey, assertion, attest, type SoftKey, softKey } from '../../testing/passkey-fixtures.ts';
import { enrolTotp } from '../../testing/second-factor-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { relyingParty } from './passkeys.ts';

beforeAll(() => testDatabase());

type Options = { challenge: string; rp?: { id: string }; allowCredentials?: { id: string }[] } & Record<
  string,
  unknown
>;

const actions = async (t: TestApp, uid: number) =>
  (
    await t.deps.db
      .selectFrom('audit_entries')
      .select('action')
      .where('record_type', '=', 'user')
      .where('record_id', '=', String(uid))
      .orderBy('seq')
      .execute()
  ).map((e) => e.action);

const login = (t: TestApp, u: { username: string; password: string }) =>
  t.call<{ pending_token: string; methods: string[] }>('user/login', {
    body: { username: u.username, password: u.password },
  });
const loginOptions = (t: TestApp, pending_token: string) =>
  t.call<Options>('user/login-passkey-options', { body: { pending_token } });
const loginPasskey = (t: TestApp, pending_token: string, credential: PasskeyCredential) =>
  t.call<LoginResponse & { tries_left?: number }>('user/login-passkey', {
    body: { pending_token, credential },
  });

async function withPasskey(t: TestApp) {
  const user = await createUser(t.deps.db);
  const token = await loginAs(t, user);
  const key = await addPasskey(t, token, user.password);
  return { user, token, key };
}

/** A pending sign-in of `user` and its passkey options. */
async function pendingWithOptions(t: TestApp, user: { username: string; password: string }) {
  const first = await login(t, user);
  expect(first.code).toBe(477);
  const options = await loginOptions(t, first.data.pending_token);
  expect(options.code).toBe(0);
  return { pending: first.data.pending_token, options: options.data };
}

describe('the relying party', () => {
  it('is PUBLIC_URL’s host and origin; a loopback IP stands for localhost; any other IP has no passkeys', () => {
    expect(relyingParty('https://portal.example.com')).toEqual({
      id: 'portal.example.com',
      origin: 'https://portal.example.com',
    });
    expect(relyingParty('http://127.0.0.1:5173')).toEqual({
      id: 'localhost',
      origin: 'http://localhost:5173',
    });
    expect(() => relyingParty('https://10.1.2.3')).toThrow(/IP address/);
  });
});

describe('adding a passkey', () => {
  it('asks the password, answers creation options for the portal, keeps the key, lists it and records it', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const wrong = await t.call('user/passkey-register-options', { token, body: { password: 'nope-nope' } });
    expect([wrong.code, Object.keys(wrong.data as object)]).toEqual([422, ['password']]);
    const options = await t.call<Options>('user/passkey-register-options', {
      token,
      body: { password: user.password },
    });
    expect(options.code).toBe(0);
    expect(options.data).toMatchObject({
      rp: { id: 'localhost', name: 'LP Portal' },
      attestation: 'none',
      user: { name: user.username },
    });
    expect((options.data.pubKeyCredParams as { alg: number }[]).map((p) => p.alg)).toEqual([-8, -7, -257]);
    const key = softKey();
    const added = await t.call('user/passkey-register', {
      token,
      body: { name: 'Work laptop', credential: attest(key, options.data) },
    });
    expect(added.code).toBe(0);
    const list = await t.call<PasskeyList>('user/passkeys', { token });
    expect(list.data.max).toBe(10);
    expect(list.data.passkeys).toEqual([
      expect.objectContaining({ name: 'Work laptop', last_used_at: null, backed_up: false }),
    ]);
    // the same challenge once more: refused, nothing added
    const replay = await t.call('user/passkey-register', {
      token,
      body: { name: 'Again', credential: attest(softKey(), options.data) },
    });
    expect([replay.code, Object.keys(replay.data as object)]).toEqual([422, ['credential']]);
    // the next options exclude the key already added
    const next = await t.call<Options & { excludeCredentials: { id: string }[] }>(
      'user/passkey-register-options',
      { token, body: { password: user.password } },
    );
    expect(next.data.excludeCredentials.map((c) => c.id)).toEqual([attest(key, options.data).id]);
    expect((await t.call<PasskeyList>('user/passkeys', { token })).data.passkeys).toHaveLength(1);
    const trail = await actions(t, user.uid);
    expect(trail.filter((a) => a === 'passkey_added')).toHaveLength(1);
    expect(trail).toContain('second_factor_failed');
  });

  it('refuses a phishing page’s key, another RP’s, another person’s challenge and an expired one', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const other = await createUser(t.deps.db);
    const otherToken = await loginAs(t, other);
    const optionsFor = async (tok: string, password: string) =>
      (await t.call<Options>('user/passkey-register-options', { token: tok, body: { password } })).data;
    const tries: [string, PasskeyCredential][] = [
      [
        'phishing',
        attest(softKey(), await optionsFor(token, user.password), { origin: 'https://lp-portal.evil' }),
      ],
      ['rp', attest(softKey(), await optionsFor(token, user.password), { rpId: 'evil.example' })],
      ['crossed', attest(softKey(), await optionsFor(otherToken, other.password))],
    ];
    const late = await optionsFor(token, user.password);
    for (const [, credential] of tries) {
      const res = await t.call('user/passkey-register', { token, body: { name: 'x', credential } });
      expect([res.code, Object.keys(res.data as object)]).toEqual([422, ['credential']]);
    }
    t.advance(5 * 60_000 + 1);
    const expired = await t.call('user/passkey-register', {
      token,
      body: { name: 'x', credential: attest(softKey(), late) },
    });
    expect(expired.code).toBe(422);
    expect((await t.call<PasskeyList>('user/passkeys', { token })).data.passkeys).toEqual([]);
    // the other person's challenge is still theirs
    expect(await actions(t, user.uid)).not.toContain('passkey_added');
  });

  it('takes 10 keys at most', async () => {
    const t = await testApp();
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const early = (
      await t.call<Options>('user/passkey-register-options', { token, body: { password: user.password } })
    ).data;
    for (let i = 0; i < 10; i++) await addPasskey(t, token, user.password, `Key ${i}`);
    const more = await t.call('user/passkey-register-options', { token, body: { password: user.password } });
    expect(more.code).toBe(409);
    // an options answer from before the tenth is refused too
    const late = await t.call('user/passkey-register', {
      token,
      body: { name: 'x', credential: attest(softKey(), early) },
    });
    expect(late.code).toBe(409);
    expect((await t.call<PasskeyList>('user/passkeys', { token })).data.passkeys).toHaveLength(10);
  });
});

describe('signing in with a passkey', () => {
  it('the password answers 477 naming the passkey; the assertion opens the session and is used once', async () => {
    const t = await testApp();
    const { user, key, token } = await withPasskey(t);
    const { pending, options } = await pendingWithOptions(t, user);
    const asked = await login(t, user);
    expect([asked.message, asked.data.methods]).toEqual(['Confirm with your passkey', ['passkey']]);
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([assertion(key, options).id]);
    const credential = assertion(key, options);
    const done = await loginPasskey(t, pending, credential);
    expect(done.code).toBe(0);
    const info = await t.call<{ user: { ur_account: string } }>('user/get-user-info', {
      token: done.data.access_token,
    });
    expect(info.data.user.ur_account).toBe(user.username);
    // the same assertion again: its sign-in is over
    expect((await loginPasskey(t, pending, credential)).code).toBe(476);
    // and for another pending sign-in it is not that one's challenge
    const again = await login(t, user);
    const replay = await loginPasskey(t, again.data.pending_token, credential);
    expect([replay.code, replay.message, replay.data.tries_left]).toEqual([
      406,
      'The passkey was not accepted',
      4,
    ]);
    const list = await t.call<PasskeyList>('user/passkeys', { token: done.data.access_token });
    expect(list.data.passkeys[0]?.last_used_at).not.toBeNull();
    expect(token).not.toBe(done.data.access_token);
  });

  it('refuses another person’s key, a phishing origin and a crossed challenge, each a failed sign-in', async () => {
    const t = await testApp();
    const { user, key, token } = await withPasskey(t);
    const other = await withPasskey(t);
    // the other person's key for this sign-in's challenge
    let p = await pendingWithOptions(t, user);
    expect((await loginPasskey(t, p.pending, assertion(other.key, p.options))).code).toBe(406);
    p = await pendingWithOptions(t, user);
    expect(
      (await loginPasskey(t, p.pending, assertion(key, p.options, { origin: 'https://lp-portal.evil' })))
        .code,
    ).toBe(406);
    // a signature's challenge is not a sign-in's
    const signing = await t.call<Options>('user/passkey-sign-options', { token, body: {} });
    p = await pendingWithOptions(t, user);
    expect((await loginPasskey(t, p.pending, assertion(key, signing.data))).code).toBe(406);
    const trail = await actions(t, user.uid);
    expect(trail.filter((a) => a === 'sign_in_failed')).toHaveLength(3);
    const steps = await t.deps.db
      .selectFrom('audit_entries')
      .select('changes')
      .where('record_id', '=', String(user.uid))
      .where('action', '=', 'second_factor_failed')
      .execute();
    expect(steps.map((e) => e.changes)).toEqual(
      Array(3).fill(expect.arrayContaining([{ field: 'step', old: null, new: 'passkey' }])),
    );
    // three failures: the next sign-in asks the captcha, as after wrong passwords
    expect((await login(t, user)).code).toBe(475);
  });

  it('refuses a copy of a key whose counter is behind the one the server saw, and records it', async () => {
    const t = await testApp();
    const { user, key } = await withPasskey(t);
    const copy: SoftKey = { ...key };
    let p = await pendingWithOptions(t, user);
    expect((await loginPasskey(t, p.pending, assertion(key, p.options))).code).toBe(0);
    p = await pendingWithOptions(t, user);
    copy.counter = 0;
    expect((await loginPasskey(t, p.pending, assertion(copy, p.options))).code).toBe(406);
    expect(await actions(t, user.uid)).toContain('passkey_cloned');
  });

  it('with an authenticator too, the 477 asks for either, and a wrong code is still a wrong code', async () => {
    const t = await testApp();
    const { user, token } = await withPasskey(t);
    await enrolTotp(t, token, user.password);
    const first = await login(t, user);
    expect([first.code, first.message, first.data.methods]).toEqual([
      477,
      'Confirm with your second factor',
      ['totp', 'recovery', 'passkey'],
    ]);
    const wrong = await t.call('user/login-second-factor', {
      body: { pending_token: first.data.pending_token, code: '000000' },
    });
    expect([wrong.code, wrong.message]).toEqual([406, 'The code is wrong']);
  });

  it('the options need a live pending sign-in: a wrong token answers 476', async () => {
    const t = await testApp();
    await withPasskey(t);
    expect((await loginOptions(t, 'not-a-token')).code).toBe(476);
  });
});

describe('removing a passkey', () => {
  it('asks the password, is the person’s own only, and leaves the password alone to sign in', async () => {
    const t = await testApp();
    const { user, token } = await withPasskey(t);
    const other = await withPasskey(t);
    const mine = (await t.call<PasskeyList>('user/passkeys', { token })).data.passkeys[0]?.id ?? 0;
    const theirs =
      (await t.call<PasskeyList>('user/passkeys', { token: other.token })).data.passkeys[0]?.id ?? 0;
    const wrong = await t.call('user/passkey-remove', { token, body: { id: mine, password: 'nope-nope' } });
    expect(wrong.code).toBe(422);
    const foreign = await t.call('user/passkey-remove', {
      token,
      body: { id: theirs, password: user.password },
    });
    expect(foreign.code).toBe(404);
    expect(
      (await t.call('user/passkey-remove', { token, body: { id: mine, password: user.password } })).code,
    ).toBe(0);
    expect((await login(t, user)).code).toBe(0);
    expect((await t.call<PasskeyList>('user/passkeys', { token: other.token })).data.passkeys).toHaveLength(
      1,
    );
    expect(await actions(t, user.uid)).toContain('passkey_removed');
  });
});

describe('signing with a passkey (Part 11 §11.200)', () => {
  it('the password and a passkey’s assertion sign as password+passkey; the assertion signs once', async () => {
    const t = await testApp();
    const me = await signedIn(t, { approver: true });
    const key = await addPasskey(t, me.token, me.user.password);
    const order = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const approve = (id: number, signature: unknown) =>
      t.call<{ methods?: string[] }>('customer-order/auditing', {
        token: me.token,
        body: { id, pass: true, version: 1, signature },
      });
    const bare = await approve(order.id, signatureOf(me.user));
    expect([bare.code, bare.message, bare.data]).toEqual([
      477,
      'Confirm with your passkey to sign',
      { methods: ['passkey'] },
    ]);
    const options = await t.call<Options>('user/passkey-sign-options', { token: me.token, body: {} });
    const credential = assertion(key, options.data);
    expect((await approve(order.id, { ...signatureOf(me.user), passkey: credential })).code).toBe(0);
    const signature = await t.deps.db
      .selectFrom('signatures')
      .select('method')
      .where('cu_id', '=', me.cuId)
      .executeTakeFirstOrThrow();
    expect(signature.method).toBe('password+passkey');
    const other = await createOrder(t.deps.db, me.cuId, { status: 'pending_approval' });
    const replay = await approve(other.id, { ...signatureOf(me.user), passkey: credential });
    expect([replay.code, Object.keys(replay.data as object)]).toEqual([422, ['signature.passkey']]);
    // a wrong password with a good assertion signs nothing either
    const fresh = assertion(
      key,
      (await t.call<Options>('user/passkey-sign-options', { token: me.token, body: {} })).data,
    );
    const wrong = await approve(other.id, {
      ...signatureOf(me.user),
      password: 'wrong-password',
      passkey: fresh,
    });
    expect(wrong.code).toBe(422);
    const rows = await t.deps.db.selectFrom('signatures').select('id').where('cu_id', '=', me.cuId).execute();
    expect(rows).toHaveLength(1);
  });
});
