import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { signIntegration } from '../../server/http/signature.ts';
import { zh as ov } from '../../src/i18n/messages/order-view.ts';
import { en, zh } from '../../src/i18n/messages/supplier.ts';
import { demoLogin } from './helpers/accounts.ts';
import { apiLogin } from './helpers/api.ts';
import { signedInContext } from './helpers/session.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/**
 * A carrier's answer from a signed link: the provider makes the link (signed call), the carrier
 * opens it on a phone without an account, sees the delivery task with the patient's side hidden,
 * declines it with a reason by keyboard; the link then answers "already used" (page and API); an
 * altered link is not valid; and the customer sees the answer in the order view's history.
 * (Expiry is the server's clock: server/areas/supplier/routes.test.ts and the element's tests.)
 */

interface Row {
  id: number;
  order_no: string;
  status: string;
  milestone: string;
  is_dtp: number;
  to_goodstype: number;
}

/** A signed provider call, as the provider's systems make it (the e2e server's secret). */
async function provider<T>(request: APIRequestContext, name: string, body: unknown) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const res = await request.post(`/api/provider/${name}.html`, {
    data: raw,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signIntegration(process.env.LP_E2E_SECRET ?? '', timestamp, raw),
    },
  });
  return (await res.json()) as { code: number; message: string; data: T };
}

/** An order of the demo on the road whose stop side is a patient's (masked), not delivered yet. */
async function dtpOrderOnTheRoad(request: APIRequestContext): Promise<Row> {
  const token = await apiLogin(request, demoLogin('demo'));
  const res = await request.get('/api/customer-order/index.html?start=0&limit=100&status=not_finished', {
    headers: { 'X-Token': token },
  });
  const { data } = (await res.json()) as { data: { list: Row[] } };
  const open = data.list.filter((o) => !['delivered', 'out_for_delivery'].includes(o.milestone));
  const masked = open.find((o) => o.is_dtp === 1 && o.to_goodstype !== 2);
  if (!masked) throw new Error('the demo has no DTP order on the road');
  return masked;
}

test('a carrier declines a delivery once from a signed link; the customer reads it in the order view', async ({
  browser,
  baseURL,
}) => {
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 740 }, locale: 'zh-CN' });
  const order = await dtpOrderOnTheRoad(phone.request);
  const made = await provider<{ path: string; link: string }>(phone.request, 'supplier-link', {
    order_no: order.order_no,
    task: 'delivery',
    party: '顺丰冷运 E2E',
    hours: 24,
  });
  expect(made.code, made.message).toBe(0);
  expect(made.data.path).toMatch(/^\/supplier-allback\?link=/);

  const page = await phone.newPage();
  await page.goto(made.data.path);
  const card = page.locator('lp-supplier-callback');
  await expect(card.getByRole('heading', { name: zh['supplier.title.delivery'] })).toBeVisible();
  await expect(card.getByText(order.order_no)).toBeVisible();
  await expect(card.getByText(zh['supplier.masked'])).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // by keyboard: the choices are one radio group, the reason a text area, then send
  await card.getByRole('radio', { name: zh['supplier.form.confirm'] }).focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(card.getByRole('radio', { name: zh['supplier.form.decline'] })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.type('该时段无冷藏车，明日可派');
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: zh['supplier.form.send.decline'] })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('heading', { name: zh['supplier.done.title'] })).toBeVisible();
  await expect(card.getByText(zh['supplier.done.decline'])).toBeVisible();

  // a second use: the page says so with the recorded answer, the API refuses it
  await page.reload();
  await expect(card.getByRole('heading', { name: zh['supplier.used.title'] })).toBeVisible();
  await expect(card.getByText('原因：该时段无冷藏车，明日可派')).toBeVisible();
  await expect(card.getByRole('radio')).toHaveCount(0);
  const again = await phone.request.post('/api/supplier/answer.html', {
    data: { link: made.data.link, decision: 'confirm' },
    headers: { 'accept-language': 'en' },
  });
  const refused = (await again.json()) as { code: number; message: string };
  expect([refused.code, refused.message]).toEqual([
    409,
    'This link was already used: its answer is recorded',
  ]);

  // an altered link is not valid (in English too)
  const [payload, signature] = made.data.link.split('.') as [string, string];
  const altered = `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
  await page.goto(`/supplier-allback?link=${altered}`);
  await page.getByRole('button', { name: 'English' }).click();
  await expect(card.getByRole('heading', { name: en['supplier.invalid.title'] })).toBeVisible();
  await expect(card.getByText(en['supplier.invalid.text'])).toBeVisible();
  await phone.close();

  // the customer's order view shows the carrier's answer in its history
  const { context } = await signedInContext(browser, baseURL!, demoLogin('demo'));
  const view = await context.newPage();
  await view.goto(`/customer-order/view/${order.id}`);
  const history = view.locator('lp-order-view');
  await history.getByRole('tab', { name: ov['orderView.section.timeline'] }).click();
  await expect(history.getByText(ov['orderView.event.delivery_declined'])).toBeVisible();
  await expect(history.getByText('原因：该时段无冷藏车，明日可派')).toBeVisible();
  await context.close();
});
