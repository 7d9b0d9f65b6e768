import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { accountOf, integrationCode } from './helpers/api.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { look } from './helpers/look.ts';
import { zh } from './helpers/login-page.ts';
import { enterPortal, followLink, pageToken, signedInContext } from './helpers/session.ts';

const baseURL = () => test.info().project.use.baseURL!;

test.describe('route guard without a token', () => {
  for (const path of ['/home/index', '/customer-order/attachment', '/no-such-page', '/404', '/jump']) {
    test(`${path} goes to /login?redirect=…`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(path)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh('host.login.heading'));
    });
  }

  for (const [path, heading] of [
    ['/login', zh('host.login.heading')],
    ['/service-agreement', '服务协议'],
    ['/privacy-policy', '隐私政策'],
    ['/auth-redirect', zh('host.jump.failedTitle')],
  ] as const) {
    test(`${path} opens`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page).toHaveURL(path);
    });
  }
});

test.describe('route guard with a token', () => {
  test('/login goes to the portal', async ({ browser }) => {
    const { context } = await signedInContext(browser, baseURL(), demoLogin('demo'));
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page.getByRole('button', { name: zh('host.login.submit'), exact: true })).toHaveCount(0);
    await context.close();
  });

  test('an unknown path shows the 404 page', async ({ browser }) => {
    const { context } = await signedInContext(browser, baseURL(), demoLogin('demo'));
    const page = await context.newPage();
    await enterPortal(page);
    await followLink(page, '/customer-order/no-such-page');
    await expect(page).toHaveURL('/404');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh('host.error.notFound'));
    await page.getByRole('link', { name: zh('host.error.backHome') }).click();
    await expect(page).not.toHaveURL('/404');
    await context.close();
  });
});

test.describe('entering from another provider system', () => {
  test('/auth-redirect?code= signs in with a one-time code', async ({ page, request }) => {
    const { username } = demoLogin('demo');
    const code = await integrationCode(request, username, 'jump');
    await page.goto(`/auth-redirect?code=${encodeURIComponent(code)}`);
    await expect(page).not.toHaveURL(/\/(auth-redirect|login)/);
    expect(await accountOf(request, await pageToken(page.context()))).toBe(username);
  });

  test('/auth-redirect with a used or wrong code says so and links to login', async ({ browser }) => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    await page.goto('/auth-redirect?code=not-a-real-code');
    await expect(page.getByText(zh('host.jump.failed'))).toBeVisible();
    await look(page, 'auth-redirect-failed', { fullPage: true });
    await page.getByRole('link', { name: zh('host.jump.toLogin') }).click();
    await expect(page).toHaveURL(/\/login/);
    await context.close();
  });

  test('/jump?token= replaces the session with the one of the new-login token', async ({ browser }) => {
    const { context, token: before } = await signedInContext(browser, baseURL(), demoLogin('demo'));
    const page = await context.newPage();
    await enterPortal(page);
    const { username } = demoLogin('white');
    const code = await integrationCode(context.request, username, 'new');
    await followLink(page, `/jump?token=${encodeURIComponent(code)}`);
    await expect.poll(() => pageToken(context)).not.toBe(before);
    await expect(page).not.toHaveURL(/\/(jump|login)/);
    expect(await accountOf(context.request, await pageToken(context))).toBe(username);
    await context.close();
  });
});

test.describe('standalone pages: accessibility and looks', () => {
  for (const [path, name] of [
    ['/service-agreement', 'service-agreement'],
    ['/privacy-policy', 'privacy-policy'],
  ] as const) {
    test(`${path} has no axe violation, in both languages`, async ({ browser }) => {
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectNoAxeViolations(page);
      await look(page, `${name}-zh`, { fullPage: true });
      await page.getByRole('button', { name: 'English' }).click();
      await expect(page.getByRole('link', { name: 'Back to Sign-In' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.setViewportSize({ width: 360, height: 740 });
      await look(page, `${name}-en-360`);
      await context.close();
    });
  }

  for (const [path, heading] of [
    ['/404', zh('host.error.notFound')],
    ['/401', zh('host.error.unauthorized')],
  ] as const) {
    test(`${path} has no axe violation`, async ({ browser }) => {
      const { context } = await signedInContext(browser, baseURL(), demoLogin('demo'), { bypassCSP: true });
      const page = await context.newPage();
      await enterPortal(page);
      await followLink(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expectNoAxeViolations(page);
      await look(page, `error${path.slice(1)}`, { fullPage: true });
      await page.setViewportSize({ width: 360, height: 740 });
      await look(page, `error${path.slice(1)}-360`);
      await context.close();
    });
  }
});
