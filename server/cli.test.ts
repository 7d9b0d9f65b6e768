import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessTokenResponse, NewLoginItem } from '../src/contract/accounts/schemas.ts';
import { sql } from 'kysely';
import { type CliIo, runCli } from './cli.ts';
import { openDatabase } from './db/database.ts';
import { appendMany } from './testing/audit-test-helpers.ts';
import { createUser } from './testing/fixtures.ts';
import { type ServedTestApp, serveTestApp, type TestApp, testApp, testDatabase } from './testing/test-app.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());

function io(config: CliIo['config']) {
  const lines = { out: [] as string[], err: [] as string[] };
  const value: CliIo = { config, out: (l) => lines.out.push(l), err: (l) => lines.err.push(l) };
  return { io: value, lines };
}

describe('cli jump-code against a running server (signed integration call)', () => {
  let t: TestApp;
  let served: ServedTestApp;
  let port = 0;

  beforeAll(async () => {
    t = await testApp({ integrationSecret: 'cli-test-secret-77' });
    served = await serveTestApp(t);
    port = served.port;
  });
  afterAll(() => served.close());

  it('prints a jump-login code for a user and customer', async () => {
    const u = await createUser(t.deps.db, { customers: 2 });
    const { io: cli, lines } = io({ ...t.deps.config, host: '127.0.0.1', port });
    expect(await runCli(['jump-code', u.username, u.customers[1]!.identifier], cli)).toBe(0);
    expect(lines.out).toHaveLength(1);
    const res = await t.call<AccessTokenResponse>('user/jump-login', { body: { code: lines.out[0] } });
    expect(res.code).toBe(0);
  });

  it('prints a new-login token with --new', async () => {
    const u = await createUser(t.deps.db, { customers: 2 });
    const { io: cli, lines } = io({ ...t.deps.config, host: '127.0.0.1', port });
    expect(await runCli(['jump-code', u.username, '--new'], cli)).toBe(0);
    const res = await t.call<NewLoginItem[]>('user/new-login', { body: { token: lines.out[0] } });
    expect(res.data[0]?.flag).toBe(1);
  });

  it('reports a refusal and exits 1; no username prints the usage and exits 2', async () => {
    const { io: cli, lines } = io({ ...t.deps.config, host: '127.0.0.1', port });
    expect(await runCli(['jump-code', 'no-such-user-cli'], cli)).toBe(1);
    expect(lines.err).toEqual(['refused: 404 No such user']);
    expect(await runCli(['jump-code'], cli)).toBe(2);
    expect(await runCli(['unknown-command'], cli)).toBe(2);
    const unsigned = io({ ...t.deps.config, host: '127.0.0.1', port, integrationSecret: null });
    const u = await createUser(t.deps.db);
    expect(await runCli(['jump-code', u.username], unsigned.io)).toBe(1);
    expect(unsigned.lines.err).toEqual([
      'refused: 403 X-Signature does not match',
      'A server is running: give both the same INTEGRATION_SECRET, or stop the server first.',
    ]);
    expect(lines.out).toEqual([]);
  });
});

describe('cli without a running server', () => {
  it('migrates a fresh database and writes codes to it directly', { timeout: 60_000 }, async () => {
    const t = await testApp();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-cli-'));
    try {
      // Port 9 (discard) on loopback: nothing answers, so the CLI opens the database itself.
      const config = { ...t.deps.config, host: '127.0.0.1', port: 9, databaseUrl: undefined, dataDir };
      const first = io(config);
      expect(await runCli(['migrate'], first.io)).toBe(0);
      expect(first.lines.out[0]).toMatch(/^applied: 2026-11-22T0001-accounts/);
      const again = io(config);
      expect(await runCli(['migrate'], again.io)).toBe(0);
      expect(again.lines.out).toEqual(['the database is up to date']);
      const code = io(config);
      expect(await runCli(['jump-code', 'nobody'], code.io)).toBe(1);
      expect(code.lines.err).toEqual(['no such user: nobody']);

      // audit:verify: intact, then after a superuser changed an entry (triggers off), the entry named
      const empty = io(config);
      expect(await runCli(['audit-verify'], empty.io)).toBe(0);
      expect(empty.lines.out).toEqual(['audit trail intact: 0 entries in 0 chains']);
      const database = await openDatabase({ dataDir });
      try {
        await appendMany(database.db, 5, 2);
        await sql.raw('alter table audit_entries disable trigger user').execute(database.db);
        await sql
          .raw(`update audit_entries set reason = 'later' where cu_id = 5 and seq = 2`)
          .execute(database.db);
      } finally {
        await database.close();
      }
      const broken = io(config);
      expect(await runCli(['audit-verify'], broken.io)).toBe(1);
      expect(broken.lines.err).toEqual([
        'audit trail BROKEN at entry 2 (customer 5, place 2): its content does not match its hash (1 entries in 1 chains checked before it)',
      ]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
