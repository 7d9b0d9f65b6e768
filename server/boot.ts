import { createApp } from './app.ts';
import type { ServerConfig } from './config.ts';
import { type OpenedDatabase, openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import type { AppDeps } from './http/env.ts';
import { seedDemo } from './seed/demo.ts';
import { chatSearchOf } from './services/chat-search-index.ts';
import { OutboxSmsSender } from './services/sms.ts';

export interface Booted {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: OpenedDatabase;
  seeded: boolean;
}

/**
 * Opens the database, migrates, seeds demo data into an empty database, loads the chat search's
 * index and builds the app.
 */
export async function boot(config: ServerConfig, options: { seed?: boolean } = {}): Promise<Booted> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const seeded =
    options.seed === false
      ? false
      : await seedDemo(database.db, {
          servicePhone: config.servicePhone,
          serviceWebsite: config.serviceWebsite,
        });
  const deps: AppDeps = {
    db: database.db,
    config,
    sms: new OutboxSmsSender(database.db),
    now: () => new Date(),
  };
  // The chat search's index is loaded before the first request (see chat-search-index.ts).
  await chatSearchOf(deps).warm();
  return { app: createApp(deps), deps, database, seeded };
}
