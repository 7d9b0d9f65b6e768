import { beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, UserInfo } from '../../../src/contract/accounts/schemas.ts';
import type { OwnSessionList, SessionPolicy } from '../../../src/contract/accounts/sessions.ts';
import { createUser, type FixtureUser } from '../../testing/fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { agentSummary } from './devices.ts';
import { sessionHandle } from './own-sessions.ts';
import { hashToken } from './tokens.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());

const MINUTE = 60_000;
const HEADLESS =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const signIn = async (t: TestApp, u: FixtureUser, agent = HEADLESS, ip?: string) => {
  const res = await t.call<LoginResponse>('user/login', {
    body: { username: u.username, password: u.password },
    headers: { 'user-agent': agent },
    ...(ip ? { ip } : {}),
  });
  if (res.code !== 0) throw new Error(`login failed: ${res.code} ${res.message}`);
  return res.data.access_token;
};
const info = (t: TestApp, token: string) => t.call<UserInfo>('user/get-user-info', { token });
const list = (t: TestApp, token: string) => t.call<OwnSessionList>('user/session-list', { token });

/** Sets a customer's policy straight in the table (what an administrator's save leaves). */
async function setPolicy(
  t: TestApp,
  cuId: number,
  policy: { idle_minutes?: number; absolute_minutes?: number; max_sessions?: number },
) {
  const values = { idle_minutes: 30, absolute_minutes: 720, max_sessions: 1, ...policy };
  await t.deps.db
    .insertInto('session_policies')
    .values({ cu_id: cuId, ...values, updated_at: t.deps.now(), updated_by: null })
    .onConflict((oc) => oc.column('cu_id').doUpdateSet(values))
    .execute();
}

const ADMIN_NAME = '周敏';

/** An administrator of a new customer, signed in. */
async function admin(t: TestApp) {
  const user = await createUser(t.deps.db, { admin: true, name: ADMIN_NAME });
  return { user, token: await signIn(t, user) };
}

const savePolicy = (t: TestApp, token: string, body: unknown) =>
  t.call<SessionPolicy>('customer-account/session-policy-update', { token, body });

describe('session lifetimes (issue 34)', () => {
  it('ends a session 12 hours after sign-in by default, also when used all along and cached', async () => {
    const t = await testApp();
    const token = await signIn(t, await createUser(t.deps.db));
    for (let i = 0; i < 12 * 3 - 1; i++) {
      t.advance(20 * MINUTE);
      expect((await info(t, token)).code).toBe(0);
    }
    t.advance(19 * MINUTE);
    expect((await info(t, token)).code).toBe(0);
    t.advance(2 * MINUTE);
    expect((await info(t, token)).code).toBe(598);
    expect((await info(t, token)).code).toBe(598);
  });

  it('keeps the sign-in time across a customer switch: a switch never extends the lifetime', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db, { customers: 2 });
    const token = await signIn(t, u);
    for (let i = 0; i < 35; i++) {
      t.advance(20 * MINUTE);
      expect((await info(t, token)).code).toBe(0);
    }
    t.advance(10 * MINUTE); // 11 h 50 min since the sign-in
    const switched = await t.call<{ access_token: string }>('customer-account/switch-customer', {
      token,
      body: { identifier: u.customers[1]!.identifier },
    });
    expect(switched.code).toBe(0);
    const next = switched.data.access_token;
    expect((await info(t, token)).code).toBe(598);
    expect((await info(t, next)).code).toBe(0);
    const listed = await list(t, next);
    expect(listed.data.list).toHaveLength(1);
    expect(listed.data.list[0]).toMatchObject({ device: 'Chrome · Linux', current: true });
    t.advance(11 * MINUTE);
    expect((await info(t, next)).code).toBe(598);
  });

  it("takes idle and absolute times from the customer's policy, and says the idle time", async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    await setPolicy(t, u.customers[0]!.cu_id, { idle_minutes: 10, absolute_minutes: 60 });
    const token = await signIn(t, u);
    expect((await info(t, token)).data.idle_minutes).toBe(10);
    t.advance(9 * MINUTE);
    expect((await info(t, token)).code).toBe(0);
    t.advance(11 * MINUTE);
    expect((await info(t, token)).code).toBe(598);

    const again = await signIn(t, u);
    for (let i = 0; i < 6; i++) {
      t.advance(9 * MINUTE);
      expect((await info(t, again)).code).toBe(0);
    }
    t.advance(7 * MINUTE);
    expect((await info(t, again)).code).toBe(598);
  });

  it('gives a person in several customers the strictest of each limit (a customer at the defaults counts)', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db, { customers: 3 });
    const [a, b, c] = u.customers.map((cu) => cu.cu_id) as [number, number, number];
    await setPolicy(t, a, { idle_minutes: 60, absolute_minutes: 24 * 60, max_sessions: 3 });
    await setPolicy(t, b, { idle_minutes: 20, absolute_minutes: 48 * 60, max_sessions: 2 });
    await setPolicy(t, c, { idle_minutes: 240, absolute_minutes: 7 * 24 * 60, max_sessions: 5 });
    const token = await signIn(t, u);
    const limits = { idle_minutes: 20, absolute_minutes: 24 * 60, max_sessions: 2 };
    expect((await list(t, token)).data.limits).toEqual(limits);

    // a new customer at the defaults: one session, 12 h, the server's 30 min (20 stays stricter)
    const d = await t.deps.db
      .insertInto('customers')
      .values({ cu_name: '默认客户', identifier: `T-d-${u.uid}`, co_id: u.customers[0]!.co_id })
      .returning('cu_id')
      .executeTakeFirstOrThrow();
    await t.deps.db.insertInto('user_customers').values({ uid: u.uid, cu_id: d.cu_id }).execute();
    t.advance(31_000);
    const now = await list(t, token);
    expect(now.data.limits).toEqual({ idle_minutes: 20, absolute_minutes: 12 * 60, max_sessions: 1 });
  });
});

