import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.ts';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;

export interface OpenedDatabase {
  db: DB;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir` (or memory). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string;
}): Promise<OpenedDatabase> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  // pg_trgm and btree_gin: the order list's keyword search (a trigram index over the searchable
  // text that leads with the customer).
  const extensions = { pg_trgm, btree_gin };
  const pglite = await PGlite.create(
    options.dataDir ? { dataDir: options.dataDir, extensions } : { extensions },
  );
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
