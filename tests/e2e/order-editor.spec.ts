import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/order-editor.ts';
import '../../src/i18n/areas/order-drafts.ts';
import '../../src/i18n/areas/order-view.ts';
import { demoLogin } from './helpers/accounts.ts';
import { localeSession, signInByApi } from './helpers/session.ts';
import { apiLogin } from './helpers/api.ts';
import { messageText } from '../../src/contract/messages.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { zh } from './helpers/login-page.ts';
import {
  editorSection as section,
  fillTimes,
  orderList as orders,
  expectDistricts,
  toReview,
  usableOrder,
  visibleEditor as editor,
} from './helpers/order-editor.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/**
 * The order editor as a customer uses it, on the demo data (`--seed-demo`): an order made from
 * nothing (pickers, cascade, stock, boxes, the project's required documents uploaded), a double
 * click and a retry after a lost answer that still make one order, a copy, and an edit.
 */
test.use({ bypassCSP: true });
test.setTimeout(90_000);
test.use({ actionTimeout: 10_000 });

/** Types into a select and picks the option that matches. */
async function choose(scope: Locator, label: string, typed: string, option: RegExp | string) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(typed);
  await scope.page().getByRole('option', { name: option }).first().click();
}

const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
});

test('an order from nothing: project, pickers, stock, boxes, documents, review, a double click makes one order', async ({
  page,
  request,
}) => {
  const token = await signInByApi(page, demoLogin('demo'));
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
  const view = page.locator('lp-order-view:visible');
  await expect(view).toBeVisible();
  // the order names districts: the view shows city and district, the list the city
  await expect(view.locator('#order-view-party-from').locator('..')).toContainText('上海市 浦东新区');
  await expect(view.locator('#order-view-party-to').locator('..')).toContainText('上海市 徐汇区');
  expect(after.list.find((o) => o.id === id)).toMatchObject({ from_city: '上海市', to_city: '上海市' });
});

test('a hospital from the address book fills its province, city and district', async ({ page }) => {
  await signInByApi(page, demoLogin('demo'));
  await page.goto('/customer-order/create');
  const to = section(page, zh('orderEditor.section.to'));
  await choose(
    to,
    zh('orderEditor.picker.label'),
    '医院',
    new RegExp(`^${zh('orderEditor.picker.address')} · .*医院`),
  );
  await expect(to.getByRole('textbox', { name: zh('orderEditor.field.company'), exact: true })).toHaveValue(
    /医院/,
  );
  await expect(to.getByText(/可配送：.+ \/ .+ \/ .+/)).toBeVisible();
  for (const level of ['province', 'city', 'district'] as const)
    await expect(
      to.getByRole('combobox', { name: zh(`orderEditor.field.${level}`), exact: true }),
    ).not.toHaveValue('');
});

test('a copy after a lost answer: the retry finds the order made, one order', async ({ page, request }) => {
  const token = await signInByApi(page, demoLogin('demo'));
  const all = await orders(request, token);
  const source = await usableOrder(request, token, 'copy', all.list);
  const before = all.total;
  await page.goto(`/customer-order/create?copy=${source.id}`);
  await expect(page.locator('.lp-tags a', { hasText: zh('route.orderCopy') })).toHaveCount(1);
  await expect(editor(page).getByText(zh('orderEditor.copying', { no: source.order_no }))).toBeVisible();
  await fillTimes(page);
  await expectDistricts(page);
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
  // the button's double-click guard: inactive (aria-disabled) until it lets a click through again
  await expect(submit).not.toHaveAttribute('aria-disabled', 'true', { timeout: 5_000 });
  await submit.click();
  await expect(page).toHaveURL(/\/customer-order\/view\/\d+$/);
  expect((await orders(request, token)).total).toBe(before + 1);
});

test('an edit of an order waiting for confirmation is saved with its version', async ({ page, request }) => {
  const token = await signInByApi(page, demoLogin('demo'));
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
  await expectDistricts(page);
  await toReview(page);
  const save = editor(page).getByRole('button', { name: zh('orderEditor.action.saveEdit') });
  // a change to a submitted order says why (EU GMP Annex 11 §9), and its history keeps it
  await save.click();
  const reason = editor(page).getByLabel(zh('orderEditor.reason.label'));
  await expect(reason).toBeFocused();
  await expect(editor(page).getByText(zh('orderEditor.reason.required'))).toBeVisible();
  await reason.fill('收货人要求提前联系');
  await save.click();
  await expect(page).toHaveURL(new RegExp(`/customer-order/view/${waiting.id}$`));
  const view = page.locator('lp-order-view:visible');
  await view.getByRole('tab', { name: zh('orderView.section.timeline') }).click();
  await expect(
    view.getByText(zh('orderView.timeline.reason', { reason: '收货人要求提前联系' })),
  ).toBeVisible();
  const res = await request.get(`/api/customer-order/view.html?id=${waiting.id}`, {
    headers: { 'X-Token': token },
  });
  const body = (await res.json()) as { data: { remark: string } };
  expect(body.data.remark).toBe('请提前电话联系');
});

test('the editor is axe clean, empty, with its messages and on review, in both languages', async ({
  page,
}) => {
  await signInByApi(page, demoLogin('demo'));
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

test('a quantity says what is wrong with it: whole units, more than 0, in both languages', async ({
  browser,
  request,
}) => {
  const token = await apiLogin(request, demoLogin('demo'));
  const source = await usableOrder(request, token, 'copy', (await orders(request, token)).list);
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.goto(`/customer-order/create?copy=${source.id}`);
    const line = editor(page).locator('tr.oe__line').first();
    const quantity = line.locator('input.oe__quantity');
    await expect(quantity).not.toHaveValue('');
    // the line's unit, as its "available" cell writes it ("120 瓶"): a counted one
    const available = line.locator('td').nth(3);
    await expect(available).toHaveText(/^\d+(\.\d+)? \S+$/);
    const unit = ((await available.textContent()) ?? '').trim().split(' ').at(-1) ?? '';
    expect(unit, 'the demo counts its goods in pieces').toMatch(/^(瓶|盒|支|管|块|套|个)$/);
    await expect(quantity).toHaveAttribute('inputmode', 'numeric');
    const said = async (typed: string, message: string | null) => {
      await quantity.fill(typed);
      await quantity.blur();
      if (message === null) await expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
      else await expect(quantity).toHaveAccessibleDescription(message);
    };
    await said('2.5', say('orderEditor.goods.whole', { unit }));
    await said('0', messageText('positive', undefined, locale));
    await said('-3', messageText('positive', undefined, locale));
    await said('abc', messageText('number', undefined, locale));
    await said('2', null);
    await context.close();
  }
});

test('an empty order says what to add under goods and boxes, not "please fill in this field", in both languages', async ({
  browser,
}) => {
  for (const locale of ['zh-CN', 'en'] as const) {
    const { context, page, say } = await localeSession(browser, locale);
    await page.goto('/customer-order/create');
    await expect(editor(page).locator('.oe')).toHaveAttribute('aria-busy', 'false');
    await editor(page)
      .getByRole('button', { name: say('orderEditor.action.review') })
      .click();
    const goods = section(page, say('orderEditor.section.goods'));
    const boxes = section(page, say('orderEditor.section.boxes'));
    await expect(goods.getByText(say('orderEditor.goods.required'))).toBeVisible();
    await expect(boxes.getByText(say('orderEditor.boxes.required'))).toBeVisible();
    for (const part of [goods, boxes])
      await expect(part.getByText(messageText('required', undefined, locale))).toHaveCount(0);
    await context.close();
  }
});
