import { FolderStorage } from './core/storage.ts';
import { checkSigner } from './areas/signatures/check.ts';
import { createApp } from './app.ts';
import { attachSessionCache, authenticate } from './areas/accounts/sessions.ts';
import { authenticateClient } from './areas/api-clients/bearer.ts';
import { openBus } from './core/bus.ts';
import { smsSenderFor } from './areas/accounts/sms.ts';
import type { SmsSender } from './core/sms-sender.ts';
import { productionProblems, type ServerConfig } from './config.ts';
import { type OpenedDatabase, openDatabase } from './db/database.ts';
import type { Bus } from './core/bus.ts';
import { migrateToLatest, pendingMigrations } from './db/migrate.ts';
import type { AppDeps } from './http/env.ts';
import { chatSearchOf } from './areas/chat/search-index.ts';
import { seedBase } from './seed/base.ts';
import { demoAccountsIn, demoLoginsIn, seedDemo } from './seed/demo.ts';

export interface Booted {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  database: OpenedDatabase;
  /** True when this start seeded the demo accounts. */
  seeded: boolean;
  /**
   * The demo accounts that still have their seeded password, whose logins a development start
   * prints (none in production, which refuses to start with any demo account).
   */
  demoLogins: string[];
}

export interface BootOptions {
  /** Seed the demo accounts into a database without users (`npm start` asks; never in production). */
  seedDemo?: boolean;
  /** Replaces the SMS sender the configuration picks (tests). */
  sms?: SmsSender;
  /**
   * The database was prepared by the cluster's primary (migrated, reference data written): a
   * worker only checks that no migration is pending, and never seeds.
   */
  prepared?: boolean;
}

/** Why the server will not start (printed without a stack). */
export class StartRefused extends Error {
  override name = 'StartRefused';
}

/**
 * Opens the database, migrates, writes missing reference data, seeds the demo accounts when
 * asked, and builds the app (a cluster's worker, `prepared`, only checks that the primary did the
 * first three). A production start refuses unsafe settings, a demo seed, and a
 * database that still holds the demo accounts (their passwords are public).
 */
export async function boot(config: ServerConfig, options: BootOptions = {}): Promise<Booted> {
  const problems = productionProblems(config);
  if (config.production && options.seedDemo) problems.push('demo data is never seeded in production.');
  if (problems.length) throw new StartRefused(problems.join('\n'));
  const opened = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    preparedStatements: config.databasePreparedStatements,
  });
  // The bus closes with the database (main.ts and tests close `database`).
  let bus: Bus | undefined;
  const database: OpenedDatabase = {
    ...opened,
    async close() {
      await bus?.close();
      await opened.close();
    },
  };
  try {
    if (options.prepared) {
      const pending = await pendingMigrations(database.db);
      if (pending.length) {
        throw new StartRefused(
          `the database lacks ${pending.length} migration(s) of this code (${pending[0]}…): ` +
            'the primary migrates it before the workers start; start every process from the same code.',
        );
      }
    } else {
      await migrateToLatest(database.db);
      await seedBase(database.db, {
        servicePhone: config.servicePhone,
        serviceWebsite: config.serviceWebsite,
      });
    }
    const storage = new FolderStorage(config.filesDir);
    const seeded =
      options.seedDemo && !options.prepared
        ? await seedDemo(database.db, {
            orders: { storage },
            onOrders: (s, ms) =>
              console.log(
                `Seeded the demo order data in ${(ms / 1000).toFixed(1)} s: ${s.orders} orders, ` +
                  `${s.readings} readings, ${s.trackPoints} track points, ${s.attachments} attachments.`,
              ),
          })
        : false;
    const demoAccounts = await demoAccountsIn(database.db);
    if (config.production && demoAccounts.length) {
      throw new StartRefused(
        `the database holds the demo accounts (${demoAccounts.join(', ')}), whose passwords are public: ` +
          'remove them with `npm run db:remove-demo` before a production start.',
      );
    }
    // Session changes and export jobs between the processes sharing the database (core/bus.ts).
    bus = await openBus(database, config.databaseUrl);
    attachSessionCache(database.db, bus);
    const now = () => new Date();
    const deps: AppDeps = {
      db: database.db,
      config,
      sms: options.sms ?? smsSenderFor(config, database.db, now),
      authenticate,
      authenticateClient,
      checkSigner,
      storage,
      now,
      bus,
    };
    // The chat search's index is loaded before the first request (see areas/chat/search-index.ts).
    await chatSearchOf(deps).warm();
    // Export jobs a stopped server left go on in startBackground's runner (order-exports/jobs.ts).
    const demoLogins = demoAccounts.length ? await demoLoginsIn(database.db) : [];
    return { app: createApp(deps), deps, database, seeded, demoLogins };
  } catch (error) {
    await database.close();
    throw error;
  }
}