describe('sessions per person (issue 34)', () => {
  it('keeps the spec’s rule by default: a second sign-in ends the first with 599', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    const first = await signIn(t, u);
    const second = await signIn(t, u);
    expect((await info(t, first)).code).toBe(599);
    expect((await info(t, second)).code).toBe(0);
  });

  it('allows as many as the policy says, the oldest sign-in ending (599) beyond it', async () => {
    const t = await testApp();
    const u = await createUser(t.deps.db);
    await setPolicy(t, u.customers[0]!.cu_id, { max_sessions: 2 });
    const desk = await signIn(t, u);
    t.advance(2 * MINUTE);
    const phone = await signIn(t, u, SAFARI_IPHONE);
    t.advance(2 * MINUTE);
    expect((await info(t, desk)).code).toBe(0);
    expect((await info(t, phone)).code).toBe(0);
    t.advance(2 * MINUTE);
    expect((await info(t, desk)).code).toBe(0);
    const third = await signIn(t, u);
    expect((await info(t, desk)).code).toBe(599);
    expect((await info(t, phone)).code).toBe(0);
    expect((await info(t, third)).code).toBe(0);
  });

  it('a saved policy reaches live (cached) sessions at their next call; fewer sessions end the surplus', async () => {
    const t = await testApp();
    const { user, token: adminToken } = await admin(t);
    await setPolicy(t, user.customers[0]!.cu_id, { max_sessions: 3 });
    const other = await createUser(t.deps.db);
    await t.deps.db
      .insertInto('user_customers')
      .values({ uid: other.uid, cu_id: user.customers[0]!.cu_id })
      .execute();
    await t.deps.db.deleteFrom('user_customers').where('cu_id', '=', other.customers[0]!.cu_id).execute();
    const old = await signIn(t, other);
    t.advance(MINUTE + 1000);
    const recent = await signIn(t, other);
    expect((await info(t, old)).code).toBe(0);
    t.advance(MINUTE + 1000);
    expect((await info(t, recent)).code).toBe(0); // the most recently used
    expect((await info(t, recent)).code).toBe(0); // from the cache

    const saved = await savePolicy(t, adminToken, {
      idle_minutes: 5,
      absolute_minutes: 720,
      max_sessions: 1,
    });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ idle_minutes: 5, max_sessions: 1, updated_by: ADMIN_NAME });
    expect((await info(t, old)).code).toBe(598);
    expect((await info(t, recent)).code).toBe(0);
    t.advance(6 * MINUTE);
    expect((await info(t, recent)).code).toBe(598);
    expect((await info(t, adminToken)).code).toBe(598);
  });
});

