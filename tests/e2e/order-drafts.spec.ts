import { randomBytes } from 'node:crypto';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/host.ts';
import '../../src/i18n/areas/order-drafts.ts';
import '../../src/i18n/areas/order-editor.ts';
import { demoLogin } from './helpers/accounts.ts';
import { signInByApi } from './helpers/session.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { zh } from './helpers/login-page.ts';
import {
  fillTimes,
  orderList,
  pageToken,
  expectDistricts,
  remarkField,
  toReview,
  usableOrder,
  visibleEditor,
} from './helpers/order-editor.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/**
 * "Nothing typed is lost", as a customer meets it on the demo data (`--seed-demo`): the editor's
 * form kept while typing, offline and through a reload; the draft box after a closed tab; the
 * three answers of the leave prompt; two tabs on one form.
 */

/** axe is injected as a script tag (tests/e2e/helpers/axe.ts). */
test.use({ bypassCSP: true });

const CREATE = '/customer-order/create';
const SAVE_DRAFT = '**/api/customer-order/save-draft-box.html';

/** The editor once its form is there. */
async function openEditor(page: Page, path = CREATE): Promise<Locator> {
  await page.goto(path);
  const editor = page.locator('lp-order-editor');
  await expect(editor.locator('section.oe[aria-busy="false"]')).toBeVisible({ timeout: 15_000 });
  return editor;
}

const shipTo = (editor: Locator) => editor.getByRole('group', { name: zh('orderEditor.section.to') });
const company = (editor: Locator) =>
  shipTo(editor).getByRole('textbox', { name: zh('orderEditor.field.company') });
const contact = (editor: Locator) =>
  shipTo(editor).getByRole('textbox', { name: zh('orderEditor.field.contact') });

/** Something to type nobody else typed. */
const unique = (what: string) => `${what} ${randomBytes(3).toString('hex')}`;

/** Waits until the draft box has what was typed (the status line says so). */
const savedToBox = (editor: Locator) =>
  expect(editor.getByText(/^已保存到草稿箱/)).toBeVisible({ timeout: 15_000 });

/** The order forms this browser keeps (IndexedDB `lp-drafts`), as JSON. */
const keptHere = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open('lp-drafts');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction('drafts').objectStore('drafts').getAll();
          all.onsuccess = () => {
            resolve(JSON.stringify(all.result.map((r: { data: unknown }) => r.data)));
            open.result.close();
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );

/** Closes the editor's portal tab (the tag's × button). */
async function closeEditorTab(page: Page): Promise<void> {
  await page.getByRole('button', { name: `${zh('host.tabs.close')} ${zh('route.orderCreate')}` }).click();
}

const prompt = (page: Page) => page.getByRole('alertdialog', { name: zh('host.leave.title') });

/** The draft box's row of a draft whose consignee is `name` (none: count 0). */
async function draftRow(page: Page, name: string): Promise<Locator> {
  await page.goto('/customer-order/draft');
  const box = page.locator('lp-order-drafts');
  await expect(box.locator('.lp-pagination__total, .lp-state--empty').first()).toBeVisible({
    timeout: 10_000,
  });
  return box.locator('tbody tr', { hasText: name });
}

