import cluster from 'node:cluster';
import { runPrimary } from './cluster.ts';
import { loadConfig, type ServerConfig } from './config.ts';
import { serveProcess } from './serve-process.ts';

/**
 * The server process: `node --import tsx server/main.ts [--seed-demo]`. `npm start` passes
 * `--seed-demo` (demo accounts into an empty development database); a production start never
 * seeds, never prints a password, and refuses while the demo accounts exist (boot.ts).
 * `WORKERS=N` (N > 1, PostgreSQL only) makes this the primary of N serving processes
 * (server/cluster.ts); each of them runs this file again as a worker.
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

if (cluster.isWorker) {
  // The primary prepared the database (and seeded it when asked).
  const worker = `Worker ${process.env.LP_WORKER_SLOT ?? cluster.worker?.id} (pid ${process.pid})`;
  await serveProcess(config, { seedDemo: false, worker, started });
} else if (config.workers > 1) {
  await runPrimary(config, { seedDemo, started });
} else {
  await serveProcess(config, { seedDemo, worker: null, started });
}
