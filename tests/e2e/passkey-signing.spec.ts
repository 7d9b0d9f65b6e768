import { expect, test } from './fixtures.ts';
import '../../src/i18n/areas/order-sign.ts';
import '../../src/i18n/areas/order-view.ts';
import { demoLogin } from './helpers/accounts.ts';
import { apiLogin } from './helpers/api.ts';
import { zh } from './helpers/login-page.ts';
import { orderList } from './helpers/order-editor.ts';
import { addPasskeyByApi, localhost, virtualAuthenticator } from './helpers/passkeys.ts';
import { TOKEN_COOKIE } from './helpers/session.ts';

// the demo's order data: `demo` approves the orders of a project that requires approval
test.use({ orderData: true });
test.setTimeout(90_000);

/**
 * A signature with a passkey (Part 11 §11.200; docs/decisions/passkeys.md) in Chromium with the
 * DevTools protocol's virtual authenticator (helpers/passkeys.ts). The key is made in the test (the
 * software authenticator of server/testing/passkey-fixtures.ts), added through the API, and handed
 * to the virtual authenticator, which then answers the sign dialog's request. As in passkeys.spec.ts
 * the portal is opened as `localhost` (WebAuthn takes no IP address as its relying party).
 */

test('an approval signed with a passkey: the 477 asks for it, the sign dialog confirms with it, the signature is password+passkey', async ({
  page,
  request,
  baseURL,
}) => {
  const local = localhost(baseURL);
  const demo = demoLogin('demo');
  const token = await apiLogin(request, demo);
  // the person's passkey, added as the account menu's dialog adds one
  const key = await addPasskeyByApi(request, token, demo.password, local.origin);
  const authenticator = await virtualAuthenticator(page, key);

  const waiting = (await orderList(request, token, { status: 'pending_approval' })).list[0];
  if (!waiting) throw new Error('the demo has no order waiting for approval');
  await page.context().addCookies([{ name: TOKEN_COOKIE, value: token, url: local.origin, sameSite: 'Lax' }]);
  await page.goto(new URL(`/customer-order/view/${waiting.id}`, local).href);
  const view = page.locator('lp-order-view:visible');
  await view.getByRole('button', { name: zh('orderView.action.approve'), exact: true }).click();
  const dialog = view.getByRole('dialog');
  await dialog.getByLabel(zh('orderSign.password')).fill(demo.password);
  await dialog.getByRole('button', { name: zh('orderSign.approve') }).click();
  // the 477: the person's only factor is the passkey, so no code field but the key's button
  const confirm = dialog.getByRole('button', { name: zh('orderSign.usePasskey') });
  await expect(confirm).toBeVisible();
  await expect(dialog.getByLabel(zh('orderSign.code'))).toHaveCount(0);
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(view.getByText(zh('orderView.status.pending_confirm')).first()).toBeVisible();
  await view.getByRole('tab', { name: zh('orderView.section.timeline') }).click();
  await expect(view.locator('.order-view__signature').first()).toContainText(
    `· ${zh('orderView.sign.meaning.approval')} ·`,
  );

  // the trail's signature: the password and the passkey; the authenticator signed once
  const answer = await request.get(
    `/api/customer-audit/index.html?record=${encodeURIComponent(waiting.order_no)}`,
    { headers: { 'X-Token': token } },
  );
  const trail = (await answer.json()) as {
    code: number;
    data: { list: { changes: { field: string; new: unknown }[] }[] };
  };
  expect(trail.code).toBe(0);
  const signatures = trail.data.list.flatMap((e) => e.changes.filter((c) => c.field === 'signature'));
  expect(signatures).toEqual([
    expect.objectContaining({
      new: expect.objectContaining({ method: 'password+passkey', meaning: 'approval' }),
    }),
  ]);
  const { credentials } = await authenticator.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: authenticator.id,
  });
  expect(credentials.map((c) => c.signCount)).toEqual([1]);
});
