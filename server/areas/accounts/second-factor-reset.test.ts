import { beforeAll, describe, expect, it } from 'vitest';
import type { PasskeyCredential } from '../../../src/contract/passkeys/schemas.ts';
import type { MemberFactorList } from '../../../src/contract/second-factor-policy/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { addPasskey, assertion, type SoftKey } from '../../testing/passkey-fixtures.ts';
import { enrolTotp, totpNow } from '../../testing/second-factor-fixtures.ts';
import { addMember } from '../../testing/second-factor-policy-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

/**
 * The reset of a member's factor by an administrator whose own factor is a passkey
 * (second-factor-reset.ts; docs/decisions/passkeys.md): the assertion is asked like a code is,
 * for options of `customer-account/member-factor-reset-options` (challenge purpose `factor_reset`).
 * The tests of the reset itself are in second-factor-policy.test.ts.
 */

type Options = { challenge: string; allowCredentials?: { id: string }[] };

const reset = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.call<Record<string, unknown>>('customer-account/member-factor-reset', { token, body });
const resetOptions = (t: TestApp, token: string) =>
  t.call<Options>('customer-account/member-factor-reset-options', { token, body: {} });
const list = (t: TestApp, token: string) =>
  t.call<MemberFactorList>('customer-account/member-factors', { token });
const factorsOf = async (t: TestApp, uid: number) => ({
  passkeys: (await t.deps.db.selectFrom('passkeys').select('id').where('uid', '=', uid).execute()).length,
  sessions: (
    await t.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('uid', '=', uid)
      .where('ended_at', 'is', null)
      .execute()
  ).length,
});
const trail = (t: TestApp, uid: number) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'changes'])
    .where('record_type', '=', 'user')
    .where('record_id', '=', String(uid))
    .orderBy('seq')
    .execute();

/** An administrator whose only factor is a passkey, and a member whose only factor is one too. */
async function passkeyTeam(t: TestApp) {
  const admin = await createUser(t.deps.db, { admin: true });
  const cuId = admin.customers[0]!.cu_id;
  const adminToken = await loginAs(t, admin);
  const adminKey = await addPasskey(t, adminToken, admin.password);
  const member = await createUser(t.deps.db);
  await addMember(t, member, cuId);
  const memberToken = await loginAs(t, member);
  const memberKey = await addPasskey(t, memberToken, member.password);
  return { admin, cuId, adminToken, adminKey, member, memberToken, memberKey };
}

const bodyFor = (uid: number, password: string, passkey?: PasskeyCredential) => ({
  uid,
  reason: 'phone lost',
  password,
  ...(passkey ? { passkey } : {}),
});

/** The administrator's assertion for a fresh reset challenge. */
async function ownAssertion(t: TestApp, token: string, key: SoftKey): Promise<PasskeyCredential> {
  const options = await resetOptions(t, token);
  expect(options.code).toBe(0);
  return assertion(key, options.data);
}

