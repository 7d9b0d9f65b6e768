import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

/** The entries of chain 0 (what belongs to no customer) about one user, by uid or username. */
const userTrail = (t: TestApp, id: number | string) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'actor_kind', 'actor_id', 'actor_name', 'reason', 'changes'])
    .where('cu_id', '=', 0)
    .where('record_type', '=', 'user')
    .where('record_id', '=', String(id))
    .orderBy('seq')
    .execute();

describe('sign-ins, sign-outs and passwords in the audit trail (issue 30)', () => {
  it('a failed sign-in (the username as typed), a sign-in with its customer, a sign-out', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const wrong = await t.call('user/login', { body: { username: u.username, password: 'Wrong#pass1' } });
    expect(wrong.code).toBe(406);
    const token = await loginAs(t, u);
    expect((await t.call('user/logout', { body: {}, token })).code).toBe(0);
    const entries = await userTrail(t, u.uid);
    expect(entries.map((e) => e.action)).toEqual(['sign_in_failed', 'sign_in', 'sign_out']);
    expect(entries[0]).toMatchObject({ actor_kind: 'user', actor_id: u.uid, actor_name: u.username });
    expect(entries[1]).toMatchObject({
      actor_id: u.uid,
      changes: [{ field: 'customer', old: null, new: u.customers[0]!.cu_id }],
    });
    expect(entries[2]?.changes).toEqual([{ field: 'customer', old: u.customers[0]!.cu_id, new: null }]);

    // no such user: recorded under the name typed, with no user id
    const ghost = unique('ghost');
    expect((await t.call('user/login', { body: { username: ghost, password: 'Wrong#pass1' } })).code).toBe(
      406,
    );
    expect(await userTrail(t, ghost)).toMatchObject([
      { action: 'sign_in_failed', actor_id: null, actor_name: ghost },
    ]);
  });

  it('a password change: the fact, never the password or its hash', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    const changed = await t.call('user/update-pass-word', {
      token,
      body: {
        username: u.username,
        old_password: u.password,
        new_password1: 'Another#Pass26',
        new_password2: 'Another#Pass26',
      },
    });
    expect(changed.code).toBe(0);
    const entries = await userTrail(t, u.uid);
    expect(entries.map((e) => e.action)).toEqual(['sign_in', 'password_change']);
    expect(entries[1]?.changes).toEqual([]);
    expect(JSON.stringify(entries)).not.toContain('Another#Pass26');
  });
});
