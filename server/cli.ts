import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type ServerConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { removeDemoAccounts } from './seed/demo.ts';
import { signIntegration } from './http/signature.ts';
import { issueOneTimeCode, type OneTimeKind } from './areas/accounts/one-time-codes.ts';
import { fingerprintOf, publicKeyOf } from './areas/audit/checkpoints-key.ts';
import { checkpointPlaces } from './areas/audit/checkpoints-places.ts';
import { verifyTrail } from './areas/audit/verify.ts';
import { checkPackFile } from './areas/evidence/pack-file.ts';

const USAGE = `usage:
  npm run db:migrate                                  bring the database to the newest schema
  npm run db:remove-demo                              remove the demo accounts (before a production start)
  npm run audit:verify                                recompute every customer's audit chain and check it
                                                      against the signed checkpoints; exit 1 at the first
                                                      entry or checkpoint that does not match
  npm run audit:verify -- --pack FILE                 check an order's evidence pack (its JSON) offline, with
                                                      no database; exit 1 at the first thing that does not match
  npx tsx server/cli.ts audit-key                     print the checkpoints' public key (PEM) and its fingerprint
  npm run jump-code -- <username> [identifier] [--new]
      print a one-time code for user/jump-login (60 s, single use);
      --new prints a user/new-login token instead`;

export interface CliIo {
  config: ServerConfig;
  out: (line: string) => void;
  err: (line: string) => void;
}

type Envelope = { code: number; message: string; data: unknown };

/**
 * Asks the running server for a code through the signed integration call. PGlite keeps its data
 * folder open in the server process, so the CLI must not open it alongside; only when no server
 * answers does it write to the database itself. Returns null when no server is listening.
 */
async function codeFromServer(config: ServerConfig, body: string): Promise<Envelope | null> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'accept-language': 'en',
    'x-timestamp': timestamp,
  };
  if (config.integrationSecret) {
    headers['x-signature'] = signIntegration(config.integrationSecret, timestamp, body);
  }
  let res: Response;
  try {
    res = await fetch(`${serverUrl(config)}/api/integration/jump-code.html`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(5000),
    });
  } catch {
    return null;
  }
  return (await res.json()) as Envelope;
}

const serverUrl = (config: ServerConfig) =>
  `${config.tls ? 'https' : 'http'}://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;

async function jumpCode(args: string[], io: CliIo): Promise<number> {
  const kind: OneTimeKind = args.includes('--new') ? 'new' : 'jump';
  const [username, identifier] = args.filter((a) => !a.startsWith('--'));
  if (!username) {
    io.err(USAGE);
    return 2;
  }
  const body = JSON.stringify({ username, kind, ...(identifier ? { identifier } : {}) });
  const answer = await codeFromServer(io.config, body);
  if (answer) {
    if (answer.code !== 0) {
      io.err(`refused: ${answer.code} ${answer.message}`);
      if (!io.config.integrationSecret) {
        io.err('A server is running: give both the same INTEGRATION_SECRET, or stop the server first.');
      }
      return 1;
    }
    io.out((answer.data as { code: string }).code);
    return 0;
  }
  const database = await openDatabase({ databaseUrl: io.config.databaseUrl, dataDir: io.config.dataDir });
  try {
    await migrateToLatest(database.db);
    const issued = await issueOneTimeCode(database.db, { username, identifier, kind }, new Date());
    if (!issued.ok) {
      io.err(
        issued.reason === 'unknown-user' ? `no such user: ${username}` : `${identifier} is not ${username}'s`,
      );
      return 1;
    }
    io.out(issued.code);
    return 0;
  } finally {
    await database.close();
  }
}

async function migrate(io: CliIo): Promise<number> {
  const database = await openDatabase({ databaseUrl: io.config.databaseUrl, dataDir: io.config.dataDir });
  try {
    const applied = await migrateToLatest(database.db);
    io.out(applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * Removes the demo accounts (their passwords are public) with their sessions and customer links.
 * The demo customer accounts themselves hold no login and stay.
 */
async function removeDemo(io: CliIo): Promise<number> {
  const database = await openDatabase({ databaseUrl: io.config.databaseUrl, dataDir: io.config.dataDir });
  try {
    await migrateToLatest(database.db);
    const removed = await removeDemoAccounts(database.db);
    io.out(removed.length ? `removed the demo accounts: ${removed.join(', ')}` : 'no demo accounts found');
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * `audit:verify`: checks the signed checkpoints outside the database (`AUDIT_CHECKPOINT_DIR`, when
 * there are any) and recomputes every customer's audit chain against them (areas/audit/verify.ts),
 * and prints one line; exits 0 when all match, 1 naming the first entry or checkpoint that does
 * not. Reads only (a PGlite folder cannot be open in a running server at the same time: stop it
 * first).
 */
async function auditVerify(args: string[], io: CliIo): Promise<number> {
  // `--pack FILE`: an evidence pack, offline: no database is opened (areas/evidence/pack-file.ts)
  if (args[0] === '--pack' && args.length === 2) return verifyPackFile(args[1] as string, io);
  // its options are read here, all of them: anything else is the usage
  if (args.length > 0) {
    io.err(USAGE);
    return 2;
  }
  const database = await openDatabase({ databaseUrl: io.config.databaseUrl, dataDir: io.config.dataDir });
  try {
    const { ok, line } = await verifyTrail(database.db, checkpointPlaces(io.config));
    if (ok) io.out(line);
    else io.err(line);
    return ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

/** `audit:verify -- --pack FILE`: one line, exit 0 (intact), 1 (a mismatch) or 2 (not a JSON pack). */
async function verifyPackFile(file: string, io: CliIo): Promise<number> {
  const { status, line } = await checkPackFile(file);
  if (status === 0) io.out(line);
  else io.err(line);
  return status;
}

/**
 * `audit-key`: the public key beside the checkpoints (PEM, on stdout) and its fingerprint, for a
 * verifier or an auditor to keep apart from the server. Reads the folder only: the server makes
 * the key pair with its first checkpoint.
 */
async function auditKey(io: CliIo): Promise<number> {
  const places = checkpointPlaces(io.config);
  const key = places && (await publicKeyOf(places));
  if (!places || !key) {
    io.err(
      places
        ? `no public key in ${places.dir} yet: the server makes the key pair with its first checkpoint`
        : 'no checkpoint folder: set AUDIT_CHECKPOINT_DIR',
    );
    return 1;
  }
  io.out(key.pem.trimEnd());
  io.err(`${fingerprintOf(key.key)} (${places.publicKeyFile})`);
  return 0;
}

/** Runs one CLI command; returns the exit status. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === 'migrate') return await migrate(io);
    if (command === 'jump-code') return await jumpCode(rest, io);
    if (command === 'remove-demo') return await removeDemo(io);
    if (command === 'audit-verify') return await auditVerify(rest, io);
    if (command === 'audit-key') return await auditKey(io);
    io.err(USAGE);
    return 2;
  } catch (err) {
    io.err(err instanceof Error ? err.message : String(err));
    return 1;
  }
}

const script = process.argv[1];
if (script && import.meta.url === pathToFileURL(path.resolve(script)).href) {
  const status = await runCli(process.argv.slice(2), {
    config: loadConfig(),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exit(status);
}
