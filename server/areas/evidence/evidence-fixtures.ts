import type { EvidencePack } from '../../../src/contract/evidence/schemas.ts';
import { postFile, SAMPLES } from '../../testing/file-fixtures.ts';
import { signatureOf } from '../../testing/fixtures.ts';
import { DEPOT, PATIENT, provider, SHANGHAI } from '../../testing/masking-fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';
import type { TestApp } from '../../testing/test-app.ts';

/** Tests only: an order with a real trail, made through the API as its people and the provider make one. */

export interface TracedOrderOptions {
  /** A DTP order to the patient (masking-fixtures.ts `PATIENT`), the stop side masked. */
  dtp?: boolean;
  /** Logger readings every 5 minutes from the pickup, a few of them above the class's range. */
  readings?: number;
  documents?: number;
  /** Remarks by the customer (each an event and an entry). */
  remarks?: number;
}

export interface TracedOrder {
  id: number;
  order_no: string;
  token: string;
  cuId: number;
  /** The signer's name (the approver). */
  name: string;
}

const HOUR = 3_600_000;
const START = Date.UTC(2026, 2, 1, 1);

/**
 * Needs `testApp({ integrationSecret: PROVIDER_SECRET })`. The approver approves (signing), the
 * provider confirms, posts its milestones and readings and has the goods signed for; the customer
 * uploads documents, the approver passes the first (signing), and remarks are added.
 */
export async function tracedOrder(t: TestApp, options: TracedOrderOptions = {}): Promise<TracedOrder> {
  const me = await signedIn(t, { approver: true });
  const project = await createProject(t.deps.db, me.cuId, { name: '证据包测试项目' });
  const patient = options.dtp
    ? {
        order_type: 'dtp' as const,
        is_dtp: 1,
        to_company: PATIENT.name,
        to_contact: PATIENT.name,
        to_phone: PATIENT.phone,
        to_address: PATIENT.address,
        to_city_id: SHANGHAI,
      }
    : {};
  const order = await createOrder(t.deps.db, me.cuId, {
    status: 'pending_approval',
    pr_id: project.pr_id,
    from_company: DEPOT.company,
    from_contact: DEPOT.contact,
    from_phone: DEPOT.phone,
    from_address: DEPOT.address,
    from_city_id: SHANGHAI,
    ...patient,
  });
  const box = await t.deps.db
    .selectFrom('order_boxes')
    .select('logger_id')
    .where('order_id', '=', order.id)
    .executeTakeFirstOrThrow();
  const approved = await t.call('customer-order/auditing', {
    token: me.token,
    body: { id: order.id, pass: true, version: 1, signature: signatureOf(me.user, 'approval') },
  });
  if (approved.code !== 0) throw new Error(`auditing: ${approved.code} ${approved.message}`);
  const no = order.order_no;
  await provider(t, 'confirm', { order_no: no, operator: '调度 刘洋' });
  const steps = ['picked_up', 'in_transit', 'out_for_delivery'] as const;
  for (const [i, milestone] of steps.entries())
    await provider(t, 'milestone', {
      order_no: no,
      milestone,
      at: new Date(START + i * HOUR).toISOString(),
      location: i === 0 ? DEPOT.address : '上海市闵行区 中转站',
      operator: '司机 王强',
    });
  const count = options.readings ?? 0;
  for (let from = 0; from < count; from += 5000) {
    const readings = Array.from({ length: Math.min(5000, count - from) }, (_, k) => {
      const i = from + k;
      // an hour above the range, a quarter into the trip
      const out = i >= count / 4 && i < count / 4 + 12;
      return { at: new Date(START + i * 300_000).toISOString(), celsius: out ? 9.4 : 4 + (i % 7) / 10 };
    });
    await provider(t, 'readings', { order_no: no, logger_id: box.logger_id, readings });
  }
  let firstDocument: number | null = null;
  for (let i = 0; i < (options.documents ?? 0); i++) {
    const content = Buffer.concat([SAMPLES.pdf(), Buffer.from(`% ${no} ${i}\n`)]);
    const kinds = ['packing_list', 'temperature_report', 'pod', 'customs', 'other'] as const;
    const up = await postFile<{ attachment: { id: number } }>(t, 'customer-order/upload', {
      token: me.token,
      fields: { id: order.id, kind: kinds[i % kinds.length] as string },
      file: { name: `单据-${i + 1}.pdf`, content },
    });
    if (up.code !== 0) throw new Error(`upload: ${up.code} ${up.message}`);
    firstDocument ??= up.data.attachment.id;
  }
  if (firstDocument !== null) {
    const passed = await t.call('customer-order/attachment-audit', {
      token: me.token,
      body: { id: firstDocument, pass: true, reason: '', signature: signatureOf(me.user, 'review') },
    });
    if (passed.code !== 0) throw new Error(`attachment-audit: ${passed.code} ${passed.message}`);
  }
  for (let i = 0; i < (options.remarks ?? 0); i++) {
    const text = options.dtp && i === 0 ? `到达前请致电 ${PATIENT.phone}` : `备注 ${i + 1}：请保持 2–8 °C`;
    const res = await t.call('customer-order/remark', {
      token: me.token,
      body: { id: order.id, text, kind: i % 2 ? 'feedback' : 'remark' },
    });
    if (res.code !== 0) throw new Error(`remark: ${res.code} ${res.message}`);
  }
  await provider(t, 'sign', {
    order_no: no,
    sign_name: options.dtp ? PATIENT.name : '收货人 李娜',
    signed_at: new Date(START + 4 * HOUR).toISOString(),
    operator: '司机 王强',
  });
  const { name } = await t.deps.db
    .selectFrom('users')
    .select('name')
    .where('uid', '=', me.user.uid)
    .executeTakeFirstOrThrow();
  return { id: order.id, order_no: no, token: me.token, cuId: me.cuId, name };
}

/** The order's JSON pack, as the API answers it (fails the test on any other answer). */
export async function jsonPack(t: TestApp, token: string, id: number): Promise<EvidencePack> {
  const res = await t.call<EvidencePack>('customer-order/evidence', {
    token,
    query: { id: String(id), format: 'json' },
  });
  if (res.code !== 0) throw new Error(`evidence: ${res.code} ${res.message}`);
  return res.data;
}

/** The order's PDF pack: the raw answer (a file, not an envelope). */
export function pdfPack(t: TestApp, token: string, id: number, query: Record<string, string> = {}) {
  return t.app.request(
    `/api/customer-order/evidence.html?${new URLSearchParams({ id: String(id), ...query })}`,
    {
      headers: { 'x-token': token, 'accept-language': 'en' },
    },
  );
}
