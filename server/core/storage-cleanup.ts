import { isDatabaseUnavailable } from '../db/database.ts';
import type { DB } from '../db/database.ts';
import type { FileStorage } from './storage.ts';

/**
 * Stored bytes are removed only when no committed row names them: a failed call's upload is
 * checked against the database first, and what cannot be checked now (the database is away, the
 * outcome of a commit is unknown) is left to the orphan sweep, which removes bytes that no row
 * names a day after they were written (docs/decisions/lock-order.md, "Bytes and rows").
 */

/** The columns that name stored files. A table that keeps a storage key is added here. */
export const STORAGE_KEY_COLUMNS = [
  { table: 'files', column: 'storage_key' },
  { table: 'export_jobs', column: 'storage_key' },
] as const;

/** Bytes no row names are removed this long after they were last written. */
export const ORPHAN_AGE_MS = 24 * 3_600_000;

/** Removes `key`'s bytes; a failure is logged, not thrown (the orphan sweep tries again). */
export async function removeQuietly(storage: FileStorage, key: string): Promise<void> {
  try {
    await storage.remove(key);
  } catch (error) {
    console.warn(
      `[storage] ${key} stays for the orphan sweep:`,
      error instanceof Error ? error.message : error,
    );
  }
}

/** The keys among `keys` that a row names. */
async function named(db: DB, keys: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (keys.length === 0) return out;
  for (const { table, column } of STORAGE_KEY_COLUMNS) {
    const rows = await db.selectFrom(table).select(`${column} as key`).where(column, 'in', keys).execute();
    for (const row of rows) if (row.key) out.add(row.key);
  }
  return out;
}

/**
 * The bytes of an upload whose call failed (`error`): removed unless a committed row names them.
 * When the database cannot answer, or the failure is the database's own (a commit may have
 * happened), the bytes stay for the orphan sweep.
 */
export async function discardUpload(
  db: DB,
  storage: FileStorage,
  key: string,
  error: unknown,
): Promise<void> {
  if (isDatabaseUnavailable(error)) return;
  let kept: boolean;
  try {
    kept = (await named(db, [key])).has(key);
  } catch {
    return;
  }
  if (!kept) await removeQuietly(storage, key);
}

/**
 * The orphan sweep (an hourly chore): removes stored bytes last written more than ORPHAN_AGE_MS
 * before `now` that no row names, checked in batches of 500. Answers how many went.
 */
export async function sweepOrphans(db: DB, storage: FileStorage, now: Date): Promise<number> {
  let removed = 0;
  let batch: string[] = [];
  const sweep = async () => {
    const kept = await named(db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await removeQuietly(storage, key);
      removed++;
    }
    batch = [];
  };
  for await (const key of storage.keysBefore(new Date(now.getTime() - ORPHAN_AGE_MS))) {
    batch.push(key);
    if (batch.length >= 500) await sweep();
  }
  await sweep();
  return removed;
}
