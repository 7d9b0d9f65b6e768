import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { localeSession } from './helpers/session.ts';

/**
 * The customer administrator's integration pages end to end, in the built portal (issue 33): the
 * element tests cover each page's states against the real API; these two follow what only the
 * whole portal shows, with the page's secret used by a real OAuth client (`page.request`) and a
 * real receiver of the portal's webhooks. About 3 s each.
 */

const api = (path: string) => `/api/${path}.html`;

/** `POST /api/oauth/token` with the client's id and secret (client_secret_basic). */
function tokenRequest(request: APIRequestContext, clientId: string, secret: string) {
  return request.post('/api/oauth/token', {
    form: { grant_type: 'client_credentials' },
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
  });
}

/** A call with a bearer token; its envelope's code. */
async function bearerCode(request: APIRequestContext, path: string, token: string): Promise<number> {
  const res = await request.get(api(path), { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { code: number }).code;
}

/** The `lp-api-clients` row of the client named `name`. */
const clientRow = (page: Page, name: string) =>
  page.locator('lp-api-clients .api-clients__row').filter({ hasText: name });

test('an administrator makes an API client, sees its secret once, gets a token, narrows its scopes and revokes it', async ({
  browser,
}) => {
  const { context, page } = await localeSession(browser, 'en');
  await page.goto('/customer-api-clients/index');
  await expect(page.getByText('No API clients yet')).toBeVisible();
  await page.getByRole('button', { name: 'New client' }).click();
  const form = page.getByRole('dialog', { name: 'New API client' });
  await form.getByRole('textbox', { name: 'Name' }).fill('IRT e2e');
  await form.getByRole('checkbox', { name: /^Read orders/ }).check();
  await form.getByRole('checkbox', { name: /^Read stock/ }).check();
  await form.getByRole('button', { name: 'Create' }).click();

  const shown = page.getByRole('dialog', { name: 'Client created' });
  await expect(shown.getByRole('alert')).toContainText('it is shown this once');
  const values = shown.locator('.lp-secret__value');
  const clientId = (await values.nth(0).textContent()) ?? '';
  const secret = (await values.nth(1).textContent()) ?? '';
  expect(secret).toMatch(/^lpcs_/);
  await shown.getByRole('button', { name: 'I have stored the secret' }).click();
  await expect(shown).toHaveCount(0);
  const row = clientRow(page, 'IRT e2e');
  await expect(row).toContainText(clientId);
  await expect(page.locator('lp-api-clients')).not.toContainText(secret);

  // a sponsor's system takes a token with it, as an OAuth client does
  const issued = await tokenRequest(page.request, clientId, secret);
  expect(issued.status()).toBe(200);
  const token = ((await issued.json()) as { access_token: string }).access_token;
  expect(await bearerCode(page.request, 'common/stockslist', token)).toBe(0);

  // stock taken away: the token already held loses it at once
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit “IRT e2e”' });
  await edit.getByRole('checkbox', { name: /^Read stock/ }).uncheck();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toHaveCount(0);
  await expect(row).not.toContainText('Read stock');
  expect(await bearerCode(page.request, 'common/stockslist', token)).toBe(403);
  expect(await bearerCode(page.request, 'customer-order/index', token)).toBe(0);

  await row.getByRole('button', { name: 'Revoke' }).click();
  await page
    .getByRole('alertdialog', { name: 'Revoke the API client?' })
    .getByRole('button', { name: 'Revoke' })
    .click();
  await expect(row).toContainText('Revoked');
  expect(await bearerCode(page.request, 'customer-order/index', token)).toBe(598);
  expect((await tokenRequest(page.request, clientId, secret)).status()).toBe(401);
  await context.close();
});

/** A receiver of the portal's webhooks on the loopback, one per worker. */
let receiver: Server;
const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

test('an administrator adds a webhook endpoint, sends a test event and sees it delivered in the log', async ({
  browser,
}, testInfo) => {
  const { context, page } = await localeSession(browser, 'en');
  const path = `/hook-${testInfo.testId}`;
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
  await page.goto('/customer-webhooks/index');
  await expect(page.getByText('No webhook endpoint yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await form.getByRole('textbox', { name: /Endpoint URL/ }).fill(url);
  await form.getByRole('button', { name: 'Save' }).click();
  const shown = page.getByRole('dialog', { name: 'Signing secret' });
  await expect(shown.locator('.lp-secret__value').nth(1)).toHaveText(/^whsec_/);
  await shown.getByRole('button', { name: 'Close' }).last().click();
  await expect(shown).toHaveCount(0);

  const row = page.locator('lp-webhook-endpoints .webhook-endpoints__row').filter({ hasText: url });
  await row.getByRole('button', { name: 'Send test event' }).click();
  await row.getByRole('button', { name: 'Deliveries' }).click();
  const log = page.getByRole('region', { name: `Deliveries to ${url}` });
  const attempt = log.locator('.webhook-endpoints__attempt').first();
  // the sender is woken by the queued delivery: read the log again until its attempt is there
  await expect(async () => {
    await log.getByRole('button', { name: 'Refresh' }).click();
    await expect(attempt).toContainText('Delivered', { timeout: 1_000 });
  }).toPass();
  await expect(attempt).toContainText('Test event');
  await expect(attempt).toContainText('204');
  const delivery = received.find((r) => r.path === path);
  expect(JSON.parse(delivery?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });
  expect(delivery?.headers['webhook-signature']).toMatch(/^v1,/);
  await context.close();
});
