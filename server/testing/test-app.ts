import { randomBytes } from 'node:crypto';
import { checkSigner } from '../areas/signatures/check.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type FileStorage, FolderStorage } from '../core/storage.ts';
import { createApp } from '../app.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { migratedMemoryDatabase } from './pglite-template.ts';
import type { AppDeps } from '../http/env.ts';
import type { Route } from '../http/route.ts';
import { seedBase } from '../seed/base.ts';
import { dailyCapped, OutboxSmsSender } from '../areas/accounts/sms.ts';
import { attachSessionCache, authenticate } from '../areas/accounts/sessions.ts';
import { authenticateClient } from '../areas/api-clients/bearer.ts';
import { type Bus, openBus } from '../core/bus.ts';
import { perAddressOf } from '../http/busy-answer.ts';
import { type ServingOptions, startServing } from '../serving.ts';

/**
 * One in-memory PGlite per test worker (a fresh instance costs seconds and hundreds of MB):
 * migrated once with the reference data (groups, menu, knowledge base) and no accounts, shared by
 * the worker's test files. Tests make their own users and customers with unique names (see
 * fixtures.ts) so they never depend on each other.
 */
const KEY = Symbol.for('lp.test.database');
type Holder = { [KEY]?: Promise<OpenedDatabase & { bus: Bus }> };

/** One storage folder per test worker, removed when the worker ends. */
let storage: FolderStorage | undefined;
export function testStorage(): FolderStorage {
  if (!storage) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-test-files-'));
    process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
    storage = new FolderStorage(dir);
  }
  return storage;
}

/** A storage folder of the caller's own, removed when the worker ends. */
export function tempStorage(): FolderStorage {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-test-files-'));
  process.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return new FolderStorage(dir);
}

/** The worker's database with its bus (PGlite's listener) and session cache, as a server has. */
export function testDatabase(): Promise<OpenedDatabase & { bus: Bus }> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const database = await migratedMemoryDatabase();
    await seedBase(database.db, { servicePhone: '400-000-0000', serviceWebsite: 'https://example.test' });
    const bus = await openBus(database, undefined);
    attachSessionCache(database.db, bus);
    return { ...database, bus };
  })();
  return holder[KEY];
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  /**
   * The client address the server sees for this app's calls (as the socket's peer) when a call
   * names none: one of its own (10.x.y.z), so that what one test's calls count per address
   * (rate limits, failed logins over all usernames) never reaches another test's.
   */
  address: string;
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
      /** The client address the server sees (as the socket's); the app's `address` when left out. */
      ip?: string;
    },
  ): Promise<CallAnswer<T>>;
}

/** What `TestApp.call` answers: the envelope's parts, the HTTP status and the headers. */
export interface CallAnswer<T> {
  status: number;
  code: number;
  message: string;
  data: T;
  headers: Headers;
}

/**
 * The real app over the worker's database. `routes` replaces the areas' routes (tests of the HTTP
 * layer mount probe operations). `call()` sends `Accept-Language: en` unless a test says otherwise,
 * so assertions read in English; the server's default language is zh-CN.
 */
export async function testApp(
  overrides: Partial<ServerConfig> = {},
  options: {
    routes?: readonly Route[];
    /** Another database than the worker's PGlite (a `*.pg.test.ts` file's PostgreSQL: pg-database.ts). */
    database?: { db: OpenedDatabase['db']; bus: Bus };
    /** Another storage than the worker's folder (a test that counts or sweeps stored files: `tempStorage`). */
    storage?: FileStorage;
  } = {},
): Promise<TestApp> {
  const { db, bus } = options.database ?? (await testDatabase());
  let offset = 0;
  // Per-address limits are off unless a test turns them on (`testApp({ rateLimits: true })`), and
  // each app calls from an address of its own; answers are checked against their contract schemas.
  const config: ServerConfig = {
    ...loadConfig({ NODE_ENV: 'test' }),
    distDir: '/nonexistent-dist',
    rateLimits: false,
    ...overrides,
  };
  const now = () => new Date(Date.now() + offset);
  const deps: AppDeps = {
    db,
    config,
    sms: dailyCapped(new OutboxSmsSender(db), db, now),
    authenticate,
    authenticateClient,
    checkSigner,
    storage: options.storage ?? testStorage(),
    now,
    bus,
  };
  const app = options.routes ? createApp(deps, options.routes) : createApp(deps);
  const [b, c, d] = randomBytes(3);
  const address = `10.${b}.${c}.${d}`;
  return {
    app,
    deps,
    address,
    advance(ms) {
      offset += ms;
    },
    async call(path, init = {}) {
      const method = init.method ?? (init.body === undefined && init.raw === undefined ? 'GET' : 'POST');
      const qs = init.query ? `?${new URLSearchParams(init.query)}` : '';
      const headers: Record<string, string> = { 'accept-language': 'en', ...lowerKeys(init.headers) };
      if (init.token) headers['x-token'] = init.token;
      let body: string | undefined;
      if (init.raw !== undefined) body = init.raw;
      else if (init.body !== undefined) body = JSON.stringify(init.body);
      if (body !== undefined) headers['content-type'] ??= 'application/json';
      const res = await app.request(
        `/api/${path}.html${qs}`,
        { method, headers, ...(body !== undefined ? { body } : {}) },
        socketFrom(init.ip ?? address),
      );
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

/** The Node bindings `getConnInfo` reads the client address from (server/http/client-ip.ts). */
export const socketFrom = (ip: string) => ({
  incoming: { socket: { remoteAddress: ip, remotePort: 40000 } },
});

const lowerKeys = (headers: Record<string, string> = {}) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));

/** A short unique suffix for fixture names. */
export const unique = (prefix = 't') => `${prefix}${randomBytes(5).toString('hex')}`;

/**
 * Lingering bounds no busy machine reaches (a test of what a client reads, not of the bounds, which
 * server/serving.test.ts tests with bounds of its own): a starved test process must not cut a
 * client that is still sending.
 */
export const UNHURRIED_LINGER = { totalMs: 120_000, idleMs: 60_000, maxBytes: 64 * 1024 * 1024 };

/** A test app served on a free local port (a real socket: CLIs, keep-alive clients). */
export interface ServedTestApp {
  port: number;
  url: string;
  close(): Promise<void>;
}

export async function serveTestApp(
  t: TestApp,
  options: { host?: string; linger?: ServingOptions['linger'] } = {},
): Promise<ServedTestApp> {
  // The server as `npm start` serves (server/serving.ts: timeouts, the per-address cap, lingering
  // close); the global Response of the other test files in this worker is kept.
  const config = t.deps.config;
  const serving = await startServing(t.app.fetch, {
    port: 0,
    host: options.host ?? '127.0.0.1',
    tls: null,
    headersTimeoutMs: config.headersTimeoutMs,
    perAddress: perAddressOf(config),
    ...(options.linger ? { linger: options.linger } : {}),
    overrideGlobalObjects: false,
  });
  const { port } = serving.address;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await serving.drain(1_000);
    },
  };
}
