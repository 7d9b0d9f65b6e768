import { readFileSync } from 'node:fs';
import { startBackground } from './background.ts';
import { boot, StartRefused } from './boot.ts';
import type { ServerConfig } from './config.ts';
import { DEMO_LOGINS } from './seed/demo.ts';
import { perAddressOf } from './http/busy-answer.ts';
import { startServing } from './serving.ts';

/** What a start prints once the portal listens (one process, or the cluster's primary). */
export interface StartReport {
  url: string;
  /** Where the data is, and how many processes serve. */
  where: string;
  ms: number;
  seeded: boolean;
  demoAccounts: string[];
}

export function printStarted(config: ServerConfig, report: StartReport): void {
  console.log(
    `LP customer portal on ${report.url}  (${config.mode}; ${report.where}; ready in ${report.ms} ms)`,
  );
  if (report.seeded) console.log('Seeded the demo accounts into the empty database.');
  if (!config.production && report.demoAccounts.length) {
    console.log('Demo logins:');
    for (const { username, password } of DEMO_LOGINS) {
      if (report.demoAccounts.includes(username)) console.log(`  ${username.padEnd(8)} ${password}`);
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

/** Boots; prints why and exits 1 when the start is refused (boot.ts). */
export async function bootOrExit(
  config: ServerConfig,
  seedDemo: boolean,
  prepared = false,
): Promise<Awaited<ReturnType<typeof boot>>> {
  try {
    return await boot(config, { seedDemo, prepared });
  } catch (error) {
    if (!(error instanceof StartRefused)) throw error;
    console.error(`The server will not start:\n${error.message}`);
    process.exit(1);
  }
}

/**
 * One serving process: the whole server (`WORKERS=1`), or a worker of the cluster (server/cluster.ts)
 * on a database its primary prepared. SIGTERM or SIGINT drains it (server/serving.ts): no new
 * connections, the requests in flight answered (for at most `DRAIN_TIMEOUT_MS`), then the
 * background work and the database are stopped and the process exits 0.
 */
export async function serveProcess(
  config: ServerConfig,
  options: {
    seedDemo: boolean;
    /** How a worker names itself in the log (`Worker 2 (pid 4242)`); null for the only process. */
    worker: string | null;
    /** `performance.now()` when the process started. */
    started: number;
  },
): Promise<void> {
  const say = (line: string) => console.log(options.worker ? `${options.worker}: ${line}` : line);
  // A worker's database was migrated and seeded by its primary (cluster.ts): it only checks.
  const { app, deps, database, seeded, demoAccounts } = await bootOrExit(
    config,
    options.seedDemo,
    options.worker !== null,
  );
  // Expired idempotency keys, old exports… (server/background.ts).
  const background = startBackground(deps);
  const serving = await startServing(app.fetch, {
    port: config.port,
    host: config.host,
    tls: config.tls
      ? { cert: readFileSync(config.tls.certFile), key: readFileSync(config.tls.keyFile) }
      : null,
    headersTimeoutMs: config.headersTimeoutMs,
    perAddress: perAddressOf(config),
  });

  let closing = false;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    say(`${signal}: closing the server and the database…`);
    const { cut } = await serving.drain(config.drainTimeoutMs);
    if (cut) say(`${cut} request(s) still running after ${config.drainTimeoutMs} ms were cut.`);
    await background.stop();
    await database.close();
    process.exit(0);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  const ms = Math.round(performance.now() - options.started);
  if (options.worker) {
    say(`serving (ready in ${ms} ms)`);
    return;
  }
  const where = database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const url = urlOf(config, serving.address.address, serving.address.port);
  printStarted(config, { url, where, ms, seeded, demoAccounts });
}
