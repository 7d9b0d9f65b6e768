import ExcelJS from 'exceljs';
import type { ExportAnswer } from '../../src/contract/order-exports/schemas.ts';
import type { LookupAnswer, Tracking } from '../../src/contract/tracking/schemas.ts';
import type { ProviderOrderState } from '../../src/contract/provider/schemas.ts';
import { signIntegration } from '../http/signature.ts';
import { lookup, newAddress, share } from './tracking-test-helpers.ts';
import { createOrder, type FixtureOrderOptions } from './order-fixtures.ts';
import type { TestApp } from './test-app.ts';

/**
 * A DTP order's patient and the views that show the order (tests of masking in free text:
 * server/areas/orders/restated-*.test.ts). The app must be made with `integrationSecret:
 * PROVIDER_SECRET`: the provider's text comes through the real signed provider API.
 */
export const PROVIDER_SECRET = 'masking-fixtures-secret-5e1a';

/** The patient as the order stores it (the stop side of `is_dtp` 1, the start side of 3). */
export const PATIENT = {
  name: '沈桂兰',
  phone: '139-5724-6813',
  address: '上海市徐汇区龙华西路 88 弄 6 号 502 室',
} as const;

/** 上海市 and 徐汇区 of the seeded region tree. */
export const SHANGHAI = 310100;
export const SHANGHAI_NAME = '上海市';

/** The depot the goods leave from: named after its district, on the patient's street's district. */
export const DEPOT = {
  company: 'LP 上海徐汇配送中心',
  contact: '调度 刘洋',
  phone: '021-64000000',
  address: '上海市徐汇区漕溪北路 1200 号',
} as const;

/** Text as the assertions compare it, independent of the server's folding: NFKC, lower case, letters and digits only. */
export const folded = (value: unknown): string =>
  (typeof value === 'string' ? value : JSON.stringify(value))
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** What no view of a DTP order may carry of its patient, in any spelling (compared folded). */
export const PATIENT_FRAGMENTS = [
  '沈桂兰',
  '桂兰',
  'shenguilan',
  '龙华西路88弄',
  '88弄6号',
  '6号502室',
  '13957246813',
];

/** The fragments of the patient a view carries (folded); [] when none. */
export const patientFragmentsIn = (value: unknown): string[] => {
  const text = folded(value);
  return PATIENT_FRAGMENTS.filter((fragment) => text.includes(fragment));
};

/** A signed provider call, as the provider's own systems make it. */
export async function provider<T = ProviderOrderState>(t: TestApp, name: string, body: unknown) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  const res = await t.call<T>(`provider/${name}`, {
    raw,
    headers: {
      'content-type': 'application/json',
      'x-timestamp': timestamp,
      'x-signature': signIntegration(PROVIDER_SECRET, timestamp, raw),
    },
  });
  if (res.code !== 0) throw new Error(`provider/${name}: ${res.code} ${res.message}`);
  return res.data;
}

/**
 * An order of customer `cuId` from the depot to the patient (`is_dtp` 1: the stop side masked),
 * confirmed by the provider; `options` override (a twin with `is_dtp: 0`, a return with 3).
 */
export async function patientOrder(t: TestApp, cuId: number, options: FixtureOrderOptions = {}) {
  const order = await createOrder(t.deps.db, cuId, {
    order_type: 'dtp',
    is_dtp: 1,
    to_goodstype: 1,
    from_company: DEPOT.company,
    from_contact: DEPOT.contact,
    from_phone: DEPOT.phone,
    from_address: DEPOT.address,
    from_city_id: SHANGHAI,
    to_company: PATIENT.name,
    to_contact: PATIENT.name,
    to_phone: PATIENT.phone,
    to_address: PATIENT.address,
    to_city_id: SHANGHAI,
    ...options,
  });
  await provider(t, 'confirm', { order_no: order.order_no, operator: '调度 刘洋' });
  return order;
}

type Posted = 'picked_up' | 'in_transit' | 'out_for_delivery' | 'delivered';

/** The provider posts these milestones in turn (an hour apart), each with its place and operator. */
export async function postMilestones(
  t: TestApp,
  orderNo: string,
  steps: ReadonlyArray<{ milestone: Posted; location: string; operator?: string }>,
): Promise<void> {
  let hour = 0;
  for (const step of steps) {
    const at = new Date(Date.UTC(2026, 2, 1, 1 + hour++)).toISOString();
    await provider(t, 'milestone', { order_no: orderNo, at, operator: '', ...step });
  }
}

/** The order's status as a share link opens it and as the lookup with the phone's digits finds it. */
export async function trackingViews(t: TestApp, token: string, order: { id: number; order_no: string }) {
  const link = await share(t, token, order.id);
  const opened = await t.call<LookupAnswer>('tracking/open', {
    body: { share_code: link.token },
    ip: newAddress(),
  });
  const found = await lookup(t, { order_no: order.order_no, phone4: PATIENT.phone.slice(-4) });
  if (opened.code !== 0 || found.code !== 0)
    throw new Error(`tracking: ${opened.code} ${opened.message} / ${found.code} ${found.message}`);
  const followed = await t.call<Tracking>('tracking/status', { query: { view: opened.data.view } });
  return { share: opened.data.tracking, lookup: found.data.tracking, status: followed.data };
}

/** Every cell of the customer's `xlsorder` export (the list's orders), row by row, with the headers. */
export async function exportedRows(t: TestApp, token: string): Promise<string[][]> {
  const res = await t.call<ExportAnswer>('customer-order/xlsorder', { token });
  if (res.code !== 0 || !res.data.url) throw new Error(`xlsorder: ${res.code} ${res.message}`);
  const file = await t.app.request(res.data.url);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return rows;
}

/** The order's summary as `common/email-view` previews it and as `common/email` sends it with `note` (the outbox). */
export async function emailViews(t: TestApp, token: string, id: number, note = '') {
  const view = await t.call<{ subject: string; html: string; text: string }>('common/email-view', {
    token,
    query: { id: String(id) },
  });
  const sent = await t.call('common/email', { token, body: { id, to: ['lab@example.com'], note } });
  if (view.code !== 0 || sent.code !== 0)
    throw new Error(`email: ${view.code} / ${sent.code} ${sent.message}`);
  const outbox = await t.deps.db
    .selectFrom('mail_outbox')
    .select(['subject', 'html', 'text'])
    .where('order_id', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { preview: view.data, sent: outbox };
}
