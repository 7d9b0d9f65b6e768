import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/home-overview.ts';
import '../../src/i18n/areas/order-list.ts';
import { demoLogin } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { LoginForm, zh } from './helpers/login-page.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/**
 * The home page's overview on the demo data (`--seed-demo`): its blocks show, and a number opens
 * the order list filtered as it was counted, with the same count.
 */
test.use({ bypassCSP: true });

async function signIn(page: Page) {
  const form = new LoginForm(page);
  await form.goto('/home/index');
  await form.signIn(demoLogin('demo'));
  await expect(page).toHaveURL(/\/home\/index$/);
}

test('the home page shows the overview’s blocks, and a count opens the list with the same count', async ({
  page,
}) => {
  await signIn(page);
  const overview = page.locator('lp-home-overview');
  const blocks = [
    'homeOverview.status.title',
    'homeOverview.actions.title',
    'homeOverview.cold.title',
    'homeOverview.weekly.title',
    'homeOverview.inventory.title',
  ] as const;
  for (const block of blocks) await expect(overview.getByRole('region', { name: zh(block) })).toBeVisible();
  await expect(overview.getByText(/更新于 \d\d:\d\d/)).toBeVisible();

  // the unfinished orders' count, then the list's tab for the same status
  const status = overview.getByRole('region', { name: zh('homeOverview.status.title') });
  const label = zh('homeOverview.status.not_finished');
  const link = status.getByRole('link', { name: new RegExp(`^${label}\\s*：\\s*\\d+\\s*个订单$`) });
  const count = Number((await link.textContent())?.match(/(\d+) 个订单/)?.[1]);
  expect(count).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(/\/customer-order\/index\?status=not_finished$/);
  const list = page.locator('lp-order-list');
  await expect(list.getByRole('tab', { selected: true })).toHaveText(
    `${zh('orderList.status.not_finished')}${count}`,
  );

  // back home: a late count opens the list filtered to late orders, with that many rows in total
  await page.goto('/home/index');
  const cold = overview.getByRole('region', { name: zh('homeOverview.cold.title') });
  const late = cold.getByRole('link', { name: new RegExp(`^${zh('homeOverview.cold.late')}\\s*：`) });
  const lateCount = Number((await late.textContent())?.match(/(\d+) 个订单/)?.[1]);
  await late.click();
  await expect(page).toHaveURL(/\/customer-order\/index\?status=not_finished&due=late$/);
  await expect(list.getByLabel(zh('orderList.filter.due'), { exact: true })).toHaveValue('late');
  await expect(list.getByRole('tab', { selected: true })).toHaveText(
    `${zh('orderList.status.not_finished')}${lateCount}`,
  );
  await page.goto('/home/index');
  await expect(overview.locator('.ho-block--status')).toBeVisible();
  await expectNoAxeViolations(page);
});
