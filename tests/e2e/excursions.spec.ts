import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/excursion-case.ts';
import '../../src/i18n/areas/excursions.ts';
import '../../src/i18n/areas/inventory.ts';
import '../../src/i18n/areas/order-sign.ts';
import { demoLogin } from './helpers/accounts.ts';
import { zh } from './helpers/login-page.ts';
import { onTheRoad, warmStretch } from './helpers/excursions.ts';
import { signInByApi } from './helpers/session.ts';

// the demo's order data: its chilled drugs keep a stability budget (8–25 °C for 72 h, never above 25 °C)
test.use({ orderData: true });
test.setTimeout(60_000);

/**
 * The closed loop of a temperature excursion (issue 31): the provider's logger readings leave the
 * range of a demo order on the road, which opens a case by itself; `demo` assigns it to
 * themselves, decides with an electronic signature, and the goods at the destination follow.
 */

/** Opens the case, assigns it to the signed-in user and signs `decision` with a reason. */
async function decide(page: Page, id: number, decision: 'release' | 'quarantine', reason: string) {
  await page.goto(`/excursion/view/${id}`);
  const view = page.locator('lp-excursion-case:visible');
  await expect(view.getByText(zh('excursions.hold.on_hold')).first()).toBeVisible();
  await view
    .getByRole('form', { name: zh('excursionCase.assign') })
    .getByRole('button', { name: zh('excursionCase.assignButton'), exact: true })
    .click();
  const form = view.getByRole('form', { name: zh('excursionCase.decision') });
  await form.getByRole('radio', { name: zh(`excursions.decision.${decision}`) }).check();
  await form.getByRole('button', { name: zh('excursionCase.signDecision') }).click();
  const dialog = view.getByRole('dialog');
  await dialog.getByRole('textbox').first().fill(reason);
  await dialog.getByLabel(zh('orderSign.password')).fill(demoLogin('demo').password);
  await dialog
    .getByRole('button', {
      name: zh('excursionCase.signSubmit', { decision: zh(`excursions.decision.${decision}`) }),
    })
    .click();
  await expect(dialog).toHaveCount(0);
  return view;
}

test('a logger leaves the range on the road: a case opens by itself, and a signed release makes the goods available again', async ({
  page,
  request,
}) => {
  const token = await signInByApi(page, demoLogin('demo'));
  const id = await warmStretch(request, await onTheRoad(request, token));
  // the home page's cold chain counts it, and its link lists it
  await page.goto(`/excursion/index?state=active`);
  const list = page.locator('lp-excursion-list:visible');
  await expect(list.getByRole('link', { name: `EXC-${String(id).padStart(6, '0')}` })).toBeVisible();
  const view = await decide(page, id, 'release', '全程在稳定性预算内，放行');
  await expect(view.getByText(zh('excursions.state.decided')).first()).toBeVisible();
  await expect(view.locator('.exc-decision')).toContainText('全程在稳定性预算内，放行');
  await expect(view.locator('.exc-decision')).toContainText('电子签名');
  await expect(view.locator('.exc-line [data-kind="hold"]').first()).toHaveText(zh('excursions.hold.none'));
});

test('a quarantine: the goods at the destination are quarantined, and the inventory says so', async ({
  page,
  request,
}) => {
  const token = await signInByApi(page, demoLogin('demo'));
  const order = await onTheRoad(request, token);
  const id = await warmStretch(request, order);
  const view = await decide(page, id, 'quarantine', '质量部要求隔离待查');
  await expect(view.locator('.exc-line [data-kind="hold"]').first()).toHaveText(
    zh('excursions.hold.quarantined'),
  );
  // drugs on the first tab, samples on the second
  await page.goto(`/customer-inventory/index-yp${order.sample ? '?tab=samples' : ''}`);
  const table = page.locator('lp-inventory-table:visible');
  await table.getByLabel(zh('inventory.filter.keyword'), { exact: true }).fill(order.keyword);
  const held = table.locator('tbody tr', { hasText: zh('inventory.hold.quarantined') });
  await expect(held.first()).toBeVisible();
  const link = held
    .first()
    .getByRole('link', { name: zh('inventory.hold.case', { no: `EXC-${String(id).padStart(6, '0')}` }) });
  // the line's case opens from it
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/excursion/view/${id}$`));
  await expect(page.locator('lp-excursion-case:visible').locator('.exc-decision')).toContainText(
    '质量部要求隔离待查',
  );
});
