import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { localeSession, signInByApi } from './helpers/session.ts';
import { zh } from './helpers/login-page.ts';
import '../../src/i18n/areas/addresses.ts';

// the demo's data (projects, addresses, sites, drafts)
test.use({ orderData: true });
test.use({ bypassCSP: true });

/**
 * Every list keeps its search, sort and page in the address (issue 29): a reload or a shared link
 * shows the same list, not the first page of everything.
 */
const LISTS = [
  { path: '/customer-project/index', tag: 'lp-project-list', keyword: 'SHR' },
  { path: '/customer-address/index', tag: 'lp-address-list', keyword: '医院' },
  { path: '/customer-hospital/index', tag: 'lp-hospital-list', keyword: '医院' },
  { path: '/customer-order/draft', tag: 'lp-order-drafts', keyword: '草稿' },
] as const;

for (const { path, tag, keyword } of LISTS)
  test(`${tag} keeps its search in the address across a reload, and a shared link opens it so`, async ({
    page,
    browser,
  }) => {
    await signInByApi(page, demoLogin('demo'));
    await page.goto(path);
    const list = page.locator(`${tag}:visible`);
    const search = list.locator('input[type="search"]');
    await search.fill(keyword);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`\\?keyword=${encodeURIComponent(keyword)}$`));
    await page.reload();
    await expect(page.locator(`${tag}:visible`).locator('input[type="search"]')).toHaveValue(keyword);
    await expect(page).toHaveURL(new RegExp(`\\?keyword=${encodeURIComponent(keyword)}$`));

    // a colleague's browser opens the link with the same search, and the list asks for it
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const tab = await other.newPage();
    await signInByApi(tab, demoLogin('demo'));
    const asked = tab.waitForRequest((r) => r.url().includes(`keyword=${encodeURIComponent(keyword)}`));
    await tab.goto(`${path}?keyword=${encodeURIComponent(keyword)}`);
    await asked;
    await expect(tab.locator(`${tag}:visible`).locator('input[type="search"]')).toHaveValue(keyword);
    await other.close();
  });

test('the address book keeps its tab and page size across a reload', async ({ page }) => {
  await signInByApi(page, demoLogin('demo'));
  await page.goto('/customer-address/index?kind=stop&limit=20');
  for (const reload of [false, true]) {
    if (reload) await page.reload();
    const book = page.locator('lp-address-list:visible');
    await expect(book.getByRole('tab', { selected: true })).toHaveText(zh('addresses.tab.stop'));
    await expect(book.locator('select.lp-pagination__size')).toHaveValue('20');
    await expect(page).toHaveURL(/\?kind=stop&limit=20$/);
  }
});

test('at 375 px every list shows its rows as cards on the screen, in both languages', async ({ browser }) => {
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page } = await localeSession(browser, locale);
    await page.setViewportSize({ width: 375, height: 740 });
    for (const { path, tag } of [
      ...LISTS,
      { path: '/customer-inventory/index-yp', tag: 'lp-inventory-table' },
    ]) {
      await page.goto(path);
      const row = page.locator(`${tag}:visible tbody tr.lp-data-table__row`).first();
      await expect(row, `${tag}: a row`).toBeVisible();
      // every cell of the card is on screen and names its column
      const off = await row.locator('td').evaluateAll((cells) =>
        cells
          .filter((td) => {
            const box = td.getBoundingClientRect();
            return box.left < 0 || box.right > window.innerWidth + 1;
          })
          .map((td) => td.getAttribute('data-label')),
      );
      expect(off, `${tag}: cells off screen`).toEqual([]);
      await expect(row.locator('td[data-label]').first()).toHaveAttribute('data-label', /.+/);
      expect(
        await page.evaluate(() => document.scrollingElement!.scrollWidth),
        `${tag}: no sideways scroll`,
      ).toBeLessThanOrEqual(375);
    }
    await context.close();
  }
});
