import { randomBytes } from 'node:crypto';
import { startTestProvider, type TestProvider } from '../../server/testing/oidc-test-provider.ts';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { LoginForm, zh } from './helpers/login-page.ts';
import '../../src/i18n/areas/single-sign-on.ts';

/**
 * Single sign-on end to end (issue 34): a real OpenID provider (oidc-provider) on the loopback,
 * started by this spec on a free port; the tenant's administrator registers it for their customer
 * through the portal's own call; then a person of the domain signs in from the login page, goes
 * through the provider's login form in the browser, and comes back signed in to the portal.
 */

const SECRET = `e2e-${randomBytes(8).toString('hex')}`;
let idp: TestProvider;

test.beforeAll(async () => {
  // the portal's address (playwright.config.ts: the workers inherit its port)
  const baseURL = `http://127.0.0.1:${process.env.LP_E2E_PORT}`;
  idp = await startTestProvider([
    { client_id: 'portal', client_secret: SECRET, redirect_uris: [`${baseURL}/login`] },
  ]);
});

test.afterAll(async () => {
  await idp?.close();
});

test('single sign-on: the login page offers the organisation for its domain, the provider signs the person in', async ({
  page,
  request,
  tenant,
}) => {
  const admin = demoLogin('demo');
  const login = await request.post('/api/user/login.html', { data: admin });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { 'x-token': token };
  const read = await request.get('/api/customer-account/sso-config.html', { headers });
  const config = (await read.json()) as { code: number; data: { grantable: Array<{ cu_id: number }> } };
  expect(config.code).toBe(0);
  const domain = `e2e-${tenant.tag}.example`.toLowerCase();
  const saved = await request.post('/api/customer-account/sso-config-update.html', {
    headers,
    data: {
      issuer: idp.issuer,
      client_id: 'portal',
      client_secret: SECRET,
      domains: [domain],
      grants: config.data.grantable.map((c) => c.cu_id).slice(0, 1),
    },
  });
  expect(((await saved.json()) as { code: number }).code).toBe(0);

  const person = `li.na@${domain}`;
  const form = new LoginForm(page);
  await form.goto();
  const offer = page.getByRole('button', { name: zh('sso.signIn') });
  await form.username.fill(`someone@not-${domain}`);
  await expect(offer).toHaveCount(0);
  await form.username.fill(person);
  await offer.click();

  // the provider's own login form (its login prefilled from the login_hint)
  await page.waitForURL((url) => url.origin === idp.issuer);
  await expect(page.locator('input[name="login"]')).toHaveValue(person);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await page.waitForURL((url) => url.origin !== idp.issuer && !url.pathname.startsWith('/login'));
  await expect(page.locator('button.lp-user-menu')).toBeVisible();
});
