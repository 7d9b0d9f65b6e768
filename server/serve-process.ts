import { readFileSync } from 'node:fs';
import { type Background, startBackground } from './background.ts';
import { type BootOptions, type Booted, boot, StartRefused } from './boot.ts';
import type { ServerConfig } from './config.ts';
import { isDatabaseUnavailable } from './db/database.ts';
import { DEMO_LOGINS } from './seed/demo.ts';
import { perAddressOf } from './http/busy-answer.ts';
import { startServing } from './serving.ts';
import { endStreams } from './areas/live/stream.ts';
import { createWaitingApp } from './waiting-app.ts';

export type Fetch = Parameters<typeof startServing>[0];

/** What a start prints once the portal listens (one process, or the cluster's primary). */
export interface StartReport {
  url: string;
  /** Where the data is, and how many processes serve. */
  where: string;
  ms: number;
  seeded: boolean;
  /** The demo accounts with their seeded password (printed with it in development). */
  demoLogins: string[];
}

export function printStarted(config: ServerConfig, report: StartReport): void {
  console.log(
    `LP customer portal on ${report.url}  (${config.mode}; ${report.where}; ready in ${report.ms} ms)`,
  );
  if (report.seeded) console.log('Seeded the demo accounts into the empty database.');
  if (!config.production && report.demoLogins.length) {
    console.log('Demo logins:');
    for (const { username, password } of DEMO_LOGINS) {
      if (report.demoLogins.includes(username)) console.log(`  ${username.padEnd(8)} ${password}`);
    }
  }
  if (!config.integrationSecret) {
    console.log('INTEGRATION_SECRET is not set: the integration calls (other provider systems) are closed.');
  }
}

export function urlOf(config: ServerConfig, address: string, port: number): string {
  const scheme = config.tls ? 'https' : 'http';
  return `${scheme}://${address === '::1' ? 'localhost' : address}:${port}`;
}

/** The first wait before a start tries its database again; it doubles up to the second. */
export const DATABASE_RETRY_MS = { first: 250, max: 5_000 };

/**
 * Boots (boot.ts), waiting for the database as long as it cannot be reached: each failed try
 * (`isDatabaseUnavailable`: refused, reset, shutting down, starting up) is repeated after a wait
 * that doubles from ¼ s up to 5 s. `say` hears when the database is away and when it is back. A
 * refused start (StartRefused) prints why and exits 1; any other fault (a failing migration) is
 * thrown, as before.
 */
export async function bootWhenReachable(
  config: ServerConfig,
  options: BootOptions,
  say: (line: string) => void,
): Promise<Booted> {
  const since = performance.now();
  let wait = DATABASE_RETRY_MS.first;
  let away: string | null = null;
  for (;;) {
    try {
      const booted = await boot(config, options);
      if (away !== null)
        say(`the database is back after ${((performance.now() - since) / 1000).toFixed(1)} s.`);
      return booted;
    } catch (error) {
      if (error instanceof StartRefused) {
        console.error(`The server will not start:\n${error.message}`);
        process.exit(1);
      }
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = reasonOf(error);
      if (reason !== away) {
        say(
          `the database is unavailable (${reason}): API calls are answered 503 until it is back; ` +
            `trying again every ${DATABASE_RETRY_MS.max / 1000} s at most.`,
        );
        away = reason;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(wait * 2, DATABASE_RETRY_MS.max);
    }
  }
}

/** The innermost message of an error and its causes (the driver's: "connect ECONNREFUSED …"). */
function reasonOf(error: unknown): string {
  let e = error;
  for (let depth = 0; depth < 4 && e instanceof Error && e.cause; depth++) e = e.cause;
  if (e instanceof AggregateError && e.errors[0]) e = e.errors[0];
  return e instanceof Error ? e.message : String(e);
}

/**
 * One serving process: the whole server (`WORKERS=1`), or a worker of the cluster (server/cluster.ts)
 * on a database its primary prepared. It listens at once and answers 503 (waiting-app.ts) until its
 * database is ready: a worker waits for its primary to prepare it (`prepared`), and every process
 * waits for PostgreSQL while it cannot be reached (bootWhenReachable), then serves without a
 * restart. A worker started again while others serve (`listenEarly: false`) listens only once it
 * has booted: the cluster hands connections to every listening worker in turn, so one answering
 * 503 while it boots (seconds) would refuse requests its serving siblings would have answered.
 * SIGTERM or SIGINT drains it (server/serving.ts): no new connections, the requests in flight
 * answered (for at most `DRAIN_TIMEOUT_MS`), then the background work and the database are
 * stopped and the process exits 0.
 */
export async function serveProcess(
  config: ServerConfig,
  options: {
    seedDemo: boolean;
    /** How a worker names itself in the log (`Worker 2 (pid 4242)`); null for the only process. */
    worker: string | null;
    /** `performance.now()` when the process started. */
    started: number;
    /** A worker: resolves once its primary has prepared the database (cluster.ts). */
    prepared?: () => Promise<void>;
    /** A worker: tells its primary that it serves (cluster.ts). */
    onServing?: () => void;
    /** Listen before booting, answering 503 meanwhile (the default), or only once booted. */
    listenEarly?: boolean;
    /**
     * What serves once booted: the app itself, unless given (the end-to-end tests' server puts
     * a test-only call in front of it: server/testing/e2e-server.ts).
     */
    serve?: (booted: Booted) => Fetch;
  },
): Promise<void> {
  const say = (line: string) => console.log(options.worker ? `${options.worker}: ${line}` : line);
  // 503 until the app is booted; then the app itself.
  let handle: Fetch = createWaitingApp(config).fetch;
  const listen = () =>
    startServing((request, env) => handle(request, env), {
      port: config.port,
      host: config.host,
      tls: config.tls
        ? { cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) }
        : null,
      headersTimeoutMs: config.headersTimeoutMs,
      perAddress: perAddressOf(config),
    });
  let serving = options.listenEarly === false ? null : await listen();

  let booted: Booted | null = null;
  let background: Background | null = null;
  let closing = false;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    say(`${signal}: closing the server and the database…`);
    // Live streams would hold the drain open: they end now, and the browsers reconnect elsewhere.
    endStreams();
    const { cut } = (await serving?.drain(config.drainTimeoutMs)) ?? { cut: 0 };
    if (cut) say(`${cut} request(s) still running after ${config.drainTimeoutMs} ms were cut.`);
    await background?.stop();
    await booted?.database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // A worker's database was migrated and seeded by its primary (cluster.ts): it only checks.
  await options.prepared?.();
  const early = serving && urlOf(config, serving.address.address, serving.address.port);
  const waitSay = options.worker || !early ? say : (line: string) => say(`Listening on ${early}: ${line}`);
  const ready = await bootWhenReachable(
    config,
    { seedDemo: options.seedDemo, prepared: options.worker !== null },
    waitSay,
  );
  if (closing) {
    // (stopped while it waited: the shutdown exits once drained)
    await ready.database.close();
    return;
  }
  booted = ready;
  handle = options.serve ? options.serve(ready) : ready.app.fetch;
  serving ??= await listen();
  // Expired idempotency keys, old exports… (server/background.ts).
  background = startBackground(ready.deps);

  const ms = Math.round(performance.now() - options.started);
  if (options.worker) {
    say(`serving (ready in ${ms} ms)`);
    options.onServing?.();
    return;
  }
  const where =
    ready.database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const url = urlOf(config, serving.address.address, serving.address.port);
  printStarted(config, { url, where, ms, seeded: ready.seeded, demoLogins: ready.demoLogins });
}
