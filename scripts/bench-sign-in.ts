// Sign-in latency with and without single sign-on (issue 34): `npm run bench:sign-in`.
// The real app on the in-memory PGlite (as the tests run it, called in process through
// `app.request`) and a real OpenID provider on the loopback (oidc-test-provider.ts). N sign-ins of
// each kind (env N, default 200) after WARMUP (default 20), each by a user of its own (so "a
// second sign-in ends the first" adds no work): (a) password, (b) password then a TOTP code,
// (c) single sign-on, timed as the portal's two calls (sso-start + sso-finish) and as the whole
// round trip with the provider's pages. Prints a table; writes JSON to OUT (default: a temp dir).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hashPassword } from '../server/areas/accounts/passwords.ts';
import { FLOW_COOKIE, redirectUri } from '../server/areas/accounts/single-sign-on.ts';
import { percentile } from '../server/bench/measure.ts';
import { createUser, type FixtureUser, loginAs } from '../server/testing/fixtures.ts';
import { startTestProvider } from '../server/testing/oidc-test-provider.ts';
import { enrolTotp, totpNow } from '../server/testing/second-factor-fixtures.ts';
import { proveDomain, testDns } from '../server/testing/sso-fixtures.ts';
import { type TestApp, testApp } from '../server/testing/test-app.ts';

const N = Number(process.env.N ?? 200);
const WARMUP = Number(process.env.WARMUP ?? 20);
const SECRET = 'bench-sign-in-provider-secret';
const DOMAIN = `bench-${randomBytes(4).toString('hex')}.example`;

// the single sign-on domain is proven on a DNS server on the loopback (sso-fixtures.ts)
const t = await testApp({ ssoDnsServers: [(await testDns()).server] });
// The TOTP users' enrolments move their app's clock on (enrolTotp); single sign-on needs the app's
// clock to agree with the provider's, so the second factor has an app of its own.
const t2 = await testApp();
const idp = await startTestProvider([
  { client_id: 'portal', client_secret: SECRET, redirect_uris: [redirectUri(t.deps.config.publicUrl)] },
]);

const ok = <T>(what: string, res: { code: number; message: string; data: T }) => {
  if (res.code !== 0) throw new Error(`${what}: ${res.code} ${res.message}`);
  return res.data;
};

const admin = await createUser(t.deps.db, { admin: true });
await t.deps.db.updateTable('user_customers').set({ is_admin: true }).where('uid', '=', admin.uid).execute();
const adminToken = await loginAs(t, admin);
ok(
  'sso-config-update',
  await t.call('customer-account/sso-config-update', {
    token: adminToken,
    body: {
      issuer: idp.issuer,
      client_id: 'portal',
      client_secret: SECRET,
      domains: [DOMAIN],
      grants: [admin.customers[0]!.cu_id],
    },
  }),
);
await proveDomain(t, adminToken, DOMAIN);

const total = N + WARMUP;
const passwordUsers: FixtureUser[] = [];
const totpUsers: Array<FixtureUser & { secret: string }> = [];
const ssoEmails: string[] = [];
// Fixture users have a low scrypt cost; the measured ones get the production cost's hash.
const real = async (app: TestApp, u: FixtureUser) => {
  const password_hash = await hashPassword(u.password);
  await app.deps.db.updateTable('users').set({ password_hash }).where('uid', '=', u.uid).execute();
  return u;
};
for (let i = 0; i < total; i++) {
  passwordUsers.push(await real(t, await createUser(t.deps.db)));
  const u = await real(t2, await createUser(t2.deps.db));
  const { secret } = await enrolTotp(t2, await loginAs(t2, u), u.password);
  totpUsers.push({ ...u, secret });
  const s = await createUser(t.deps.db);
  const email = `p${i}-${randomBytes(3).toString('hex')}@${DOMAIN}`;
  await t.deps.db.updateTable('users').set({ email }).where('uid', '=', s.uid).execute();
  // a member of the customer the configuration grants (an account of other customers is refused)
  await t.deps.db
    .updateTable('user_customers')
    .set({ cu_id: admin.customers[0]!.cu_id })
    .where('uid', '=', s.uid)
    .execute();
  ssoEmails.push(email);
}
// one time step on, so that no sign-in's code is its enrolment's (a replay)
t2.advance(30_000);

async function password(i: number) {
  const u = passwordUsers[i]!;
  const started = performance.now();
  ok('login', await t.call('user/login', { body: { username: u.username, password: u.password } }));
  return performance.now() - started;
}

async function totp(i: number) {
  const u = totpUsers[i]!;
  const started = performance.now();
  const first = await t2.call<{ pending_token: string }>('user/login', {
    body: { username: u.username, password: u.password },
  });
  if (first.code !== 477) throw new Error(`login: ${first.code} ${first.message}`);
  const code = await totpNow(t2, u.secret);
  ok(
    'login-second-factor',
    await t2.call('user/login-second-factor', { body: { pending_token: first.data.pending_token, code } }),
  );
  return performance.now() - started;
}

async function sso(app: TestApp, i: number) {
  const email = ssoEmails[i]!;
  const t0 = performance.now();
  const start = await app.call<{ url: string }>('user/sso-start', { body: { username: email } });
  const { url } = ok('sso-start', start);
  const cookie =
    start.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${FLOW_COOKIE}=`))
      ?.split(';')[0] ?? '';
  const t1 = performance.now();
  const query = await idp.signIn(url, email);
  const t2 = performance.now();
  ok('sso-finish', await app.call('user/sso-finish', { body: { query }, headers: { cookie } }));
  const t3 = performance.now();
  return { portal: t1 - t0 + (t3 - t2), whole: t3 - t0 };
}

const times: Record<string, number[]> = {
  password: [],
  'password + TOTP': [],
  'SSO, portal calls': [],
  'SSO, whole round trip': [],
};
// interleaved, so that the machine's moments fall on every kind alike; the first WARMUP not counted
for (let i = 0; i < total; i++) {
  const a = await password(i);
  const b = await totp(i);
  const c = await sso(t, i);
  if (i < WARMUP) continue;
  times.password!.push(a);
  times['password + TOTP']!.push(b);
  times['SSO, portal calls']!.push(c.portal);
  times['SSO, whole round trip']!.push(c.whole);
}
await idp.close();

const round = (ms: number) => Math.round(ms * 10) / 10;
const rows = Object.entries(times).map(([kind, xs]) => {
  const sorted = [...xs].sort((x, y) => x - y);
  return {
    kind,
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
});
console.table(rows);
const out =
  process.env.OUT ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-sign-in-')), 'sign-in.json');
fs.writeFileSync(out, `${JSON.stringify({ n: N, warmup: WARMUP, ms: rows }, null, 2)}\n`);
console.log(`JSON: ${out}`);
process.exit(0);
