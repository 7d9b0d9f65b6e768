import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from './config.ts';

/**
 * `WORKERS=N` (N > 1): N server processes behind one port with node:cluster. The primary forks
 * the workers at once (they load the server's code meanwhile, then listen and answer 503),
 * prepares the database once (boot.ts: the production checks, migrations, reference data, the
 * demo seed when asked; waiting while PostgreSQL cannot be reached) and closes it; then the
 * workers boot on the prepared database and serve (server/serve-process.ts), the primary handing
 * them connections in turn. A worker that dies is started again after a back-off; while another
 * worker serves, the new one listens only once it has booted (else at once, answering 503).
 * SIGTERM or SIGINT to the primary drains every worker, and the primary exits once they are gone.
 */

/**
 * The wait before a dead worker is started again: 250 ms after its first death, doubling with
 * each death in a row up to 30 s, so that a worker that keeps ending is retried without a crash
 * loop (one that cannot reach the database does not end: it waits, answering 503). A worker that ran for a minute starts the count again.
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

/** A worker asks (once its code is loaded) and the primary answers once the database is ready. */
const ASK = 'lp:database-prepared?';
const PREPARED = 'lp:database-prepared';
/** A worker has booted on the prepared database and serves (it listened before, answering 503). */
const SERVING = 'lp:serving';

/** In a worker: resolves once the primary has prepared the database. */
export function databasePrepared(): Promise<void> {
  return new Promise((resolve) => {
    const answered = (message: unknown) => {
      if (message !== PREPARED) return;
      process.off('message', answered);
      resolve();
    };
    process.on('message', answered);
    process.send?.(ASK);
  });
}

/** In a worker: tells the primary that it serves. */
export function tellServing(): void {
  process.send?.(SERVING);
}

/** After SIGTERM, how much longer than a worker's own drain deadline the primary waits for it. */
const EXIT_GRACE_MS = 5_000;

/** The primary (main.ts has checked `workersRefusal` first). */
export async function runPrimary(config: ServerConfig, options: { seedDemo: boolean; started: number }) {
  const backoff = new RestartBackoff();
  const workers = new Map<Worker, { slot: number; startedAt: number }>();
  const restarts = new Set<NodeJS.Timeout>();
  const serving = new Set<number>();
  let ready = false;
  let stopping = false;
  let exitCode = 0;
  let prepared = false;
  const waiting = new Set<Worker>();
  let started: { seeded: boolean; demoLogins: string[] } = { seeded: false, demoLogins: [] };

  // The workers that serve now (told SERVING, not ended).
  const live = new Set<Worker>();
  // A worker listens at once (answering 503 while it boots) unless another one serves: then it
  // listens once booted, so no connection goes to it before it can answer (serve-process.ts).
  const start = (slot: number) => {
    const listen = live.size > 0 ? 'booted' : 'early';
    workers.set(cluster.fork({ LP_WORKER_SLOT: String(slot), LP_LISTEN: listen }), {
      slot,
      startedAt: Date.now(),
    });
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

  // Where the workers listen (they do at once, answering 503 until they serve).
  let listening: { address: string; port: number } | null = null;
  cluster.on('listening', (_worker, address) => {
    listening ??= { address: address.address ?? config.host, port: address.port };
  });

  cluster.on('message', (worker, message) => {
    if (message === ASK) {
      if (prepared) worker.send(PREPARED);
      else waiting.add(worker);
      return;
    }
    if (message !== SERVING) return;
    if (workers.has(worker)) live.add(worker);
    const slot = workers.get(worker)?.slot;
    if (ready || slot === undefined) return;
    serving.add(slot);
    if (serving.size < config.workers) return;
    ready = true;
    printStarted(config, {
      url: urlOf(config, listening?.address ?? config.host, listening?.port ?? config.port),
      where: `PostgreSQL (DATABASE_URL); ${config.workers} workers`,
      ms: Math.round(performance.now() - options.started),
      ...started,
    });
  });

  cluster.on('exit', (worker, code, signal) => {
    const info = workers.get(worker);
    workers.delete(worker);
    live.delete(worker);
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

  const { bootWhenReachable, printStarted, urlOf } = await import('./serve-process.ts');
  // While PostgreSQL cannot be reached this waits for it; the workers listen meanwhile and answer 503.
  const { database, seeded, demoLogins } = await bootWhenReachable(
    config,
    { seedDemo: options.seedDemo },
    (line) => console.log(`Primary (pid ${process.pid}): ${line}`),
  );
  // The primary serves nothing: the workers open their own pools.
  await database.close();
  started = { seeded, demoLogins };
  prepared = true;
  for (const worker of waiting) if (workers.has(worker)) worker.send(PREPARED);
  waiting.clear();
}
