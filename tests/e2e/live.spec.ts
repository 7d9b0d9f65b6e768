import type { BrowserContext, Page } from '@playwright/test';
import '../../src/i18n/areas/order-list.ts';
import '../../src/i18n/areas/order-view.ts';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { zh as trackingZh } from '../../src/i18n/messages/tracking.ts';
import { apiLogin, callApi, signedCall } from './helpers/api.ts';
import { zh } from './helpers/login-page.ts';
import { orderList } from './helpers/order-editor.ts';
import { onTheRoad, warmStretch } from './helpers/excursions.ts';
import { signedInContext } from './helpers/session.ts';

test.use({ orderData: true });

const STREAM = '/api/live/stream';

/** The streams a browser context opened (each tab's requests of the stream's address). */
function countStreams(context: BrowserContext): () => number {
  let opened = 0;
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === STREAM) opened += 1;
  });
  return () => opened;
}

/** Whether this tab leads (holds the browser's stream) and whether its stream is open. */
const liveOf = (page: Page) =>
  page.evaluate(() => {
    const registry = (globalThis as unknown as Record<symbol, Map<string, unknown>>)[
      Symbol.for('lp.stores.v1')
    ];
    const state = registry?.get('live-connection') as
      | { view: { leader: boolean; open: boolean } }
      | undefined;
    return state?.view ?? null;
  });

test('two tabs share one stream: a change the provider makes shows in both without a reload', async ({
  browser,
  baseURL,
  request,
}) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const [order] = (await orderList(request, token, { status: 'pending_confirm' })).list.slice(-1);
  if (!order) throw new Error('the demo has no order waiting for confirmation');
  const { context } = await signedInContext(browser, baseURL!, demoLogin('demo'));
  const streams = countStreams(context);
  const list = await context.newPage();
  await list.goto('/customer-order/index?status=pending_confirm');
  const row = list.locator('lp-order-list').getByText(order.order_no);
  await expect(row).toBeVisible();
  await expect.poll(() => liveOf(list)).toEqual({ leader: true, open: true });
  const view = await context.newPage();
  await view.goto(`/customer-order/view/${order.id}`);
  const status = view.locator('lp-order-view');
  await expect(status.getByText(zh('orderView.status.pending_confirm')).first()).toBeVisible();
  // the second tab follows the first's stream: it leads nothing and opened none
  await expect.poll(() => liveOf(view)).toEqual({ leader: false, open: false });
  const confirmed = await signedCall(request, 'provider/confirm', { order_no: order.order_no });
  expect(confirmed.code, confirmed.message).toBe(0);
  await expect(status.getByText(zh('orderView.status.not_finished')).first()).toBeVisible();
  // the list of orders waiting for confirmation lost it, read again in the background
  await expect(row).toHaveCount(0);
  expect(streams()).toBe(1);
  await context.close();
});

test('the tab holding the stream closes: another takes it over and goes on hearing changes', async ({
  browser,
  baseURL,
  request,
}) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const [order] = (await orderList(request, token, { status: 'pending_confirm' })).list.slice(-1);
  if (!order) throw new Error('the demo has no order waiting for confirmation');
  const { context } = await signedInContext(browser, baseURL!, demoLogin('demo'));
  const streams = countStreams(context);
  const first = await context.newPage();
  await first.goto('/home/index');
  await expect.poll(() => liveOf(first)).toEqual({ leader: true, open: true });
  const second = await context.newPage();
  await second.goto(`/customer-order/view/${order.id}`);
  const view = second.locator('lp-order-view');
  await expect(view.getByText(zh('orderView.status.pending_confirm')).first()).toBeVisible();
  await expect.poll(() => liveOf(second)).toEqual({ leader: false, open: false });
  await first.close();
  await expect.poll(() => liveOf(second)).toEqual({ leader: true, open: true });
  expect(streams()).toBe(2);
  const confirmed = await signedCall(request, 'provider/confirm', { order_no: order.order_no });
  expect(confirmed.code, confirmed.message).toBe(0);
  await expect(view.getByText(zh('orderView.status.not_finished')).first()).toBeVisible();
  await context.close();
});

