import cluster from 'node:cluster';
import { loadConfig, productionProblems, type ServerConfig, workersRefusal } from './config.ts';

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
  // (boot.ts checks the production settings again, with what only the database tells)
  const problems = [workersRefusal(config), ...productionProblems(config)].filter((p) => p !== null);
  if (problems.length) throw new Error(problems.join('\n'));
} catch (error) {
  console.error(`The server will not start:\n${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const seedDemo = process.argv.includes('--seed-demo');
// (the server's code is loaded after the settings are checked: a refused start says why at once)
if (cluster.isWorker) {
  const { serveProcess } = await import('./serve-process.ts');
  const { databasePrepared, tellServing } = await import('./cluster.ts');
  const worker = `Worker ${process.env.LP_WORKER_SLOT ?? cluster.worker?.id} (pid ${process.pid})`;
  // It listens at once (503), and boots once the primary has prepared the database (and seeded it
  // when asked) while this loaded its code.
  await serveProcess(config, {
    seedDemo: false,
    worker,
    started,
    prepared: databasePrepared,
    onServing: tellServing,
    // (a worker started again while others serve listens once booted: cluster.ts)
    listenEarly: process.env.LP_LISTEN !== 'booted',
  });
} else if (config.workers > 1) {
  const { runPrimary } = await import('./cluster.ts');
  await runPrimary(config, { seedDemo, started });
} else {
  const { serveProcess } = await import('./serve-process.ts');
  await serveProcess(config, { seedDemo, worker: null, started });
}
