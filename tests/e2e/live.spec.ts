import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import '../../src/i18n/areas/home-overview.ts';
import '../../src/i18n/areas/notification-bell.ts';
import '../../src/i18n/areas/order-list.ts';
import '../../src/i18n/areas/order-view.ts';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import type { AttentionList } from '../../src/contract/order-attachments/schemas.ts';
import { CUSTOMER_KINDS } from '../../src/contract/order-attachments/limits.ts';
import type { ExportAnswer } from '../../src/contract/order-exports/schemas.ts';
import { zh as trackingZh } from '../../src/i18n/messages/tracking.ts';
import { apiLogin, callApi, signedCall } from './helpers/api.ts';
import { zh } from './helpers/login-page.ts';
import { orderList } from './helpers/order-editor.ts';
import { onTheRoad, warmStretch } from './helpers/excursions.ts';
import { followLink, pageToken, signedInContext } from './helpers/session.ts';

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

/** The live mark beside the bell (its `data-state`: live, reconnecting, down …). */
const liveMark = (page: Page) => page.locator('lp-notification-bell').locator('.lp-live');

/**
 * A demo order waiting for the provider's confirmation, and a browser signed in as demo that
 * counts the streams its tabs open.
 */
async function waitingOrder(browser: Browser, baseURL: string, request: APIRequestContext) {
  const token = await apiLogin(request, demoLogin('demo'));
  const [order] = (await orderList(request, token, { status: 'pending_confirm' })).list.slice(-1);
  if (!order) throw new Error('the demo has no order waiting for confirmation');
  const { context, token: session } = await signedInContext(browser, baseURL, demoLogin('demo'));
  return { token, order, context, session, streams: countStreams(context) };
}

/** The provider confirms the order (a signed integration call): its status changes on the server. */
async function confirm(request: APIRequestContext, orderNo: string): Promise<void> {
  const confirmed = await signedCall(request, 'provider/confirm', { order_no: orderNo });
  expect(confirmed.code, confirmed.message).toBe(0);
}

test('two tabs share one stream: a change the provider makes shows in both without a reload', async ({
  browser,
  baseURL,
  request,
}) => {
  const { order, context, streams } = await waitingOrder(browser, baseURL!, request);
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
  // the follower tab's mark says what the leader's stream does
  await expect(liveMark(view)).toHaveAttribute('data-state', 'live');
  await confirm(request, order.order_no);
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
  const { order, context, streams } = await waitingOrder(browser, baseURL!, request);
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
  await confirm(request, order.order_no);
  await expect(view.getByText(zh('orderView.status.not_finished')).first()).toBeVisible();
  await context.close();
});

test('the live mark: live, paused when the browser goes offline, back with what it missed, paused when the server ends the session', async ({
  browser,
  baseURL,
  request,
}) => {
  const { order, context, session, streams } = await waitingOrder(browser, baseURL!, request);
  const page = await context.newPage();
  await page.goto(`/customer-order/view/${order.id}`);
  const view = page.locator('lp-order-view');
  await expect(view.getByText(zh('orderView.status.pending_confirm')).first()).toBeVisible();
  const mark = liveMark(page);
  await expect(mark).toHaveAttribute('data-state', 'live');
  await expect(mark.locator('.lp-live__label')).toHaveText(zh('notificationBell.live.on'));
  const said = mark.getByRole('status');
  await expect(said).toHaveText('');
  // offline: the stream can hear nothing, the mark says the page may be out of date, aloud once
  await context.setOffline(true);
  await expect(mark).toHaveAttribute('data-state', 'down');
  await expect(mark.locator('.lp-live__mark')).toContainText(zh('notificationBell.live.down'));
  await expect(said).toHaveText(zh('notificationBell.live.downHint'));
  await expect(mark.getByRole('button', { name: zh('notificationBell.live.readAgain') })).toBeVisible();
  // the provider confirms meanwhile; online again, the stream resumes at once and tells it
  await confirm(request, order.order_no);
  await context.setOffline(false);
  await expect(mark).toHaveAttribute('data-state', 'live');
  await expect(said).toHaveText(zh('notificationBell.live.back'));
  await expect(view.getByText(zh('orderView.status.not_finished')).first()).toBeVisible();
  expect(streams()).toBe(2);
  // another tab's logout: the server ends the stream (`end: session`), which stays closed (the
  // page learns of the session's end at its next call, spec §8); the mark says the page may be stale
  const answer = await context.request.post('/api/user/logout.html', {
    headers: { 'X-Token': session },
    data: {},
  });
  expect(answer.ok()).toBe(true);
  await expect(mark).toHaveAttribute('data-state', 'down');
  await expect.poll(async () => (await liveOf(page))?.open ?? true).toBe(false);
  expect(streams()).toBe(2);
  await context.close();
});

