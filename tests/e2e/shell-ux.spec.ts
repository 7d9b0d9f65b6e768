import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { apiLogin, callApi } from './helpers/api.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { look } from './helpers/look.ts';
import { zh } from './helpers/login-page.ts';
// the sessions dialog's strings (its own area, not among the helper's)
import '../../src/i18n/areas/sessions-dialog.ts';
import { enterPortal, followLink, pageToken, signedInContext, TOKEN_COOKIE } from './helpers/session.ts';

/**
 * What a new user hit in the portal's shell (issue 8): small screens, unknown paths, contrast,
 * the customer switcher, a login elsewhere, the "not available" page.
 */
test.use({ bypassCSP: true });

const baseURL = () => test.info().project.use.baseURL!;
const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1440, height: 900 };

/** No sideways scrolling: the page is exactly as wide as the window. */
async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(
    scrollWidth,
    `page ${page.url()} is ${scrollWidth} px wide in ${clientWidth} px`,
  ).toBeLessThanOrEqual(clientWidth);
}

async function expectInsideViewport(page: Page, target: Locator): Promise<void> {
  const box = await target.boundingBox();
  const size = page.viewportSize()!;
  expect(box, 'the element is on screen').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(size.width);
  expect(box!.y + box!.height).toBeLessThanOrEqual(size.height);
}

/** Looks at a page as a user would: a screenshot to look at, no sideways scroll, no axe violation. */
async function check(page: Page, name: string, { axe = true } = {}): Promise<void> {
  const width = page.viewportSize()!.width;
  await look(page, `shell-${width}-${name}`);
  await expectNoHorizontalScroll(page);
  if (axe) await expectNoAxeViolations(page);
}

const launcher = (page: Page) => page.locator('lp-chat-widget').locator('[part~="launcher"]');
const accountMenuButton = (page: Page) => page.locator('button.lp-user-menu');
const accountMenu = (page: Page) => page.getByRole('menu', { name: zh('host.nav.userMenu') });

async function signedInPage(
  browser: Parameters<typeof signedInContext>[0],
  viewport: { width: number; height: number },
  account: 'demo' | 'multi' = 'demo',
): Promise<{ context: BrowserContext; page: Page; token: string }> {
  const { context, token } = await signedInContext(browser, baseURL(), demoLogin(account), {
    viewport,
    bypassCSP: true,
  });
  const page = await context.newPage();
  await enterPortal(page);
  return { context, page, token };
}

