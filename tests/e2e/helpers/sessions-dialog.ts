import type { Locator, Page } from '@playwright/test';
import '../../../src/i18n/areas/sessions-dialog.ts';
import { zh } from './login-page.ts';

/** Opens the sessions dialog from the user menu, as a person does (in Chinese): answers the dialog. */
export async function openSessionsDialog(page: Page): Promise<Locator> {
  await page.locator('button.lp-user-menu').click();
  await page
    .getByRole('menu', { name: zh('host.nav.userMenu') })
    .getByRole('menuitem', { name: zh('host.nav.sessions') })
    .click();
  return page.getByRole('dialog', { name: zh('sessionsDialog.title') });
}