describe('a member’s factor reset by an administrator whose factor is a passkey', () => {
  it('lists a member with only a passkey as having a factor, and tells the administrator to bring their passkey', async () => {
    const t = await testApp();
    const { admin, adminToken, member } = await passkeyTeam(t);
    const listed = await list(t, adminToken);
    expect(listed.code).toBe(0);
    expect(listed.data.list.map((m) => [m.uid, m.enabled]).sort()).toEqual(
      [
        [admin.uid, true],
        [member.uid, true],
      ].sort(),
    );
    expect([listed.data.own_code_needed, listed.data.own_methods]).toEqual([false, ['passkey']]);
    // with an authenticator too, both are named; without any factor, none
    const own = await enrolTotp(t, adminToken, admin.password);
    expect(own.secret).toBeTruthy();
    const both = await list(t, adminToken);
    expect([both.data.own_code_needed, both.data.own_methods]).toEqual([true, ['totp', 'passkey']]);
    const plain = await createUser(t.deps.db, { admin: true });
    const none = await list(t, await loginAs(t, plain));
    expect([none.data.own_code_needed, none.data.own_methods]).toEqual([false, []]);
  });

  it('refuses the password alone (422 on passkey): nothing is reset', async () => {
    const t = await testApp();
    const { admin, adminToken, member } = await passkeyTeam(t);
    const before = await factorsOf(t, member.uid);
    const bare = await reset(t, adminToken, bodyFor(member.uid, admin.password));
    expect([bare.code, bare.message, Object.keys(bare.data)]).toEqual([
      422,
      'Confirm with your passkey',
      ['passkey'],
    ]);
    // a code is no passkey: the administrator has no authenticator
    const code = await reset(t, adminToken, { ...bodyFor(member.uid, admin.password), code: '123456' });
    expect([code.code, Object.keys(code.data)]).toEqual([422, ['passkey']]);
    expect(await factorsOf(t, member.uid)).toEqual(before);
    expect(before).toEqual({ passkeys: 1, sessions: 1 });
  });

  it('resets with the administrator’s own assertion: the member’s passkeys gone, sessions ended, audited', async () => {
    const t = await testApp();
    const { admin, cuId, adminToken, adminKey, member } = await passkeyTeam(t);
    const credential = await ownAssertion(t, adminToken, adminKey);
    const ok = await reset(t, adminToken, bodyFor(member.uid, admin.password, credential));
    expect([ok.code, ok.message]).toEqual([0, 'Two-step sign-in reset']);
    expect(await factorsOf(t, member.uid)).toEqual({ passkeys: 0, sessions: 0 });
    expect((await trail(t, member.uid)).at(-1)).toEqual({
      action: 'second_factor_reset',
      changes: [
        { field: 'second_factor', old: 'passkeys:1', new: null },
        { field: 'customer', old: null, new: cuId },
        { field: 'sessions', old: null, new: 'ended' },
      ],
    });
    // the administrator's own key is kept, its counter gone forward
    const own = await t.deps.db
      .selectFrom('passkeys')
      .select(['counter', 'last_used_at'])
      .where('uid', '=', admin.uid)
      .executeTakeFirstOrThrow();
    expect([Number(own.counter), own.last_used_at !== null]).toEqual([adminKey.counter, true]);
  });

  it('refuses a replayed assertion, another person’s, and one for a signature’s challenge; each recorded like a wrong code', async () => {
    const t = await testApp();
    const { admin, cuId, adminToken, adminKey, member, memberKey } = await passkeyTeam(t);
    const second = await createUser(t.deps.db);
    await addMember(t, second, cuId);
    const secondToken = await loginAs(t, second);
    await addPasskey(t, secondToken, second.password);
    const used = await ownAssertion(t, adminToken, adminKey);
    expect((await reset(t, adminToken, bodyFor(member.uid, admin.password, used))).code).toBe(0);
    const failuresBefore = (await trail(t, admin.uid)).filter((e) => e.action === 'second_factor_failed');

    const replay = await reset(t, adminToken, bodyFor(second.uid, admin.password, used));
    expect([replay.code, replay.message, Object.keys(replay.data)]).toEqual([
      422,
      'The passkey was not accepted',
      ['passkey'],
    ]);
    // the member's key answering the administrator's challenge
    const options = await resetOptions(t, adminToken);
    const crossed = await reset(
      t,
      adminToken,
      bodyFor(second.uid, admin.password, assertion(memberKey, options.data)),
    );
    expect([crossed.code, Object.keys(crossed.data)]).toEqual([422, ['passkey']]);
    // a non-administrator gets no reset challenge; a signature's challenge is not one
    expect((await resetOptions(t, secondToken)).code).toBe(403);
    const signOptions = await t.call<Options>('user/passkey-sign-options', { token: adminToken, body: {} });
    const forSigning = await reset(
      t,
      adminToken,
      bodyFor(second.uid, admin.password, assertion(adminKey, signOptions.data)),
    );
    expect([forSigning.code, Object.keys(forSigning.data)]).toEqual([422, ['passkey']]);

    expect(await factorsOf(t, second.uid)).toEqual({ passkeys: 1, sessions: 1 });
    const failures = (await trail(t, admin.uid)).filter((e) => e.action === 'second_factor_failed');
    expect(failures.length - failuresBefore.length).toBe(3);
    expect(failures.at(-1)?.changes).toEqual(
      expect.arrayContaining([
        { field: 'purpose', old: null, new: 'admin_reset' },
        { field: 'step', old: null, new: 'passkey' },
      ]),
    );
  });

  it('an administrator with both factors confirms with either; the options need a passkey (409)', async () => {
    const t = await testApp();
    const { admin, cuId, adminToken, adminKey, member } = await passkeyTeam(t);
    const { secret } = await enrolTotp(t, adminToken, admin.password);
    const byPasskey = await reset(
      t,
      adminToken,
      bodyFor(member.uid, admin.password, await ownAssertion(t, adminToken, adminKey)),
    );
    expect(byPasskey.code).toBe(0);
    const second = await createUser(t.deps.db);
    await addMember(t, second, cuId);
    await addPasskey(t, await loginAs(t, second), second.password);
    const missing = await reset(t, adminToken, bodyFor(second.uid, admin.password));
    expect([missing.code, Object.keys(missing.data)]).toEqual([422, ['code']]);
    const byCode = await reset(t, adminToken, {
      ...bodyFor(second.uid, admin.password),
      code: await totpNow(t, secret),
    });
    expect(byCode.code).toBe(0);
    const plain = await createUser(t.deps.db, { admin: true });
    const noKey = await resetOptions(t, await loginAs(t, plain));
    expect([noKey.code, noKey.message]).toEqual([409, 'You have no passkey']);
  });
});
