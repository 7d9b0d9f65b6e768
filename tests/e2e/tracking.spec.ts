import { existsSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { zh as host } from '../../src/i18n/messages/host.ts';
import { zh as ov } from '../../src/i18n/messages/order-view.ts';
import { en, zh } from '../../src/i18n/messages/tracking.ts';
// @ts-expect-error plain ESM script without type declarations
import { startDemoServer } from '../../scripts/demo.mjs';
import { demoLogin } from './helpers/accounts.ts';
import { orderList } from './helpers/order-editor.ts';
import { partnerUrl } from './helpers/partner.ts';
import { signedInContext } from './helpers/session.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/**
 * Order tracking outside the portal: a share link made in the order view opens the masked status
 * in a browser without a session (and stops when revoked); the lab's hostile partner page on
 * another origin looks orders up straight against the portal (CORS) under a strict CSP, beside
 * the chat; an origin the portal does not name cannot read the answers.
 */
// the partner origin the e2e server allows (CORS_ORIGINS; playwright.config.ts starts it), and
// one it does not (each worker its own, on a free port)
const partner = { url: partnerUrl() };
let stranger: { url: string; close: () => Promise<void> };

test.beforeAll(async () => {
  if (!existsSync('dist/embed/lp-order-status.js'))
    throw new Error('dist/embed is missing: run `npm run build` first');
  const portal = test.info().project.use.baseURL;
  if (!portal) throw new Error('playwright.config.ts gives no baseURL');
  stranger = await startDemoServer({ port: 0, host: '127.0.0.1', portal });
});

test.afterAll(async () => {
  await stranger?.close();
});

interface Detail {
  id: number;
  order_no: string;
  masked: string[];
  from_contact: string;
  from_phone: string;
  from_address: string;
  to_contact: string;
  to_phone: string;
  to_address: string;
}

async function orderDetail(request: APIRequestContext, token: string, id: number): Promise<Detail> {
  const res = await request.get(`/api/customer-order/view.html?id=${id}`, { headers: { 'X-Token': token } });
  const body = (await res.json()) as { code: number; data: Detail };
  expect(body.code).toBe(0);
  return body.data;
}

/** One of the user's orders with its receiver's phone in the clear (its last 4 digits are the second factor). */
async function orderWithPhone(
  request: APIRequestContext,
  token: string,
): Promise<Detail & { phone4: string }> {
  const { list } = await orderList(request, token);
  for (const row of list.slice(0, 20)) {
    const detail = await orderDetail(request, token, row.id);
    const digits = detail.to_phone.replace(/\D/g, '');
    if (detail.masked.length === 0 && digits.length >= 4) return { ...detail, phone4: digits.slice(-4) };
  }
  throw new Error('no order of the demo user with the receiver’s phone in the clear');
}

/** Everything the element shows, shadow DOM included. */
const shownText = (page: Page, selector = 'lp-order-status') =>
  page.locator(selector).evaluate((el) => {
    const collect = (node: Node): string => {
      const own = node instanceof Element && node.shadowRoot ? collect(node.shadowRoot) : '';
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      return own + Array.from(node.childNodes).map(collect).join(' ');
    };
    return collect(el);
  });

/** Counts CSP violations (events and console) and page errors on a page. */
async function watchProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|CSP/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return problems;
}

