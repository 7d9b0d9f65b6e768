import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { signIntegration } from './services/integration-signature.ts';
import { issueOneTimeCode, type OneTimeKind } from './services/one-time-codes.ts';

const USAGE = `usage:
  npm run db:migrate                                  bring the database to the newest schema
  npm run jump-code -- <username> [identifier] [--new]
      print a one-time code for user/jump-login (60 s, single use);
      --new prints a user/new-login token instead`;

/**
 * Asks the running server for a code through the signed integration call. PGlite keeps its data
 * folder open in the server process, so the CLI must not open it alongside; only when no server
 * answers does it write to the database itself. Returns null when no server is listening.
 */
async function codeFromServer(
  body: string,
): Promise<{ code: number; message: string; data: unknown } | null> {
  const config = loadConfig();
  const timestamp = String(Math.floor(Date.now() / 1000));
  const host = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  try {
    const res = await fetch(`http://${host}:${config.port}/api/integration/jump-code.html`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': signIntegration(config.integrationSecret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(5000),
    });
    return (await res.json()) as { code: number; message: string; data: unknown };
  } catch {
    return null;
  }
}

async function jumpCode(args: string[]): Promise<number> {
  const kind: OneTimeKind = args.includes('--new') ? 'new' : 'jump';
  const [username, identifier] = args.filter((a) => !a.startsWith('--'));
  if (!username) {
    console.error(USAGE);
    return 2;
  }
  const body = JSON.stringify({ username, kind, ...(identifier ? { identifier } : {}) });
  const answer = await codeFromServer(body);
  if (answer) {
    if (answer.code !== 0) {
      console.error(`refused: ${answer.code} ${answer.message}`);
      return 1;
    }
    console.log((answer.data as { code: string }).code);
    return 0;
  }
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const issued = await issueOneTimeCode(database.db, { username, identifier, kind }, new Date());
    if (!issued.ok) {
      console.error(
        issued.reason === 'unknown-user' ? `no such user: ${username}` : `${identifier} is not ${username}'s`,
      );
      return 1;
    }
    console.log(issued.code);
    return 0;
  } finally {
    await database.close();
  }
}

async function migrate(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'the database is up to date');
    return 0;
  } finally {
    await database.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
let status: number;
try {
  if (command === 'migrate') status = await migrate();
  else if (command === 'jump-code') status = await jumpCode(rest);
  else {
    console.error(USAGE);
    status = 2;
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  status = 1;
}
process.exit(status);
