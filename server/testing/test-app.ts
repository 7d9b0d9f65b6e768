import { randomBytes } from 'node:crypto';
import { createApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { type OpenedDatabase, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { AppDeps } from '../http/env.ts';
import { seedDemo } from '../seed/demo.ts';
import { OutboxSmsSender } from '../services/sms.ts';

/**
 * One in-memory PGlite per test worker (a fresh instance costs seconds and hundreds of MB):
 * migrated and seeded once, shared by the worker's test files. Tests make their own users and
 * customers with unique names (see fixtures.ts) so they never depend on each other.
 */
const KEY = Symbol.for('lp.test.database');
type Holder = { [KEY]?: Promise<OpenedDatabase> };

export function testDatabase(): Promise<OpenedDatabase> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const database = await openDatabase({});
    await migrateToLatest(database.db);
    await seedDemo(database.db, { servicePhone: '400-000-0000', serviceWebsite: 'https://example.test' });
    return database;
  })();
  return holder[KEY];
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  /** Moves the app's clock forward (sessions, captchas, codes expire by it). */
  advance(ms: number): void;
  /** Calls the API: `call('user/login', {body})` → the parsed envelope and the HTTP status. */
  call<T = unknown>(
    path: string,
    init?: {
      method?: string;
      body?: unknown;
      token?: string;
      query?: Record<string, string>;
      headers?: Record<string, string>;
      raw?: string;
    },
  ): Promise<{ status: number; code: number; message: string; data: T; headers: Headers }>;
}

export async function testApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const { db } = await testDatabase();
  let offset = 0;
  const config: ServerConfig = { ...loadConfig({}), distDir: '/nonexistent-dist', ...overrides };
  const deps: AppDeps = {
    db,
    config,
    sms: new OutboxSmsSender(db, () => {}),
    now: () => new Date(Date.now() + offset),
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    advance(ms) {
      offset += ms;
    },
    async call(path, init = {}) {
      const method = init.method ?? (init.body === undefined && init.raw === undefined ? 'GET' : 'POST');
      const qs = init.query ? `?${new URLSearchParams(init.query)}` : '';
      const headers: Record<string, string> = { ...init.headers };
      if (init.token) headers['X-Token'] = init.token;
      let body: string | undefined;
      if (init.raw !== undefined) body = init.raw;
      else if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await app.request(`/api/${path}.html${qs}`, {
        method,
        headers,
        ...(body !== undefined ? { body } : {}),
      });
      const json = (await res.json()) as { code: number; message: string; data: never };
      return {
        status: res.status,
        code: json.code,
        message: json.message,
        data: json.data,
        headers: res.headers,
      };
    },
  };
}

/** A short unique suffix for fixture names. */
export const unique = (prefix = 't') => `${prefix}${randomBytes(5).toString('hex')}`;
