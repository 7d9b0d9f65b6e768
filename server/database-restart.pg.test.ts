import { describe, expect, it } from 'vitest';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import { openDatabase } from './db/database.ts';
import {
  call,
  expectedHeld,
  OrderWriters,
  orderingUser,
  ordersHeld,
  running,
  startServerProcess,
  until,
  workerPids,
} from './testing/server-process.ts';

/**
 * PostgreSQL stopped (`pg_ctl -m fast stop`: every connection is ended, "terminating connection
 * due to administrator command") and started again while eight clients create orders through a
 * real server process (`server/main.ts`, one process and a two-worker cluster), each on a
 * PostgreSQL cluster of its own. Meanwhile every answer is a success or the documented 503, the
 * same processes serve again once PostgreSQL is back, and every acknowledged order is there.
 */

const WRITERS = 8;

async function restartUnderWriters(workers: 1 | 2): Promise<void> {
  const pg = await startThrowawayPostgres();
  const server = await startServerProcess(pg.url, workers);
  let writers: OrderWriters | undefined;
  try {
    await server.ready;
    if (workers > 1) {
      await until(
        () => workerPids(server, 'serving').size === workers,
        30_000,
        'every worker serving',
        server,
      );
    }
    const pids = workers === 1 ? [server.pid] : [...workerPids(server, 'serving').values()];
    expect(pids).toHaveLength(workers);
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
  } finally {
    await writers?.abort();
    await server.stop();
    await pg.stop();
  }
}

describe('PostgreSQL stopped and started under concurrent writers', () => {
  it(
    'one process (WORKERS=1) answers 503 meanwhile and serves again without a restart; no acknowledged order is lost',
    {
      timeout: 240_000,
    },
    () => restartUnderWriters(1),
  );

  it(
    'a cluster (WORKERS=2) answers 503 meanwhile and both workers serve again without a restart; no acknowledged order is lost',
    {
      timeout: 240_000,
    },
    () => restartUnderWriters(2),
  );
});
