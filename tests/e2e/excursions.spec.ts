import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import type { OrderDetail as OrderView } from '../../src/contract/orders/schemas.ts';
import type { StoredAnswer } from '../../src/contract/provider/schemas.ts';
import '../../src/i18n/areas/excursion-case.ts';
import '../../src/i18n/areas/excursions.ts';
import '../../src/i18n/areas/inventory.ts';
import '../../src/i18n/areas/order-sign.ts';
import { demoLogin } from './helpers/accounts.ts';
import { signedCall } from './helpers/api.ts';
import { zh } from './helpers/login-page.ts';
import { orderList } from './helpers/order-editor.ts';
import { signInByApi } from './helpers/session.ts';

// the demo's order data: its chilled drugs keep a stability budget (8–25 °C for 72 h, never above 25 °C)
test.use({ orderData: true });
test.setTimeout(60_000);

/**
 * The closed loop of a temperature excursion (issue 31): the provider's logger readings leave the
 * range of a demo order on the road, which opens a case by itself; `demo` assigns it to
 * themselves, decides with an electronic signature, and the goods at the destination follow.
 */

/**
 * A demo order on the road with a logger and goods of the drug or sample stock (the chilled ones
 * first: their drugs keep a stability budget). The demo set is drawn at random, so any class will do.
 */
async function onTheRoad(request: APIRequestContext, token: string) {
  const { list } = await orderList(request, token, { status: 'not_finished' });
  const chilled = (row: object) => Number((row as { temp_class?: string }).temp_class === 'chilled');
  const rows = [...list].sort((a, b) => chilled(b) - chilled(a));
  for (const row of rows) {
    const res = await request.get(`/api/customer-order/view.html?id=${row.id}`, {
      headers: { 'X-Token': token },
    });
    const view = ((await res.json()) as { data: OrderView }).data;
    const logger = view.boxes.find((b) => b.logger_id)?.logger_id;
    const goods = view.goods.find((g) => g.goods_type !== 3);
    if (logger && goods)
      return {
        order_no: view.order_no,
        logger,
        // what the inventory's search finds the line by (samples have no batch)
        keyword: goods.batch_no || goods.name,
        sample: goods.goods_type === 2,
      };
  }
  throw new Error('the demo has no order on the road with a logger and drugs or samples');
}

/** The provider's logger: 40 min at 9–12 °C (out of any class's range), then 5 °C; answers the case it opened. */
async function warmStretch(request: APIRequestContext, order: { order_no: string; logger: string }) {
  const start = Date.now() - 3 * 3_600_000;
  const readings = [5, 9, 12, 11, 10, 6, 5].map((celsius, i) => ({
    at: new Date(start + i * 10 * 60_000).toISOString(),
    celsius,
  }));
  const answer = await signedCall<StoredAnswer>(request, 'provider/readings', {
    order_no: order.order_no,
    logger_id: order.logger,
    readings,
  });
  expect(answer.code).toBe(0);
  expect(answer.data.case_no).toMatch(/^EXC-\d{6}$/);
  return Number(answer.data.case_no!.slice(4));
}

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
