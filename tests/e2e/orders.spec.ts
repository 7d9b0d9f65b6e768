import ExcelJS from 'exceljs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/order-attachments.ts';
import '../../src/i18n/areas/order-list.ts';
import '../../src/i18n/areas/order-view.ts';
import { say as serverSay } from '../../server/core/errors.ts';
import { signIntegration } from '../../server/http/signature.ts';
import { demoLogin } from './helpers/accounts.ts';
import { localeSession, pageToken, signInByApi } from './helpers/session.ts';
import { apiLogin, callApi } from './helpers/api.ts';
import { zh } from './helpers/login-page.ts';
import type { MessageKey } from '../../src/i18n/translate.ts';
import '../../src/i18n/areas/data-table.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/**
 * The order half of the portal, as a customer uses it, on the demo data (`--seed-demo`): the
 * landing page's upload, the list's search and filters, orders in their own tabs, a cancel, an
 * export read back, the waybill, and an order the provider moves while the user watches.
 */
test.use({ bypassCSP: true });

interface Row {
  id: number;
  order_no: string;
  status: string;
  to_company: string;
}

/** The order list with these orders' rows ticked. */
async function listWithTicked(
  page: Page,
  say: (key: MessageKey, params?: Record<string, string | number>) => string,
  ticked: readonly Row[],
) {
  await page.goto('/customer-order/index');
  const list = page.locator('lp-order-list');
  for (const order of ticked)
    await list
      .getByRole('checkbox', { name: say('ui.dataTable.selectRow', { row: order.order_no }) })
      .check();
  return list;
}

/** The demo user's orders through the API (what the page must agree with). */
async function orders(request: APIRequestContext, token: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ start: '0', limit: '100', ...query });
  const res = await request.get(`/api/customer-order/index.html?${params}`, {
    headers: { 'X-Token': token },
  });
  const body = (await res.json()) as { code: number; data: { list: Row[]; total: number } };
  expect(body.code).toBe(0);
  return body.data;
}

/** The demo's newest order (read through the API), and `page` signed in as demo. */
async function firstOrderSignedIn(page: Page, request: APIRequestContext) {
  const token = await apiLogin(request, demoLogin('demo'));
  const [order] = (await orders(request, token)).list as [Row];
  await signInByApi(page, demoLogin('demo'));
  return { order };
}

/** A signed provider call, as the provider's systems make it (the e2e server's secret). */
async function provider(request: APIRequestContext, name: string, body: unknown) {
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
  return (await res.json()) as { code: number; message: string };
}

test('the landing page uploads a missing document with its progress', async ({ page }) => {
  await signInByApi(page, demoLogin('demo'));
  await page.goto('/customer-order/attachment');
  const element = page.locator('lp-order-attachments');
  await expect(element.locator('.oa')).toHaveAttribute('aria-busy', 'false');
  const card = element.locator('article.oa__row').first();
  await expect(card).toBeVisible();
  const kindName = (await card.locator('.oa__kind--missing .oa__kind-name').first().textContent()) ?? '';
  const kind = ['packing_list', 'temperature_report', 'pod', 'customs', 'print_scan', 'other'].find(
    (k) => zh(`orderAttachments.kind.${k}` as Parameters<typeof zh>[0]) === kindName,
  );
  expect(kind, `a missing kind is named (${kindName})`).toBeTruthy();
  await card.locator('select.oa__select').selectOption(kind!);
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  await card
    .locator('input.oa__file-input')
    .setInputFiles({ name: '装箱单.pdf', mimeType: 'application/pdf', buffer: pdf });
  await expect(element.getByText(zh('orderAttachments.uploaded')).first()).toBeVisible();
  await expect(element.getByText('装箱单.pdf').first()).toBeVisible();
});

