import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { zh } from './login-page.ts';
import { pageToken as contextToken } from './session.ts';

/**
 * Steps of the order editor the editor's and the draft box's specs share: an order of the demo
 * the editor can submit as it is, times, districts, review.
 */

interface Row {
  id: number;
  order_no: string;
  status: string;
  version?: number;
  from_city?: string;
  to_city?: string;
}

interface Start {
  form: { pr_id?: number | null; goods?: { in_id: number; quantity: unknown }[] };
  cleared: string[];
}

/** The page's session token (the Admin-Token cookie); throws when signed out. */
export async function pageToken(page: Page): Promise<string> {
  const token = await contextToken(page.context());
  if (!token) throw new Error('no Admin-Token cookie after sign-in');
  return token;
}

export async function orderList(
  request: APIRequestContext,
  token: string,
  query: Record<string, string> = {},
) {
  const params = new URLSearchParams({ start: '0', limit: '100', ...query });
  const res = await request.get(`/api/customer-order/index.html?${params}`, {
    headers: { 'X-Token': token },
  });
  const body = (await res.json()) as { code: number; data: { list: Row[]; total: number } };
  expect(body.code).toBe(0);
  return body.data;
}

/** An order of the demo whose form the editor can submit as it is (nothing masked, goods available). */
export async function usableOrder(
  request: APIRequestContext,
  token: string,
  mode: 'edit' | 'copy',
  rows: Row[],
) {
  const headers = { 'X-Token': token };
  for (const row of rows) {
    const start = (await (
      await request.get(`/api/customer-order/create.html?id=${row.id}&mode=${mode}`, { headers })
    ).json()) as { code: number; data: Start };
    if (start.code !== 0 || start.data.cleared.length > 0 || !start.data.form.goods?.length) continue;
    const check = (await (
      await request.post('/api/customer-order/inventory-detail-add.html', {
        headers,
        data: {
          pr_id: start.data.form.pr_id,
          lines: start.data.form.goods.map((g) => ({ in_id: g.in_id, quantity: Number(g.quantity) })),
          ...(mode === 'edit' ? { order_id: row.id } : {}),
        },
      })
    ).json()) as { code: number; data: { refused: unknown[] } };
    if (check.code === 0 && check.data.refused.length === 0) return row;
  }
  throw new Error(`no demo order to ${mode} as it is`);
}

export const visibleEditor = (page: Page) => page.locator('lp-order-editor:visible');
export const editorSection = (page: Page, legend: string) =>
  visibleEditor(page).locator('fieldset.oe__section', { has: page.locator('legend', { hasText: legend }) });

const wallClock = (daysAhead: number, hour = 10) => {
  const day = new Date(Date.now() + daysAhead * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00`;
};

export async function fillTimes(page: Page) {
  const times = editorSection(page, zh('orderEditor.section.times'));
  await times.getByLabel(zh('orderEditor.field.pickup')).fill(wallClock(1));
  await times.getByLabel(zh('orderEditor.field.deliverBy')).fill(wallClock(2));
}

/**
 * An edit or a copy comes with both sides' districts: province, city and district filled and the
 * served path said, nothing to pick again (the demo's orders name districts, as the editor does).
 */
export async function expectDistricts(page: Page) {
  for (const side of [zh('orderEditor.section.from'), zh('orderEditor.section.to')]) {
    const scope = editorSection(page, side);
    await expect(scope.getByText(/可配送：.+ \/ .+ \/ .+/)).toBeVisible();
    for (const level of ['province', 'city', 'district'] as const)
      await expect(
        scope.getByRole('combobox', { name: zh(`orderEditor.field.${level}`), exact: true }),
        `${side}: the ${level} is filled`,
      ).not.toHaveValue('');
  }
}

export async function toReview(page: Page) {
  await visibleEditor(page)
    .getByRole('button', { name: zh('orderEditor.action.review') })
    .click();
  await expect(
    visibleEditor(page).getByRole('heading', { name: zh('orderEditor.review.title') }),
  ).toBeVisible();
}

export const remarkField = (page: Page) =>
  editorSection(page, zh('orderEditor.section.times')).getByLabel(zh('orderEditor.field.remark'));