/** What the page's live changes were from now on (a follower of the page's own, in the store registry). */
async function hearChanges(page: Page): Promise<() => Promise<{ kind: string; id: string }[]>> {
  await page.evaluate(() => {
    const registry = (globalThis as unknown as Record<symbol, Map<string, unknown>>)[
      Symbol.for('lp.stores.v1')
    ];
    const changes = registry?.get('live-changes') as { followers: Set<unknown> };
    const heard: unknown[] = [];
    (globalThis as unknown as { lpHeard: unknown[] }).lpHeard = heard;
    changes.followers.add({ filter: (c: unknown) => heard.push(c) < 0, act: () => {}, wait: 0 });
  });
  return () =>
    page.evaluate(() => (globalThis as unknown as { lpHeard: { kind: string; id: string }[] }).lpHeard);
}

/** Exports one order to the download centre as the session of `token` (a small set: made at once). */
async function exportOne(request: APIRequestContext, token: string, orderId: number): Promise<number> {
  const response = await request.get(`/api/customer-order/xlsorder.html?ids=${orderId}`, {
    headers: { 'X-Token': token },
  });
  const answer = (await response.json()) as { code: number; message: string; data: ExportAnswer };
  expect(answer.code, answer.message).toBe(0);
  return answer.data.job_id!;
}