test('several documents at once: each gets the kind its name says, changeable; a refused one shows no bar', async ({
  browser,
}) => {
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.goto('/customer-order/attachment');
    const element = page.locator('lp-order-attachments');
    await expect(element.locator('.oa')).toHaveAttribute('aria-busy', 'false');
    const no = (await element.locator('article.oa__row .oa__order-no').first().textContent()) ?? '';
    // the order is found by its number: the list reloads after the upload
    const card = element.locator('article.oa__row', {
      has: page.getByRole('heading', { name: no, exact: true }),
    });
    await card.locator('input.oa__file-input').setInputFiles([
      { name: `temperature-${locale}.pdf`, mimeType: 'application/pdf', buffer: pdf },
      { name: `IMG_${locale}.pdf`, mimeType: 'application/pdf', buffer: pdf },
      // not a PDF inside: the server refuses it after it was sent in full
      {
        name: `invoice-${locale}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from('MZ\x90\x00 fake program'),
      },
    ]);
    const kindOf = (name: string) =>
      card.getByRole('combobox', { name: say('orderAttachments.kindOf', { name }) });
    await expect(kindOf(`temperature-${locale}.pdf`)).toHaveValue('temperature_report');
    // both filed as "other", so that the order still misses its documents and stays listed here
    for (const name of [`temperature-${locale}.pdf`, `IMG_${locale}.pdf`])
      await kindOf(name).selectOption('other');
    await card.getByRole('button', { name: say('orderAttachments.uploadStaged', { count: 3 }) }).click();
    const refused = card.locator('.oa__queued--failed');
    await expect(refused).toHaveCount(1);
    await expect(refused.locator('progress')).toHaveCount(0);
    await expect(card.locator('.oa__queued--done')).toHaveCount(2);
    await context.close();
  }
});

test('the list searches and filters, opens orders in their own tabs, cancels one, exports and prints', async ({
  page,
  request,
}) => {
  const before = await apiLogin(request, demoLogin('demo'));
  const waiting = (await orders(request, before, { status: 'pending_confirm' })).list;
  expect(waiting.length).toBeGreaterThan(1);
  const [first, second] = waiting as [Row, Row];
  const token = await signInByApi(page, demoLogin('demo'));

  await page.goto('/customer-order/index');
  const list = page.locator('lp-order-list');
  await expect(list.locator('tbody .order-link').first()).toBeVisible();
  // a keyword: the order number finds that order alone
  await list.getByLabel(zh('orderList.filter.keyword')).fill(first.order_no);
  await list.getByLabel(zh('orderList.filter.keyword')).press('Enter');
  await expect(list.locator('tbody .order-link')).toHaveText([first.order_no]);
  await expect(page).toHaveURL(new RegExp(`keyword=${first.order_no}`));
  await list.getByLabel(zh('orderList.filter.keyword')).fill('');
  await list.getByLabel(zh('orderList.filter.keyword')).press('Enter');
  // the status tab of orders waiting for confirmation
  await list.getByRole('tab', { name: new RegExp(zh('orderList.status.pending_confirm')) }).click();
  await expect(list.locator('tbody .order-link').first()).toBeVisible();
  await expect(list.getByRole('tab', { selected: true })).toContainText(String(waiting.length));

  // export the filtered set and read the file back
  const download = page.waitForEvent('download');
  await list
    .getByRole('button', { name: zh('orderList.action.export') })
    .first()
    .click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  const numbers: string[] = [];
  sheet.eachRow((row, index) => {
    if (index > 1) numbers.push(String(row.getCell(1).value ?? ''));
  });
  expect(numbers.sort()).toEqual(waiting.map((o) => o.order_no).sort());

  // two orders, two tabs titled with their numbers
  await list.locator('tbody .order-link', { hasText: first.order_no }).click();
  await expect(page).toHaveURL(new RegExp(`/customer-order/view/${first.id}$`));
  await expect(page.locator('lp-order-view:visible h1').first()).toHaveText(first.order_no);
  await page.goto('/customer-order/index?status=pending_confirm');
  await page.locator('lp-order-list tbody .order-link', { hasText: second.order_no }).click();
  await expect(page.locator('lp-order-view:visible h1').first()).toHaveText(second.order_no);
  const tabs = page.locator('.lp-tags a');
  await expect(tabs.filter({ hasText: first.order_no })).toHaveCount(1);
  await expect(tabs.filter({ hasText: second.order_no })).toHaveCount(1);

  // cancel the second, with a reason (each open order keeps its element: the shown one)
  const view = page.locator('lp-order-view:visible');
  await view.getByRole('button', { name: zh('orderView.action.cancel') }).click();
  await view.getByLabel(zh('orderView.cancel.reason')).fill('项目计划调整');
  await view.getByRole('button', { name: zh('orderView.cancel.submit') }).click();
  await expect(view.getByText(zh('orderView.status.cancelled')).first()).toBeVisible();
  const after = await orders(request, token, { keyword: second.order_no });
  expect(after.list.map((o) => o.status)).toEqual(['cancelled']);

  // the first order's tab is still there; its waybill prints and the print is recorded
  await tabs.filter({ hasText: first.order_no }).click();
  await expect(view.locator('h1').first()).toHaveText(first.order_no);
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed++;
    };
  });
  await view.getByRole('button', { name: zh('orderView.action.print') }).click();
  await expect(view.locator('svg').first()).toBeVisible();
  await view.getByRole('button', { name: zh('orderView.print.print'), exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  const prints = await request.get(`/api/common/printlog.html?id=${first.id}`, {
    headers: { 'X-Token': token },
  });
  expect(((await prints.json()) as { data: { list: unknown[] } }).data.list.length).toBeGreaterThan(0);
});

test('an order’s print address shows its waybill, also when the order and the list have tabs', async ({
  page,
  request,
}) => {
  const { order } = await firstOrderSignedIn(page, request);
  await page.goto('/customer-order/index');
  await page.locator('lp-order-list tbody .order-link', { hasText: order.order_no }).click();
  await expect(page.locator('lp-order-view:visible h1').first()).toHaveText(order.order_no);
  // back on the list (a reload: the tabs come back from the session), then the order's print
  // address (a link from the list's print, a bookmark): the list's kept tab must not take it over
  await page.goto('/customer-order/index');
  await expect(page.locator('lp-order-list tbody .order-link').first()).toBeVisible();
  await page.goto(`/customer-order/view/${order.id}?print=1`);
  const view = page.locator('lp-order-view:visible');
  await expect(view.getByRole('button', { name: zh('orderView.print.print'), exact: true })).toBeVisible();
  await expect(view.getByRole('article', { name: zh('orderView.print.title') })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/customer-order/view/${order.id}\\?print=1$`));
  // and in the same page: the list, then the print address through the portal's own navigation
  await page
    .locator('.lp-tags a', { hasText: zh('route.orderIndex') })
    .first()
    .click();
  await expect(page.locator('lp-order-list:visible')).toBeVisible();
  await page.evaluate((path) => {
    const link = document.createElement('a');
    link.href = path;
    document.body.append(link);
    link.click();
    link.remove();
  }, `/customer-order/view/${order.id}?print=1`);
  await expect(view.getByRole('article', { name: zh('orderView.print.title') })).toBeVisible();
});

test('an order the provider confirms changes status while the user watches', async ({ page, request }) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const waiting = (await orders(request, token, { status: 'pending_confirm' })).list;
  const order = waiting.at(-1)!;
  await signInByApi(page, demoLogin('demo'));
  const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live/stream');
  await page.goto(`/customer-order/view/${order.id}`);
  const view = page.locator('lp-order-view');
  await expect(view.locator('h1').first()).toHaveText(order.order_no);
  await expect(view.getByText(zh('orderView.status.pending_confirm')).first()).toBeVisible();
  expect((await stream).status()).toBe(200);
  const confirmed = await provider(request, 'confirm', { order_no: order.order_no });
  expect(confirmed.code, confirmed.message).toBe(0);
  // the live stream tells the page (src/stores/live-connection.ts), which reads the order again:
  // no reload, and no wait for the minute's fallback tick (FOLLOW_MS)
  await expect(view.getByText(zh('orderView.status.not_finished')).first()).toBeVisible();
});

