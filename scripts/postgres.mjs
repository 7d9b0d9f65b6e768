// A throw-away PostgreSQL server for the tests of the DATABASE_URL path (scripts/postgres-setup.mjs):
// Debian's PostgreSQL binaries, installed with apt-get when missing (as ensure-chromium.mjs does),
// a fresh cluster in a temporary folder, on a free port of 127.0.0.1, removed when stopped.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APT_WAIT } from './chromium.mjs';
import { freePort } from './server-process.mjs';

const ROOT = '/usr/lib/postgresql';

/** The newest installed PostgreSQL's bin folder (Debian layout), or null. */
export function postgresBin() {
  if (!fs.existsSync(ROOT)) return null;
  const versions = fs
    .readdirSync(ROOT)
    .filter((v) => fs.existsSync(path.join(ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(ROOT, versions[0], 'bin') : null;
}

/** The bin folder, installing Debian's postgresql with apt-get when it is missing and we can. */
export function ensurePostgres() {
  const found = postgresBin();
  if (found) return found;
  const canApt = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (canApt) {
    console.log("PostgreSQL not found: installing Debian's postgresql with apt-get…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', [...APT_WAIT, 'update', '-qq'], { stdio: 'inherit', env });
    if (update.status === 0) {
      spawnSync('apt-get', [...APT_WAIT, 'install', '-y', '-qq', '--no-install-recommends', 'postgresql'], {
        stdio: 'inherit',
        env,
      });
    }
  }
  const bin = postgresBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL is needed for the DATABASE_URL tests and was not found under /usr/lib/postgresql.\n' +
        'Install it (Debian/Ubuntu: sudo apt-get install -y postgresql), or set TEST_DATABASE_URL to an empty database.',
    );
  }
  return bin;
}

/** PostgreSQL refuses to run as root: as root, run its programs as the `postgres` user. */
function asOwner(command, args) {
  return process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** Starts a fresh cluster; resolves with its URL and a stop function that removes it. */
export async function startThrowawayPostgres() {
  const bin = ensurePostgres();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-postgres-'));
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const [initCmd, initArgs] = asOwner(path.join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'lp',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  const init = spawnSync(initCmd, initArgs, { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr}`);
  const port = await freePort();
  const launch = () => {
    const [cmd, args] = asOwner(path.join(bin, 'postgres'), [
      '-D',
      data,
      '-p',
      String(port),
      '-k',
      dir,
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'fsync=off',
    ]);
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let log = '';
    child.stderr.on('data', (chunk) => {
      log += chunk;
    });
    return { child, log: () => log };
  };
  const ready = async (started) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const ok = spawnSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port)]);
      if (ok.status === 0) return;
      if (started.child.exitCode !== null || Date.now() > deadline) {
        started.child.kill('SIGKILL');
        throw new Error(`PostgreSQL did not start:\n${started.log()}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  /** Stops the server (fast: open connections are ended) and waits for it to exit. */
  const halt = async (started) => {
    if (started.child.exitCode !== null) return;
    const exited = new Promise((r) => started.child.once('exit', r));
    // runuser does not pass signals on to postgres: ask the server itself to stop.
    const [stopCmd, stopArgs] = asOwner(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']);
    const stopped = spawnSync(stopCmd, stopArgs, { encoding: 'utf8' });
    if (stopped.status !== 0) started.child.kill('SIGKILL');
    await exited;
  };
  let server = launch();
  await ready(server);
  const url = `postgres://lp@127.0.0.1:${port}/postgres`;
  return {
    url,
    /** Stops the server, keeping its data (fault tests: the database goes away). */
    async halt() {
      await halt(server);
    },
    /** Starts the halted server again on the same port and data. */
    async resume() {
      if (server.child.exitCode === null) return;
      server = launch();
      await ready(server);
    },
    async stop() {
      await halt(server);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
