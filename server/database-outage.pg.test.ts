import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { openDatabase } from './db/database.ts';
import {
  type Answer,
  call,
  expectedHeld,
  firstAnswer,
  notUnavailable,
  OrderWriters,
  orderingUser,
  ordersHeld,
  running,
  type ServerProcess,
  startServerProcess,
  until,
  workerPids,
} from './testing/server-process.ts';

/**
 * What a real server process (`server/main.ts`: one process, and a two-worker cluster) does when
 * its PostgreSQL (a throw-away cluster of the test's own) is away, in the order an operator meets
 * it, on one server and one database a test (each start and each fresh database costs seconds):
 *
 * 1. started while PostgreSQL is down, it listens, answers 503 (`Retry-After`, the envelope) and
 *    waits, then migrates and serves once PostgreSQL is up, without a restart;
 * 2. PostgreSQL stopped (`pg_ctl -m fast stop`: every connection ended, "terminating connection
 *    due to administrator command") and started again while eight clients create orders: every
 *    answer is a success or the documented 503, the same processes serve again, and the database
 *    holds exactly the acknowledged orders;
 * 3. (the cluster) its workers killed while PostgreSQL is down: the new workers wait for it,
 *    answering 503, instead of ending at once, and serve once it is back.
 */

const WRITERS = 8;
const WAITING = 'the database is unavailable';

/** What a waiting server answers: the health check, a login and a signed-in call, each 503. */
async function expectWaiting(server: ServerProcess, first?: Answer): Promise<void> {
  const health = first ?? (await call(server.port, 'health.json'));
  expect([health.status, health.retryAfter, health.text]).toEqual([503, '2', '{"status":"unavailable"}']);
  const login = await call(server.port, 'user/login.html', {
    body: { username: 'nobody-here', password: 'Not-it-2026' },
  });
  expect(notUnavailable(login)).toBeNull();
  const info = await call(server.port, 'user/get-user-info.html', { headers: { 'x-token': 'x'.repeat(40) } });
  expect(notUnavailable(info)).toBeNull();
}