test('cancel and merge are offered only for open orders, and the list says which selected ones are not', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const [done] = (await orders(request, token, { status: 'finished' })).list as [Row];
  const [open] = (await orders(request, token, { status: 'pending_confirm' })).list as [Row];
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.goto(`/customer-order/index?keyword=${done.order_no}`);
    const list = page.locator('lp-order-list');
    await expect(list.locator('tbody .order-link')).toHaveText([done.order_no]);
    const cancel = list.getByRole('button', { name: say('orderList.action.cancel') });
    await expect(cancel).toBeDisabled();
    await list.getByRole('checkbox', { name: say('ui.dataTable.selectRow', { row: done.order_no }) }).check();
    // a finished order cannot be cancelled: not offered, and said why, before any reason is typed
    await expect(cancel).toBeDisabled();
    await expect(list.getByRole('button', { name: say('orderList.action.merge') })).toBeDisabled();
    const why = say('orderList.action.onlyOpen', {
      orders: say('orderList.action.orderState', {
        no: done.order_no,
        status: say('orderList.status.finished'),
      }),
    });
    await expect(list.getByText(why)).toBeVisible();
    await expect(cancel).toHaveAccessibleDescription(why);

    // an open order alone can be cancelled again
    await list.getByRole('button', { name: say('ui.dataTable.clearSelection') }).click();
    await list.getByLabel(say('orderList.filter.keyword')).fill(open.order_no);
    await list.getByLabel(say('orderList.filter.keyword')).press('Enter');
    await expect(list.locator('tbody .order-link')).toHaveText([open.order_no]);
    await list.getByRole('checkbox', { name: say('ui.dataTable.selectRow', { row: open.order_no }) }).check();
    await expect(cancel).toBeEnabled();
    await expect(list.getByText(why)).toHaveCount(0);
    await context.close();
  }
});

