import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { look } from './helpers/look.ts';
import { LoginForm, zh } from './helpers/login-page.ts';
import { followLink, localeSession, signInByApi } from './helpers/session.ts';
import { codeIn, textsOf } from './helpers/sms.ts';

test.use({ bypassCSP: true });

async function signIn(page: Page, account: Parameters<typeof demoLogin>[0] = 'demo', to = '/home/index') {
  const form = new LoginForm(page);
  await form.goto(to);
  await form.signIn(demoLogin(account));
  await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, '\\/')}$`));
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: zh('host.nav.menu') });
const tabs = (page: Page) => page.getByRole('list', { name: zh('host.tabs.label') });

test('the sidebar follows the menu: submenus, no material inventory, help centre at the bottom', async ({
  page,
}) => {
  await signIn(page);
  const nav = sidebar(page);
  await nav.getByRole('button', { name: zh('route.order') }).click();
  await expect(nav.getByRole('link', { name: zh('route.orderDraft') })).toBeVisible();
  await expect(nav.getByRole('link', { name: zh('route.inventoryYp') })).toBeVisible();
  await expect(nav.getByRole('link', { name: zh('route.materialInventory') })).toHaveCount(0);
  const help = nav.getByRole('link', { name: zh('route.help') });
  const address = nav.getByRole('link', { name: zh('route.address') });
  expect((await help.boundingBox())!.y).toBeGreaterThan((await address.boundingBox())!.y + 100);
  await nav.getByRole('link', { name: zh('route.orderDraft') }).click();
  await expect(page).toHaveURL(/\/customer-order\/draft$/);
  await expect(page).toHaveTitle(`${zh('route.orderDraft')} - ${zh('app.name')}`);
  const crumbs = page.getByRole('navigation', { name: zh('host.nav.breadcrumb') });
  await expect(crumbs).toContainText(zh('route.home'));
  await expect(crumbs).toContainText(zh('route.orderDraft'));
});

test('a menu page whose element cannot be loaded says so instead of showing a blank page', async ({
  page,
}) => {
  // every menu page has its element now: a deployment that lacks one (or a failed download) is made here
  await page.route('**/elements/project-list.js', (route) => route.abort());
  await signIn(page, 'demo', '/customer-project/index');
  await expect(page.getByText(zh('host.unavailable.title'), { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: zh('route.projectIndex') })).toBeVisible();
  await expect(page.getByText(zh('host.unavailable.text'))).toBeVisible();
  // Nothing of ours leaks into the page: no tag name, nothing that spins.
  await expect(page.locator('#lp-main')).not.toContainText('lp-');
  await expect(page.getByRole('link', { name: zh('host.error.backHome') })).toBeVisible();
});

test('the sidebar collapses and its state survives a reload', async ({ page }) => {
  await signIn(page);
  const nav = sidebar(page);
  const wide = (await nav.boundingBox())!.width;
  await page.getByRole('button', { name: zh('host.nav.toggle') }).click();
  await expect.poll(async () => (await nav.boundingBox())!.width).toBeLessThan(wide / 2);
  await page.reload();
  await expect.poll(async () => (await sidebar(page).boundingBox())!.width).toBeLessThan(wide / 2);
  await page.getByRole('button', { name: zh('host.nav.toggle') }).click();
});

test('the tag strip: pinned home, right-click menu, middle-click close, tabs survive a reload', async ({
  page,
}) => {
  await signIn(page);
  // Each page's own tab is there before the next address is opened (a page left while it still
  // loads never had its tab).
  for (const [path, title] of [
    ['/customer-order/index', 'route.orderIndex'],
    ['/customer-order/draft', 'route.orderDraft'],
    ['/customer-address/index', 'route.address'],
  ] as const) {
    await page.goto(path);
    await expect(tabs(page).getByRole('link', { name: zh('route.home') })).toBeVisible();
    await expect(tabs(page).getByRole('link', { name: zh(title) })).toBeVisible();
  }
  const strip = tabs(page);
  await expect(strip.getByRole('link')).toHaveText([
    zh('route.home'),
    zh('route.orderIndex'),
    zh('route.orderDraft'),
    zh('route.address'),
  ]);
  await page.reload();
  await expect(tabs(page).getByRole('link')).toHaveCount(4);

  await tabs(page)
    .getByRole('link', { name: zh('route.orderDraft') })
    .click({ button: 'middle' });
  await expect(tabs(page).getByRole('link')).toHaveCount(3);

  await tabs(page)
    .getByRole('link', { name: zh('route.orderIndex') })
    .click({ button: 'right' });
  await page.getByRole('menuitem', { name: zh('host.tabs.closeOthers') }).click();
  await expect(tabs(page).getByRole('link')).toHaveText([zh('route.home'), zh('route.orderIndex')]);
  await expect(page).toHaveURL(/\/customer-order\/index$/);

  await tabs(page)
    .getByRole('link', { name: zh('route.orderIndex') })
    .click({ button: 'right' });
  await page.getByRole('menuitem', { name: zh('host.tabs.refresh') }).click();
  await expect(page).toHaveURL(/\/customer-order\/index$/);

  await tabs(page)
    .getByRole('link', { name: zh('route.home') })
    .click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: zh('host.tabs.close'), exact: true })).toBeDisabled();
  await page.getByRole('menuitem', { name: zh('host.tabs.closeAll') }).click();
  await expect(tabs(page).getByRole('link')).toHaveText([zh('route.home')]);
  await expect(page).toHaveURL(/\/home\/index$/);
});

test('a tab mounts its page when first shown: a deep link does not load the pinned home page behind it', async ({
  page,
}) => {
  const overviewCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/customer-order/overview')) overviewCalls.push(request.url());
  });
  // a bookmark of the order list, opened signed in
  await signInByApi(page, demoLogin('demo'));
  await page.goto('/customer-order/index');
  await expect(page.locator('lp-order-list tbody tr').first()).toBeVisible();
  await expect(tabs(page).getByRole('link', { name: zh('route.home') })).toBeVisible();
  // the page has settled: what it was going to load, it has asked for
  await page.waitForLoadState('networkidle');
  expect(await page.locator('lp-home-overview').count()).toBe(0);
  expect(overviewCalls).toEqual([]);

  // Opened, the home page mounts; back on the list, the list was kept (not mounted again).
  await page.locator('lp-order-list').evaluate((el) => el.setAttribute('data-kept', 'yes'));
  await tabs(page)
    .getByRole('link', { name: zh('route.home') })
    .click();
  await expect(page.locator('lp-home-overview')).toBeVisible();
  await expect.poll(() => overviewCalls.length).toBeGreaterThan(0);
  await tabs(page)
    .getByRole('link', { name: zh('route.orderIndex') })
    .click();
  await expect(page.locator('lp-order-list')).toHaveAttribute('data-kept', 'yes');
  await expect(page.locator('lp-home-overview')).toBeHidden();
});

test('settings are kept after a reload', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: zh('host.nav.settings') }).click();
  await page.getByLabel(zh('host.settings.tagsView')).uncheck();
  await page.getByLabel(zh('host.settings.sidebarLogo')).check();
  await page.keyboard.press('Escape');
  await expect(tabs(page)).toHaveCount(0);
  await page.reload();
  await expect(sidebar(page)).toBeVisible();
  await expect(tabs(page)).toHaveCount(0);
  await expect(sidebar(page).getByText(zh('app.name'))).toBeVisible();
  await page.getByRole('button', { name: zh('host.nav.settings') }).click();
  await page.getByRole('button', { name: zh('host.settings.reset') }).click();
  await page.keyboard.press('Escape');
  await expect(tabs(page)).toBeVisible();
});

test('the header search finds a page by title and opens it', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: zh('host.search.label') }).click();
  const box = page.getByRole('combobox', { name: zh('host.search.label') });
  await box.fill('草稿');
  await expect(page.getByRole('option', { name: new RegExp(zh('route.orderDraft')) })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL(/\/customer-order\/draft$/);
});

test('the about dialog shows the version and the service contacts from the server', async ({ page }) => {
  await signIn(page);
  // The menu button is named by the person it shows; its menu by the label.
  await page.locator('button.lp-user-menu').click();
  await expect(page.getByRole('menu', { name: zh('host.nav.userMenu') })).toBeVisible();
  await page.getByRole('menuitem', { name: zh('host.nav.about') }).click();
  const dialog = page.getByRole('dialog', { name: zh('host.about.title') });
  await expect(dialog).toContainText('V 2.9');
  await expect(dialog.getByRole('link', { name: /\d{3}-\d{3}-\d{4}/ })).toBeVisible();
});

test('the header names the company once (the switcher) and the person signed in (the account menu)', async ({
  page,
}) => {
  const token = await signInByApi(page, demoLogin('demo'));
  const info = (await (
    await page.request.get('/api/user/get-user-info.html', { headers: { 'X-Token': token } })
  ).json()) as {
    data: { name: string; customer: { co_name: string } };
  };
  await page.goto('/home/index');
  const header = page.locator('.lp-header');
  // the switcher's field holds "company / account"; nothing else in the header repeats the company
  const company = info.data.customer.co_name;
  await expect(header.locator('lp-customer-switcher').getByRole('combobox')).toHaveValue(
    new RegExp(`^${company} / `),
  );
  await expect(header.getByText(company)).toHaveCount(0);
  await expect(header.getByRole('button', { name: info.data.name, exact: true })).toHaveAttribute(
    'aria-haspopup',
    'menu',
  );
});

test('the account menu opens the change-password dialog with the account filled in', async ({ page }) => {
  await signIn(page);
  await page.locator('button.lp-user-menu').click();
  await page.getByRole('menuitem', { name: zh('host.nav.changePassword') }).click();
  const dialog = page.getByRole('dialog', { name: zh('account.password.editTitle') });
  await expect(dialog).toBeVisible();
  const account = dialog.getByLabel(zh('account.password.account'));
  await expect(account).toHaveValue(demoLogin('demo').username);
  await expect(account).not.toBeEditable();
  await expect(dialog.getByLabel(zh('account.password.mobile'))).toBeEditable();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
});

test('a password changed from the account menu ends on the login page with one success message', async ({
  page,
  request,
}) => {
  await signIn(page);
  const login = demoLogin('demo');
  const { mobile } = await textsOf(request, login.username);
  await page.locator('button.lp-user-menu').click();
  await page.getByRole('menuitem', { name: zh('host.nav.changePassword') }).click();
  const dialog = page.getByRole('dialog', { name: zh('account.password.editTitle') });
  await dialog.getByLabel(zh('account.password.mobile')).fill(mobile);
  await dialog.getByRole('button', { name: zh('account.password.sendCode') }).click();
  await expect(dialog.getByRole('button', { name: /秒后重发/ })).toBeVisible();
  await expect.poll(async () => codeIn((await textsOf(request, login.username)).body)).toMatch(/^\d{6}$/);
  const code = codeIn((await textsOf(request, login.username)).body);
  await dialog.getByLabel(zh('account.password.captcha')).fill(code);
  const fresh = 'Fresh#2026menu';
  await dialog.getByRole('textbox', { name: zh('account.password.newPassword') }).fill(fresh);
  await dialog.getByRole('button', { name: zh('account.password.submit') }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('.lp-toast--success')).toHaveCount(1);
  await expect(page.locator('.lp-toast--success')).toHaveText(new RegExp(zh('account.password.success')));
});

test('below 992 px the sidebar is a drawer that closes after choosing a page', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await signIn(page);
  const nav = sidebar(page);
  await expect
    .poll(async () => (await nav.boundingBox())!.x + (await nav.boundingBox())!.width)
    .toBeLessThanOrEqual(1);
  await page.getByRole('button', { name: zh('host.nav.toggle') }).click();
  await expect.poll(async () => (await nav.boundingBox())!.x).toBe(0);
  await nav.getByRole('link', { name: zh('route.address') }).click();
  await expect(page).toHaveURL(/\/customer-address\/index$/);
  await expect
    .poll(async () => (await nav.boundingBox())!.x + (await nav.boundingBox())!.width)
    .toBeLessThanOrEqual(1);
  await look(page, 'layout-mobile');
});

test('a customer switch changes the current customer for the whole portal', async ({ page }) => {
  await signIn(page, 'multi');
  const welcome = page.locator('.lp-home-welcome');
  const before = await welcome.innerText();
  const switcher = page.locator('lp-customer-switcher');
  await switcher.getByRole('combobox', { name: zh('account.switcher.label') }).click();
  const options = switcher.getByRole('option');
  await expect(options).toHaveCount(5);
  const reloaded = page.waitForEvent('load');
  await options.nth(2).click();
  await reloaded;
  await expect(welcome).not.toHaveText(before);
});

test('the portal layout has no axe violations', async ({ page }) => {
  await signIn(page);
  await expect(sidebar(page)).toBeVisible();
  await expectNoAxeViolations(page);
  await look(page, 'layout-home', { fullPage: true });
});

test('the tab strip scrolls to the active tab when it is out of sight', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInByApi(page, demoLogin('demo'));
  await page.goto('/home/index');
  const strip = tabs(page);
  await expect(strip.getByRole('link')).toHaveCount(1);
  /** Whether the active tab lies wholly inside the strip's visible box. */
  const activeInSight = () =>
    strip.evaluate((ul) => {
      const tab = ul.querySelector('[aria-current="page"]');
      if (!tab) return false;
      const [box, at] = [ul.getBoundingClientRect(), tab.getBoundingClientRect()];
      return at.left >= box.left - 1 && at.right <= box.right + 1;
    });
  const pages = [
    '/customer-order/index',
    '/customer-inventory/index-yp',
    '/customer-project/index',
    '/customer-address/index',
    '/customer-hospital/index',
    '/customer-order/draft',
  ];
  for (const path of pages) {
    await followLink(page, path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await expect(strip.getByRole('link')).toHaveCount(pages.length + 1);
  // the strip overflows at this width: the newest tab, active, is scrolled into sight
  expect(await strip.evaluate((ul) => ul.scrollWidth > ul.clientWidth)).toBe(true);
  await expect.poll(activeInSight).toBe(true);
  // and back to the first one (the home tab) through the address bar's history
  await strip
    .getByRole('link')
    .first()
    .evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page).toHaveURL(/\/home\/index$/);
  await expect.poll(activeInSight).toBe(true);
});

test('in English no sidebar entry is cut, with every submenu open', async ({ browser }) => {
  const { context, page, say } = await localeSession(browser, 'en');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/home/index');
  const nav = page.getByRole('navigation', { name: say('host.nav.menu') });
  await expect(nav.getByRole('link', { name: say('route.help') })).toBeVisible();
  for (const closed of await nav.locator('button[aria-expanded="false"]').all()) await closed.click();
  await expect(nav.getByRole('link', { name: say('route.orderAttachment') })).toBeVisible();
  await expect(nav.getByRole('link', { name: say('route.inventoryYp') })).toBeVisible();
  const cut = await nav
    .locator('.lp-menu-text')
    .evaluateAll((texts) =>
      texts
        .filter((t) => t.scrollWidth > t.clientWidth || t.scrollHeight > t.clientHeight + 1)
        .map((t) => t.textContent),
    );
  expect(cut).toEqual([]);
  await look(page, 'sidebar-en-1440');
  await context.close();
});

test('at 375 px the bar is one row above the tabs: the customer switcher between the menu button and the tools', async ({
  browser,
}) => {
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/customer-order/index');
    const bar = page.locator('.lp-navbar');
    const switcher = page.locator('lp-customer-switcher');
    await expect(switcher.getByRole('combobox')).toBeVisible();
    const row = (await page.locator('.lp-hamburger').boundingBox())!;
    const box = (await switcher.boundingBox())!;
    expect(
      Math.abs(box.y + box.height / 2 - (row.y + row.height / 2)),
      'the switcher sits in the first row',
    ).toBeLessThan(6);
    expect((await bar.boundingBox())!.height, 'one row').toBeLessThan(60);
    for (const tool of [
      page.getByRole('button', { name: say('host.nav.settings') }),
      page.locator('button.lp-user-menu, .lp-user-menu button').first(),
    ]) {
      const at = (await tool.boundingBox())!;
      expect(at.x + at.width).toBeLessThanOrEqual(375);
      expect(Math.abs(at.y - row.y)).toBeLessThan(10);
    }
    await expect(page.locator('button.lp-user-menu, .lp-user-menu button').first()).toHaveAccessibleName(
      /.+/,
    );
    await context.close();
  }
});
