import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { LoginForm, zh } from './helpers/login-page.ts';

test.use({ bypassCSP: true });

async function openSettings(page: Page) {
  await page.getByRole('button', { name: zh('host.nav.settings') }).click();
  return page.getByRole('dialog', { name: zh('host.settings.title') });
}

test('the size chosen in the settings reaches the page and its elements, and stays after a reload', async ({
  page,
}) => {
  const form = new LoginForm(page);
  await form.goto('/home/index');
  await form.signIn(demoLogin('demo'));
  await expect(page).toHaveURL(/\/home\/index$/);
  // the top bar's customer switcher is an element: its field is drawn in its own shadow root
  const switcher = () =>
    page.locator('lp-customer-switcher').getByRole('combobox', { name: zh('account.switcher.label') });
  await expect(switcher()).toHaveCSS('height', '32px');

  const settings = await openSettings(page);
  await settings.getByRole('radio', { name: zh('host.settings.size.mini') }).check();
  const preview = settings.getByRole('region', { name: zh('host.settings.sizePreview') });
  await expect(preview.getByRole('textbox')).toHaveCSS('height', '24px');
  await expect(preview.getByRole('cell').first()).toHaveCSS('height', '28px');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(switcher()).toHaveCSS('height', '24px');
  await expect(page.locator('html')).toHaveAttribute('data-lp-size', 'mini');

  await page.reload();
  await expect(switcher()).toHaveCSS('height', '24px');
  const again = await openSettings(page);
  await expect(again.getByRole('radio', { name: zh('host.settings.size.mini') })).toBeChecked();
  await again.getByRole('radio', { name: zh('host.settings.size.mini') }).press('ArrowUp');
  await expect(again.getByRole('radio', { name: zh('host.settings.size.small') })).toBeChecked();
  await expect(switcher()).toHaveCSS('height', '28px');
  await again.getByRole('button', { name: zh('host.settings.reset') }).click();
  await expect(again.getByRole('radio', { name: zh('host.settings.size.default') })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(switcher()).toHaveCSS('height', '32px');
});
