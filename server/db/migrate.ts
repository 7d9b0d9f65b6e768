import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as accounts from './migrations/2026-11-22T0001-accounts.ts';
import * as menuTelemetry from './migrations/2026-11-22T0002-menu-telemetry.ts';
import * as chat from './migrations/2026-11-22T0003-chat.ts';
import * as loginDelays from './migrations/2026-11-22T0004-login-delays.ts';

/**
 * Migrations in order. They are listed here (not read from the folder) so that the same list
 * works from source, from a bundle and in tests; names are timestamps so they sort.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-22T0001-accounts': accounts,
  '2026-11-22T0002-menu-telemetry': menuTelemetry,
  '2026-11-22T0003-chat': chat,
  '2026-11-22T0004-login-delays': loginDelays,
};

class ListProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/** Brings the database to the newest schema; throws with the failing migration's name. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new ListProvider() });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