test('a refused merge says which orders differ and in what, in both languages', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const waiting = (await orders(request, token, { status: 'pending_confirm' })).list;
  const first = waiting[0]!;
  const other = waiting.find((o) => o.to_company !== first.to_company);
  expect(other, 'two open orders to different recipients').toBeTruthy();
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.goto('/customer-order/index?status=pending_confirm');
    const list = page.locator('lp-order-list');
    for (const order of [first, other!])
      await list
        .getByRole('checkbox', { name: say('ui.dataTable.selectRow', { row: order.order_no }) })
        .check();
    await list.getByRole('button', { name: say('orderList.action.merge') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: say('orderList.merge.confirm'), exact: true })
      .click();
    const refusal = page.locator('.lp-toast--error');
    await expect(refusal).toContainText(`${other!.order_no}`);
    await expect(refusal).toContainText(first.order_no);
    await expect(refusal).toContainText(serverSay('recipient', locale));
    await context.close();
  }
  // nothing was merged (a sign-in ends the user's earlier session: a new token)
  const after = await orders(request, await apiLogin(request, demoLogin('demo')), {
    status: 'pending_confirm',
  });
  expect(after.list.map((o) => o.order_no)).toEqual(
    expect.arrayContaining([first.order_no, other!.order_no]),
  );
});

test('an inverted date range is said under its field and not applied, in both languages', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const [order] = (await orders(request, token)).list as [Row];
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.goto(`/customer-order/index?keyword=${order.order_no}`);
    const list = page.locator('lp-order-list');
    await expect(list.locator('tbody .order-link')).toHaveText([order.order_no]);
    await list.getByLabel(say('orderList.filter.dateFrom')).fill('2026-11-20');
    await list.getByLabel(say('orderList.filter.dateTo')).fill('2026-11-01');
    const to = list.getByLabel(say('orderList.filter.dateTo'));
    await expect(to).toHaveAccessibleDescription(say('orderList.filter.datesInverted'));
    await expect(to).toHaveAttribute('aria-invalid', 'true');
    await expect(
      list.getByRole('alert').filter({ hasText: say('orderList.filter.datesInverted') }),
    ).toBeVisible();
    // the other filters still apply: the order is listed, not "nothing matches"
    await expect(list.locator('tbody .order-link')).toHaveText([order.order_no]);
    await expect(list.locator('.lp-pagination__total')).toHaveText(locale === 'en' ? '1 item' : '共 1 条');
    // a range the right way round applies, and the message goes
    await list.getByLabel(say('orderList.filter.dateFrom')).fill('2020-01-01');
    await expect(
      list.getByRole('alert').filter({ hasText: say('orderList.filter.datesInverted') }),
    ).toHaveCount(0);
    await expect(to).not.toHaveAttribute('aria-invalid', 'true');
    await context.close();
  }
});

test('the sidebar’s draft count is readable: at least 4.5:1 against its badge', async ({ page }) => {
  await signInByApi(page, demoLogin('demo'));
  await page.goto('/customer-order/index');
  const badge = page.locator('.lp-menu-badge').first();
  await expect(badge).toBeVisible();
  const ratio = await badge.evaluate((el) => {
    // a computed colour as sRGB channels 0–1 (`rgb(…)`, or `color(srgb …)` for a color-mix())
    const channels = (css: string): number[] => {
      const srgb = css.match(/color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)/);
      if (srgb) return srgb.slice(1, 4).map(Number);
      const rgb = css.match(/rgba?\((\d+), (\d+), (\d+)/);
      if (!rgb) throw new Error(`not a colour: ${css}`);
      return rgb.slice(1, 4).map((c) => Number(c) / 255);
    };
    const luminance = (css: string) => {
      const [r, g, b] = channels(css).map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
      return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
    };
    const style = getComputedStyle(el);
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)].sort((x, y) => y - x);
    return ((a ?? 0) + 0.05) / ((b ?? 0) + 0.05);
  });
  expect(ratio).toBeGreaterThanOrEqual(4.5);
});

test('the order list, an order and its waybill each have one h1; the goods table is reachable by keyboard', async ({
  page,
  request,
}) => {
  const { order } = await firstOrderSignedIn(page, request);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/customer-order/index');
  const h1 = (scope: string) => page.locator(`${scope}:visible`).getByRole('heading', { level: 1 });
  await expect(h1('lp-order-list')).toHaveText(zh('route.orderIndex'));
  await page.goto(`/customer-order/view/${order.id}`);
  await expect(h1('lp-order-view')).toHaveText(order.order_no);
  // at 375 px the goods table scrolls sideways: a keyboard user can reach and scroll it
  const goods = page
    .locator('lp-order-view:visible')
    .getByRole('region', { name: zh('orderView.goods.title') });
  await expect(goods).toHaveAttribute('tabindex', '0');
  await goods.focus();
  await expect(goods).toBeFocused();
  await page.goto(`/customer-order/view/${order.id}?print=1`);
  await expect(h1('lp-order-view')).toHaveText(zh('orderView.print.title'));
});

