import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/order-attachments.ts';
import { demoLogin } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { LoginForm, zh } from './helpers/login-page.ts';

// the demo's order data, for this spec's tests (fixtures.ts)
test.use({ orderData: true });

test.use({ bypassCSP: true });

test('after login the user lands on the order attachments page, served by <lp-order-attachments>', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  const form = new LoginForm(page);
  await form.goto();
  await form.signIn(demoLogin('demo'));
  await expect(page).toHaveURL(/\/customer-order\/attachment$/);
  const element = page.locator('lp-order-attachments');
  await expect(element.getByRole('heading', { level: 1, name: zh('orderAttachments.title') })).toBeVisible();
  const tabs = element.getByRole('tab');
  await expect(tabs).toHaveCount(3);
  await expect(tabs.first()).toContainText(zh('orderAttachments.tab.missing'));
  // the page has loaded: its list or its empty state, never the failure
  await expect(element.locator('.oa')).toHaveAttribute('aria-busy', 'false');
  await expect(element.getByText(zh('orderAttachments.failed'))).toHaveCount(0);
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});
