import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import ExcelJS from 'exceljs';
import type { InventoryLine, InventoryList } from '../../src/contract/inventory/schemas.ts';
import { zh as inv } from '../../src/i18n/messages/inventory.ts';
import { zh as oe } from '../../src/i18n/messages/order-editor.ts';
import { demoLogin } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { enterPortal, followLink, signedInContext } from './helpers/session.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/** The drug and sample inventory of the demo customer: filters, movements, export, an order of two lines. */
test.use({ bypassCSP: true });

const baseURL = () => test.info().project.use.baseURL!;
type Key = keyof typeof inv extends `inventory.${infer K}` ? K : never;
const say = (key: Key, params: Record<string, string | number> = {}) =>
  Object.entries(params).reduce<string>(
    (text, [k, v]) => text.replace(`{${k}}`, String(v)),
    inv[`inventory.${key}`],
  );

/** Two chilled drug lines of one project and depot with something available (from the demo's stock). */
function twoOfOneOrder(lines: InventoryLine[]): [InventoryLine, InventoryLine] {
  const groups = new Map<string, InventoryLine[]>();
  for (const line of lines.filter((l) => l.available > 0 && l.batch_no)) {
    const key = `${line.pr_id}|${line.depot}|${line.temp_class}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const pair = [...groups.values()].find((g) => g.length >= 2);
  if (!pair) throw new Error('the demo stock has no two lines of one order');
  return [pair[0] as InventoryLine, pair[1] as InventoryLine];
}

const table = (page: Page) => page.locator('lp-inventory-table');
const filters = (page: Page) => table(page).getByRole('search', { name: say('filter.title') });
const rows = (page: Page) => table(page).locator('tbody tr.lp-data-table__row:not(.lp-data-table__skeleton)');

test('inventory: filter and search, a line’s movements, export read back, an order of two lines', async ({
  browser,
}) => {
  const { context, token } = await signedInContext(browser, baseURL(), demoLogin('demo'), {
    viewport: { width: 1440, height: 900 },
    bypassCSP: true,
    acceptDownloads: true,
  });
  const page = await context.newPage();
  await enterPortal(page);
  await followLink(page, '/customer-inventory/index-yp');
  await expect(page).toHaveURL(/\/customer-inventory\/index-yp$/);
  await expect(table(page).getByRole('heading', { level: 1, name: say('title.stock') })).toBeVisible();
  await expect(rows(page).first()).toBeVisible();
  await expectNoAxeViolations(page);

  // filter: chilled drugs; the table shows what the server counts for the same filter
  const chilled = (await (
    await context.request.get('/api/common/stockslist-yp.html?temp_class=chilled&limit=100', {
      headers: { 'X-Token': token },
    })
  ).json()) as { code: number; data: InventoryList };
  expect(chilled.code).toBe(0);
  await filters(page).getByLabel(say('filter.temp'), { exact: true }).selectOption('chilled');
  await expect(rows(page).first()).toContainText('冷藏 2–8 °C');
  await expect(rows(page).filter({ hasNotText: '冷藏 2–8 °C' })).toHaveCount(0);

  // search by a batch number
  const [first, second] = twoOfOneOrder(chilled.data.list);
  const search = filters(page).getByLabel(say('filter.keyword'), { exact: true });
  await search.fill(first.batch_no);
  await search.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(first.batch_no);

  // the line's movements
  await table(page)
    .getByRole('button', { name: say('movements.openName', { name: first.name, batch: first.batch_no }) })
    .click();
  const dialog = table(page).getByRole('dialog', { name: say('movements.title', { name: first.name }) });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('tbody tr').first()).toBeVisible();
  await expect(dialog).toContainText(say('kind.inbound'));
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();

  // export of the filtered set, read back
  const downloading = page.waitForEvent('download');
  await table(page)
    .getByRole('button', { name: say('export'), exact: true })
    .click();
  const download = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await download.path()) as string)).buffer as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet in the export');
  expect(sheet.name).toBe('库存');
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toContain('批号');
  expect(sheet.rowCount).toBe(2);
  expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(
    expect.arrayContaining([first.name, first.batch_no, first.depot, '冷藏 2–8 °C']),
  );

  // select the two lines (the selection is kept across searches) and order them
  await table(page)
    .getByRole('checkbox', { name: say('selectLine', { name: first.name, batch: first.batch_no }) })
    .check();
  await search.fill(second.batch_no);
  await search.press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await table(page)
    .getByRole('checkbox', { name: say('selectLine', { name: second.name, batch: second.batch_no }) })
    .check();
  await table(page)
    .getByRole('button', { name: say('order.create', { n: 2 }) })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/customer-order/create\\?stock=${first.in_id}(,|%2C)${second.in_id}`),
  );
  const editor = page.locator('lp-order-editor');
  await expect(editor.locator('.oe__quantity')).toHaveCount(2, { timeout: 10_000 });
  await expect(editor.getByText(first.batch_no)).toBeVisible();
  await expect(editor.getByText(second.batch_no)).toBeVisible();
  // the goods leave from their depot: the address book's depot is the start
  const from = editor.getByRole('group', { name: oe['orderEditor.section.from'] });
  await expect(from.getByRole('textbox', { name: oe['orderEditor.field.company'], exact: true })).toHaveValue(
    first.depot,
  );
  await context.close();
});

test('order the selected lines while an order editor is open: the editor starts a new order of those lines', async ({
  browser,
}) => {
  const { context, token } = await signedInContext(browser, baseURL(), demoLogin('demo'), {
    viewport: { width: 1440, height: 900 },
  });
  const chilled = (await (
    await context.request.get('/api/common/stockslist-yp.html?temp_class=chilled&limit=100', {
      headers: { 'X-Token': token },
    })
  ).json()) as { code: number; data: InventoryList };
  const [first, second] = twoOfOneOrder(chilled.data.list);
  const page = await context.newPage();
  await enterPortal(page);
  // an editor tab with a form begun in it
  await followLink(page, '/customer-order/create');
  const editor = page.locator('lp-order-editor');
  await expect(editor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/form-key=/);
  const begun = new URL(page.url()).searchParams.get('form-key');

  await followLink(page, '/customer-inventory/index-yp');
  const search = filters(page).getByLabel(say('filter.keyword'), { exact: true });
  for (const line of [first, second]) {
    await search.fill(line.batch_no);
    await search.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await table(page)
      .getByRole('checkbox', { name: say('selectLine', { name: line.name, batch: line.batch_no }) })
      .check();
  }
  await table(page)
    .getByRole('button', { name: say('order.create', { n: 2 }) })
    .click();
  await expect(page).toHaveURL(/\/customer-order\/create\?stock=/);
  await expect(editor.locator('.oe__quantity')).toHaveCount(2, { timeout: 10_000 });
  await expect(editor.getByText(first.batch_no)).toBeVisible();
  await expect(editor.getByText(second.batch_no)).toBeVisible();
  // a new form, not the one begun before
  expect(new URL(page.url()).searchParams.get('form-key')).not.toBe(begun);
  await context.close();
});
