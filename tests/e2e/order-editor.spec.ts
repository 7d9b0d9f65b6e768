import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import '../../src/i18n/areas/order-editor.ts';
import '../../src/i18n/areas/order-drafts.ts';
import { demoLogin } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { LoginForm, zh } from './helpers/login-page.ts';

/**
 * The order editor as a customer uses it, on the demo data (`--seed-demo`): an order made from
 * nothing (pickers, cascade, stock, boxes, the project's required documents uploaded), a double
 * click and a retry after a lost answer that still make one order, a copy, and an edit.
 */
test.use({ bypassCSP: true });
test.setTimeout(90_000);
test.use({ actionTimeout: 10_000 });

interface Row {
  id: number;
  order_no: string;
  status: string;
  version?: number;
}

interface Start {
  form: { pr_id?: number | null; goods?: { in_id: number; quantity: unknown }[] };
  cleared: string[];
}

/**
 * An order of the demo whose form the editor can submit as it is (edit or copy): nothing masked
 * left empty, and every goods line still of its project with enough available.
 */
async function usableOrder(request: APIRequestContext, token: string, mode: 'edit' | 'copy', rows: Row[]) {
  const headers = { 'X-Token': token };
  for (const row of rows) {
    const start = (await (
      await request.get(`/api/customer-order/create.html?id=${row.id}&mode=${mode}`, { headers })
    ).json()) as { code: number; data: Start };
    if (start.code !== 0 || start.data.cleared.length > 0 || !start.data.form.goods?.length) continue;
    const check = (await (
      await request.post('/api/customer-order/inventory-detail-add.html', {
        headers,
        data: {
          pr_id: start.data.form.pr_id,
          lines: start.data.form.goods.map((g) => ({ in_id: g.in_id, quantity: Number(g.quantity) })),
          ...(mode === 'edit' ? { order_id: row.id } : {}),
        },
      })
    ).json()) as { code: number; data: { refused: unknown[] } };
    if (check.code === 0 && check.data.refused.length === 0) return row;
  }
  throw new Error(`no demo order to ${mode} as it is`);
}

async function signIn(page: Page): Promise<string> {
  const form = new LoginForm(page);
  await form.goto();
  await form.signIn(demoLogin('demo'));
  await expect(page).toHaveURL(/\/customer-order\/attachment$/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
  if (!cookie) throw new Error('no Admin-Token cookie after sign-in');
  return decodeURIComponent(cookie.value);
}

async function orders(request: APIRequestContext, token: string, query: Record<string, string> = {}) {
  const params = new URLSearchParams({ start: '0', limit: '100', ...query });
  const res = await request.get(`/api/customer-order/index.html?${params}`, {
    headers: { 'X-Token': token },
  });
  const body = (await res.json()) as { code: number; data: { list: Row[]; total: number } };
  expect(body.code).toBe(0);
  return body.data;
}

/** The editor on the page (the kept page of the create tab). */
const editor = (page: Page) => page.locator('lp-order-editor:visible');
const section = (page: Page, legend: string) =>
  editor(page).locator('fieldset.oe__section', { has: page.locator('legend', { hasText: legend }) });

/** Types into a select and picks the option that matches. */
async function choose(scope: Locator, label: string, typed: string, option: RegExp | string) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(typed);
  await scope.page().getByRole('option', { name: option }).first().click();
}

const wallClock = (daysAhead: number, hour = 10) => {
  const day = new Date(Date.now() + daysAhead * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
};
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
});

async function fillTimes(page: Page) {
  const times = section(page, zh('orderEditor.section.times'));
  await times.getByLabel(zh('orderEditor.field.pickup')).fill(wallClock(1));
  await times.getByLabel(zh('orderEditor.field.deliverBy')).fill(wallClock(2));
}

