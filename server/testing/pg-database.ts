import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { attachSessionCache } from '../areas/accounts/sessions.ts';
import { type Bus, openBus } from '../core/bus.ts';
import { type OpenedDatabase, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedBase } from '../seed/base.ts';

/**
 * The PostgreSQL server a `*.pg.test.ts` file runs against: DATABASE_URL, which vitest's postgres
 * project sets (scripts/postgres-setup.mjs starts a throw-away cluster). Without it the file fails at
 * once with a sentence saying how to run it, rather than on a connection error.
 */
export function postgresServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error(
      'DATABASE_URL is not set: run these as the postgres project of vitest (npx vitest run --project postgres)',
    );
  return url;
}

/**
 * A database of its own on the PostgreSQL server of DATABASE_URL (the postgres step's throw-away
 * cluster): for `*.pg.test.ts` files that need an empty database (a first migration, several app
 * instances, faults). `drop()` removes it, ending any connection left to it.
 */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A fresh database on the PostgreSQL server of DATABASE_URL, migrated with the reference data and
 * opened as a server opens it (its pool, its bus, the session cache): pass it to `testApp` as
 * `database`. `close()` closes it and drops the database.
 */
export async function migratedPostgres(
  serverUrl: string,
): Promise<OpenedDatabase & { bus: Bus; url: string; close(): Promise<void> }> {
  const fresh = await freshDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: fresh.url });
  await migrateToLatest(database.db);
  await seedBase(database.db, { servicePhone: '400-000-0000', serviceWebsite: 'https://example.test' });
  const bus = await openBus(database, fresh.url);
  attachSessionCache(database.db, bus);
  return {
    ...database,
    bus,
    url: fresh.url,
    async close() {
      await bus.close();
      await database.close();
      await fresh.drop();
    },
  };
}
