import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startThrowawayPostgres } from '../scripts/postgres.mjs';
import {
  type Answer,
  call,
  firstAnswer,
  notUnavailable,
  orderingUser,
  running,
  type ServerProcess,
  startServerProcess,
  until,
  workerPids,
} from './testing/server-process.ts';

/**
 * A server process (`server/main.ts`) started while its PostgreSQL is down: it listens, answers
 * 503 (`Retry-After`, the envelope) and waits for the database, then migrates and serves once it
 * is up, without a restart. One process; a cluster (its primary waits to prepare the database,
 * its workers answer meanwhile); and a cluster's workers started again while PostgreSQL is down.
 * Each test has a PostgreSQL cluster of its own.
 */

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

/** An order made through the server by a new user: the server serves writes. */
async function expectServing(server: ServerProcess, databaseUrl: string): Promise<void> {
  const user = await orderingUser(databaseUrl, server.port);
  const created = await call(server.port, 'customer-order/create.html', {
    body: user.form,
    headers: { 'x-token': user.token, 'idempotency-key': randomUUID() },
  });
  expect(created.envelope?.code, created.text).toBe(0);
}

describe('a start while PostgreSQL is down', () => {
  it('one process listens and answers 503 while it waits, then migrates and serves once PostgreSQL is up', {
    timeout: 240_000,
  }, async () => {
    const pg = await startThrowawayPostgres();
    await pg.halt();
    const server = await startServerProcess(pg.url, 1);
    try {
      const first = await firstAnswer(server, 'health.json');
      await until(() => server.log().includes(WAITING), 60_000, 'the wait said', server);
      // (it has tried and failed at least once: still up, still answering)
      await expectWaiting(server, first);
      expect(server.exitCode()).toBeNull();

      await pg.resume();
      await until(() => server.started(), 120_000, 'the start message', server);
      expect(server.log()).toMatch(/the database is back after \d+\.\d s/);
      expect((await call(server.port, 'health.json')).status).toBe(200);
      await expectServing(server, pg.url);
      expect(running(server.pid)).toBe(true);
    } finally {
      await server.stop();
      await pg.stop();
    }
  });

  it('a cluster (WORKERS=2) answers 503 while its primary waits to prepare the database, then serves; workers started again while PostgreSQL is down wait as well', {
    timeout: 300_000,
  }, async () => {
    const pg = await startThrowawayPostgres();
    await pg.halt();
    const server = await startServerProcess(pg.url, 2);
    try {
      const first = await firstAnswer(server, 'health.json');
      await until(
        () => server.log().includes(`Primary (pid ${server.pid}): ${WAITING}`),
        60_000,
        'the primary waits',
        server,
      );
      await expectWaiting(server, first);
      expect(server.exitCode()).toBeNull();

      await pg.resume();
      await until(() => server.started(), 120_000, 'the start message', server);
      await until(() => workerPids(server, 'serving').size === 2, 30_000, 'both workers serving', server);
      await expectServing(server, pg.url);

      // PostgreSQL goes away again and both workers end (an out-of-memory kill, say): the primary
      // starts them again, and they wait for the database instead of ending at once.
      await pg.halt();
      const killed = [...workerPids(server, 'serving').values()];
      for (const pid of killed) process.kill(pid, 'SIGKILL');
      const waitingAgain = () =>
        [...workerPids(server, WAITING).values()].filter((pid) => !killed.includes(pid));
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
      await expectServing(server, pg.url);
      expect(server.log().match(/Worker \d \(pid \d+\) ended/g), 'only the two killed ended').toHaveLength(2);
      expect(server.exitCode()).toBeNull();
    } finally {
      await server.stop();
      await pg.stop();
    }
  });
});
