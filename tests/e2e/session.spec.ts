import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { demoLogin } from './helpers/accounts.ts';
import { apiLogin, callApi } from './helpers/api.ts';
import { LoginForm, zh } from './helpers/login-page.ts';
import { pageToken } from './helpers/session.ts';
import { look } from './helpers/look.ts';

/**
 * The call the layout makes on its own after its first load: the linked systems (the user menu's),
 * once the browser is idle, which may come after the load's network has gone quiet (an idle
 * callback waits as long as the machine is busy). (The home page's overview is not called: `multi`
 * lands on the order attachments, and the pinned home tab mounts only when opened.)
 */
const DEFERRED_CALLS = ['common/linked-systems'];

/** Signs in through the login page as `multi` (several customers, so the switcher has a list). */
async function signInMulti(page: Page): Promise<void> {
  // The tests below end the session elsewhere and expect the page's next call to find out: every
  // call of the first load, deferred ones included, must have been answered before (on a busy
  // machine a deferred one came after, and asked first).
  const answered = DEFERRED_CALLS.map((path) =>
    page.waitForResponse((response) => response.url().includes(`/api/${path}.html`)),
  );
  const form = new LoginForm(page);
  await form.goto();
  await form.signIn(demoLogin('multi'));
  await expect(page).not.toHaveURL(/\/login/);
  await expect(switcher(page)).toBeVisible();
  await Promise.all(answered);
  await page.waitForLoadState('networkidle');
}

const switcher = (page: Page) => page.getByRole('combobox', { name: zh('account.switcher.label') });

/** The next call of the page: switching to another customer (`customer-account/switch-customer`). */
async function pickAnotherCustomer(page: Page): Promise<void> {
  await switcher(page).click();
  await page
    .getByRole('listbox', { name: zh('account.switcher.label') })
    .getByRole('option', { selected: false })
    .first()
    .click();
}

test.describe('session ended elsewhere (spec §8)', () => {
  test('599: after a login in another browser the page asks; Cancel stays, Re-login starts over', async ({
    page,
    browser,
  }) => {
    await signInMulti(page);
    const url = page.url();
    const other = await browser.newContext();
    await apiLogin(other.request, demoLogin('multi'));
    await other.close();

    await pickAnotherCustomer(page);
    const ask = page.getByRole('alertdialog', { name: zh('api.loggedInElsewhereTitle') });
    await expect(ask).toBeVisible();
    await expect(ask.getByText(zh('api.loggedInElsewhere'))).toBeVisible();
    await look(page, 'session-599');
    await ask.getByRole('button', { name: zh('common.cancel') }).click();
    await expect(ask).toHaveCount(0);
    expect(page.url()).toBe(url);
    // The confirm said it all: the switcher adds no message of its own (nor a toast).
    await expect(page.locator('lp-customer-switcher').getByRole('alert')).toHaveCount(0);
    await expect(page.locator('.lp-toast--error')).toHaveCount(0);

    await pickAnotherCustomer(page);
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: zh('api.relogin') }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh('host.login.heading'));
    expect(await pageToken(page.context())).toBe('');
  });

  test('598: a session logged out elsewhere shows the message, then goes to /login after 2 s', async ({
    page,
    browser,
  }) => {
    await signInMulti(page);
    const token = await pageToken(page.context());
    const other = await browser.newContext();
    const logout = await callApi<null>(other.request, 'user/logout', undefined, token);
    expect(logout.code).toBe(0);
    await other.close();

    await pickAnotherCustomer(page);
    const shownAt = Date.now();
    await expect(page.locator('.lp-toast--error')).toContainText(zh('api.sessionExpired'));
    await look(page, 'session-598');
    await expect(page).not.toHaveURL(/\/login/);
    await expect(page).toHaveURL(/\/login/, { timeout: 5000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1500);
    expect(await pageToken(page.context())).toBe('');
  });
});
