// What `user/forgot-password`'s answer time says (docs/decisions/password-reset.md): `npm run
// bench:password-reset`. The test app (in-memory PGlite, as the tests run it) served on a real
// socket, called by a client in another process (client.mjs: an attacker's clock is not on the
// server's thread); CALLS requests each for no account, an account with a wrong number and an account with
// its own number, in turn (a new account for each, so no limit is met), each timed from the
// request to the answer's last byte. Twice: waiting for the work after each answer to end before
// the next request ("settled"), and not waiting ("back to back").
import { fork } from 'node:child_process';
import path from 'node:path';
import { resetWorkSettled } from '../../server/areas/accounts/password-reset.ts';
import { createUser, type FixtureUser } from '../../server/testing/fixtures.ts';
import { serveTestApp, testApp, unique } from '../../server/testing/test-app.ts';

const CALLS = Number(process.env.CALLS ?? 300);
type Case = 'no account' | 'wrong number' | 'right number';
const CASES: Case[] = ['no account', 'wrong number', 'right number'];

const t = await testApp();
const served = await serveTestApp(t);
const users: FixtureUser[] = [];
for (let i = 0; i < 2 * CALLS * 2 + 10; i++) users.push(await createUser(t.deps.db));
let next = 0;
const take = () => users[next++] as FixtureUser;

function body(kind: Case): { username: string; mobile: string } {
  if (kind === 'no account') return { username: unique('ghost'), mobile: '13700000009' };
  const u = take();
  return { username: u.username, mobile: kind === 'right number' ? u.mobile : '13700000009' };
}

const client = fork(path.join(import.meta.dirname, 'client.mjs'));
const url = `${served.url}/api/user/forgot-password.html`;

function once(kind: Case): Promise<number> {
  return new Promise((resolve, reject) => {
    client.once('message', (m: { ms: number; code: number }) =>
      m.code === 0 ? resolve(m.ms) : reject(new Error(`${kind}: code ${m.code}`)),
    );
    client.send({ url, body: body(kind) });
  });
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

for (const settle of [true, false]) {
  const times: Record<Case, number[]> = { 'no account': [], 'wrong number': [], 'right number': [] };
  // a warm-up round of each, not counted
  for (const kind of CASES) await once(kind);
  for (let i = 0; i < CALLS; i++)
    for (const kind of CASES) {
      times[kind].push(await once(kind));
      if (settle) await resetWorkSettled();
    }
  await resetWorkSettled();
  console.log(settle ? 'settled (the work after each answer ends before the next request)' : 'back to back');
  for (const kind of CASES) {
    const xs = times[kind];
    console.log(
      `  ${kind.padEnd(12)} n=${xs.length} p50 ${quantile(xs, 0.5).toFixed(2)} ms  p90 ${quantile(xs, 0.9).toFixed(2)} ms  mean ${(xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2)} ms`,
    );
  }
}
const codes = await t.deps.db
  .selectFrom('sms_codes')
  .select((eb) => eb.fn.countAll().as('n'))
  .executeTakeFirst();
console.log(`codes made: ${codes?.n} (expected ${2 * (CALLS + 1)})`);
client.kill();
await served.close();
process.exit(0);
