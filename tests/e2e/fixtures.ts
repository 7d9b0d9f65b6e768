import { test as base } from '@playwright/test';
import { type DemoAccount, type Login, type Tenant, tenants } from './helpers/accounts.ts';

export { expect } from '@playwright/test';

/**
 * Every spec's `test`: before each test the server seeds a demo set of the test's own
 * (server/testing/e2e-server.ts: the demo's users and customers under fresh names), which
 * `demoLogin` (helpers/accounts.ts) signs in with. No test shares a user, a session or a row
 * with another, so the tests run in any order and side by side (`fullyParallel`). A spec whose
 * tests need the demo's order data (orders, drafts, projects, stock, files) says
 * `test.use({ orderData: true })`: about 2 s of the server's time per test, so only where needed.
 */
export const test = base.extend<{ orderData: boolean; emails: boolean; members: boolean; tenant: Tenant }>({
  orderData: [false, { option: true }],
  // each user with the e-mail `<account>@e2e-<tag>.example` (a single sign-on links the account)
  emails: [false, { option: true }],
  // `multi` a member (not an administrator) of `demo`'s first customer too: a member whose
  // two-step sign-in `demo` administers (member-factor-reset.spec.ts)
  members: [false, { option: true }],
  tenant: [
    async ({ orderData, emails, members, playwright, baseURL }, use, testInfo) => {
      const secret = process.env.LP_E2E_SECRET;
      if (!secret)
        throw new Error('LP_E2E_SECRET is not set: run the e2e tests through playwright.config.ts');
      const request = await playwright.request.newContext({ baseURL });
      const response = await request.post('/__e2e/tenant', {
        data: { orders: orderData, emails, members },
        headers: { 'x-e2e-secret': secret },
      });
      if (!response.ok()) throw new Error(`no demo set: ${response.status()} ${await response.text()}`);
      const seeded = (await response.json()) as { tag: string; logins: Record<DemoAccount, Login> };
      await request.dispose();
      const tenant: Tenant = { ...seeded, identifier: (id) => `${id}-${seeded.tag}` };
      tenants.set(testInfo.testId, tenant);
      await use(tenant);
      tenants.delete(testInfo.testId);
    },
    { auto: true },
  ],
});