describe('the own sessions: user/session-list, session-sign-out, session-sign-out-others', () => {
  async function twoSessions(t: TestApp) {
    const u = await createUser(t.deps.db);
    await setPolicy(t, u.customers[0]!.cu_id, { max_sessions: 3 });
    const phone = await signIn(t, u, SAFARI_IPHONE, '203.0.113.77');
    t.advance(1000);
    const desk = await signIn(t, u, HEADLESS, '2001:db8:7:9::5');
    return { u, phone, desk };
  }

  it('lists the live sessions with device, masked place, times and this device first', async () => {
    const t = await testApp();
    const { desk, phone } = await twoSessions(t);
    const res = await list(t, phone);
    expect(res.code).toBe(0);
    expect(res.data.list).toEqual([
      {
        id: sessionHandle(hashToken(phone)),
        device: 'Safari · iOS',
        place: '203.0.113.*',
        signed_in_at: expect.any(String),
        last_seen_at: expect.any(String),
        current: true,
      },
      {
        id: sessionHandle(hashToken(desk)),
        device: 'Chrome · Linux',
        place: '2001:db8:*',
        signed_in_at: expect.any(String),
        last_seen_at: expect.any(String),
        current: false,
      },
    ]);
    // nowhere the whole address (not a '.77' alone: a time's milliseconds can read so)
    const text = JSON.stringify(res.data);
    for (const whole of ['203.0.113.77', '2001:db8:7:9::5', '7:9::5']) expect(text).not.toContain(whole);
    expect(agentSummary(HEADLESS)).toBe('Chrome · Linux');
  });

  it('signs out one session (598 at its next call), the caller’s stays; recorded on the person’s chain', async () => {
    const t = await testApp();
    const { u, desk, phone } = await twoSessions(t);
    const id = sessionHandle(hashToken(desk));
    const out = await t.call<{ ended: number }>('user/session-sign-out', { token: phone, body: { id } });
    expect([out.code, out.data]).toEqual([0, { ended: 1 }]);
    expect((await info(t, desk)).code).toBe(598);
    expect((await info(t, phone)).code).toBe(0);
    expect((await list(t, phone)).data.list.map((s) => s.current)).toEqual([true]);
    const entries = await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'reason', 'actor_id', 'cu_id'])
      .where('record_type', '=', 'user')
      .where('record_id', '=', String(u.uid))
      .where('action', '=', 'session_end')
      .execute();
    expect(entries).toEqual([{ action: 'session_end', reason: 'signed_out', actor_id: u.uid, cu_id: 0 }]);
    // ended now: the same 404 as any other
    const again = await t.call('user/session-sign-out', { token: phone, body: { id } });
    expect(again.code).toBe(404);
  });

  it("answers the same 404 for another person's session, an ended one and a made-up one", async () => {
    const t = await testApp();
    const { phone } = await twoSessions(t);
    const stranger = await signIn(t, await createUser(t.deps.db));
    const theirs = sessionHandle(hashToken(stranger));
    const answers = [];
    for (const id of [theirs, 'A'.repeat(22)]) {
      const res = await t.call('user/session-sign-out', { token: phone, body: { id } });
      answers.push([res.code, res.message]);
    }
    expect(answers).toEqual([
      [404, 'There is no such session'],
      [404, 'There is no such session'],
    ]);
    expect((await info(t, stranger)).code).toBe(0);
  });

  it('refuses malformed input (422) and changes nothing', async () => {
    const t = await testApp();
    const { desk, phone } = await twoSessions(t);
    for (const body of [{}, { id: 'short' }, { id: 7 }, { id: `${'A'.repeat(21)}'` }, { id: 'x', more: 1 }]) {
      const res = await t.call('user/session-sign-out', { token: phone, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    expect((await info(t, desk)).code).toBe(0);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const t = await testApp();
    const { u, desk, phone } = await twoSessions(t);
    const third = await signIn(t, u);
    const out = await t.call<{ ended: number }>('user/session-sign-out-others', { token: desk, body: {} });
    expect([out.code, out.data]).toEqual([0, { ended: 2 }]);
    expect((await info(t, phone)).code).toBe(598);
    expect((await info(t, third)).code).toBe(598);
    expect((await info(t, desk)).code).toBe(0);
    const none = await t.call<{ ended: number }>('user/session-sign-out-others', { token: desk, body: {} });
    expect(none.data).toEqual({ ended: 0 });
  });
});

describe('the customer’s session policy: customer-account/session-policy(-update)', () => {
  it('is read and set by the customer’s administrators only (403 otherwise)', async () => {
    const t = await testApp();
    const person = await createUser(t.deps.db);
    const token = await signIn(t, person);
    expect((await t.call('customer-account/session-policy', { token })).code).toBe(403);
    const body = { idle_minutes: 60, absolute_minutes: 600, max_sessions: 2 };
    expect((await savePolicy(t, token, body)).code).toBe(403);
    const rows = await t.deps.db
      .selectFrom('session_policies')
      .select('cu_id')
      .where('cu_id', '=', person.customers[0]!.cu_id)
      .execute();
    expect(rows).toEqual([]);
  });

  it('shows the defaults until saved, then what was saved, with an audit entry of each change', async () => {
    const t = await testApp();
    const { user, token } = await admin(t);
    const cuId = user.customers[0]!.cu_id;
    const read = await t.call<SessionPolicy>('customer-account/session-policy', { token });
    expect(read.data).toEqual({
      idle_minutes: 30,
      absolute_minutes: 720,
      max_sessions: 1,
      second_factor_required: false,
      updated_at: null,
      updated_by: '',
    });
    const saved = await savePolicy(t, token, { idle_minutes: 30, absolute_minutes: 480, max_sessions: 2 });
    expect(saved.code).toBe(0);
    expect(saved.data).toMatchObject({ absolute_minutes: 480, max_sessions: 2, updated_by: ADMIN_NAME });
    const unchanged = await savePolicy(t, token, {
      idle_minutes: 30,
      absolute_minutes: 480,
      max_sessions: 2,
    });
    expect(unchanged.code).toBe(0);
    const entries = await t.deps.db
      .selectFrom('audit_entries')
      .select(['cu_id', 'record_type', 'record_id', 'action', 'actor_id', 'changes'])
      .where('record_type', '=', 'session_policy')
      .where('cu_id', '=', cuId)
      .execute();
    expect(entries).toEqual([
      {
        cu_id: cuId,
        record_type: 'session_policy',
        record_id: String(cuId),
        action: 'update',
        actor_id: user.uid,
        changes: [
          { field: 'absolute_minutes', old: 720, new: 480 },
          { field: 'max_sessions', old: 1, new: 2 },
        ],
      },
    ]);
  });

  it('refuses a policy out of bounds or malformed (422) and changes nothing', async () => {
    const t = await testApp();
    const { user, token } = await admin(t);
    const good = { idle_minutes: 30, absolute_minutes: 720, max_sessions: 1 };
    const bad = [
      { ...good, idle_minutes: 4 },
      { ...good, idle_minutes: 481 },
      { ...good, absolute_minutes: 59 },
      { ...good, absolute_minutes: 7 * 24 * 60 + 1 },
      { ...good, max_sessions: 0 },
      { ...good, max_sessions: 6 },
      { ...good, max_sessions: 1.5 },
      { ...good, idle_minutes: '30; drop table sessions' },
      { ...good, extra: true },
      { idle_minutes: 30 },
    ];
    for (const body of bad) {
      const res = await savePolicy(t, token, body);
      expect(res.code, JSON.stringify(body)).toBe(422);
      expect(res.message).not.toMatch(/select|insert|sql|relation/i);
    }
    const rows = await t.deps.db
      .selectFrom('session_policies')
      .select('cu_id')
      .where('cu_id', '=', user.customers[0]!.cu_id)
      .execute();
    const entries = await t.deps.db
      .selectFrom('audit_entries')
      .select('id')
      .where('record_type', '=', 'session_policy')
      .where('cu_id', '=', user.customers[0]!.cu_id)
      .execute();
    expect([rows, entries]).toEqual([[], []]);
  });
});
