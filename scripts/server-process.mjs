// The real server as a child process on a free port with a throw-away PGlite folder, for the
// benchmarks (bench-api.mjs, bench-lighthouse.mjs).
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server on `port` over `dataDir`. `args` go to server/main.ts (`--seed-demo`, as
 * `npm start` passes it); `ready` resolves once it listens and rejects when it exits first.
 * In the tests it runs from the bundle their set-up made (LP_SERVER_BUNDLE, scripts/server-bundle.mjs),
 * else from the sources through tsx.
 */
export function startServer(port, dataDir, env = {}, args = ['--seed-demo']) {
  const bundle = process.env.LP_SERVER_BUNDLE;
  const entry = bundle ? [bundle] : ['--import', 'tsx', 'server/main.ts'];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr.on('data', (chunk) => {
    log += chunk;
  });
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${log}`)), 120_000);
    child.stdout.on('data', () => {
      if (log.includes('LP customer portal on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${log}`));
    });
  });
  return { child, ready, log: () => log };
}

export async function stopServer(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
