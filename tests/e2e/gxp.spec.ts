import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/audit-log.ts';
import '../../src/i18n/areas/host.ts';
import '../../src/i18n/areas/order-editor.ts';
import '../../src/i18n/areas/order-sign.ts';
import '../../src/i18n/areas/order-view.ts';
import { demoLogin } from './helpers/accounts.ts';
import { zh } from './helpers/login-page.ts';
import {
  expectDistricts,
  fillTimes,
  orderList,
  editorSection as section,
  toReview,
  usableOrder,
  visibleEditor as editor,
} from './helpers/order-editor.ts';
import { signInByApi } from './helpers/session.ts';

// the demo's order data: `demo` approves the orders of a project that requires approval
test.use({ orderData: true });
test.setTimeout(90_000);

/**
 * What a sponsor's quality department checks (21 CFR Part 11, EU GMP Annex 11): an approval is an
 * electronic signature (the password again; a wrong one refused), the history shows it, an edit
 * after it sends the order back for review and leaves the signature applying to an earlier version;
 * the customer's administrators read and export the audit trail; the order's evidence pack opens.
 */
test('an approval is signed (a wrong password first), and an edit after it sends the order back for review', async ({
  page,
  request,
}) => {
  const token = await signInByApi(page, demoLogin('demo'));
  const waiting = await usableOrder(
    request,
    token,
    'edit',
    (await orderList(request, token, { status: 'pending_approval' })).list,
  );
  await page.goto(`/customer-order/view/${waiting.id}`);
  const view = page.locator('lp-order-view:visible');
  await view.getByRole('button', { name: zh('orderView.action.approve'), exact: true }).click();
  const dialog = view.getByRole('dialog');
  await expect(dialog.getByText(zh('orderSign.legend'))).toBeVisible();
  const password = dialog.getByLabel(zh('orderSign.password'));
  await password.fill('not-my-password');
  await dialog.getByRole('button', { name: zh('orderSign.approve') }).click();
  await expect(dialog.getByText('密码错误，未签名')).toBeVisible();
  await expect(password).toHaveValue('');
  await password.fill(demoLogin('demo').password);
  await dialog.getByRole('button', { name: zh('orderSign.approve') }).click();
  await expect(dialog).toHaveCount(0);
  await expect(view.getByText(zh('orderView.status.pending_confirm')).first()).toBeVisible();
  await view.getByRole('tab', { name: zh('orderView.section.timeline') }).click();
  const signature = view.locator('.order-view__signature').first();
  await expect(signature).toContainText('电子签名：');
  await expect(signature).toContainText(`· ${zh('orderView.sign.meaning.approval')} ·`);
  await expect(signature).not.toContainText(zh('orderView.sign.earlier'));

  // an edit of the approved order: the review says it goes back for approval, and it does
  await page.goto(`/customer-order/create?id=${waiting.id}`);
  await section(page, zh('orderEditor.section.times'))
    .getByLabel(zh('orderEditor.field.remark'))
    .fill('数量已与中心药房核对');
  await fillTimes(page);
  await expectDistricts(page);
  await toReview(page);
  await expect(editor(page).getByText('此订单已通过审批')).toBeVisible();
  await editor(page).getByLabel(zh('orderEditor.reason.label')).fill('中心药房要求改送达时间');
  await editor(page)
    .getByRole('button', { name: zh('orderEditor.action.saveEdit') })
    .click();
  await expect(page).toHaveURL(new RegExp(`/customer-order/view/${waiting.id}$`));
  const after = page.locator('lp-order-view:visible');
  await expect(after.getByText(zh('orderView.status.pending_approval')).first()).toBeVisible();
  await after.getByRole('tab', { name: zh('orderView.section.timeline') }).click();
  await expect(after.locator('.order-view__signature').first()).toContainText(zh('orderView.sign.earlier'));
});

test('an administrator reads the audit trail, finds an order’s entries, and exports them; the order’s evidence pack opens', async ({
  page,
  request,
}) => {
  const token = await signInByApi(page, demoLogin('demo'));
  const order = (await orderList(request, token, { status: 'not_finished' })).list[0];
  if (!order) throw new Error('the demo has no order in progress');
  // an act on the order for its trail (the demo's seeded orders have none of their own)
  const remark = await request.post('/api/customer-order/remark.html', {
    headers: { 'X-Token': token },
    data: { id: order.id, text: '请提前一天电话确认收货时间' },
  });
  expect(((await remark.json()) as { code: number }).code).toBe(0);
  await page.goto('/home/index');
  await page.locator('button.lp-user-menu').click();
  await page
    .getByRole('menu', { name: zh('host.nav.userMenu') })
    .getByRole('menuitem', { name: zh('host.nav.audit') })
    .click();
  await expect(page).toHaveURL(/\/customer-audit\/index$/);
  const log = page.locator('lp-audit-log:visible');
  await expect(log.getByRole('heading', { name: zh('auditLog.title') })).toBeVisible();
  await expect(
    log
      .locator('.audit-log__entry')
      .filter({ hasText: zh('auditLog.action.sign_in') })
      .first(),
  ).toBeVisible();
  await log.getByLabel(zh('auditLog.filter.record')).fill(order.order_no);
  await expect(log.locator('.audit-log__entry').first()).toContainText(order.order_no);
  await expect(log.locator('.audit-log__entry').filter({ hasNotText: order.order_no })).toHaveCount(0);

  for (const [label, extension, magic] of [
    [zh('auditLog.exportXlsx'), 'xlsx', 'PK'],
    [zh('auditLog.exportPdf'), 'pdf', '%PDF-'],
  ] as const) {
    const download = page.waitForEvent('download');
    await log.getByRole('button', { name: label }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${zh('auditLog.title')}.${extension}`);
    const bytes = await readFile((await file.path()) as string);
    expect(bytes.subarray(0, magic.length).toString('latin1')).toBe(magic);
  }

  await page.goto(`/customer-order/view/${order.id}`);
  const view = page.locator('lp-order-view:visible');
  const download = page.waitForEvent('download');
  await view.getByRole('button', { name: zh('orderView.evidence.pdf') }).click();
  const pack = await download;
  expect(pack.suggestedFilename()).toBe(`${zh('orderView.evidence.fileName', { no: order.order_no })}.pdf`);
  const bytes = await readFile((await pack.path()) as string);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
});
