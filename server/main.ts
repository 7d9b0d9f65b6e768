import { serve } from '@hono/node-server';
import { boot } from './boot.ts';
import { loadConfig } from './config.ts';
import { DEMO_LOGINS } from './seed/demo.ts';

const started = performance.now();
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(`Not starting: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const { app, database, seeded } = await boot(config);

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const url = `http://${info.address === '::1' ? 'localhost' : info.address}:${info.port}`;
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(
    `LP customer portal on ${url}  (${where}; ready in ${Math.round(performance.now() - started)} ms)`,
  );
  if (seeded) console.log('Seeded the demo data into the empty database.');
  console.log('Demo logins:');
  for (const { username, password } of DEMO_LOGINS) console.log(`  ${username.padEnd(8)} ${password}`);
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  console.log(`\n${signal}: closing the server and the database…`);
  server.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
