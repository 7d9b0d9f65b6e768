import { randomUUID } from 'node:crypto';
import { FLOW_COOKIE, redirectUri } from '../areas/accounts/single-sign-on.ts';
import type { SsoConfig, SsoFinishResponse } from '../../src/contract/single-sign-on/schemas.ts';
import type { ServerConfig } from '../config.ts';
import { startTestDnsServer, type TestDnsServer } from './dns-test-server.ts';
import { createUser, type FixtureUser, loginAs } from './fixtures.ts';
import { startTestProvider, type TestClient, type TestProvider } from './oidc-test-provider.ts';
import { type CallAnswer, type TestApp, testApp, testDatabase } from './test-app.ts';
import type { ScenarioCall } from './write-scenarios.ts';

const SECRET = 'write-scenario-provider-secret';
let provider: Promise<TestProvider> | null = null;

/** One provider for the scenarios of a test process, registered for `publicUrl` (closed at exit). */
function scenarioProvider(publicUrl: string): Promise<TestProvider> {
  provider ??= startTestProvider([
    { client_id: 'portal', client_secret: SECRET, redirect_uris: [redirectUri(publicUrl)] },
  ]).then((p) => {
    process.once('beforeExit', () => void p.close());
    return p;
  });
  return provider;
}

let dns: Promise<TestDnsServer> | null = null;

/**
 * The test process's DNS server on the loopback (dns-test-server.ts), closed at exit: what a test
 * app asks for a domain's proof when made with `testApp({ ssoDnsServers: [(await testDns()).server] })`.
 */
export function testDns(): Promise<TestDnsServer> {
  dns ??= startTestDnsServer().then((server) => {
    process.once('beforeExit', () => void server.close());
    return server;
  });
  return dns;
}

/**
 * Proves the session customer's claim of `domain` as its administrator would: publishes the TXT
 * record its configuration shows on the process's DNS server (`testDns`) and calls
 * `customer-account/sso-domain-check`. The app must ask that server (throws, saying so, if not).
 */
export async function proveDomain(t: TestApp, token: string, domain: string): Promise<SsoConfig> {
  const server = await testDns();
  if (!t.deps.config.ssoDnsServers.includes(server.server))
    throw new Error(
      `proveDomain: the test app asks ${JSON.stringify(t.deps.config.ssoDnsServers)}, not the test DNS server: make it with testApp({ ssoDnsServers: [(await testDns()).server] })`,
    );
  await publishProof(t, token, domain);
  const checked = await t.call<SsoConfig>('customer-account/sso-domain-check', { token, body: { domain } });
  if (checked.code !== 0) throw new Error(`sso-domain-check: ${checked.code} ${checked.message}`);
  return checked.data;
}

/** Publishes on the test DNS server the TXT record the session customer's claim of `domain` asks for. */
export async function publishProof(t: TestApp, token: string, domain: string): Promise<void> {
  const read = await t.call<SsoConfig>('customer-account/sso-config', { token });
  const proof = read.data.domain_proofs.find((p) => p.domain === domain);
  if (!proof) throw new Error(`publishProof: ${domain} is not a domain of the configuration`);
  (await testDns()).setTxt(proof.record_name, [proof.record_value]);
}

/**
 * `user/sso-finish` on its success path (no-write-escapes.test.ts): an administrator configures
 * their customer's single sign-on with a provider on the loopback and proves its domain on the
 * test DNS server, the person (their verified
 * e-mail) goes through the provider, and the call to make is the finish, with the flow's cookie.
 */
export async function ssoSignInScenario(t: TestApp): Promise<ScenarioCall> {
  const { user, query, cookie } = await ssoFlow(t);
  return { actor: { kind: 'user', id: user.uid }, input: { query }, headers: { cookie } };
}

/**
 * `user/sso-backchannel-logout` on its success path: a person signed in with their organisation,
 * and the provider's logout token for them (its `sub`, signed with its key).
 */
export async function ssoLogoutScenario(t: TestApp): Promise<ScenarioCall> {
  const { idp, user, query, cookie } = await ssoFlow(t);
  const finished = await t.call('user/sso-finish', { body: { query }, headers: { cookie } });
  if (finished.code !== 0) throw new Error(`sso-finish: ${finished.code} ${finished.message}`);
  const { subject } = await t.deps.db
    .selectFrom('sso_identities')
    .select('subject')
    .where('uid', '=', user.uid)
    .executeTakeFirstOrThrow();
  const logout_token = await idp.logoutToken('portal', { sub: subject });
  return { actor: { kind: 'system' }, input: { logout_token } };
}