async function outage(workers: 1 | 2): Promise<void> {
  const pg = await startThrowawayPostgres();
  await pg.halt();
  const server = await startServerProcess(pg.url, workers);
  let writers: OrderWriters | undefined;
  try {
    // 1. A start while PostgreSQL is down.
    const first = await firstAnswer(server, 'health.json');
    const waitLine = workers === 1 ? WAITING : `Primary (pid ${server.pid}): ${WAITING}`;
    await until(() => server.log().includes(waitLine), 60_000, 'the wait said', server);
    // (it has tried and failed at least once: still up, still answering)
    await expectWaiting(server, first);
    expect(server.exitCode()).toBeNull();

    await pg.resume();
    await until(() => server.started(), 120_000, 'the start message', server);
    expect(server.log()).toMatch(/the database is back after \d+\.\d s/);
    if (workers > 1)
      await until(
        () => workerPids(server, 'serving').size === workers,
        30_000,
        'every worker serving',
        server,
      );
    expect((await call(server.port, 'health.json')).status).toBe(200);
    const pids = workers === 1 ? [server.pid] : [...workerPids(server, 'serving').values()];
    expect(pids).toHaveLength(workers);

    // 2. PostgreSQL stopped and started again under writers.
    const user = await orderingUser(pg.url, server.port);
    writers = new OrderWriters(server.port, user.token, user.form, WRITERS);
    const w = writers;
    /** The writers' count has reached `n`; fails at once on an answer that is not allowed. */
    const reached = (count: () => number, n: number) => () => {
      if (w.wrong.length)
        throw new Error(`a wrong answer: ${w.wrong.slice(0, 3).join('; ')}\n${server.log().slice(-3000)}`);
      return count() >= n;
    };
    await until(
      reached(() => w.acknowledged.size, 2 * WRITERS),
      60_000,
      'creates before the stop',
      server,
    );

    const halted = performance.now();
    await pg.halt();
    const atHalt = w.unavailable;
    // Every writer is answered 503 a few times (each sends its create again after 50 ms).
    await until(
      reached(() => w.unavailable, atHalt + 4 * WRITERS),
      60_000,
      '503s while stopped',
      server,
    );
    const health = await call(server.port, 'health.json');
    expect([health.status, health.retryAfter, health.text]).toEqual([503, '2', '{"status":"unavailable"}']);
    for (const pid of [server.pid, ...pids]) expect(running(pid), `pid ${pid} runs`).toBe(true);

    await pg.resume();
    const resumed = performance.now();
    const atResume = w.acknowledged.size;
    let firstBack = 0;
    await until(
      () => {
        firstBack ||= w.acknowledged.size > atResume ? performance.now() : 0;
        return firstBack > 0;
      },
      60_000,
      'a create after the start',
      server,
    );
    await until(
      reached(() => w.acknowledged.size, atResume + 2 * WRITERS),
      60_000,
      'creates after the start',
      server,
    );
    await w.stop();

    expect(w.wrong, 'every answer was a success or the documented 503').toEqual([]);
    expect(w.unavailable).toBeGreaterThan(0);
    expect(server.exitCode()).toBeNull();
    for (const pid of [server.pid, ...pids]) expect(running(pid), `pid ${pid} still runs`).toBe(true);
    if (workers === 2) {
      expect(server.log()).not.toMatch(/Worker \d+ \(pid \d+\) ended/);
      expect([...workerPids(server, 'serving').values()], 'no worker was started again').toEqual(pids);
    }
    expect((await call(server.port, 'health.json')).status).toBe(200);

    // The database holds exactly the acknowledged orders, each whole: none lost by the restart.
    const database = await openDatabase({ databaseUrl: pg.url });
    try {
      expect(await ordersHeld(database.db, user.setup)).toEqual(expectedHeld(w.acknowledged));
    } finally {
      await database.close();
    }
    console.info(
      `WORKERS=${workers}: PostgreSQL away ${((resumed - halted) / 1000).toFixed(1)} s, ${w.unavailable} answers 503 ` +
        `meanwhile; the first create acknowledged ${((firstBack - resumed) / 1000).toFixed(1)} s after it was back; ` +
        `${w.acknowledged.size} orders acknowledged, all held`,
    );
    if (workers === 1) return;

    // 3. PostgreSQL goes away again and both workers end (an out-of-memory kill, say): the primary
    // starts them again, and they wait for the database instead of ending at once.
    await pg.halt();
    for (const pid of pids) process.kill(pid, 'SIGKILL');
    const waitingAgain = () => [...workerPids(server, WAITING).values()].filter((pid) => !pids.includes(pid));
    await until(() => waitingAgain().length === 2, 90_000, 'both new workers waiting', server);
    await expectWaiting(server, await firstAnswer(server, 'health.json'));
    const restarted = waitingAgain();
    for (const pid of restarted) expect(running(pid), `worker ${pid} runs`).toBe(true);

    await pg.resume();
    await until(
      () => restarted.every((pid) => [...workerPids(server, 'serving').values()].includes(pid)),
      60_000,
      'the new workers serving',
      server,
    );
    const again = await orderingUser(pg.url, server.port);
    const created = await call(server.port, 'customer-order/create.html', {
      body: again.form,
      headers: { 'x-token': again.token, 'idempotency-key': randomUUID() },
    });
    expect(created.envelope?.code, created.text).toBe(0);
    expect(server.log().match(/Worker \d \(pid \d+\) ended/g), 'only the two killed ended').toHaveLength(2);
    expect(server.exitCode()).toBeNull();
  } finally {
    await writers?.abort();
    await server.stop();
    await pg.stop();
  }
}

describe('PostgreSQL away: at the start, under writers, and when workers start again', () => {
  it(
    'one process (WORKERS=1) waits with 503s at a start, answers 503 while PostgreSQL restarts under writers, serves again without a restart, and loses no acknowledged order',
    {
      timeout: 300_000,
    },
    () => outage(1),
  );

  it(
    'a cluster (WORKERS=2) does the same, and workers started again while PostgreSQL is down wait for it as well',
    {
      timeout: 400_000,
    },
    () => outage(2),
  );
});
