import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from './config.ts';
import { bootOrExit, printStarted, urlOf } from './serve-process.ts';

/**
 * `WORKERS=N` (N > 1): N server processes behind one port with node:cluster. The primary
 * prepares the database once (boot.ts: the production checks, migrations, reference data, the
 * demo seed when asked), closes it, and forks; the workers serve (server/serve-process.ts) and
 * the primary hands them connections in turn. A worker that dies is started again after a
 * back-off; SIGTERM or SIGINT to the primary drains every worker, and the primary exits once
 * they are gone.
 */

/** Why `WORKERS` cannot be used with these settings (a sentence to print), or null. */
export function workersRefusal(config: ServerConfig): string | null {
  if (config.workers > 1 && !config.databaseUrl) {
    return (
      `WORKERS=${config.workers} needs PostgreSQL: the embedded database (PGlite, used without DATABASE_URL) ` +
      'belongs to one process. Set DATABASE_URL to a PostgreSQL server, or run one process (WORKERS=1).'
    );
  }
  return null;
}

/**
 * The wait before a dead worker is started again: 250 ms after its first death, doubling with
 * each death in a row up to 30 s, so that a worker that cannot start (the database unreachable)
 * is retried without a crash loop. A worker that ran for a minute starts the count again.
 */
export class RestartBackoff {
  readonly #inARow = new Map<number, number>();
  constructor(
    private readonly firstMs = 250,
    private readonly maxMs = 30_000,
    private readonly healthyMs = 60_000,
  ) {}

  /** The wait before slot's next start, its process having run `ranMs`. */
  next(slot: number, ranMs: number): number {
    const n = ranMs >= this.healthyMs ? 0 : (this.#inARow.get(slot) ?? 0);
    this.#inARow.set(slot, n + 1);
    return Math.min(this.maxMs, this.firstMs * 2 ** n);
  }
}

/** After SIGTERM, how much longer than a worker's own drain deadline the primary waits for it. */
const EXIT_GRACE_MS = 5_000;

export async function runPrimary(config: ServerConfig, options: { seedDemo: boolean; started: number }) {
  const refusal = workersRefusal(config);
  if (refusal) {
    console.error(`The server will not start:\n${refusal}`);
    process.exit(1);
  }
  const { database, seeded, demoAccounts } = await bootOrExit(config, options.seedDemo);
  // The primary serves nothing: the workers open their own pools.
  await database.close();

  const backoff = new RestartBackoff();
  const workers = new Map<Worker, { slot: number; startedAt: number }>();
  const restarts = new Set<NodeJS.Timeout>();
  const serving = new Set<number>();
  let ready = false;
  let stopping = false;
  let exitCode = 0;

  const start = (slot: number) => {
    workers.set(cluster.fork({ LP_WORKER_SLOT: String(slot) }), { slot, startedAt: Date.now() });
  };

  function stop(signal: NodeJS.Signals, code = 0): void {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of restarts) clearTimeout(timer);
    if (workers.size === 0) process.exit(exitCode);
    console.log(`${signal}: draining ${workers.size} worker(s)…`);
    // (a terminal's Ctrl-C reaches the workers too: they drain once)
    for (const worker of workers.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      console.error(
        `Workers still running ${config.drainTimeoutMs + EXIT_GRACE_MS} ms after ${signal}: killed.`,
      );
      for (const worker of workers.keys()) worker.process.kill('SIGKILL');
      exitCode = 1;
    }, config.drainTimeoutMs + EXIT_GRACE_MS).unref();
  }

  cluster.on('listening', (worker, address) => {
    const slot = workers.get(worker)?.slot;
    if (ready || slot === undefined) return;
    serving.add(slot);
    if (serving.size < config.workers) return;
    ready = true;
    printStarted(config, {
      url: urlOf(config, address.address ?? config.host, address.port),
      where: `PostgreSQL (DATABASE_URL); ${config.workers} workers`,
      ms: Math.round(performance.now() - options.started),
      seeded,
      demoAccounts,
    });
  });

  cluster.on('exit', (worker, code, signal) => {
    const info = workers.get(worker);
    workers.delete(worker);
    if (!info) return;
    if (stopping) {
      if (workers.size === 0) process.exit(exitCode);
      return;
    }
    const how = signal ? `killed by ${signal}` : `exit code ${code}`;
    const pid = worker.process.pid;
    if (!ready) {
      console.error(
        `The server will not start: worker ${info.slot} (pid ${pid}) ended (${how}) before serving.`,
      );
      stop('SIGTERM', 1);
      return;
    }
    const delay = backoff.next(info.slot, Date.now() - info.startedAt);
    console.error(`Worker ${info.slot} (pid ${pid}) ended (${how}); starting it again in ${delay} ms.`);
    const timer = setTimeout(() => {
      restarts.delete(timer);
      start(info.slot);
    }, delay);
    restarts.add(timer);
  });

  for (let slot = 1; slot <= config.workers; slot++) start(slot);
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
