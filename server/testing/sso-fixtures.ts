import { randomUUID } from 'node:crypto';
import { FLOW_COOKIE, redirectUri } from '../areas/accounts/single-sign-on.ts';
import type { SsoConfig } from '../../src/contract/single-sign-on/schemas.ts';
import { startTestDnsServer, type TestDnsServer } from './dns-test-server.ts';
import { createUser } from './fixtures.ts';
import { startTestProvider, type TestProvider } from './oidc-test-provider.ts';
import { loginAs } from './fixtures.ts';
import type { TestApp } from './test-app.ts';
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