/** Orders go to districts: older orders name only a city, so an edit or a copy picks one. */
async function pickDistricts(page: Page) {
  for (const side of [zh('orderEditor.section.from'), zh('orderEditor.section.to')]) {
    const scope = section(page, side);
    const district = scope.getByRole('combobox', { name: zh('orderEditor.field.district'), exact: true });
    await expect(district).toBeEnabled();
    await district.click();
    await district.press('Enter');
    await expect(scope.getByText(/可配送：.+ \/ .+ \/ .+/)).toBeVisible();
  }
}

async function toReview(page: Page) {
  await editor(page)
    .getByRole('button', { name: zh('orderEditor.action.review') })
    .click();
  await expect(editor(page).getByRole('heading', { name: zh('orderEditor.review.title') })).toBeVisible();
}

test('an order from nothing: project, pickers, stock, boxes, documents, review, a double click makes one order', async ({
  page,
  request,
}) => {
  const token = await signIn(page);
  const before = (await orders(request, token)).total;
  await page.goto('/customer-order/create');
  await expect(page.locator('.lp-tags a', { hasText: zh('route.orderCreate') })).toHaveCount(1);
  await expect(page).toHaveURL(/form-key=/);

  const project = section(page, zh('orderEditor.section.project'));
  await choose(project, zh('orderEditor.field.project'), 'SHR-1210', /SHR-1210-III-317/);
  await choose(project, zh('orderEditor.field.orderType'), '药品', zh('orderEditor.type.supply'));
  await choose(project, zh('orderEditor.field.goodsType'), '药品', zh('orderEditor.goods.1'));
  await choose(project, zh('orderEditor.field.tempClass'), '冷藏', /冷藏/);

  const from = section(page, zh('orderEditor.section.from'));
  await choose(from, zh('orderEditor.picker.label'), '上海中心仓', /上海中心仓/);
  await expect(from.getByRole('textbox', { name: zh('orderEditor.field.company'), exact: true })).toHaveValue(
    /上海中心仓/,
  );
  await expect(from.getByText(/可配送/)).toBeVisible();
  await from.getByRole('textbox', { name: zh('orderEditor.field.contact'), exact: true }).fill('王仓管');
  await from.getByRole('textbox', { name: zh('orderEditor.field.phone'), exact: true }).fill('021-55550001');

  const to = section(page, zh('orderEditor.section.to'));
  await choose(to, zh('orderEditor.picker.label'), zh('orderEditor.picker.site'), /研究中心/);
  await expect(
    to.getByRole('textbox', { name: zh('orderEditor.field.company'), exact: true }),
  ).not.toHaveValue('');
  // The cascade: province, then city, then district (its served state said).
  await choose(to, zh('orderEditor.field.province'), 'sh', /^上海/);
  await choose(to, zh('orderEditor.field.city'), '上海', /^上海市/);
  await choose(to, zh('orderEditor.field.district'), 'xh', /徐汇区/);
  await expect(to.getByText(/可配送：上海 \/ 上海市 \/ 徐汇区/)).toBeVisible();

  const goods = section(page, zh('orderEditor.section.goods'));
  await goods.getByLabel(zh('orderEditor.goods.search')).fill('卡瑞利珠');
  await goods
    .getByRole('button', { name: /^添加 卡瑞利珠单抗/ })
    .first()
    .click();
  await goods.getByRole('textbox', { name: /数量/ }).fill('2');

  const boxes = section(page, zh('orderEditor.section.boxes'));
  await boxes.getByRole('button', { name: zh('orderEditor.boxes.suggest') }).click();
  await expect(boxes.locator('.oe__box').first()).toBeVisible();

  await fillTimes(page);

  const files = section(page, zh('orderEditor.section.attachments'));
  for (const [kind, name] of [
    ['packing_list', '装箱单.pdf'],
    ['temperature_report', '温度报告.pdf'],
  ] as const) {
    await choose(
      files,
      zh('orderEditor.field.attachmentKind'),
      zh(`orderEditor.kind.${kind}`),
      zh(`orderEditor.kind.${kind}`),
    );
    await files.locator('input[type="file"]').setInputFiles(pdf(name));
    await expect(files.getByText(name)).toBeVisible();
  }

  await toReview(page);
  await expect(editor(page).locator('.oe__review')).toContainText('卡瑞利珠单抗');
  await editor(page)
    .getByRole('button', { name: zh('orderEditor.action.submit') })
    .dblclick();
  await expect(page).toHaveURL(/\/customer-order\/view\/\d+$/);
  const id = Number(/view\/(\d+)$/.exec(page.url())![1]);
  const after = await orders(request, token);
  expect(after.total).toBe(before + 1);
  expect(after.list.some((o) => o.id === id)).toBe(true);
  await expect(page.locator('lp-order-view:visible')).toBeVisible();
});

