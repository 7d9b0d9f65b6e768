import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import type { CreateOrderAnswer } from '../src/contract/order-editor/schemas.ts';
import { sessionCacheOf } from './areas/accounts/sessions.ts';
import { exportQueue, type Progress } from './areas/order-exports/jobs.ts';
import { oncePerPeriod } from './core/housekeeping.ts';
import { createEditorSetup, orderForm } from './testing/editor-fixtures.ts';
import { createUser } from './testing/fixtures.ts';
import { createOrder } from './testing/order-fixtures.ts';
import { type Instance, twoInstances } from './testing/pg-instances.ts';

/**
 * Two server processes on one PostgreSQL: two `boot()` instances on one fresh database, each with
 * its own pool, bus, session cache and background work, as two processes have
 * (testing/pg-instances.ts). Nothing may depend on which one a call reaches.
 */
const processes = twoInstances({ filesPrefix: 'lp-multi-files-', rateLimits: true, background: true });
let a: Instance;
let b: Instance;
beforeAll(() => {
  ({ a, b } = processes);
});

/** Calls `probe` until it answers true; the milliseconds it took (fails past `withinMs`). */
async function until(probe: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await probe()) return performance.now() - started;
    if (performance.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const login = async (on: Instance, user: { username: string; password: string }) => {
  const res = await on.call<{ access_token: string }>('user/login', {
    body: { username: user.username, password: user.password },
  });
  expect(res.code).toBe(0);
  return res.data.access_token;
};

/**
 * Far below the session cache's TTL (30 s): the change reached B through the bus, not by expiry.
 * Notifications take a few ms; the margin is for a loaded test machine (CI runs this beside the
 * build and the element tests on two cores).
 */
const AT_ONCE_MS = 3_000;

describe('two server processes on one PostgreSQL', () => {
  it('a login on A is valid on B; a logout, a customer switch and a password change on A end the session on B at once', async () => {
    expect([a.deps.bus.kind, a.deps.bus.up, b.deps.bus.up]).toEqual(['postgres', true, true]);
    const user = await createUser(a.deps.db, { customers: 2 });
    const ended = (token: string) => async () => (await b.call('user/get-user-info', { token })).code === 598;

    // logout
    let token = await login(a, user);
    // B remembers the session (a read that overlapped the login's own message is not kept: ask again)
    await until(async () => {
      expect((await b.call('user/get-user-info', { token })).code).toBe(0);
      return (sessionCacheOf(b.deps.db)?.size ?? 0) > 0;
    }, 5_000);
    expect((await a.call('user/logout', { token, body: {} })).code).toBe(0);
    const afterLogout = await until(ended(token), AT_ONCE_MS);

    // customer switch
    token = await login(a, user);
    expect((await b.call('user/get-user-info', { token })).code).toBe(0);
    const switched = await a.call<{ access_token: string }>('customer-account/switch-customer', {
      token,
      body: { identifier: user.customers[1]?.identifier },
    });
    expect(switched.code).toBe(0);
    const afterSwitch = await until(ended(token), AT_ONCE_MS);
    token = switched.data.access_token;
    const onB = await b.call<{ identifier: string }>('customer-account/index', { token });
    expect(onB.data.identifier).toBe(user.customers[1]?.identifier);

    // password change
    const password = `Nw#${randomUUID().slice(0, 8)}x`;
    const changed = await a.call('user/update-pass-word', {
      token,
      body: {
        username: user.username,
        old_password: user.password,
        new_password1: password,
        new_password2: password,
      },
    });
    expect(changed.code).toBe(0);
    const afterPassword = await until(ended(token), AT_ONCE_MS);
    expect(await login(b, { username: user.username, password })).toMatch(/\S/);
    console.info(
      `ended on B after ${afterLogout.toFixed(0)} ms (logout), ${afterSwitch.toFixed(0)} ms (switch), ${afterPassword.toFixed(0)} ms (password)`,
    );
  });

  it('counts rate limits across both', async () => {
    const user = await createUser(a.deps.db);
    const token = await login(a, user);
    // user/update-pass-word: 10 per user per 15 minutes, counted in the database.
    const wrong = {
      username: user.username,
      old_password: 'not-the-password-1',
      new_password1: 'Fresh#2026pw',
      new_password2: 'Fresh#2026pw',
    };
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push((await (i % 2 ? b : a).call('user/update-pass-word', { token, body: wrong })).code);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(406));
    expect(codes[10]).toBe(429);
    expect((await a.call('user/update-pass-word', { token, body: wrong })).code).toBe(429);
  });

  it('runs each queued export exactly once, by either process, and takes over the job of a process that died', async () => {
    const user = await createUser(a.deps.db);
    const cuId = user.customers[0]?.cu_id as number;
    const job = (values: Record<string, unknown> = {}) =>
      a.deps.db
        .insertInto('export_jobs')
        .values({
          cu_id: cuId,
          uid: user.uid,
          kind: 'xlsorder',
          filter: JSON.stringify({ status: 'all', keyword: '', lang: 'en' }),
          name: 'orders.xlsx',
          storage_key: null,
          error: null,
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .then((row) => row.id);
    await createOrder(a.deps.db, cuId);
    const runs: Array<{ by: string; progress: Progress }> = [];
    const stops = [
      exportQueue(a.deps).listen((progress) => void runs.push({ by: 'A', progress })),
      exportQueue(b.deps).listen((progress) => void runs.push({ by: 'B', progress })),
    ];
    try {
      // a job a dead process held (its lease ran out), one a live process holds, six queued on A
      const orphan = await job({
        status: 'running',
        claim: 'dead',
        lease_until: new Date(Date.now() - 60_000),
        attempts: 1,
      });
      const held = await job({
        status: 'running',
        claim: 'alive',
        lease_until: new Date(Date.now() + 3_600_000),
        attempts: 1,
      });
      const queued: number[] = [];
      for (let i = 0; i < 6; i++) queued.push(await job());
      for (const id of queued) await exportQueue(a.deps).enqueue(id);
      const ids = [orphan, ...queued];
      await until(async () => {
        const rows = await a.deps.db
          .selectFrom('export_jobs')
          .select('status')
          .where('id', 'in', ids)
          .execute();
        return rows.every((r) => r.status === 'done');
      }, 20_000);
      await exportQueue(a.deps).idle();
      await exportQueue(b.deps).idle();
      const rows = await a.deps.db
        .selectFrom('export_jobs')
        .select(['id', 'status', 'attempts', 'storage_key', 'claim'])
        .where('id', 'in', [...ids, held])
        .orderBy('id')
        .execute();
      expect(rows.find((r) => r.id === held)).toMatchObject({
        status: 'running',
        claim: 'alive',
        attempts: 1,
      });
      expect(rows.find((r) => r.id === orphan)).toMatchObject({ status: 'done', attempts: 2 });
      for (const id of queued)
        expect(rows.find((r) => r.id === id)).toMatchObject({ status: 'done', attempts: 1 });
      // one run per job (one page each: the customer has one order)
      expect(runs.map((r) => r.progress.id).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
      const keys = rows.filter((r) => r.id !== held).map((r) => r.storage_key);
      expect(new Set(keys).size).toBe(ids.length);
      console.info(
        `export runs: A ${runs.filter((r) => r.by === 'A').length}, B ${runs.filter((r) => r.by === 'B').length}`,
      );
    } finally {
      for (const stop of stops) stop();
    }
  });

  it('makes one order of an idempotent create sent to both at once', async () => {
    const setup = await createEditorSetup(a.deps.db);
    const token = await login(a, setup.user);
    const key = randomUUID();
    const body = orderForm(setup);
    const send = (on: Instance) =>
      on.call<CreateOrderAnswer>('customer-order/create', {
        token,
        body,
        headers: { 'Idempotency-Key': key },
      });
    const answers = await Promise.all([send(a), send(b), send(a), send(b)]);
    expect(answers.map((x) => x.code)).toEqual([0, 0, 0, 0]);
    const ids = new Set(answers.map((x) => x.data.id));
    expect(ids.size).toBe(1);
    const orders = await a.deps.db
      .selectFrom('orders')
      .select('id')
      .where('cu_id', '=', setup.user.customers[0]?.cu_id as number)
      .execute();
    expect(orders.map((o) => o.id)).toEqual([...ids]);
  });

  it('runs a schedule once per period across both, under its advisory lock', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 50));
    };
    const name = `test-${randomUUID()}`;
    const ran = await Promise.all([
      oncePerPeriod(a.deps, name, 60_000, work),
      oncePerPeriod(b.deps, name, 60_000, work),
      oncePerPeriod(a.deps, name, 60_000, work),
    ]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    expect(await oncePerPeriod(b.deps, name, 60_000, work)).toBe(false);
  });
});

