import { randomUUID } from 'node:crypto';
import { FLOW_COOKIE, redirectUri } from '../areas/accounts/single-sign-on.ts';
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

/**
 * `user/sso-finish` on its success path (no-write-escapes.test.ts): an administrator configures
 * their customer's single sign-on with a provider on the loopback, the person (their verified
 * e-mail) goes through the provider, and the call to make is the finish, with the flow's cookie.
 */
export async function ssoSignInScenario(t: TestApp): Promise<ScenarioCall> {
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
  const start = await t.call<{ url: string }>('user/sso-start', { body: { username: email } });
  if (start.code !== 0) throw new Error(`sso-start: ${start.code} ${start.message}`);
  const cookie = start.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${FLOW_COOKIE}=`))
    ?.split(';')[0];
  const query = await idp.signIn(start.data.url, email);
  return { actor: { kind: 'user', id: user.uid }, input: { query }, headers: { cookie: cookie ?? '' } };
}
