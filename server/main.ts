import { readFileSync } from 'node:fs';
import { createServer as createHttpsServer } from 'node:https';
import { serve } from '@hono/node-server';
import { boot, StartRefused } from './boot.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { startBackground } from './background.ts';
import { DEMO_LOGINS } from './seed/demo.ts';

/**
 * The server process: `node --import tsx server/main.ts [--seed-demo]`. `npm start` passes
 * `--seed-demo` (demo accounts into an empty development database); a production start never
 * seeds, never prints a password, and refuses while the demo accounts exist (boot.ts).
 */
const started = performance.now();
let config: ServerConfig;
try {
  config = loadConfig();
} catch (error) {
  console.error(`The server will not start:\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const seedDemo = process.argv.includes('--seed-demo');

let booted: Awaited<ReturnType<typeof boot>>;
try {
  booted = await boot(config, { seedDemo });
} catch (error) {
  if (!(error instanceof StartRefused)) throw error;
  console.error(`The server will not start:\n${error.message}`);
  process.exit(1);
}
const { app, deps, database, seeded, demoAccounts } = booted;
// Expired idempotency keys, old exports… (server/background.ts).
const background = startBackground(deps);

const tls = config.tls
  ? {
      createServer: createHttpsServer,
      serverOptions: { cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) },
    }
  : {};
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, ...tls }, (info) => {
  const scheme = config.tls ? 'https' : 'http';
  const url = `${scheme}://${info.address === '::1' ? 'localhost' : info.address}:${info.port}`;
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(
    `LP customer portal on ${url}  (${config.mode}; ${where}; ready in ${Math.round(performance.now() - started)} ms)`,
  );
  if (seeded) console.log('Seeded the demo accounts into the empty database.');
  if (!config.production && demoAccounts.length) {
    console.log('Demo logins:');
    for (const { username, password } of DEMO_LOGINS) {
      if (demoAccounts.includes(username)) console.log(`  ${username.padEnd(8)} ${password}`);
    }
  }
  if (!config.integrationSecret) {
    console.log('INTEGRATION_SECRET is not set: the integration calls (other provider systems) are closed.');
  }
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.log(`\n${signal}: closing the server and the database…`);
  await background.stop();
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
