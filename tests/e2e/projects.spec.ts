import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/host.ts';
import '../../src/i18n/areas/projects.ts';
import { demoLogin } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { zh } from './helpers/login-page.ts';
import { enterPortal, followLink, signedInContext } from './helpers/session.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/**
 * Projects, as the demo customer meets them (`--seed-demo`): the project list, a search, a project
 * in its own tab with its sites and configuration, and one of its orders opened from there.
 */
test.use({ bypassCSP: true });

const baseURL = () => test.info().project.use.baseURL!;
const PROTOCOL = 'SHR3680-III-CRPC';

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 320, height: 700 },
]) {
  test(`at ${viewport.width} px: search the projects, open one in its tab, see its sites and configuration, open one of its orders`, async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const { context } = await signedInContext(browser, baseURL(), demoLogin('demo'), {
      viewport,
      bypassCSP: true,
    });
    const page = await context.newPage();
    await enterPortal(page);
    await followLink(page, '/customer-project/index');
    const list = page.locator('lp-project-list');
    await expect(list.getByRole('heading', { level: 1, name: zh('projects.title') })).toBeVisible();
    const links = list.locator('a.project-link');
    await expect(links.first()).toBeVisible();
    expect(await links.count()).toBeGreaterThan(1);

    await list.getByRole('searchbox', { name: zh('projects.search') }).fill('shr3680');
    await expect(links).toHaveCount(1);
    await expect(links).toHaveText(PROTOCOL);
    const fits = await page.evaluate(
      () => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth,
    );
    expect(fits).toBe(true);
    await expectNoAxeViolations(page);

    await links.click();
    await expect(page).toHaveURL(/\/customer-project\/view\/\d+$/);
    const tabs = page.getByRole('list', { name: zh('host.tabs.label') });
    await expect(tabs.getByRole('link', { name: PROTOCOL })).toHaveAttribute('aria-current', 'page');
    const view = page.locator('lp-project-view');
    await expect(view.getByRole('heading', { level: 1 })).toContainText(PROTOCOL);
    await expect(view.getByRole('heading', { level: 2, name: /^研究中心（\d+）$/ })).toBeVisible();
    const sites = view.getByRole('region', { name: zh('projects.view.sitesTable') });
    await expect(sites.locator('tbody tr').first()).toBeVisible();
    expect(await sites.locator('tbody tr').count()).toBeGreaterThan(1);
    const conf = view.getByRole('region', { name: zh('projects.view.conf') });
    await expect(conf.getByText(zh('projects.view.tempClasses'))).toBeVisible();
    await expect(conf.getByText(zh('projects.view.dtp'))).toBeVisible();
    await expect(view.getByRole('link', { name: zh('projects.view.allOrders') })).toHaveAttribute(
      'href',
      /\/customer-order\/index\?pr_id=\d+$/,
    );
    const viewFits = await page.evaluate(
      () => document.scrollingElement!.scrollWidth <= document.scrollingElement!.clientWidth,
    );
    expect(viewFits).toBe(true);
    await expectNoAxeViolations(page);

    const orders = view.getByRole('region', { name: zh('projects.view.orders') });
    const order = orders.getByRole('link', { name: /^LP\d+$/ }).first();
    const orderNo = (await order.textContent()) ?? '';
    await order.click();
    await expect(page).toHaveURL(/\/customer-order\/view\/\d+$/);
    await expect(tabs.getByRole('link', { name: orderNo })).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('lp-order-view').getByText(orderNo).first()).toBeVisible();
    await context.close();
  });
}
