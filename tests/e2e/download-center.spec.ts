import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { zh } from './helpers/login-page.ts';
import { enterPortal, signedInContext } from './helpers/session.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/** The download centre: a hidden page of the order menu, opened from the account menu. */
test.use({ bypassCSP: true });

const baseURL = () => test.info().project.use.baseURL!;

for (const viewport of [
  { width: 320, height: 700 },
  { width: 1440, height: 900 },
]) {
  test(`at ${viewport.width} px the account menu opens the download centre, which fits and passes axe`, async ({
    browser,
  }) => {
    const { context } = await signedInContext(browser, baseURL(), demoLogin('demo'), {
      viewport,
      bypassCSP: true,
    });
    const page = await context.newPage();
    await enterPortal(page);
    await page.locator('button.lp-user-menu').click();
    await page
      .getByRole('menu', { name: zh('host.nav.userMenu') })
      .getByRole('menuitem', { name: zh('host.nav.downloads') })
      .click();
    await expect(page).toHaveURL(/\/customer-order\/download$/);
    const centre = page.locator('lp-download-center');
    await expect(centre.getByRole('heading', { level: 1, name: '下载中心' })).toBeVisible();
    await expect(centre.getByRole('button', { name: '刷新' })).toBeVisible();
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      clientWidth: document.scrollingElement!.clientWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
    await expectNoAxeViolations(page);
    await context.close();
  });
}