test('the chat launcher sits in a landmark of its own and never covers the list’s pager', async ({
  page,
}) => {
  await signInByApi(page, demoLogin('demo'));
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/customer-order/index');
    const launcher = page.locator('lp-chat-widget').getByRole('button').first();
    await expect(launcher).toBeVisible();
    const pager = page.locator('lp-order-list .lp-pagination');
    await expect(pager).toBeVisible();
    // the page drawn whole (its rows and the saved views' row) before it is scrolled to its end
    await expect(
      page.locator('lp-order-list tbody tr.lp-data-table__row:not(.lp-data-table__skeleton)'),
    ).toHaveCount(10);
    await expect(page.locator('lp-order-list .order-views__pick')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
    const chat = (await launcher.boundingBox())!;
    for (const control of await pager.locator('button, select').all()) {
      if (!(await control.isVisible())) continue;
      const box = (await control.boundingBox())!;
      const apart =
        box.x + box.width <= chat.x ||
        chat.x + chat.width <= box.x ||
        box.y + box.height <= chat.y ||
        chat.y + chat.height <= box.y;
      expect(apart, `${width} px: ${await control.textContent()} clear of the launcher`).toBe(true);
    }
    expect(
      await page.locator('lp-chat-widget').evaluate((el) => el.closest('aside')?.getAttribute('aria-label')),
    ).toBe(zh('host.chat.label'));
  }
});

test.describe('under the portal’s own CSP', () => {
  test.use({ bypassCSP: false });

  test('the email preview shows the email’s styles, and an address error goes once the addresses change', async ({
    page,
    request,
  }) => {
    const { order } = await firstOrderSignedIn(page, request);
    await page.goto(`/customer-order/view/${order.id}`);
    const view = page.locator('lp-order-view:visible');
    await view.getByRole('button', { name: zh('orderView.action.email') }).click();
    const dialog = page.getByRole('dialog', { name: zh('orderView.email.title') });
    const to = dialog.getByLabel(zh('orderView.email.to'));
    await to.fill('not-an-address');
    await dialog.getByRole('button', { name: zh('orderView.email.send'), exact: true }).click();
    const invalid = zh('orderView.email.invalid', { list: 'not-an-address' });
    await expect(dialog.getByText(invalid)).toBeVisible();
    await to.fill('lab@example.com');
    await expect(dialog.getByText(invalid)).toHaveCount(0);
    await expect(to).not.toHaveAttribute('aria-invalid', 'true');

    await dialog.getByRole('button', { name: zh('orderView.email.preview'), exact: true }).click();
    const frame = dialog.frameLocator('iframe');
    await expect(frame.locator('table').first()).toBeVisible();
    // the email's inline styles apply (a srcdoc frame under the page's CSP left them out)
    await expect(frame.locator('table').first()).toHaveCSS('border-collapse', 'collapse');
  });
});

test('the order list keeps its scroll position when the user comes back by tab, sidebar or Back', async ({
  page,
}) => {
  await signInByApi(page, demoLogin('demo'));
  await page.setViewportSize({ width: 1440, height: 700 });
  await page.goto('/customer-order/index?limit=50');
  const list = page.locator('lp-order-list');
  await expect(list.locator('tbody .order-link').nth(29)).toBeVisible();
  const scrollTop = () => page.evaluate(() => document.scrollingElement!.scrollTop);
  await page.evaluate(() => window.scrollTo(0, 900));
  await expect.poll(scrollTop).toBe(900);
  const back = async () => expect.poll(scrollTop, { timeout: 5_000 }).toBeGreaterThan(850);

  // the sidebar to another page (it starts at the top), then the list's tab
  const nav = page.getByRole('navigation', { name: zh('host.nav.menu') });
  await nav.getByRole('link', { name: zh('route.projectIndex') }).click();
  await expect(page).toHaveURL(/\/customer-project\/index/);
  await expect.poll(scrollTop).toBe(0);
  await page.locator('.lp-tags a', { hasText: zh('route.orderIndex') }).click();
  await expect(page).toHaveURL(/\/customer-order\/index/);
  await back();

  // an order opened from the list, then Back
  await list.locator('tbody .order-link').nth(20).click();
  await expect(page).toHaveURL(/\/customer-order\/view\/\d+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/customer-order\/index/);
  await back();
});

