// `npm test`'s postgres step: the server's DATABASE_URL path (server/**/*.pg.test.ts) against a
// real PostgreSQL: a throw-away cluster (scripts/postgres.mjs), or TEST_DATABASE_URL when given
// (an empty database: the tests migrate and seed it). It runs under the newest Node 26
// (scripts/vitest-on-release.mjs), as vitest's step runs the rest under 24: each suite once, on a
// release people deploy (docs/decisions/node-releases.md). `node scripts/test-postgres.mjs 24`
// takes another major.
import { spawnSync } from 'node:child_process';
import { startThrowawayPostgres } from './postgres.mjs';

let server = null;
let url = process.env.TEST_DATABASE_URL;
try {
  if (!url) {
    server = await startThrowawayPostgres();
    url = server.url;
  }
  console.log(`PostgreSQL for the tests: ${url}`);
  const major = process.argv[2] ?? '26';
  const run = spawnSync('node', ['scripts/vitest-on-release.mjs', major, '--config', 'vitest.pg.config.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url },
  });
  process.exitCode = run.status ?? 1;
} catch (error) {
  // `  error: ` lines: scripts/test.mjs repeats them under its summary (failure-lines.mjs).
  const message = error instanceof Error ? error.message : String(error);
  console.error(message.replace(/^/gm, '  error: '));
  process.exitCode = 1;
} finally {
  await server?.stop();
}
