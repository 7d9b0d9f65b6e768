import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type FixtureUser, loginAs } from '../../testing/fixtures.ts';
import { startTestProvider, type TestProvider } from '../../testing/oidc-test-provider.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { FLOW_COOKIE, multiFactor, redirectUri } from './single-sign-on.ts';

/**
 * A customer's policy "second factor required" and single sign-on: the provider's sign-in must
 * say it used a second factor (`amr`, RFC 8176), or the portal opens no session. The test
 * provider's dev form sends no `amr`; a provider that does is its own ID token with `amr` added,
 * re-signed with its own key (oidc-test-provider.ts `tamper`).
 */

const SECRET = 'client-secret-of-the-sso-policy-test';
const DOMAIN = `policy-${randomBytes(4).toString('hex')}.example`;
const address = (name: string) => `${name}-${randomBytes(3).toString('hex')}@${DOMAIN}`;

let t: TestApp;
let idp: TestProvider;
let admin: FixtureUser;
let adminToken: string;

async function signIn(login: string) {
  const start = await t.call<{ url: string }>('user/sso-start', { body: { username: login } });
  const cookie =
    start.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${FLOW_COOKIE}=`))
      ?.split(';')[0] ?? '';
  const query = await idp.signIn(start.data.url, login);
  return t.call<{ access_token: string }>('user/sso-finish', { body: { query }, headers: { cookie } });
}

const withAmr = async <T>(amr: string[] | null, work: () => Promise<T>): Promise<T> => {
  idp.tamper = amr ? (claims) => ({ ...claims, amr }) : null;
  try {
    return await work();
  } finally {
    idp.tamper = null;
  }
};

const policy = (required: boolean) =>
  t.call('customer-account/session-policy-update', {
    token: adminToken,
    body: { idle_minutes: 30, absolute_minutes: 720, max_sessions: 1, second_factor_required: required },
  });

beforeAll(async () => {
  await testDatabase();
  t = await testApp();
  idp = await startTestProvider([
    { client_id: 'portal', client_secret: SECRET, redirect_uris: [redirectUri(t.deps.config.publicUrl)] },
  ]);
  admin = await createUser(t.deps.db, { admin: true });
  adminToken = await loginAs(t, admin);
  const saved = await t.call('customer-account/sso-config-update', {
    token: adminToken,
    body: {
      issuer: idp.issuer,
      client_id: 'portal',
      client_secret: SECRET,
      domains: [DOMAIN],
      grants: [admin.customers[0]!.cu_id],
    },
  });
  if (saved.code !== 0) throw new Error(`sso-config-update: ${saved.code} ${saved.message}`);
}, 30_000);

afterAll(async () => {
  await idp?.close();
});

describe('multiFactor', () => {
  it('takes the RFC 8176 methods of a second factor, not a password alone or with a risk check', () => {
    expect(multiFactor(['pwd', 'mfa'])).toBe(true);
    expect(multiFactor(['hwk'])).toBe(true);
    expect(multiFactor(['pwd', 'otp'])).toBe(true);
    expect(multiFactor(['pwd'])).toBe(false);
    expect(multiFactor(['pwd', 'rba'])).toBe(false);
    expect(multiFactor(undefined)).toBe(false);
    expect(multiFactor('mfa')).toBe(false);
  });
});

describe('single sign-on under the policy “second factor required”', () => {
  it('opens a session only when the provider says its sign-in used a second factor', async () => {
    const person = address('rosalind');
    // without the policy, a password at the provider is enough
    expect((await signIn(person)).code).toBe(0);
    expect((await policy(true)).code).toBe(0);
    try {
      const refused = await signIn(person);
      expect(refused.code).toBe(406);
      expect(refused.message).toMatch(/second factor/);
      expect((await withAmr(['pwd'], () => signIn(person))).code).toBe(406);
      const { uid } = await t.deps.db
        .selectFrom('users')
        .select('uid')
        .where('email', '=', person)
        .executeTakeFirstOrThrow();
      const trail = await t.deps.db
        .selectFrom('audit_entries')
        .select('changes')
        .where('record_type', '=', 'user')
        .where('record_id', '=', String(uid))
        .where('action', '=', 'sign_in_failed')
        .execute();
      expect(trail).toHaveLength(2);
      expect(JSON.stringify(trail)).toContain('no second factor at the provider');
      expect((await withAmr(['pwd', 'mfa'], () => signIn(person))).code).toBe(0);
    } finally {
      expect((await policy(false)).code).toBe(0);
    }
  });
});