async function freshPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test('a share link from the order view opens the masked status without a session, until it is revoked', async ({
  browser,
  baseURL,
}) => {
  const { context, token } = await signedInContext(browser, baseURL ?? '', demoLogin('demo'), {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const { list } = await orderList(context.request, token);
  const order = await orderDetail(context.request, token, list[0]!.id);

  await page.goto(`/customer-order/view/${order.id}`);
  const view = page.locator('lp-order-view:visible');
  await expect(view.getByRole('heading', { name: order.order_no })).toBeVisible();
  await view.getByRole('button', { name: ov['orderView.action.share'], exact: true }).click();
  const dialog = view.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: ov['orderView.share.day1'], exact: true }).check();
  await dialog.getByRole('button', { name: ov['orderView.share.create'], exact: true }).click();
  const code = dialog.getByTestId('share-code');
  await expect(code).toHaveText(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
  const linkField = dialog.getByRole('textbox', { name: ov['orderView.share.link'], exact: true });
  const link = await linkField.inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/track\\?share=[\\w-]+\\.[\\w-]+$`));
  await dialog.getByRole('button', { name: ov['orderView.share.copyLink'], exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText(ov['orderView.share.copied']);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  // a browser without the portal's session opens the link: status, no second factor, nothing unmasked
  const outside = await freshPage(browser);
  const problems = await watchProblems(outside.page);
  await outside.page.goto(link);
  const status = outside.page.locator('lp-order-status');
  await expect(status.getByRole('heading', { name: new RegExp(order.order_no) })).toBeVisible();
  await expect(status.getByRole('textbox')).toHaveCount(0);
  await expect(outside.page).toHaveTitle(new RegExp(`^${host['host.track.title']} - `));
  const shown = await shownText(outside.page);
  for (const secret of [
    order.to_phone,
    order.to_contact,
    order.to_address,
    order.from_phone,
    order.from_contact,
    order.from_address,
  ].filter((s) => s && !/^\*+$/.test(s)))
    expect(shown, 'no phone, contact or address').not.toContain(secret);

  // revoked in the order view: the open page says so on its next look (here: a reload)
  await dialog
    .getByRole('button', { name: /^撤销分享/ })
    .first()
    .click();
  const confirm = view.getByRole('alertdialog');
  await confirm.getByRole('button', { name: ov['orderView.share.revoke'], exact: true }).click();
  await expect(dialog.locator('tbody tr').first()).toContainText(ov['orderView.share.state.revoked']);
  await outside.page.reload();
  await expect(status).toContainText(zh['tracking.gone']);
  expect(problems).toEqual([]);
  await outside.context.close();
  await context.close();
});

test('the lab’s hostile page looks an order up across origins beside the chat, with no CSP violation', async ({
  page,
  request,
  baseURL,
}) => {
  // the order and its receiver's digits, as the lab would have them from the shipment's papers
  const login = await request.post('/api/user/login.html', { data: demoLogin('demo') });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const order = await orderWithPhone(request, token);
  const wrong = String((Number(order.phone4) + 1) % 10_000).padStart(4, '0');

  const problems = await watchProblems(page);
  const apiOrigins = new Set<string>();
  page.on('request', (r) => {
    if (r.url().includes('/api/')) apiOrigins.add(new URL(r.url()).origin);
  });
  const response = await page.goto(`${partner.url}/lab-status.html?lang=en`);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  const status = page.locator('lp-order-status');

  // the page's * { font-size: 30px } and root 24px do not reach inside
  const orderNo = status.getByRole('textbox', { name: en['tracking.orderNo'] });
  await expect(orderNo).toBeVisible();
  expect(await orderNo.evaluate((el) => getComputedStyle(el).fontSize)).not.toBe('30px');
  expect(
    await status
      .getByRole('heading')
      .first()
      .evaluate((el) => getComputedStyle(el).fontSize),
  ).not.toBe('30px');

  await orderNo.fill(order.order_no);
  const digits = status.getByRole('textbox', { name: en['tracking.phone4'] });
  await digits.fill(wrong);
  await status.getByRole('button', { name: en['tracking.submit'] }).click();
  await expect(status.getByRole('alert')).toHaveText(en['tracking.notFound']);

  await digits.fill(order.phone4);
  await status.getByRole('button', { name: en['tracking.submit'] }).click();
  const heading = status.getByRole('heading', { name: new RegExp(order.order_no) });
  await expect(heading).toBeVisible();
  await expect(status.getByRole('heading', { name: en['tracking.timeline'] })).toBeVisible();
  await expect(status.getByRole('listitem').first()).toBeVisible();

  // the lab's SPA route change moves the element into a side panel: it keeps what it shows and works on
  await page.getByRole('link', { name: /Intake/ }).click();
  await expect(page).toHaveURL(/view=intake/);
  await expect(page.locator('#slot-side lp-order-status')).toHaveCount(1);
  await expect(heading).toBeVisible();
  await status.getByRole('button', { name: en['tracking.another'] }).click();
  await orderNo.fill(order.order_no);
  await digits.fill(order.phone4);
  await status.getByRole('button', { name: en['tracking.submit'] }).click();
  await expect(heading).toBeVisible();
  await page.goBack();
  await expect(page.locator('#slot-main lp-order-status')).toHaveCount(1);
  await expect(heading).toBeVisible();

  // the chat opens beside it (the cookie bar covers the corner until dismissed, as such bars do)
  await page.getByRole('button', { name: 'OK' }).click();
  await page.locator('lp-chat-widget .launcher').click();
  await expect(page.locator('lp-chat-widget .lp-chat__field')).toBeFocused();
  await expect(heading).toBeVisible();

  expect([...apiOrigins]).toEqual([new URL(baseURL ?? '').origin]);
  expect(problems).toEqual([]);
});

test('a page on an origin the portal does not name cannot read a tracking answer', async ({
  page,
  baseURL,
}) => {
  await page.goto(`${stranger.url}/sponsor-share.html`);
  const outcome = await page.evaluate(async (portal) => {
    try {
      const res = await fetch(`${portal}/api/tracking/lookup.html`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ order_no: 'LP20260101000001', phone4: '1234' }),
      });
      return `read ${res.status}`;
    } catch (error) {
      return error instanceof TypeError ? 'refused' : String(error);
    }
  }, baseURL);
  expect(outcome).toBe('refused');
});