test('a copy after a lost answer: the retry finds the order made, one order', async ({ page, request }) => {
  const token = await signIn(page);
  const all = await orders(request, token);
  const source = await usableOrder(request, token, 'copy', all.list);
  const before = all.total;
  await page.goto(`/customer-order/create?copy=${source.id}`);
  await expect(page.locator('.lp-tags a', { hasText: zh('route.orderCopy') })).toHaveCount(1);
  await expect(editor(page).getByText(zh('orderEditor.copying', { no: source.order_no }))).toBeVisible();
  await fillTimes(page);
  await pickDistricts(page);
  await toReview(page);
  // The first submit reaches the server, its answer never comes back.
  let lost = false;
  await page.route('**/api/customer-order/create.html', async (route) => {
    if (route.request().method() !== 'POST' || lost) return route.continue();
    lost = true;
    await route.fetch();
    await route.abort('connectionreset');
  });
  const submit = editor(page).getByRole('button', { name: zh('orderEditor.action.submit') });
  await submit.click();
  await expect(editor(page).getByText(zh('orderEditor.submitFailed'))).toBeVisible();
  expect((await orders(request, token)).total).toBe(before + 1);
  await page.waitForTimeout(2100); // the button's double-click guard
  await submit.click();
  await expect(page).toHaveURL(/\/customer-order\/view\/\d+$/);
  expect((await orders(request, token)).total).toBe(before + 1);
});

test('an edit of an order waiting for confirmation is saved with its version', async ({ page, request }) => {
  const token = await signIn(page);
  const waiting = await usableOrder(
    request,
    token,
    'edit',
    (await orders(request, token, { status: 'pending_confirm' })).list,
  );
  await page.goto(`/customer-order/create?id=${waiting.id}`);
  await expect(page.locator('.lp-tags a', { hasText: zh('route.orderEdit') })).toHaveCount(1);
  await expect(editor(page).getByText(zh('orderEditor.editing', { no: waiting.order_no }))).toBeVisible();
  await section(page, zh('orderEditor.section.times'))
    .getByLabel(zh('orderEditor.field.remark'))
    .fill('请提前电话联系');
  await fillTimes(page);
  await pickDistricts(page);
  await toReview(page);
  await editor(page)
    .getByRole('button', { name: zh('orderEditor.action.saveEdit') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/customer-order/view/${waiting.id}$`));
  const res = await request.get(`/api/customer-order/view.html?id=${waiting.id}`, {
    headers: { 'X-Token': token },
  });
  const body = (await res.json()) as { data: { remark: string } };
  expect(body.data.remark).toBe('请提前电话联系');
});

test('the editor is axe clean, empty, with its messages and on review, in both languages', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/customer-order/create');
  await expect(editor(page).locator('.oe')).toHaveAttribute('aria-busy', 'false');
  await expectNoAxeViolations(page);
  await editor(page)
    .getByRole('button', { name: zh('orderEditor.action.review') })
    .click();
  await expect(editor(page).getByText(zh('orderEditor.choose')).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.evaluate(() => document.querySelector('lp-order-editor')?.setAttribute('locale', 'en'));
  await expect(editor(page).getByText('Please choose one').first()).toBeVisible();
  await expectNoAxeViolations(page);
});
