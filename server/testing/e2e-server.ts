import fs from 'node:fs';
import { loadConfig } from '../config.ts';
import { serveProcess } from '../serve-process.ts';
import { migratedDataFolder } from './pglite-template.ts';
import { withTenantCall } from './tenant-call.ts';

/**
 * The end-to-end tests' server (playwright.config.ts runs it from its bundle, scripts/server-bundle.mjs).
 * It fills an empty `DATA_DIR` with the migrated template (pglite-template.ts: no cluster to
 * create), serves the portal as `npm start` does but without the demo set of `--seed-demo` (no
 * test signs in as the shared demo users: 2.7 s less before the first test), and answers one call more,
 * `POST /__e2e/tenant` (tenant-call.ts): each test's demo set of its own, behind
 * INTEGRATION_SECRET. It refuses to start in production or without the secret. Never part of
 * `npm start`: only this file mounts the call.
 */
const started = performance.now();
const config = loadConfig();
const secret = config.integrationSecret;
if (config.production || !secret) {
  console.error('e2e-server: for tests only (NODE_ENV=test), with INTEGRATION_SECRET set');
  process.exit(1);
}
if (process.env.REMOVE_DATA_DIR_ON_EXIT === '1') {
  // a throw-away folder of this run (playwright.config.ts made it): gone when the server exits
  const dir = config.dataDir;
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
}
await migratedDataFolder(config.dataDir);
await serveProcess(config, {
  seedDemo: false,
  worker: null,
  started,
  serve: (booted) => withTenantCall(booted.app, booted.deps, secret).fetch,
});
