import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import { migrationFiles } from '../areas/index.ts';

/**
 * Every area's migrations (`server/areas/<area>/migrations/<timestamp>-<name>.ts`, found by
 * name), in the order of their timestamped names. Names are unique across areas.
 */
export async function loadMigrations(): Promise<Record<string, Migration>> {
  const out: Record<string, Migration> = {};
  for (const { name, load } of migrationFiles()) {
    if (out[name]) throw new Error(`two migrations are named ${name}`);
    out[name] = (await load()) as Migration;
  }
  return out;
}

class AreaProvider implements MigrationProvider {
  getMigrations() {
    return loadMigrations();
  }
}

/** Brings the database to the newest schema; throws with the failing migration's name. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new AreaProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    // (the cause says whether the database was away: a start waits for it, see serve-process.ts)
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The migrations this code has that the database has not run (none on a prepared database). */
export async function pendingMigrations<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new AreaProvider() });
  return (await migrator.getMigrations()).filter((m) => !m.executedAt).map((m) => m.name);
}
