import { randomBytes } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/addresses.ts';
import '../../src/i18n/areas/host.ts';
import '../../src/i18n/areas/order-editor.ts';
import { demoLogin } from './helpers/accounts.ts';
import { signInByApi } from './helpers/session.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { zh } from './helpers/login-page.ts';
import { editorSection, visibleEditor } from './helpers/order-editor.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

/**
 * The address book as a customer meets it on the demo data (`--seed-demo`): an address added,
 * edited, then picked at once as the start of a new order in the editor.
 */

/** axe is injected as a script tag (tests/e2e/helpers/axe.ts). */
test.use({ bypassCSP: true });

/** Types into a select (or only opens it) and picks the first option that matches. */
async function choose(scope: Locator, label: string, typed: string, option: RegExp) {
  const input = scope.getByRole('combobox', { name: label, exact: true });
  await expect(input).toBeEnabled();
  await input.click();
  if (typed) await input.fill(typed);
  const list = scope.page().locator(`[id="${await input.getAttribute('aria-controls')}"]`);
  await list.getByRole('option', { name: option }).first().click();
}

test('an address added and edited in the address book is offered at once by the order editor', async ({
  page,
}) => {
  await signInByApi(page, demoLogin('demo'));
  // An editor already open in its tab: it must offer the new address without a reload.
  await page.goto('/customer-order/create');
  await expect(visibleEditor(page).locator('section.oe[aria-busy="false"]')).toBeVisible({ timeout: 15_000 });
  await page
    .getByRole('navigation', { name: zh('host.nav.menu') })
    .getByRole('link', { name: zh('route.address') })
    .click();
  await expect(page).toHaveURL(/\/customer-address\/index$/);
  const book = page.locator('lp-address-list');
  await expect(book.locator('tbody tr.lp-data-table__row:not(.lp-data-table__skeleton)').first()).toBeVisible(
    { timeout: 15_000 },
  );
  await expectNoAxeViolations(page);

  const company = `苏州新药研发中心 ${randomBytes(3).toString('hex')}`;
  await book
    .getByRole('button', { name: zh('addresses.new'), exact: true })
    .first()
    .click();
  const dialog = book.getByRole('dialog');
  await dialog.getByRole('button', { name: zh('addresses.form.save') }).click();
  await expect(dialog.getByText('请填写联系电话')).toBeVisible();
  await dialog.getByRole('textbox', { name: zh('addresses.form.company') }).fill(company);
  await dialog.getByRole('textbox', { name: zh('addresses.form.contact') }).fill('王磊');
  const phone = dialog.getByRole('textbox', { name: zh('addresses.form.phone') });
  await phone.fill('12345');
  await phone.blur();
  await expect(dialog.getByText(/请填写 11 位手机号/)).toBeVisible();
  await phone.fill('0512-68686868');
  await choose(dialog, zh('addresses.form.province'), 'sh', /^上海/);
  await choose(dialog, zh('addresses.form.city'), '', /上海/);
  await choose(dialog, zh('addresses.form.district'), '', /./);
  await dialog.getByRole('textbox', { name: zh('addresses.form.address') }).fill('星湖街 218 号');
  await dialog.getByRole('button', { name: zh('addresses.form.save') }).click();
  await expect(dialog).toBeHidden();
  const row = book.locator('tbody tr', { hasText: company });
  await expect(row).toContainText('0512-68686868');

  await row.getByRole('button', { name: `编辑地址 ${company}` }).click();
  await expect(dialog.getByRole('combobox', { name: zh('addresses.form.district') })).not.toHaveValue('');
  await dialog.getByRole('textbox', { name: zh('addresses.form.contact') }).fill('赵敏');
  await dialog.getByRole('button', { name: zh('addresses.form.save') }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('赵敏');

  await page
    .getByRole('list', { name: zh('host.tabs.label') })
    .getByRole('link', { name: zh('route.orderCreate') })
    .click();
  await expect(visibleEditor(page).locator('section.oe[aria-busy="false"]')).toBeVisible({ timeout: 15_000 });
  const from = editorSection(page, zh('orderEditor.section.from'));
  await choose(from, zh('orderEditor.picker.label'), company.slice(-6), new RegExp(company.slice(-6)));
  await expect(from.getByRole('textbox', { name: zh('orderEditor.field.company'), exact: true })).toHaveValue(
    company,
  );
  await expect(from.getByRole('textbox', { name: zh('orderEditor.field.contact'), exact: true })).toHaveValue(
    '赵敏',
  );
});