test('closing the tab: save draft and leave keeps it in the draft box, which opens it again', async ({
  page,
}) => {
  await signInByApi(page, demoLogin('demo'));
  const editor = await openEditor(page);
  const name = unique('草稿医院');
  await company(editor).fill(name);
  await expect(page).toHaveURL(/form-key=[0-9a-f-]{36}/);
  await closeEditorTab(page);
  await expect(prompt(page)).toBeVisible();
  await prompt(page)
    .getByRole('button', { name: zh('host.leave.saveDraft') })
    .click();
  await expect(prompt(page)).toBeHidden();

  const row = await draftRow(page, name);
  await expect(row).toHaveCount(1);
  const badge = page.locator('.lp-menu-badge');
  await expect(badge).toHaveText(/^\d+$/);
  await expectNoAxeViolations(page);
  await page.locator('.lp-locale-switch select').selectOption('en');
  await expect(page.locator('lp-order-drafts').getByRole('heading', { name: 'Drafts' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.locator('.lp-locale-switch select').selectOption('zh-CN');
  await expect(
    page.locator('lp-order-drafts').getByRole('heading', { name: zh('orderDrafts.title') }),
  ).toBeVisible();
  await row.locator('a.draft-link').click();
  await expect(page).toHaveURL(/\/customer-order\/create\?draft-id=\d+/);
  const again = page.locator('lp-order-editor');
  await expect(company(again)).toHaveValue(name, { timeout: 15_000 });
});

test('closing the tab: leave without saving drops what was typed, cancel stays', async ({ page }) => {
  await signInByApi(page, demoLogin('demo'));
  const editor = await openEditor(page);
  const name = unique('不保存医院');
  await company(editor).fill(name);
  await savedToBox(editor); // already in the draft box while typing: leaving without saving must remove it

  await closeEditorTab(page);
  await prompt(page)
    .getByRole('button', { name: zh('common.cancel') })
    .click();
  await expect(prompt(page)).toBeHidden();
  await expect(company(editor)).toHaveValue(name);

  await closeEditorTab(page);
  // The prompt goes at once and the kept copy is deleted after it: wait for that answer before
  // the reload below, which would cut the call short (a user stays in the portal meanwhile).
  const deleted = page.waitForResponse((r) => r.url().includes('/customer-order/delete-draft-box'));
  await prompt(page)
    .getByRole('button', { name: zh('host.leave.discard') })
    .click();
  await expect(prompt(page)).toBeHidden();
  expect((await deleted).ok()).toBe(true);
  await expect(await draftRow(page, name)).toHaveCount(0);
});

test('offline mid-way: typing goes on, a reload brings it back, and it reaches the draft box when online', async ({
  page,
  context,
}) => {
  await signInByApi(page, demoLogin('demo'));
  const editor = await openEditor(page);
  const name = unique('离线医院');
  await company(editor).fill(name);
  await savedToBox(editor);

  await context.setOffline(true);
  await contact(editor).fill('离线时输入的联系人');
  await expect(editor.getByText(zh('orderDrafts.status.offline'))).toBeVisible({ timeout: 10_000 });
  await expect
    .poll(() => keptHere(page), { message: 'the browser keeps it' })
    .toContain('离线时输入的联系人');

  // back online, but the draft box still cannot be reached: what comes back after the reload can
  // only come from the browser's own copy
  await page.route(SAVE_DRAFT, (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.reload();
  const again = page.locator('lp-order-editor');
  await expect(company(again)).toHaveValue(name, { timeout: 15_000 });
  await expect(contact(again)).toHaveValue('离线时输入的联系人');
  await expect(again.getByText(/^已恢复上次未提交的内容/)).toBeVisible();

  await page.unroute(SAVE_DRAFT);
  await savedToBox(again);
  const row = await draftRow(page, name);
  await expect(row).toHaveCount(1);
});

test('two tabs on one form: the second is told, and takes over', async ({ page, context }) => {
  await signInByApi(page, demoLogin('demo'));
  const editor = await openEditor(page);
  const name = unique('两个标签医院');
  await company(editor).fill(name);
  await expect(page).toHaveURL(/form-key=/);
  await savedToBox(editor);
  const address = page.url();

  const second = await (context as BrowserContext).newPage();
  const other = await openEditor(second, new URL(address).pathname + new URL(address).search);
  await expect(other.getByText(zh('orderDrafts.status.elsewhere'))).toBeVisible({ timeout: 10_000 });
  await expect(company(other)).toHaveValue(name);

  await company(editor).fill(`${name} 改`);
  await expect(company(other)).toHaveValue(`${name} 改`, { timeout: 10_000 });

  await other.getByRole('button', { name: zh('orderDrafts.status.takeOver') }).click();
  await expect(other.getByText(zh('orderDrafts.status.elsewhere'))).toBeHidden({ timeout: 10_000 });
  await expect(editor.getByText(zh('orderDrafts.status.elsewhere'))).toBeVisible({ timeout: 10_000 });
  await company(other).fill(`${name} 第二个标签`);
  await expect(company(editor)).toHaveValue(`${name} 第二个标签`, { timeout: 10_000 });
  await second.close();
});

test('offline mid-way in a copy, a reload, then finished: one order with what was typed offline', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await signInByApi(page, demoLogin('demo'));
  const token = await pageToken(page);
  const all = await orderList(request, token);
  const source = await usableOrder(request, token, 'copy', all.list);
  await page.goto(`/customer-order/create?copy=${source.id}`);
  await expect(visibleEditor(page).getByText(zh('orderEditor.copying', { no: source.order_no }))).toBeVisible(
    {
      timeout: 15_000,
    },
  );
  await fillTimes(page);
  await expectDistricts(page);
  await expect(page).toHaveURL(/form-key=/);

  await context.setOffline(true);
  await remarkField(page).fill('离线时写的备注');
  await expect.poll(() => keptHere(page), { message: 'the browser keeps it' }).toContain('离线时写的备注');
  await page.route(SAVE_DRAFT, (route) => route.abort('internetdisconnected'));
  await context.setOffline(false);
  await page.reload();
  await expect(remarkField(page)).toHaveValue('离线时写的备注', { timeout: 15_000 });
  await page.unroute(SAVE_DRAFT);

  await toReview(page);
  await visibleEditor(page)
    .getByRole('button', { name: zh('orderEditor.action.submit') })
    .click();
  await expect(page).toHaveURL(/\/customer-order\/view\/\d+$/, { timeout: 15_000 });
  const made = Number(new URL(page.url()).pathname.split('/').pop());
  expect((await orderList(request, token)).total).toBe(all.total + 1);
  const view = await request.get(`/api/customer-order/view.html?id=${made}`, {
    headers: { 'X-Token': token },
  });
  expect(((await view.json()) as { data: { remark: string } }).data.remark).toBe('离线时写的备注');
  // the form's draft is gone from the browser
  expect(await keptHere(page)).not.toContain('离线时写的备注');
});

test('an edit another tab saved first: the conflict shows what changed, and keep mine saves mine', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, demoLogin('demo'));
  const token = await pageToken(page);
  const waiting = await usableOrder(
    request,
    token,
    'edit',
    (await orderList(request, token, { status: 'pending_confirm' })).list,
  );
  const edit = async (tab: Page, remark: string) => {
    await tab.goto(`/customer-order/create?id=${waiting.id}`);
    await expect(
      visibleEditor(tab).getByText(zh('orderEditor.editing', { no: waiting.order_no })),
    ).toBeVisible({
      timeout: 15_000,
    });
    await remarkField(tab).fill(remark);
    await fillTimes(tab);
    await expectDistricts(tab);
    await toReview(tab);
    await visibleEditor(tab).getByLabel(zh('orderEditor.reason.label')).fill(`${remark}：原因`);
  };
  await edit(page, '我的备注');
  const other = await context.newPage();
  await edit(other, '另一个标签的备注');
  await visibleEditor(other)
    .getByRole('button', { name: zh('orderEditor.action.saveEdit') })
    .click();
  await expect(other).toHaveURL(new RegExp(`/customer-order/view/${waiting.id}$`), { timeout: 15_000 });
  await other.close();

  await visibleEditor(page)
    .getByRole('button', { name: zh('orderEditor.action.saveEdit') })
    .click();
  const dialog = page.getByRole('dialog', { name: zh('orderDrafts.conflict.title') });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  const row = dialog.locator('tr[data-field="remark"]');
  await expect(row).toContainText('我的备注');
  await expect(row).toContainText('另一个标签的备注');
  await dialog.getByRole('button', { name: zh('orderDrafts.conflict.keepMine') }).click();
  await expect(page).toHaveURL(new RegExp(`/customer-order/view/${waiting.id}$`), { timeout: 15_000 });
  const view = await request.get(`/api/customer-order/view.html?id=${waiting.id}`, {
    headers: { 'X-Token': token },
  });
  expect(((await view.json()) as { data: { remark: string } }).data.remark).toBe('我的备注');
});