for (const viewport of [PHONE, DESKTOP]) {
  const phone = viewport === PHONE;

  test(`at ${viewport.width} px the full-screen pages fit and pass axe`, async ({ browser }) => {
    const context = await browser.newContext({ viewport, bypassCSP: true });
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh('host.login.heading'));
    await check(page, 'login');
    for (const [path, name, heading] of [
      ['/404', '404', zh('host.error.notFound')],
      ['/401', '401', zh('host.error.unauthorized')],
      ['/service-agreement', 'service-agreement', zh('host.legal.agreement')],
      ['/privacy-policy', 'privacy-policy', zh('host.legal.privacy')],
    ] as const) {
      if (name === '404') {
        // The error pages need a session; the agreements do not.
        const token = await apiLogin(context.request, demoLogin('demo'));
        await context.addCookies([{ name: TOKEN_COOKIE, value: token, url: baseURL(), sameSite: 'Lax' }]);
      }
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await check(page, name);
    }
    await context.close();
  });

  test(`at ${viewport.width} px the signed-in layout fits, its menus and dialogs stay on screen, and axe passes`, async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, viewport);
    await expect(launcher(page)).toBeVisible();
    await check(page, 'home');
    await expectInsideViewport(page, launcher(page));
    await expectInsideViewport(page, accountMenuButton(page));

    // A menu page whose element cannot be loaded (made so here): its active menu entry is in the
    // sidebar too.
    await page.route('**/elements/project-list.js', (route) => route.abort());
    await followLink(page, '/customer-project/index');
    await expect(page.getByRole('heading', { level: 1, name: zh('route.projectIndex') })).toBeVisible();
    await check(page, 'unavailable');
    await expectInsideViewport(page, launcher(page));

    await accountMenuButton(page).click();
    await expect(accountMenu(page)).toBeVisible();
    const items = accountMenu(page).getByRole('menuitem');
    await expect(items).toHaveText([
      zh('host.nav.downloads'),
      // demo administers its customers: their audit trail, webhooks and API clients
      zh('host.nav.audit'),
      zh('host.nav.webhooks'),
      zh('host.nav.apiClients'),
      // the "warehouse system" of LINKED_SYSTEMS in playwright.config.ts
      zh('host.nav.openSystem', { name: '仓储管理系统' }),
      zh('host.nav.changePassword'),
      zh('host.nav.secondFactor'),
      zh('host.nav.sessions'),
      zh('host.nav.about'),
      zh('host.nav.logout'),
    ]);
    for (const item of await items.all()) await expectInsideViewport(page, item);
    await check(page, 'account-menu');

    await accountMenu(page)
      .getByRole('menuitem', { name: zh('host.nav.about') })
      .click();
    const about = page.getByRole('dialog', { name: zh('host.about.title') });
    await expect(about).toContainText('V 2.9');
    await expectInsideViewport(page, about);
    await check(page, 'about');
    await page.keyboard.press('Escape');
    await expect(about).toHaveCount(0);

    await accountMenuButton(page).click();
    await accountMenu(page)
      .getByRole('menuitem', { name: zh('host.nav.changePassword') })
      .click();
    const password = page.getByRole('dialog', { name: zh('account.password.editTitle') });
    await expect(password.getByLabel(zh('account.password.account'))).toBeVisible();
    await check(page, 'change-password');
    await page.keyboard.press('Escape');
    await expect(password).toHaveCount(0);

    // the person's sessions (issue 34): <lp-sessions-dialog>, loaded when the menu opens it
    await accountMenuButton(page).click();
    await accountMenu(page)
      .getByRole('menuitem', { name: zh('host.nav.sessions') })
      .click();
    const sessions = page.getByRole('dialog', { name: zh('sessionsDialog.title') });
    await expect(sessions).toContainText(zh('sessionsDialog.thisDevice'));
    await expectInsideViewport(page, sessions);
    await check(page, 'sessions');
    await page.keyboard.press('Escape');
    await expect(sessions).toHaveCount(0);

    if (phone) {
      await page.getByRole('button', { name: zh('host.nav.toggle') }).click();
      const nav = page.getByRole('navigation', { name: zh('host.nav.menu') });
      await expect.poll(async () => (await nav.boundingBox())!.x).toBe(0);
      await check(page, 'drawer');
    }
    await context.close();
  });
}

