import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationFiles } from '../areas/index.ts';
import { type OpenedDatabase, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

/**
 * A migrated, empty PGlite data folder, made once and reused by every test that needs a fresh
 * database. A new PGlite costs about 6 CPU-seconds to create its cluster (initdb, in WebAssembly)
 * and 1 more to run the migrations; started from this template it costs about 1 (measured, see
 * docs/decisions/test-time.md). The tests that are about a first start on an empty folder do
 * not use it.
 *
 * Kept under node_modules/.cache (gone with a clean `npm ci`), named by a hash of the PGlite
 * version, server/db/database.ts (the extensions it loads) and every migration file, so a changed
 * migration makes a new one. Both forms are kept: the folder (copied into a server's DATA_DIR) and
 * PGlite's tarball of it (loaded into an in-memory database).
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const CACHE =
  process.env.LP_PGLITE_TEMPLATE_DIR || path.join(root, 'node_modules', '.cache', 'lp-portal', 'pglite');
/** A lock older than this was left by a killed process. */
const STALE_LOCK_MS = 120_000;

function templateKey(): string {
  const hash = createHash('sha256');
  hash.update(fs.readFileSync(path.join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  hash.update(fs.readFileSync(new URL('../db/database.ts', import.meta.url)));
  for (const { name, url } of migrationFiles()) {
    hash.update(name);
    hash.update(fs.readFileSync(url));
  }
  return hash.digest('hex').slice(0, 16);
}

interface Template {
  /** A data folder (PG_VERSION and all). */
  folder: string;
  /** The same folder as PGlite's `dumpDataDir` tarball. */
  tarball: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let made: Promise<Template> | undefined;

/** The template, made on first use (one process makes it while the others wait for it). */
export function pgliteTemplate(): Promise<Template> {
  made ??= (async () => {
    const key = templateKey();
    const template = { folder: path.join(CACHE, key), tarball: path.join(CACHE, `${key}.tar`) };
    const ready = () =>
      fs.existsSync(template.tarball) && fs.existsSync(path.join(template.folder, 'PG_VERSION'));
    if (ready()) return template;
    fs.mkdirSync(CACHE, { recursive: true });
    const lock = path.join(CACHE, `${key}.lock`);
    for (;;) {
      try {
        fs.mkdirSync(lock);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (ready()) return template;
        const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
        if (age > STALE_LOCK_MS) fs.rmSync(lock, { recursive: true, force: true });
        else await sleep(100);
      }
    }
    try {
      if (!ready()) await build(template);
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
    return template;
  })();
  made.catch(() => {
    made = undefined;
  });
  return made;
}

/** Makes the folder and its tarball beside their final names, then renames them into place. */
async function build(template: Template): Promise<void> {
  const work = fs.mkdtempSync(`${template.folder}-build-`);
  try {
    const data = path.join(work, 'data');
    const database = await openDatabase({ dataDir: data });
    try {
      await migrateToLatest(database.db);
      const tarball = await database.pglite!.dumpDataDir('none');
      fs.writeFileSync(path.join(work, 'data.tar'), Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await database.close();
    }
    fs.rmSync(template.folder, { recursive: true, force: true });
    fs.renameSync(data, template.folder);
    fs.renameSync(path.join(work, 'data.tar'), template.tarball);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** A fresh in-memory PGlite with the schema of today's migrations and no rows. */
export async function migratedMemoryDatabase(): Promise<OpenedDatabase> {
  const { tarball } = await pgliteTemplate();
  const database = await openDatabase({ loadDataDir: new Blob([fs.readFileSync(tarball)]) });
  // Nothing to run (the template has them all); kept so a test never runs on an older schema.
  await migrateToLatest(database.db);
  return database;
}

/** Fills `dir` (missing or empty) with a migrated data folder, as a server's DATA_DIR. */
export async function migratedDataFolder(dir: string): Promise<void> {
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new Error(`${dir} is not empty`);
  const { folder } = await pgliteTemplate();
  fs.cpSync(folder, dir, { recursive: true });
}