describe('the database going away', () => {
  it('starts the session cache afresh when a listener comes back; answers 503 with the envelope while PostgreSQL is down, and works again when it is back, without a restart', async () => {
    const pg = await startThrowawayPostgres();
    let x: Instance | undefined;
    let y: Instance | undefined;
    try {
      x = await processes.start({ url: pg.url, background: false });
      y = await processes.start({ url: pg.url, background: false });
      const user = await createUser(x.deps.db);
      const token = await login(x, user);
      expect((await y.call('user/get-user-info', { token })).code).toBe(0);

      // While listening, a change nobody announces (straight into the database) is not seen for
      // the TTL; a listener that was down may have missed messages: it starts afresh when back.
      const quiet = await createUser(x.deps.db);
      // y hears the login's own message (it drops the user's entries) before it caches the new
      // session: else that message, late on a busy machine, dropped the entry under the check
      const heard = new Promise<void>((resolve) => {
        const off = y?.deps.bus.on('sessions', () => {
          off?.();
          resolve();
        });
        setTimeout(resolve, 5_000);
      });
      const quietToken = await login(x, quiet);
      await heard;
      await until(async () => {
        expect((await y?.call('user/get-user-info', { token: quietToken }))?.code).toBe(0);
        return (sessionCacheOf(y?.deps.db as never)?.size ?? 0) > 0;
      }, 5_000);
      await x.deps.db
        .updateTable('sessions')
        .set({ ended_at: new Date(), end_reason: 'logout' })
        .where('uid', '=', quiet.uid)
        .execute();
      expect((await y.call('user/get-user-info', { token: quietToken })).code, 'remembered').toBe(0);
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'lp-bus'`.execute(
        x.deps.db,
      );
      await until(async () => !y?.deps.bus.up, 5_000);
      await until(async () => Boolean(y?.deps.bus.up), 5_000);
      expect((await y.call('user/get-user-info', { token: quietToken })).code, 'dropped when back').toBe(598);

      await pg.halt();
      const down = await Promise.all([
        x.call('user/get-user-info', { token }),
        y.call('user/get-user-info', { token }),
        y.call('user/login', { body: { username: user.username, password: user.password } }),
        x.call('customer-service/cate-list'),
      ]);
      for (const answer of down) {
        expect(answer).toMatchObject({ status: 503, code: 503, data: null });
        expect(answer.message).toBe('The service is briefly unavailable, please try again in a moment');
      }
      expect(JSON.stringify(down)).not.toMatch(/ECONN|select|postgres|at .*\.ts/i);
      await until(async () => !x?.deps.bus.up && !y?.deps.bus.up, 5_000);

      await pg.resume();
      // The pools connect again by themselves; the buses listen again (and drop what they cached).
      await until(async () => (await y?.call('user/get-user-info', { token }))?.code === 0, 10_000);
      expect((await x.call('user/get-user-info', { token })).code).toBe(0);
      await until(async () => Boolean(x?.deps.bus.up && y?.deps.bus.up), 10_000);
      // and the bus works again: a logout on X ends the session on Y at once
      expect((await y.call('user/get-user-info', { token })).code).toBe(0);
      expect((await x.call('user/logout', { token, body: {} })).code).toBe(0);
      await until(async () => (await y?.call('user/get-user-info', { token }))?.code === 598, AT_ONCE_MS);
    } finally {
      await x?.close();
      await y?.close();
      await pg.stop();
    }
  }, 60_000);
});