test('a link to an order of another of the user’s accounts says which, and the switch opens it, in both languages', async ({
  browser,
  request,
  tenant,
}) => {
  // an order of demo's second account (BG-BJ-CO), found as that account
  const token = await apiLogin(request, demoLogin('demo'));
  const other = tenant.identifier('BG-BJ-CO');
  const switched = await callApi<{ access_token: string }>(
    request,
    'customer-account/switch-customer',
    { identifier: other },
    token,
  );
  expect(switched.code, switched.message).toBe(0);
  const [order] = (await orders(request, switched.data.access_token)).list as [Row];
  expect(order, 'the second account has orders').toBeTruthy();

  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.goto(`/customer-order/view/${order.id}`);
    const view = page.locator('lp-order-view:visible');
    await expect(
      view.getByText(new RegExp(say('orderView.otherAccount', { no: order.order_no, account: '.+' }))),
    ).toBeVisible();
    const go = view.getByRole('button', {
      name: new RegExp(`^${say('orderView.switchTo', { account: '' })}`),
    });
    await expect(go).toBeVisible();
    if (locale === 'en') {
      await go.click();
      await expect(view.locator('h1')).toHaveText(order.order_no);
      await expect(page).toHaveURL(new RegExp(`/customer-order/view/${order.id}$`));
    }
    await context.close();
  }
});

test('a link to an order the user cannot see says so and goes back to the list without leaving a dead tab', async ({
  page,
}) => {
  await signInByApi(page, demoLogin('demo'));
  await page.goto('/customer-order/view/2000000000');
  const view = page.locator('lp-order-view:visible');
  await expect(view.getByText(zh('orderView.notFound'))).toBeVisible();
  await view.getByRole('button', { name: zh('orderView.backToList') }).click();
  await expect(page).toHaveURL(/\/customer-order\/index$/);
  await expect(page.locator('.lp-tags a[href="/customer-order/view/2000000000"]')).toHaveCount(0);
});

