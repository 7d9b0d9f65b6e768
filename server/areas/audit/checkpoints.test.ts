import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CliIo, runCli } from '../../cli.ts';
import { loadConfig } from '../../config.ts';
import { type Bus, openBus } from '../../core/bus.ts';
import { type OpenedDatabase, openDatabase } from '../../db/database.ts';
import { appendMany, chainOf } from '../../testing/audit-test-helpers.ts';
import { migratedDataFolder, migratedMemoryDatabase } from '../../testing/pglite-template.ts';
import { testApp } from '../../testing/test-app.ts';
import { fingerprintOf } from './checkpoints-key.ts';
import { lineHash, parseCheckpoint, signatureHolds, writeCheckpoint } from './checkpoints.ts';
import { type CheckpointPlaces, checkpointPlaces, placesOf } from './checkpoints-places.ts';
import { CHECKPOINT_SCHEDULE, checkpointOnce, startCheckpoints } from './checkpoints-schedule.ts';
import { GENESIS } from './trail.ts';
import { verifyChains, verifyTrail } from './verify.ts';

/**
 * Checkpoints outside the database (issue 30, docs/decisions/audit-trail.md): the chains' tips
 * written to a file at intervals, signed and chained, and `audit:verify` holding the database to
 * them. A database of this file's own (the tampering breaks its chains for good); each test has
 * its own chains and its own checkpoint folder, and verifies its own chains (`cuId`).
 */