test('the live pages follow what another session or the provider changes, page after page, and a customer switch changes what the stream tells', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(60_000);
  // the changes are made through the API with the page's session, as another tab of it would
  // (a user has one session at a time: a login elsewhere ends this one), or by the provider
  const { order, context, session: token } = await waitingOrder(browser, baseURL!, request);
  const page = await context.newPage();

  // the home page: the provider confirms an order, one fewer waits for confirmation
  await page.goto('/home/index');
  await expect(liveMark(page)).toHaveAttribute('data-state', 'live');
  const overview = page.locator('lp-home-overview');
  const waiting = (n: number | string) =>
    overview.getByRole('link', {
      name: new RegExp(`^${zh('homeOverview.status.pending_confirm')}\\s*：\\s*${n}\\s*个订单$`),
    });
  await expect(waiting('\\d+')).toBeVisible();
  const before = Number((await waiting('\\d+').textContent())?.match(/\d+/)?.[0]);
  await confirm(request, order.order_no);
  await expect(waiting(before - 1)).toBeVisible();

  // the documents page: another session uploads what an order was missing, the counts follow
  await followLink(page, '/customer-order/attachment');
  const attention = async () => {
    const response = await request.get('/api/customer-order/attachment.html?state=missing&limit=100', {
      headers: { 'X-Token': token },
    });
    const answer = (await response.json()) as { code: number; message: string; data: AttentionList };
    expect(answer.code, answer.message).toBe(0);
    return answer.data;
  };
  const missing = page.locator('lp-order-attachments').locator('.oa__count--missing');
  const { counts, list } = await attention();
  await expect(missing).toHaveText(String(counts.missing));
  const lacking = list
    .map((row) => ({
      row,
      kinds: row.kinds.filter(
        (k) => k.state === 'missing' && (CUSTOMER_KINDS as readonly string[]).includes(k.kind),
      ),
    }))
    .find(
      ({ row, kinds }) =>
        kinds.length > 0 && kinds.length === row.kinds.filter((k) => k.state === 'missing').length,
    );
  if (!lacking) throw new Error('the demo has no order missing only what a customer uploads');
  for (const { kind } of lacking.kinds) {
    const uploaded = await request.post('/api/customer-order/upload.html', {
      headers: { 'X-Token': token },
      multipart: {
        id: String(lacking.row.id),
        kind,
        file: {
          name: `${kind}.pdf`,
          mimeType: 'application/pdf',
          buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
        },
      },
    });
    expect(((await uploaded.json()) as { code: number }).code).toBe(0);
  }
  const now = (await attention()).counts.missing;
  expect(now).toBeLessThan(counts.missing);
  await expect(missing).toHaveText(String(now));

  // the draft box: a draft saved in another session shows
  await followLink(page, '/customer-order/draft');
  const box = page.locator('lp-order-drafts');
  await expect(box.locator('.lp-pagination__total, .lp-state--empty').first()).toBeVisible();
  const name = `另一会话的收货方-${randomUUID().slice(0, 8)}`;
  const saved = await callApi(
    request,
    'customer-order/save-draft-box',
    { idempotency_key: randomUUID(), data: { to_company: name } },
    token,
  );
  expect(saved.code, saved.message).toBe(0);
  await expect(box.locator('tbody tr', { hasText: name })).toHaveCount(1);

  // the excursion list: the provider's readings open a case, which shows; its page follows a comment
  const shipment = await onTheRoad(request, token);
  await followLink(page, '/excursion/index?state=active');
  const cases = page.locator('lp-excursion-list:visible');
  await expect(cases.locator('.lp-pagination__total, .lp-state--empty').first()).toBeVisible();
  const caseId = await warmStretch(request, shipment);
  const caseLink = cases.getByRole('link', { name: `EXC-${String(caseId).padStart(6, '0')}` });
  await caseLink.click();
  await expect(page).toHaveURL(new RegExp(`/excursion/view/${caseId}$`));
  const view = page.locator('lp-excursion-case:visible');
  await expect(view.getByRole('heading', { level: 1 })).toContainText(
    `EXC-${String(caseId).padStart(6, '0')}`,
  );
  const comment = `质量部已在另一会话中查看 ${randomUUID().slice(0, 8)}`;
  const commented = await callApi(request, 'excursion/comment', { id: caseId, text: comment }, token);
  expect(commented.code, commented.message).toBe(0);
  await expect(view.getByText(comment)).toBeVisible();

  // the download centre: an export made in another session shows, ready
  await followLink(page, '/customer-order/download');
  const centre = page.locator('lp-download-center');
  const ready = centre.locator('.download-center__job[data-status="done"]');
  await expect(centre.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(ready).toHaveCount(0);
  await exportOne(request, token, order.id);
  await expect(ready).toHaveCount(1);

  // a customer switch (the switcher reloads the page): the stream is the new customer's; the
  // old one's changes no longer come, the new one's do
  const [next] = (await orderList(request, token, { status: 'pending_confirm' })).list;
  if (!next) throw new Error('the demo has no other order waiting for confirmation');
  const switcher = page.locator('lp-customer-switcher');
  await switcher.getByRole('combobox').click();
  await page.keyboard.type('百济');
  const reloaded = page.waitForEvent('load');
  await switcher.getByRole('option', { name: /百济神州-北京临床运营/ }).click();
  await reloaded;
  await expect.poll(() => liveOf(page)).toEqual({ leader: true, open: true });
  await expect(liveMark(page)).toHaveAttribute('data-state', 'live');
  const heard = await hearChanges(page);
  await expect(centre.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(ready).toHaveCount(0);
  const switched = await pageToken(context);
  expect(switched).not.toBe(token);
  const [theirs] = (await orderList(request, switched)).list;
  if (!theirs) throw new Error('the demo’s second customer has no orders');
  await confirm(request, next.order_no);
  const mine = await exportOne(request, switched, theirs.id);
  await expect(ready).toHaveCount(1);
  const told = await heard();
  expect(told.filter((c) => c.kind === 'export').map((c) => c.id)).toContain(String(mine));
  expect(told.filter((c) => c.kind === 'order').map((c) => c.id)).not.toContain(String(next.id));
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