test('from 320 px up, in both languages, the signed-in pages never scroll sideways', async ({ browser }) => {
  const { context, page } = await signedInPage(browser, { width: 320, height: 640 });
  for (const locale of ['zh-CN', 'en'] as const) {
    if (locale === 'en') {
      // a phone's bar keeps its row for the customer switcher: the language is in the settings panel
      await expect(page.locator('.lp-navbar .lp-locale-switch')).toBeHidden();
      await page.getByRole('button', { name: zh('host.nav.settings') }).click();
      const panel = page.getByRole('dialog');
      await panel.getByLabel(zh('host.nav.language')).selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
    for (const path of ['/home/index', '/customer-project/index']) {
      await followLink(page, path);
      await expect(page.locator('#lp-main')).not.toBeEmpty();
      await look(page, `shell-320-${locale}-${path.split('/')[1]}`);
      await expectNoHorizontalScroll(page);
      await expectInsideViewport(page, launcher(page));
      await expectInsideViewport(page, accountMenuButton(page));
    }
    const search = page.locator('.lp-header-search > button');
    await search.click();
    await expect(page.locator('.lp-header-search-box input')).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectInsideViewport(page, page.locator('.lp-header-search-box input'));
    await search.click();
  }
  await context.close();
});

test('with a session, an unknown path shows /404 (first entry and later)', async ({ browser }) => {
  const { context } = await signedInContext(browser, baseURL(), demoLogin('demo'));
  const page = await context.newPage();
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/404');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh('host.error.notFound'));
  await followLink(page, '/customer-order/no-such-page');
  await expect(page).toHaveURL('/404');
  await context.close();
});

test.describe('customer switcher', () => {
  const SJZ = '石药集团-石家庄研究中心';

  test('the field searches at once (sjz), and the switch says so after the reload', async ({
    browser,
    tenant,
  }) => {
    const { context, token } = await signedInContext(browser, baseURL(), demoLogin('multi'), {
      viewport: DESKTOP,
    });
    // Start from another customer than the one this test switches to.
    const moved = await callApi<{ access_token: string }>(
      context.request,
      'customer-account/switch-customer',
      { identifier: tenant.identifier('HR-SH-RD') },
      token,
    );
    expect(moved.code).toBe(0);
    await context.addCookies([
      { name: TOKEN_COOKIE, value: moved.data.access_token, url: baseURL(), sameSite: 'Lax' },
    ]);
    const page = await context.newPage();
    await enterPortal(page);

    const switcher = page.locator('lp-customer-switcher');
    const box = switcher.getByRole('combobox', { name: zh('account.switcher.label') });
    const current = await box.inputValue();
    expect(current).not.toContain(SJZ);
    await box.click();
    await expect(box).toHaveValue('');
    await expect(box).toHaveAttribute('placeholder', current);
    await page.keyboard.type('sjz');
    const options = switcher.getByRole('option');
    await expect(options).toHaveText([new RegExp(SJZ)]);

    const reloaded = page.waitForEvent('load');
    await options.first().click();
    await reloaded;
    await expect(page.locator('.lp-toast').filter({ hasText: zh('session.switchSuccess') })).toBeVisible();
    await expect(box).toHaveValue(new RegExp(SJZ));
    await look(page, 'shell-switch-success');

    await page.reload();
    await expect(box).toHaveValue(new RegExp(SJZ));
    await expect(page.locator('.lp-toast'), 'said once').toHaveCount(0);
    await context.close();
  });
});

test.describe('logged in elsewhere (spec §8)', () => {
  const ask = (page: Page) => page.getByRole('alertdialog', { name: zh('api.loggedInElsewhereTitle') });

  test('the next page the old tab opens asks; Cancel stays on it', async ({ browser }) => {
    const { context, page, token } = await signedInPage(browser, DESKTOP);
    await apiLogin(context.request, demoLogin('demo')); // another browser
    await followLink(page, '/customer-order/draft');
    await expect(ask(page)).toBeVisible();
    await expect(ask(page)).toContainText(zh('api.loggedInElsewhere'));
    await expect(page).toHaveURL('/customer-order/draft');
    await look(page, 'shell-599-navigate');
    await ask(page)
      .getByRole('button', { name: zh('common.cancel') })
      .click();
    await expect(ask(page)).toHaveCount(0);
    await expect(page).toHaveURL('/customer-order/draft');
    expect(await pageToken(context)).toBe(token);
    await expect(page.getByRole('navigation', { name: zh('host.nav.menu') })).toBeVisible();
    await context.close();
  });

  test('coming back to the tab asks at once; Re-login starts over', async ({ browser }) => {
    const { context, page } = await signedInPage(browser, DESKTOP);
    await apiLogin(context.request, demoLogin('demo'));
    // What the browser does when the user comes back to this tab. Checks are at most one a second
    // (SESSION_CHECK_MS: focus and visibility come together), and the page's own focus on load may
    // have made one just before: the user comes back until the page asks.
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(ask(page)).toBeVisible({ timeout: 1_500 });
    }).toPass({ timeout: 7_000 });
    await expect(page).toHaveURL('/home/index');
    await ask(page)
      .getByRole('button', { name: zh('api.relogin') })
      .click();
    await expect(page).toHaveURL(/\/login/);
    expect(await pageToken(context)).toBe('');
    await context.close();
  });

  test('a reload with a replaced session goes to login and says why there, without the confirm', async ({
    browser,
  }) => {
    const { context, page } = await signedInPage(browser, DESKTOP);
    await followLink(page, '/customer-order/draft');
    await expect(page).toHaveURL('/customer-order/draft');
    await apiLogin(context.request, demoLogin('demo'));
    await page.reload();
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent('/customer-order/draft')}`);
    await expect(page.getByText(zh('host.login.signedInElsewhere'))).toBeVisible();
    await expect(ask(page)).toHaveCount(0);
    await look(page, 'shell-599-reload');
    await expectNoAxeViolations(page);
    await context.close();
  });
});