/** An administrator's single sign-on, and its person's flow through the provider, up to the finish. */
async function ssoFlow(t: TestApp) {
  const idp = await scenarioProvider(t.deps.config.publicUrl);
  const user = await createUser(t.deps.db);
  await t.deps.db.updateTable('user_customers').set({ is_admin: true }).where('uid', '=', user.uid).execute();
  const domain = `w-${randomUUID().slice(0, 8)}.example`;
  const email = `person@${domain}`;
  await t.deps.db.updateTable('users').set({ email }).where('uid', '=', user.uid).execute();
  const token = await loginAs(t, user);
  const body = {
    issuer: idp.issuer,
    client_id: 'portal',
    client_secret: SECRET,
    domains: [domain],
    grants: [user.customers[0]!.cu_id],
  };
  const saved = await t.call('customer-account/sso-config-update', { token, body });
  if (saved.code !== 0) throw new Error(`sso-config-update: ${saved.code} ${saved.message}`);
  await proveDomain(t, token, domain);
  const start = await t.call<{ url: string }>('user/sso-start', { body: { username: email } });
  if (start.code !== 0) throw new Error(`sso-start: ${start.code} ${start.message}`);
  const cookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${FLOW_COOKIE}=`))
    ?.split(';')[0];
  const query = await idp.signIn(start.data.url, email);
  return { idp, user, email, query, cookie: cookie ?? '' };
}

/** The flow cookie `user/sso-start` set (`name=value`), to send back with `user/sso-finish`. */
export const flowCookieOf = (headers: Headers): string =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${FLOW_COOKIE}=`))
    ?.split(';')[0] ?? '';

/** What `ssoTestBed` sets up: a test file's app, provider, administrator and proven domain. */
export interface SsoTestBed {
  t: TestApp;
  idp: TestProvider;
  admin: FixtureUser;
  adminToken: string;
  /** The configuration's one domain, proven on the process's DNS server. */
  domain: string;
  secret: string;
  /** A new address of the domain: `<name>-<random>@<domain>`. */
  address(name: string): string;
  /** `user/sso-start`, the provider's sign-in as `login`, and `user/sso-finish` with the flow's cookie. */
  signIn(login: string): Promise<CallAnswer<SsoFinishResponse>>;
}

/**
 * The set-up the single sign-on test files share: the worker's database, the app asking the test
 * DNS server, a real OpenID provider on the loopback with the portal as its client, an
 * administrator of a new customer (of `customers` of them, all administered), and that customer's
 * single sign-on saved through the portal's call for the domain `<tag>-<random>.example`, granting
 * every customer of the administrator, the domain proven by its TXT record. Close `idp` after all.
 */
export async function ssoTestBed(options: {
  tag: string;
  client?: Partial<TestClient>;
  customers?: number;
  app?: Partial<ServerConfig>;
}): Promise<SsoTestBed> {
  await testDatabase();
  const dns = await testDns();
  const t = await testApp({ ssoDnsServers: [dns.server], ...options.app });
  const secret = `client-secret-of-${options.tag}-${randomUUID().slice(0, 8)}`;
  const idp = await startTestProvider([
    {
      client_id: 'portal',
      client_secret: secret,
      redirect_uris: [redirectUri(t.deps.config.publicUrl)],
      ...options.client,
    },
  ]);
  const admin = await createUser(t.deps.db, { admin: true, customers: options.customers ?? 1 });
  const ids = admin.customers.map((c) => c.cu_id);
  await t.deps.db
    .updateTable('user_customers')
    .set({ is_admin: true })
    .where('uid', '=', admin.uid)
    .execute();
  const adminToken = await loginAs(t, admin);
  const domain = `${options.tag}-${randomUUID().slice(0, 8)}.example`;
  const saved = await t.call('customer-account/sso-config-update', {
    token: adminToken,
    body: { issuer: idp.issuer, client_id: 'portal', client_secret: secret, domains: [domain], grants: ids },
  });
  if (saved.code !== 0) throw new Error(`sso-config-update: ${saved.code} ${saved.message}`);
  // only a proven domain signs people in (and provisions them): its TXT record, on the loopback
  await proveDomain(t, adminToken, domain);
  const signIn = async (login: string) => {
    const start = await t.call<{ url: string }>('user/sso-start', { body: { username: login } });
    if (start.code !== 0) throw new Error(`sso-start: ${start.code} ${start.message}`);
    const query = await idp.signIn(start.data.url, login);
    return t.call<SsoFinishResponse>('user/sso-finish', {
      body: { query },
      headers: { cookie: flowCookieOf(start.headers) },
    });
  };
  return {
    t,
    idp,
    admin,
    adminToken,
    domain,
    secret,
    address: (name) => `${name}-${randomUUID().slice(0, 6)}@${domain}`,
    signIn,
  };
}