test('the header search finds an order by its number and a project by its protocol, in both languages', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const [order] = (await orders(request, token)).list as [Row];
  const project = (
    (await (
      await request.get('/api/common/customer-project.html?limit=1', { headers: { 'X-Token': token } })
    ).json()) as { data: { list: Array<{ pr_id: number; protocol_no: string }> } }
  ).data.list[0]!;
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.goto('/home/index');
    const open = async (typed: string) => {
      await page.getByRole('button', { name: say('host.search.label'), exact: true }).click();
      const box = page.getByRole('combobox', { name: say('host.search.label') });
      await box.fill(typed);
      return box;
    };
    const box = await open(order.order_no);
    const found = page.getByRole('option', {
      name: new RegExp(`^${say('host.search.kind.order')}\\s*${order.order_no}`),
    });
    await expect(found).toBeVisible();
    await expect(found).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/customer-order/view/${order.id}$`));
    await expect(page.locator('lp-order-view:visible h1')).toHaveText(order.order_no);

    await open(project.protocol_no);
    await page
      .getByRole('option', {
        name: new RegExp(`^${say('host.search.kind.project')}\\s*${project.protocol_no}`),
      })
      .click();
    await expect(page).toHaveURL(new RegExp(`/customer-project/view/${project.pr_id}$`));
    await context.close();
  }
});

test('export takes the ticked rows only, in both languages', async ({ browser, request }) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const [first, second] = (await orders(request, token)).list as [Row, Row];
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    const list = await listWithTicked(page, say, [first, second]);
    const download = page.waitForEvent('download');
    await list.getByRole('button', { name: say('orderList.action.exportSelected', { count: 2 }) }).click();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await (await download).path());
    const numbers: string[] = [];
    book.worksheets[0]!.eachRow((row, index) => {
      if (index > 1) numbers.push(String(row.getCell(1).value ?? ''));
    });
    expect(numbers.sort()).toEqual([first.order_no, second.order_no].sort());
    await context.close();
  }
});

test('bulk print makes one document: a waybill per page, one Print, each print recorded, in both languages', async ({
  browser,
  request,
}) => {
  const [, first, second] = (await orders(request, await apiLogin(request, demoLogin('demo')))).list as [
    Row,
    Row,
    Row,
  ];
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    const token = await pageToken(context);
    const printsOf = async (id: number) => {
      const res = await request.get(`/api/common/printlog.html?id=${id}`, { headers: { 'X-Token': token } });
      return ((await res.json()) as { data: { list: unknown[] } }).data.list.length;
    };
    await context.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    const before = [await printsOf(first.id), await printsOf(second.id)];
    const list = await listWithTicked(page, say, [first, second]);
    const opened = context.waitForEvent('page');
    await list.getByRole('button', { name: say('orderList.action.printSelected', { count: 2 }) }).click();
    const sheet = await opened;
    await expect(sheet).toHaveURL(
      new RegExp(`/customer-order/view/${first.id}\\?print=1&with=${second.id}$`),
    );
    const view = sheet.locator('lp-order-view:visible');
    await expect(view.locator('article.waybill')).toHaveCount(2);
    for (const order of [first, second])
      await expect(
        view.getByRole('article', { name: `${say('orderView.print.title')} ${order.order_no}` }),
      ).toBeVisible();
    await expect(view.getByText(say('orderView.print.pages', { n: 2 }))).toBeVisible();
    // the second waybill starts a new page on paper
    await sheet.emulateMedia({ media: 'print' });
    expect(
      await view
        .locator('article.waybill')
        .nth(1)
        .evaluate((el) => getComputedStyle(el).breakBefore),
    ).toBe('page');
    await sheet.emulateMedia({ media: 'screen' });
    await view.getByRole('button', { name: say('orderView.print.printAll', { n: 2 }) }).click();
    await expect.poll(() => sheet.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    expect([await printsOf(first.id), await printsOf(second.id)]).toEqual(before.map((n) => n + 1));
    await context.close();
  }
});

test('at 1440 px the order list keeps the order number in view sideways, shows whole dates, and says "nothing found" in view', async ({
  page,
}) => {
  await signInByApi(page, demoLogin('demo'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/customer-order/index');
  const list = page.locator('lp-order-list');
  const first = list.locator('tbody .order-link').first();
  await expect(first).toBeVisible();
  // every time shows whole ("2026-11-29 16:18", not "2026-11-29 16…")
  const cut = await list.locator('tbody td').evaluateAll((cells) =>
    cells
      .filter((td) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(td.textContent ?? ''))
      .filter((td) => td.scrollWidth > td.clientWidth)
      .map((td) => td.textContent),
  );
  expect(cut).toEqual([]);
  const box = list.locator('.lp-data-table__scroll');
  const before = (await first.boundingBox())!;
  await box.evaluate((el) => {
    el.scrollLeft = el.scrollWidth;
  });
  await expect.poll(async () => (await first.boundingBox())!.x).toBeCloseTo(before.x, 0);
  await list.locator('input[type="search"]').fill('查无此单zz');
  await list.locator('input[type="search"]').press('Enter');
  const nothing = list.locator('.lp-state--empty');
  await expect(nothing).toBeVisible();
  const shown = (await nothing.boundingBox())!;
  const area = (await box.boundingBox())!;
  expect(shown.x).toBeGreaterThanOrEqual(area.x - 1);
  expect(shown.x + shown.width).toBeLessThanOrEqual(area.x + area.width + 1);
});

test('at 375 px the order list shows cards, and its filters fold behind one button that counts them, in both languages', async ({
  browser,
}) => {
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/customer-order/index?order_type=supply');
    const list = page.locator('lp-order-list');
    const card = list.locator('tbody tr.lp-data-table__row').first();
    await expect(card).toBeVisible();
    // a card: the number, then each field under the other with its column's name, all on screen
    const status = card.locator('td[data-label]:has(.order-badge)');
    await expect(status).toHaveAttribute('data-label', say('orderList.column.status'));
    for (const cell of [card.locator('.order-link'), status])
      expect((await cell.boundingBox())!.x + (await cell.boundingBox())!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(375);
    // number, status, where it is now, route and dates: the project, type, temperature and
    // documents stay in the table
    const labels = await card
      .locator('td[data-label]')
      .evaluateAll((cells) =>
        cells.filter((td) => getComputedStyle(td).display !== 'none').map((td) => td.dataset.label),
      );
    expect(labels).toEqual(
      [
        'order_no',
        'status',
        'last_event',
        'where',
        'eta',
        'from',
        'to',
        'excursion',
        'deliver_by',
        'created_at',
      ].map((k) => say(`orderList.column.${k}` as Parameters<typeof say>[0])),
    );
    // the card's one action: a tap anywhere on it (here its lower right corner) opens the order
    const number = (await card.locator('.order-link').textContent())!;
    const box = (await card.boundingBox())!;
    await page.mouse.click(box.x + box.width - 10, box.y + box.height - 6);
    await expect(page.locator('lp-order-view:visible h1').first()).toHaveText(number);
    await page.goBack();
    await expect(card).toBeVisible();
    // the filters: the keyword and one button saying how many are set
    const fold = list.getByRole('button', { name: say('ui.filters.foldActive', { n: 1 }) });
    await expect(fold).toHaveAttribute('aria-expanded', 'false');
    const project = list.locator('search').getByLabel(say('orderList.filter.project'), { exact: true });
    await expect(project).toBeHidden();
    await expect(
      list.locator('search').getByLabel(say('orderList.filter.keyword'), { exact: true }),
    ).toBeVisible();
    await fold.click();
    await expect(project).toBeVisible();
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
    await context.close();
  }
});

test('saved views: the list as it is, kept under a name, opened again from anywhere, and deleted, in both languages', async ({
  browser,
}) => {
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.goto('/customer-order/index?status=finished&temp_class=chilled&sort=-deliver_by');
    const list = page.locator('lp-order-list');
    await expect(list.getByRole('tab', { selected: true })).toContainText(say('orderList.status.finished'));
    const name = `${locale} 冷藏已完成`;
    await list.getByRole('button', { name: say('orderList.views.save') }).click();
    await list.getByLabel(say('orderList.views.name')).fill(name);
    await list.getByRole('button', { name: say('orderList.views.confirm'), exact: true }).click();
    await expect(page.getByText(say('orderList.views.saved', { name }))).toBeVisible();
    const pick = list.getByRole('combobox', { name: say('orderList.views.label') });
    await expect(pick.locator('option:checked')).toHaveText(name);

    // elsewhere, then the view: the same list and address
    await page.goto('/customer-order/index');
    await expect(list.getByRole('tab', { selected: true })).toContainText(say('orderList.status.all'));
    await expect(pick.locator('option:checked')).not.toHaveText(name);
    await pick.selectOption({ label: name });
    await expect(page).toHaveURL(/\?status=finished&temp_class=chilled&sort=-deliver_by$/);
    await expect(list.getByRole('tab', { selected: true })).toContainText(say('orderList.status.finished'));
    await page.reload();
    await expect(
      page
        .locator('lp-order-list')
        .getByRole('combobox', { name: say('orderList.views.label') })
        .locator('option:checked'),
    ).toHaveText(name);

    await page
      .locator('lp-order-list')
      .getByRole('button', { name: say('orderList.views.delete') })
      .click();
    await expect(page.getByText(say('orderList.views.deleted', { name }))).toBeVisible();
    await expect(
      page
        .locator('lp-order-list')
        .getByRole('combobox', { name: say('orderList.views.label') })
        .locator('option', { hasText: name }),
    ).toHaveCount(0);
    await context.close();
  }
});

test('the list says where each order in progress is now, and its view draws the route through those places', async ({
  page,
  request,
}) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const moving = (await orders(request, token, { status: 'not_finished' })).list as Array<
    Row & { is_dtp: number; milestone: string; where: string; last_event: { kind: string } | null }
  >;
  // an order on the road whose parties are not masked: its place is the provider's, as posted
  const order = moving.find(
    (o) =>
      o.is_dtp === 0 &&
      ['picked_up', 'in_transit', 'out_for_delivery'].includes(o.milestone) &&
      o.where !== '',
  );
  expect(
    order,
    `an order on the road among ${JSON.stringify(moving.map((o) => [o.milestone, o.is_dtp, o.where]))}`,
  ).toBeDefined();
  await signInByApi(page, demoLogin('demo'));
  await page.goto('/customer-order/index?status=not_finished');
  const list = page.locator('lp-order-list');
  for (const column of ['last_event', 'where', 'eta'] as const)
    await expect(list.getByRole('columnheader', { name: zh(`orderList.column.${column}`) })).toBeVisible();
  const row = list.locator('tbody tr', { hasText: order!.order_no });
  await expect(row).toContainText(order!.where);
  await expect(row).toContainText(zh(`orderList.event.${order!.milestone}` as MessageKey));

  await page.goto(`/customer-order/view/${order!.id}`);
  const view = page.locator('lp-order-view');
  await expect(view.locator('h1').first()).toHaveText(order!.order_no);
  await view.getByRole('tab', { name: zh('orderView.section.track'), exact: true }).click();
  // the goods are where the list says: at the current stop of the drawn route (a waypoint's place,
  // or the sender's door under its city), said in its list too
  await expect(view.locator('.order-route__stop[data-state="current"]')).toContainText(order!.where);
  const spoken = view.locator('.order-route ol.order-view__sr li');
  await expect(spoken.first()).toContainText(zh('orderView.route.sender'));
  await expect(spoken.last()).toContainText(zh('orderView.route.receiver'));
  await expect(spoken.filter({ hasText: zh('orderView.route.here') })).toContainText(order!.where);
});
