import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Bus, openBus } from '../../core/bus.ts';
import { type OpenedDatabase, openDatabase } from '../../db/database.ts';
import { appendMany, chainOf } from '../../testing/audit-test-helpers.ts';
import { migratedPostgres, postgresServerUrl } from '../../testing/pg-database.ts';
import { type TestApp, testApp } from '../../testing/test-app.ts';
import { lineHash, parseCheckpoint } from './checkpoints.ts';
import { placesOf } from './checkpoints-places.ts';
import { CHECKPOINT_SCHEDULE, checkpointOnce } from './checkpoints-schedule.ts';
import { GENESIS } from './trail.ts';
import { verifyTrail } from './verify.ts';

/**
 * Checkpoints with several server processes on one PostgreSQL: two app instances, each with its
 * own pool and bus as two processes have, look at the same moment; one writes the line (the
 * period's claim and the advisory lock: core/housekeeping.ts oncePerPeriod), so the file never
 * holds two lines on one `prev`.
 */
const serverUrl = postgresServerUrl();

let database: Awaited<ReturnType<typeof migratedPostgres>>;
let second: OpenedDatabase & { bus: Bus };
let a: TestApp;
let b: TestApp;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-checkpoints-pg-'));
const places = placesOf(path.join(root, 'audit-checkpoints'));
beforeAll(async () => {
  database = await migratedPostgres(serverUrl);
  const opened = await openDatabase({ databaseUrl: database.url });
  second = { ...opened, bus: await openBus(opened, database.url) };
  const config = { auditCheckpointDir: places.dir };
  a = await testApp(config, { database: { db: database.db, bus: database.bus } });
  b = await testApp(config, { database: { db: second.db, bus: second.bus } });
}, 60_000);
afterAll(async () => {
  await second?.bus.close();
  await second?.close();
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const lines = () => fs.readFileSync(places.file, 'utf8').split('\n').slice(0, -1);

describe('checkpoints on PostgreSQL, across processes', () => {
  it('writes one line per interval however many processes look at once, each following the one before', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const cuId = chainOf();
    await appendMany(a.deps.db, cuId, 2);
    const looks = () =>
      Promise.all([
        checkpointOnce(a.deps, places),
        checkpointOnce(b.deps, places),
        checkpointOnce(a.deps, places),
      ]);

    expect((await looks()).filter(Boolean)).toHaveLength(1);
    const [first] = lines() as [string];
    expect(parseCheckpoint(first)).toMatchObject({ prev: GENESIS, chains: [{ cu_id: cuId, seq: 2 }] });
    expect(await checkpointOnce(b.deps, places)).toBe(false);

    // the interval passed (the claim's time moved back, as the database's clock moving on)
    await appendMany(b.deps.db, cuId, 1);
    await sql`update schedule_runs set last_run_at = now() - interval '1 day' where name = ${CHECKPOINT_SCHEDULE}`.execute(
      a.deps.db,
    );
    expect((await looks()).filter(Boolean)).toHaveLength(1);
    expect(lines()).toHaveLength(2);
    expect(parseCheckpoint(lines()[1] as string)).toMatchObject({
      prev: lineHash(first),
      chains: [{ cu_id: cuId, seq: 3 }],
    });

    expect(await verifyTrail(a.deps.db, places)).toMatchObject({
      ok: true,
      line: expect.stringMatching(/^audit trail intact: 3 entries in 1 chains, 2 checkpoints \(key SHA256:/),
    });

    // the database’s owner removes the chain with its tip (triggers off): the first checkpoint that holds it names it
    await sql.raw('alter table audit_entries disable trigger user').execute(a.deps.db);
    await sql`delete from audit_entries where cu_id = ${cuId}`.execute(a.deps.db);
    await sql`delete from audit_heads where cu_id = ${cuId}`.execute(a.deps.db);
    await sql.raw('alter table audit_entries enable trigger user').execute(a.deps.db);
    expect(await verifyTrail(b.deps.db, places)).toEqual({
      ok: false,
      line: expect.stringMatching(
        new RegExp(
          `^audit trail BROKEN at customer ${cuId}, place 2: checkpoint 1 \\(.*\\) holds the chain up to this place`,
        ),
      ),
    });
    vi.restoreAllMocks();
  });
});
