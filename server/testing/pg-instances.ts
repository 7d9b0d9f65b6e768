import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { closeHub } from '../areas/live/hub.ts';
import { type Background, startBackground } from '../background.ts';
import { type Booted, boot } from '../boot.ts';
import { loadConfig, type ServerConfig } from '../config.ts';
import { freshDatabase, postgresServerUrl } from './pg-database.ts';
import { socketFrom } from './test-app.ts';

/**
 * Server processes on one PostgreSQL, in one test process: `boot()` instances, each with its own
 * pool, bus, session cache, hub and (when asked) background work, as processes have
 * (server/multi-process.pg.test.ts, server/areas/live/live.pg.test.ts).
 */
export interface Instance extends Booted {
  background: Background;
  /** The client address its calls come from when they name none (as the socket's). */
  address: string;
  /** Calls the API: `call('user/login', { body })` → the envelope and the HTTP status. */
  call<T = unknown>(
    name: string,
    init?: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string },
  ): Promise<{ status: number; code: number; message: string; data: T }>;
  /** Stops its background work, its hub and its pool. */
  close(): Promise<void>;
}

export interface InstanceOptions {
  /** The files folder, shared by the instances as processes share it (docs/deploy.md). */
  filesDir: string;
  /** Rate limits, counted in the database (off unless asked). */
  rateLimits?: boolean;
  /** The background work a server process runs (server/background.ts): off unless asked. */
  background?: boolean;
  /** The live stream's settings, over the defaults. */
  live?: Partial<ServerConfig['live']>;
  /** The address its calls come from (10.0.0.1 unless told). */
  address?: string;
}

/** A server process's worth on the database of `url`. */
export async function startInstance(url: string, options: InstanceOptions): Promise<Instance> {
  const base = loadConfig({ DATABASE_URL: url, NODE_ENV: 'test' });
  const config: ServerConfig = {
    ...base,
    distDir: '/nonexistent-dist',
    filesDir: options.filesDir,
    rateLimits: options.rateLimits ?? false,
    live: { ...base.live, ...options.live },
  };
  const booted = await boot(config);
  const background = options.background ? startBackground(booted.deps) : { stop: async () => {} };
  const address = options.address ?? '10.0.0.1';
  return {
    ...booted,
    background,
    address,
    async call(name, init = {}) {
      const res = await booted.app.request(
        `/api/${name}.html`,
        {
          method: init.body === undefined ? 'GET' : 'POST',
          headers: {
            'accept-language': 'en',
            ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(init.token ? { 'x-token': init.token } : {}),
            ...init.headers,
          },
          ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        },
        socketFrom(init.ip ?? address),
      );
      const json = (await res.json()) as { code: number; message: string; data: never };
      return { status: res.status, ...json };
    },
    async close() {
      await background.stop();
      closeHub(booted.deps.db);
      await booted.database.close();
    },
  };
}

/**
 * Two server processes (`a`, `b`) on one fresh database of the PostgreSQL server the postgres
 * project runs against, for a test file: made before its tests, closed after them with the
 * database dropped and the files folder removed. `start` makes another on the same folder (on
 * that database unless told `url`), which its test closes.
 */
export function twoInstances(options: Omit<InstanceOptions, 'filesDir'> & { filesPrefix: string }) {
  const { filesPrefix, ...shared } = options;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), filesPrefix));
  let database: { url: string; drop(): Promise<void> } | undefined;
  let a: Instance | undefined;
  let b: Instance | undefined;
  const started = (name: string, instance: Instance | undefined) => {
    if (!instance) throw new Error(`instance ${name} is not started: use it inside a test`);
    return instance;
  };
  beforeAll(async () => {
    database = await freshDatabase(postgresServerUrl());
    a = await startInstance(database.url, { ...shared, filesDir });
    b = await startInstance(database.url, { ...shared, filesDir });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });
  return {
    get a() {
      return started('a', a);
    },
    get b() {
      return started('b', b);
    },
    start(more: Partial<InstanceOptions> & { url?: string } = {}): Promise<Instance> {
      const { url, ...rest } = more;
      const on = url ?? database?.url;
      if (!on) throw new Error('the database is not made yet: start instances inside a test');
      return startInstance(on, { ...shared, filesDir, ...rest });
    },
  };
}
