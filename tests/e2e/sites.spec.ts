import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { signInByApi } from './helpers/session.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/**
 * The hospitals and cities pages as the demo customer meets them (`--seed-demo`): find a
 * hospital by its pinyin initials, see its projects and open one; open the region tree, expand
 * a province, find a district by its pinyin initials.
 */

/** axe is injected as a script tag (tests/e2e/helpers/axe.ts). */
test.use({ bypassCSP: true });

test('the hospital list: search by pinyin initials, see a site’s projects, open one', async ({ page }) => {
  await signInByApi(page, demoLogin('demo'));
  await page.goto('/customer-hospital/index');
  const list = page.locator('lp-hospital-list');
  const rows = list.locator('tbody tr.lp-data-table__row:not(.lp-data-table__skeleton)');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  expect(await rows.count()).toBeGreaterThan(1);

  await list.getByRole('searchbox', { name: '搜索' }).fill('bjxh');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('北京协和医院');
  await expect(row).toContainText('北京 / 北京市 / 东城区');
  const projects = row.locator('a.site-link');
  expect(await projects.count()).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  // the details: the projects with their site numbers
  await row.getByRole('button', { name: '查看 北京协和医院 的详情' }).click();
  const dialog = list.getByRole('dialog', { name: '北京协和医院' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('.site-detail__projects li').first()).toContainText('中心编号');
  await dialog.getByRole('button', { name: '关闭' }).first().click();
  await expect(dialog).toBeHidden();

  const first = projects.first();
  const href = await first.getAttribute('href');
  expect(href).toMatch(/^\/customer-project\/view\/\d+$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('the city tree: expand a province with the keyboard, find a district by pinyin initials', async ({
  page,
}) => {
  await signInByApi(page, demoLogin('demo'));
  await page.goto('/customer-city/index');
  const cities = page.locator('lp-city-list');
  const tree = cities.getByRole('tree', { name: '地区' });
  const beijing = tree.getByRole('treeitem', { name: /^北京 / });
  await expect(beijing).toBeVisible({ timeout: 15_000 });
  await expect(beijing).toHaveAttribute('aria-expanded', 'false');
  await beijing.focus();
  await page.keyboard.press('ArrowRight');
  await expect(beijing).toHaveAttribute('aria-expanded', 'true');
  const city = tree.getByRole('treeitem', { name: /^北京市 / });
  await expect(city).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(city).toBeFocused();
  // the demo customer has sites in 北京: the province says how many
  await expect(beijing).toContainText(/\d+ 家医院/);
  await expect(beijing).toContainText('可配送');

  await cities.getByRole('searchbox', { name: '搜索地区' }).fill('xhq');
  const district = tree.getByRole('treeitem', { name: /^徐汇区 / });
  await expect(district).toBeVisible();
  await expect(district.locator('mark')).toHaveText('徐汇区');
  await expect(tree.getByRole('treeitem', { name: /^上海 / })).toHaveAttribute('aria-expanded', 'true');
  await expectNoAxeViolations(page);
});
