import { randomBytes } from 'node:crypto';
import { startTestProvider, type TestProvider } from '../../server/testing/oidc-test-provider.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { publishTxt } from './helpers/dns.ts';
import { configureSso } from './helpers/sso.ts';
import { LoginForm, zh } from './helpers/login-page.ts';
import { orderList } from './helpers/order-editor.ts';
import { enterPortal, signInByApi, TOKEN_COOKIE } from './helpers/session.ts';
import '../../src/i18n/areas/order-sign.ts';
import '../../src/i18n/areas/order-view.ts';
import '../../src/i18n/areas/single-sign-on.ts';
import '../../src/i18n/areas/sessions-dialog.ts';
import { openSessionsDialog } from './helpers/sessions-dialog.ts';

/**
 * Single sign-on end to end (issue 34): a real OpenID provider (oidc-provider) on the loopback,
 * started by this spec on a free port; the tenant's administrator registers it for their customer
 * through the portal's own call and proves the domain (its TXT record on the run's DNS server,
 * playwright.config.ts); then a person of the domain signs in from the login page, goes through
 * the provider's login form in the browser, and comes back signed in to the portal.
 */

const SECRET = `e2e-${randomBytes(8).toString('hex')}`;
let idp: TestProvider;

test.beforeAll(async () => {
  // the portal's address (playwright.config.ts: the workers inherit its port)
  const baseURL = `http://127.0.0.1:${process.env.LP_E2E_PORT}`;
  idp = await startTestProvider([
    {
      client_id: 'portal',
      client_secret: SECRET,
      redirect_uris: [`${baseURL}/login`],
      backchannel_logout_uri: `${baseURL}/api/user/sso-backchannel-logout.html`,
    },
  ]);
});

test.afterAll(async () => {
  await idp?.close();
});

/**
 * `demo`, the tenant's administrator, registers the test provider for the domain
 * `e2e-<tag>.example` through the portal's own call, and (unless `prove` is false) proves it:
 * publishes the TXT record the configuration shows and checks it (`sso-domain-check`). Answers the
 * domain, its proof as saved, and demo's token (which a single sign-on of demo's own account
 * later ends: one session per person).
 */
async function registerProvider(
  request: APIRequestContext,
  tag: string,
  grants: 'first' | 'all',
  prove = true,
) {
  const login = await request.post('/api/user/login.html', { data: demoLogin('demo') });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const headers = { 'x-token': token };
  const read = await request.get('/api/customer-account/sso-config.html', { headers });
  const config = (await read.json()) as { code: number; data: { grantable: Array<{ cu_id: number }> } };
  expect(config.code).toBe(0);
  const domain = `e2e-${tag}.example`.toLowerCase();
  const ids = config.data.grantable.map((c) => c.cu_id);
  const proof = await configureSso(request, token, {
    issuer: idp.issuer,
    secret: SECRET,
    domain,
    grants: grants === 'all' ? ids : ids.slice(0, 1),
    prove,
  });
  return { domain, token, proof };
}