let database: OpenedDatabase;
let bus: Bus;
const folders: string[] = [];
beforeAll(async () => {
  database = await migratedMemoryDatabase();
  bus = await openBus(database, undefined);
});
afterAll(async () => {
  await bus?.close();
  await database?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** A folder of the test's own; its checkpoint folder inside it, the key beside (the defaults' shape). */
function newPlaces(): CheckpointPlaces {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-checkpoints-'));
  folders.push(root);
  return placesOf(path.join(root, 'audit-checkpoints'));
}

/** console.log and console.error kept quiet, and read. */
function quietLog() {
  return { log: vi.spyOn(console, 'log').mockImplementation(() => {}), error: quiet('error') };
}
const quiet = (method: 'error' | 'warn') => vi.spyOn(console, method).mockImplementation(() => {});

const linesIn = (places: CheckpointPlaces) => fs.readFileSync(places.file, 'utf8').split('\n').slice(0, -1);
const tipOf = (cuId: number) =>
  database.db
    .selectFrom('audit_heads')
    .select(['cu_id', 'seq', 'hash'])
    .where('cu_id', '=', cuId)
    .executeTakeFirstOrThrow();
const entryHashAt = async (cuId: number, seq: number) =>
  (
    await database.db
      .selectFrom('audit_entries')
      .select('hash')
      .where('cu_id', '=', cuId)
      .where('seq', '=', seq)
      .executeTakeFirstOrThrow()
  ).hash;

const tamper = async (...statements: string[]) => {
  await sql.raw('alter table audit_entries disable trigger user').execute(database.db);
  for (const statement of statements) await sql.raw(statement).execute(database.db);
  await sql.raw('alter table audit_entries enable trigger user').execute(database.db);
};

const at = (minute: number) => new Date(Date.UTC(2026, 11, 3, 9, minute));

describe('where the checkpoints go (settings)', () => {
  it('under DATA_DIR by default (PostgreSQL too), the key in the folder’s parent; none in test mode unless set', () => {
    const data = path.resolve('/srv/lp-data');
    expect(checkpointPlaces(loadConfig({ DATA_DIR: data }))).toEqual({
      dir: path.join(data, 'audit-checkpoints'),
      file: path.join(data, 'audit-checkpoints', 'checkpoints.jsonl'),
      publicKeyFile: path.join(data, 'audit-checkpoints', 'public-key.pem'),
      keyFile: path.join(data, 'audit-signing-key.pem'),
    });
    expect(checkpointPlaces(loadConfig({ DATABASE_URL: 'postgres://x/y' }))?.dir).toBe(
      path.resolve('data', 'audit-checkpoints'),
    );
    const apart = loadConfig({
      AUDIT_CHECKPOINT_DIR: '/mnt/worm/lp',
      AUDIT_SIGNING_KEY_FILE: '/etc/lp/audit.pem',
    });
    expect(checkpointPlaces(apart)).toMatchObject({ dir: '/mnt/worm/lp', keyFile: '/etc/lp/audit.pem' });
    expect(checkpointPlaces(loadConfig({ NODE_ENV: 'test' }))).toBeNull();
    expect(loadConfig({}).auditCheckpointIntervalMs).toBe(15 * 60_000);
    expect(loadConfig({ AUDIT_CHECKPOINT_INTERVAL_MS: '60000' }).auditCheckpointIntervalMs).toBe(60_000);
    expect(() => loadConfig({ AUDIT_CHECKPOINT_INTERVAL_MS: '0' })).toThrow('AUDIT_CHECKPOINT_INTERVAL_MS');
  });
});

describe('writing checkpoints', () => {
  it('writes every chain’s tip in one signed line, each line following the one before, and logs it', async () => {
    const { log } = quietLog();
    const places = newPlaces();
    const [a, b] = [chainOf(), chainOf()];
    await appendMany(database.db, a, 2);
    await appendMany(database.db, b, 1);

    const first = (await writeCheckpoint(database.db, places, at(0))) as string;
    const one = parseCheckpoint(first);
    expect(one).toMatchObject({ at: at(0).toISOString(), prev: GENESIS });
    expect(one?.chains).toEqual(expect.arrayContaining([await tipOf(a), await tipOf(b)]));
    expect(one?.chains).toEqual([...(one?.chains ?? [])].sort((x, y) => x.cu_id - y.cu_id));
    expect(log).toHaveBeenCalledWith(`[audit] checkpoint ${first}`);

    // signed by the key beside the folder (0600), verified by the public key in it
    expect(fs.statSync(places.keyFile).mode & 0o777).toBe(0o600);
    expect(path.dirname(places.keyFile)).toBe(path.dirname(places.dir));
    const publicKey = createPublicKey(fs.readFileSync(places.publicKeyFile, 'utf8'));
    expect(one && signatureHolds(one, publicKey)).toBe(true);
    expect(one && signatureHolds({ ...one, at: at(1).toISOString() }, publicKey)).toBe(false);

    const key = fs.readFileSync(places.keyFile, 'utf8');
    await appendMany(database.db, a, 1);
    const second = (await writeCheckpoint(database.db, places, at(15))) as string;
    const two = parseCheckpoint(second);
    expect(two?.prev).toBe(lineHash(first));
    expect(two?.chains).toContainEqual({ cu_id: a, seq: 3, hash: await entryHashAt(a, 3) });
    expect(two && signatureHolds(two, publicKey)).toBe(true);
    expect(linesIn(places)).toEqual([first, second]);
    expect(fs.readFileSync(places.keyFile, 'utf8')).toBe(key);
  });

  it('writes nothing when no tip moved since the last checkpoint, and nothing for an empty trail', async () => {
    quietLog();
    const places = newPlaces();
    const cuId = chainOf();
    await appendMany(database.db, cuId, 1);
    expect(await writeCheckpoint(database.db, places, at(0))).not.toBeNull();
    expect(await writeCheckpoint(database.db, places, at(15))).toBeNull();
    expect(await writeCheckpoint(database.db, places, at(30))).toBeNull();
    expect(linesIn(places)).toHaveLength(1);
    await appendMany(database.db, cuId, 1);
    expect(await writeCheckpoint(database.db, places, at(45))).not.toBeNull();
    expect(linesIn(places)).toHaveLength(2);

    const empty = await migratedMemoryDatabase();
    try {
      const none = newPlaces();
      expect(await writeCheckpoint(empty.db, none, at(0))).toBeNull();
      // nor a key: one is made to sign a line
      expect([
        fs.existsSync(none.file),
        fs.existsSync(none.keyFile),
        fs.existsSync(none.publicKeyFile),
      ]).toEqual([false, false, false]);
    } finally {
      await empty.close();
    }
  });

  it('refuses a signing key that is not the checkpoints’ own, a missing one, and a cut-short last line', async () => {
    quietLog();
    const places = newPlaces();
    const cuId = chainOf();
    await appendMany(database.db, cuId, 1);
    await writeCheckpoint(database.db, places, at(0));
    const key = fs.readFileSync(places.keyFile, 'utf8');
    await appendMany(database.db, cuId, 1);

    const other = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' });
    fs.writeFileSync(places.keyFile, other);
    await expect(writeCheckpoint(database.db, places, at(15))).rejects.toThrow(
      `the signing key ${places.keyFile} is not the one of the checkpoints in ${places.dir}`,
    );
    fs.rmSync(places.keyFile);
    await expect(writeCheckpoint(database.db, places, at(15))).rejects.toThrow(
      `the signing key ${places.keyFile} is missing, but ${places.dir} holds checkpoints signed with one`,
    );
    fs.writeFileSync(places.keyFile, key);
    fs.appendFileSync(places.file, '{"at":"2026-12-03T09:15');
    await expect(writeCheckpoint(database.db, places, at(15))).rejects.toThrow('is incomplete');
    expect(linesIn(places)).toHaveLength(1);
  });

  it('says at once in the log when a chain went back since the last checkpoint', async () => {
    const { error } = quietLog();
    const places = newPlaces();
    const cuId = chainOf();
    await appendMany(database.db, cuId, 3);
    await writeCheckpoint(database.db, places, at(0));
    const second = await entryHashAt(cuId, 2);
    await tamper(
      `delete from audit_entries where cu_id = ${cuId} and seq = 3`,
      `update audit_heads set seq = 2, hash = '${second}' where cu_id = ${cuId}`,
    );
    expect(await writeCheckpoint(database.db, places, at(15))).not.toBeNull();
    expect(error).toHaveBeenCalledWith(
      `[audit] the chain of customer ${cuId} is back at place 2, but the last checkpoint holds it at place 3: ` +
        'entries were removed (npm run audit:verify names them)',
    );
  });
});

describe('checkpoints once per interval, across processes', () => {
  it('writes one at start; a second look within the interval writes none; stopping waits for the line', async () => {
    quietLog();
    const places = newPlaces();
    const t = await testApp({ auditCheckpointDir: places.dir }, { database: { db: database.db, bus } });
    await database.db.deleteFrom('schedule_runs').where('name', '=', CHECKPOINT_SCHEDULE).execute();
    await appendMany(database.db, chainOf(), 1);

    const stop = startCheckpoints(t.deps);
    await stop();
    expect(linesIn(places)).toHaveLength(1);

    await appendMany(database.db, chainOf(), 1);
    expect(await checkpointOnce(t.deps, places)).toBe(false);
    // the interval passed (the claim's time moved back, as the database's clock moving on)
    await database.db
      .updateTable('schedule_runs')
      .set({ last_run_at: new Date(Date.now() - t.deps.config.auditCheckpointIntervalMs) })
      .where('name', '=', CHECKPOINT_SCHEDULE)
      .execute();
    expect(await checkpointOnce(t.deps, places)).toBe(true);
    expect(linesIn(places)).toHaveLength(2);
  });
});

describe('npm run audit:verify with checkpoints (verifyTrail)', () => {
  const line = async (places: CheckpointPlaces, cuId: number) =>
    (await verifyTrail(database.db, places, { cuId })).line;

  it('passes a sound trail, entries after the last checkpoint too, and counts the checkpoints', async () => {
    quietLog();
    const places = newPlaces();
    const cuId = chainOf();
    await appendMany(database.db, cuId, 2);
    await writeCheckpoint(database.db, places, at(0));
    await appendMany(database.db, cuId, 1);
    await writeCheckpoint(database.db, places, at(15));
    await appendMany(database.db, cuId, 1);
    const fingerprint = fingerprintOf(createPublicKey(fs.readFileSync(places.publicKeyFile, 'utf8')));
    expect(await verifyTrail(database.db, places, { cuId })).toEqual({
      ok: true,
      line: `audit trail intact: 4 entries in 1 chains, 2 checkpoints (key ${fingerprint})`,
    });
    // a line still being appended (no newline yet) is left to the next run
    fs.appendFileSync(places.file, '{"at":"2026-12-03T09:30');
    expect((await verifyTrail(database.db, places, { cuId })).line).toContain(', 2 checkpoints (key');
    // a folder with none yet says so
    const none = newPlaces();
    expect(await line(none, cuId)).toBe(
      `audit trail intact: 4 entries in 1 chains, no checkpoints (none in ${none.dir})`,
    );
  });

  it('catches the newest entries removed with the tip moved back to match', async () => {
    quietLog();
    const places = newPlaces();
    const cuId = chainOf();
    await appendMany(database.db, cuId, 3);
    await writeCheckpoint(database.db, places, at(0));
    const second = await entryHashAt(cuId, 2);
    await tamper(
      `delete from audit_entries where cu_id = ${cuId} and seq = 3`,
      `update audit_heads set seq = 2, hash = '${second}' where cu_id = ${cuId}`,
    );
    // the chain alone shows nothing
    expect((await verifyChains(database.db, { cuId })).broken).toBeNull();
    expect(await verifyTrail(database.db, places, { cuId })).toEqual({
      ok: false,
      line:
        `audit trail BROKEN at customer ${cuId}, place 3: checkpoint 1 (${at(0).toISOString()}) holds this place, ` +
        'but the chain ends at place 2: its newest entries were removed (2 entries in 1 chains checked before it)',
    });
  });

  it('catches a whole chain removed with its tip', async () => {
    quietLog();
    const places = newPlaces();
    const cuId = chainOf();
    await appendMany(database.db, cuId, 2);
    await writeCheckpoint(database.db, places, at(0));
    await tamper(
      `delete from audit_entries where cu_id = ${cuId}`,
      `delete from audit_heads where cu_id = ${cuId}`,
    );
    expect(await verifyChains(database.db, { cuId })).toEqual({ chains: 0, entries: 0, broken: null });
    expect(await line(places, cuId)).toBe(
      `audit trail BROKEN at customer ${cuId}, place 2: checkpoint 1 (${at(0).toISOString()}) holds the chain ` +
        'up to this place, but it has no entries: the chain was removed (0 entries in 0 chains checked before it)',
    );
  });

  it('catches a chain rewritten after a checkpoint (its newest entries replaced, the tip following)', async () => {
    quietLog();
    const places = newPlaces();
    const cuId = chainOf();
    await appendMany(database.db, cuId, 3);
    await writeCheckpoint(database.db, places, at(0));
    const first = await entryHashAt(cuId, 1);
    await tamper(
      `delete from audit_entries where cu_id = ${cuId} and seq > 1`,
      `update audit_heads set seq = 1, hash = '${first}' where cu_id = ${cuId}`,
    );
    await appendMany(database.db, cuId, 3, at(5));
    expect((await verifyChains(database.db, { cuId })).broken).toBeNull();
    expect(await line(places, cuId)).toMatch(
      new RegExp(
        `^audit trail BROKEN at entry \\d+ \\(customer ${cuId}, place 3\\): its hash is not the one ` +
          'checkpoint 1 \\(.*\\) holds: the chain was rewritten at or before this place \\(4 entries in 1 chains checked before it\\)$',
      ),
    );
  });

  it('catches a checkpoint line changed (its signature), removed from the middle or the start (prev), or the file gone', async () => {
    quietLog();
    const places = newPlaces();
    const cuId = chainOf();
    const lines: string[] = [];
    for (const minute of [0, 15, 30]) {
      await appendMany(database.db, cuId, 1);
      lines.push((await writeCheckpoint(database.db, places, at(minute))) as string);
    }
    const [l1, l2, l3] = lines as [string, string, string];
    const write = (...kept: string[]) => fs.writeFileSync(places.file, kept.map((l) => `${l}\n`).join(''));
    const brokenAt = (where: string, why: string) => ({
      ok: false,
      line: `audit checkpoints BROKEN at ${where}: ${why}`,
    });
    expect((await verifyTrail(database.db, places, { cuId })).ok).toBe(true);

    write(l1.replace(`"seq":1`, `"seq":2`), l2, l3);
    expect(await verifyTrail(database.db, places, { cuId })).toEqual(
      brokenAt(
        `line 1 of ${places.file}`,
        'its signature does not match: the line was changed, or signed by another key',
      ),
    );
    write(l1, l3);
    expect(await verifyTrail(database.db, places, { cuId })).toEqual(
      brokenAt(
        `line 2 of ${places.file}`,
        'it does not follow the line before it (prev): a line was removed, put in or changed there',
      ),
    );
    write(l2, l3);
    expect(await verifyTrail(database.db, places, { cuId })).toEqual(
      brokenAt(
        `line 1 of ${places.file}`,
        'it is the first line but follows another (prev): the lines before it were removed',
      ),
    );
    write(l1, '{"not":"a checkpoint"}');
    expect((await verifyTrail(database.db, places, { cuId })).line).toBe(
      `audit checkpoints BROKEN at line 2 of ${places.file}: it is not a checkpoint`,
    );
    fs.rmSync(places.file);
    expect(await verifyTrail(database.db, places, { cuId })).toEqual(
      brokenAt(
        places.dir,
        `${places.file} is gone, but its public key is there: the checkpoints were removed`,
      ),
    );
  });
});

describe('the CLI (npm run audit:verify, audit-key)', () => {
  it('verifies a data folder against its checkpoints, prints the public key, and names a removed chain', {
    timeout: 60_000,
  }, async () => {
    quietLog();
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-checkpoints-cli-'));
    folders.push(root);
    const dataDir = path.join(root, 'data');
    await migratedDataFolder(dataDir);
    const t = await testApp();
    const config = {
      ...t.deps.config,
      databaseUrl: undefined,
      dataDir,
      auditCheckpointDir: path.join(root, 'cp'),
    };
    const places = placesOf(config.auditCheckpointDir);
    const run = async (...argv: string[]) => {
      const lines = { out: [] as string[], err: [] as string[] };
      const io: CliIo = { config, out: (l) => lines.out.push(l), err: (l) => lines.err.push(l) };
      return { status: await runCli(argv, io), ...lines };
    };

    expect(await run('audit-key')).toMatchObject({
      status: 1,
      err: [expect.stringContaining('no public key')],
    });
    const opened = await openDatabase({ dataDir });
    try {
      await appendMany(opened.db, 5, 2);
      await appendMany(opened.db, 6, 1);
      await writeCheckpoint(opened.db, places, at(0));
    } finally {
      await opened.close();
    }
    const key = await run('audit-key');
    expect(key.status).toBe(0);
    expect(key.out.join('\n')).toBe(fs.readFileSync(places.publicKeyFile, 'utf8').trimEnd());
    expect(key.err).toEqual([expect.stringMatching(/^SHA256:[A-Za-z0-9+/]{43} \(.*public-key\.pem\)$/)]);
    const fingerprint = key.err[0]?.split(' ')[0];

    expect(await run('audit-verify')).toEqual({
      status: 0,
      out: [`audit trail intact: 3 entries in 2 chains, 1 checkpoints (key ${fingerprint})`],
      err: [],
    });
    expect((await run('audit-verify', '--what')).status).toBe(2);

    const again = await openDatabase({ dataDir });
    try {
      await sql.raw('alter table audit_entries disable trigger user').execute(again.db);
      await sql.raw('delete from audit_entries where cu_id = 6').execute(again.db);
      await sql.raw('delete from audit_heads where cu_id = 6').execute(again.db);
    } finally {
      await again.close();
    }
    expect(await run('audit-verify')).toEqual({
      status: 1,
      out: [],
      err: [
        `audit trail BROKEN at customer 6, place 1: checkpoint 1 (${at(0).toISOString()}) holds the chain up to ` +
          'this place, but it has no entries: the chain was removed (2 entries in 1 chains checked before it)',
      ],
    });
  });
});