test('a session ended elsewhere closes the stream at once, and it stays closed', async ({
  browser,
  baseURL,
}) => {
  const { context, token } = await signedInContext(browser, baseURL!, demoLogin('demo'));
  const streams = countStreams(context);
  const page = await context.newPage();
  await page.goto('/home/index');
  await expect.poll(() => liveOf(page)).toEqual({ leader: true, open: true });
  // another tab's logout: the server ends the stream (`end: session`); the page learns of the
  // session's end at its next call (spec §8), the stream does not reconnect meanwhile
  const answer = await context.request.post('/api/user/logout.html', {
    headers: { 'X-Token': token },
    data: {},
  });
  expect(answer.ok()).toBe(true);
  await expect.poll(async () => (await liveOf(page))?.open ?? true).toBe(false);
  expect(streams()).toBe(1);
  await context.close();
});

test('an excursion the provider’s readings open reaches the bell at once, and its entry opens the case', async ({
  browser,
  baseURL,
  request,
}) => {
  // one sign-in: another, from a jar without the first's device cookie, would be a new device,
  // whose notice the bell would show as well
  const { context, token } = await signedInContext(browser, baseURL!, demoLogin('demo'));
  const shipment = await onTheRoad(request, token);
  const page = await context.newPage();
  await page.goto('/home/index');
  const bell = page.locator('lp-notification-bell').locator('.lp-bell');
  await expect(bell).toHaveAttribute('aria-label', '通知');
  await expect.poll(() => liveOf(page)).toEqual({ leader: true, open: true });
  const caseId = await warmStretch(request, shipment);
  // the notifier makes it in the background; the stream tells the bell, which reads it again
  await expect(bell).toHaveAttribute('aria-label', '通知, 1 条未读');
  await bell.click();
  const entry = page.locator('lp-notification-bell').locator('.lp-bell-panel__item a');
  await expect(entry).toHaveText(new RegExp(`温度偏离 EXC-${String(caseId).padStart(6, '0')} 已开启`));
  await entry.click();
  await expect(page).toHaveURL(new RegExp(`/excursion/view/${caseId}$`));
  await expect(bell).toHaveAttribute('aria-label', '通知');
  await context.close();
});

test('a partner page’s order status follows its order live: a milestone shows before its poll would read', async ({
  browser,
  baseURL,
  request,
}) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const { list } = await orderList(request, token, { status: 'not_finished' });
  const moving = list.find((row) => (row as { milestone?: string }).milestone !== 'delivered');
  if (!moving) throw new Error('the demo has no order on the road');
  const share = await callApi<{ token: string }>(
    request,
    'customer-order/share-create',
    { id: moving.id, days: 1 },
    token,
  );
  expect(share.code, share.message).toBe(0);
  // a browser without the portal's session, as a partner's visitor
  const outside = await browser.newContext({ baseURL });
  const page = await outside.newPage();
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === STREAM);
  await page.goto(`/track?share=${share.data.token}`);
  const status = page.locator('lp-order-status');
  await expect(status.getByRole('heading', { name: new RegExp(moving.order_no) })).toBeVisible();
  expect((await stream).status()).toBe(200);
  const posted = await signedCall(request, 'provider/milestone', {
    order_no: moving.order_no,
    milestone: 'delivered',
    at: new Date(Date.now() - 60_000).toISOString(),
  });
  expect(posted.code, posted.message).toBe(0);
  // its poll reads every 15 s at first (elements/order-status/follow.ts): the stream is sooner
  await expect(status.locator('[aria-live="polite"]')).toHaveText(
    trackingZh['tracking.changed'].replace('{status}', trackingZh['tracking.milestone.delivered']),
    { timeout: 10_000 },
  );
  await outside.close();
});