/** The provider's own login form (its login prefilled from the login_hint), in `page`. */
async function providerSignIn(page: Page, login: string) {
  await page.waitForURL((url) => url.origin === idp.issuer);
  await expect(page.locator('input[name="login"]')).toHaveValue(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('single sign-on: the login page offers the organisation for its domain, the provider signs the person in', async ({
  page,
  request,
  tenant,
}) => {
  const { domain } = await registerProvider(request, tenant.tag, 'first');
  const person = `li.na@${domain}`;
  const form = new LoginForm(page);
  await form.goto();
  const offer = page.getByRole('button', { name: zh('sso.signIn') });
  await form.username.fill(`someone@not-${domain}`);
  await expect(offer).toHaveCount(0);
  await form.username.fill(person);
  await offer.click();
  await providerSignIn(page, person);

  await page.waitForURL((url) => url.origin !== idp.issuer && !url.pathname.startsWith('/login'));
  await expect(page.locator('button.lp-user-menu')).toBeVisible();

  // signing out at the organisation ends the portal's session too (back-channel logout)
  await page.goto(idp.endSessionUrl);
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await page.waitForURL((url) => url.origin !== idp.issuer || url.pathname !== '/session/end/confirm');
  await page.goto('/');
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(form.submit).toBeVisible();
});

test('the administrator proves a domain in the form: its TXT record to publish, then “Check now”; only then does the login page offer it', async ({
  page,
  request,
  tenant,
}) => {
  const { domain, proof } = await registerProvider(request, tenant.tag, 'first', false);
  const offer = page.getByRole('button', { name: zh('sso.signIn') });
  const form = new LoginForm(page);
  await form.goto();
  // the lookup answers: a pending domain is as if it had no single sign-on
  const looked = page.waitForResponse((r) => r.url().includes('/api/user/sso-lookup'));
  await form.username.fill(`li.na@${domain}`);
  expect(await (await looked).json()).toMatchObject({ data: { sso: false } });
  await expect(offer).toHaveCount(0);

  await signInByApi(page, demoLogin('demo'));
  await enterPortal(page);
  const dialog = await openSessionsDialog(page);
  const item = dialog.getByRole('listitem').filter({ hasText: domain });
  await expect(item).toContainText(zh('sso.form.state.pending'));
  await expect(item).toContainText(proof.record_name);
  await expect(item).toContainText(proof.record_value);
  const check = item.getByRole('button', { name: zh('sso.form.checkLabel', { domain }) });
  // not published yet: the check says so beside the domain, and it stays pending
  await check.click();
  await expect(item.getByRole('alert')).toContainText(proof.record_name);
  await expect(item).toContainText(zh('sso.form.result.missing'));
  publishTxt(proof.record_name, [proof.record_value]);
  await check.click();
  await expect(item).toContainText(zh('sso.form.state.verified'));
  await expect(check).toHaveCount(0);

  await page.context().clearCookies();
  await form.goto();
  await form.username.fill(`li.na@${domain}`);
  await expect(offer).toBeVisible();
});

test.describe('signing as a person of single sign-on', () => {
  // demo approves the orders of a project that requires approval; its account has an e-mail of the domain
  test.use({ orderData: true, emails: true });
  test.setTimeout(60_000);

  test('an approval is confirmed by signing in at the organisation again, in a window of its own', async ({
    page,
    request,
    tenant,
  }) => {
    const { domain, token } = await registerProvider(request, tenant.tag, 'all');
    const waiting = (await orderList(request, token, { status: 'pending_approval' })).list[0];
    if (!waiting) throw new Error('the demo order data has no order pending approval');
    // demo's account, linked by its e-mail at the first sign-in with the organisation
    const person = `${demoLogin('demo').username}@${domain}`;
    const form = new LoginForm(page);
    await form.goto(`/customer-order/view/${waiting.id}`);
    await form.username.fill(person);
    await page.getByRole('button', { name: zh('sso.signIn') }).click();
    await providerSignIn(page, person);
    await page.waitForURL((url) => url.pathname === `/customer-order/view/${waiting.id}`);

    const view = page.locator('lp-order-view:visible');
    await view.getByRole('button', { name: zh('orderView.action.approve'), exact: true }).click();
    const dialog = view.getByRole('dialog');
    await expect(dialog.getByText(zh('orderSign.ssoHint'))).toBeVisible();
    await expect(dialog.getByLabel(zh('orderSign.password'))).toHaveCount(0);
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: zh('orderSign.approve') }).click(),
    ]);
    await expect(dialog.getByText(zh('orderSign.ssoWaiting'))).toBeVisible();
    // prompt=login: the provider asks again, though it signed the person in a moment ago
    await providerSignIn(popup, person);
    await popup.waitForEvent('close');
    await expect(dialog).toHaveCount(0);
    await expect(view.getByText(zh('orderView.status.pending_confirm')).first()).toBeVisible();

    // the trail says how the person was confirmed
    const session = (await page.context().cookies()).find((c) => c.name === TOKEN_COOKIE)?.value ?? '';
    const trail = await request.get(
      `/api/customer-audit/index.html?record_type=order&record=${encodeURIComponent(waiting.order_no)}`,
      { headers: { 'x-token': session } },
    );
    const entries = (
      (await trail.json()) as { data: { list: Array<{ changes: Array<{ field: string; new: unknown }> }> } }
    ).data.list;
    const signature = entries.flatMap((e) => e.changes).find((c) => c.field === 'signature');
    expect(signature?.new).toMatchObject({ method: 'sso-reauth', meaning: 'approval' });
  });
});
