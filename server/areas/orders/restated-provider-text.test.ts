import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AttentionList, FileLink } from '../../../src/contract/order-attachments/schemas.ts';
import type { Overview } from '../../../src/contract/orders/overview.ts';
import type { OrderDetail } from '../../../src/contract/orders/schemas.ts';
import { SAMPLES } from '../../testing/file-fixtures.ts';
import {
  PATIENT,
  patientFragmentsIn,
  patientOrder,
  postMilestones,
  provider,
  PROVIDER_SECRET,
  SHANGHAI_NAME,
  trackingViews,
} from '../../testing/masking-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { MASK } from './masking.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';

beforeAll(() => testDatabase());

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ integrationSecret: PROVIDER_SECRET });
});

const view = async (token: string, id: number) => {
  const res = await t.call<OrderDetail>('customer-order/view', { token, query: { id: String(id) } });
  expect(res.code).toBe(0);
  return res.data;
};
const placeOf = (detail: OrderDetail, kind: string) => detail.events.find((e) => e.kind === kind)?.location;

/** A change request of the customer, answered by the provider through its signed API. */
async function answeredRequest(
  token: string,
  order: { id: number; order_no: string },
  request: { changes: Record<string, string>; reason: string },
  answer: { accept: boolean; answer: string },
) {
  const { version } = await view(token, order.id);
  const asked = await t.call('customer-order/apply-modify', {
    token,
    body: { id: order.id, kind: 'change', version, ...request },
  });
  expect(asked.code).toBe(0);
  const info = await t.call<{ list: Array<{ id: number }> }>('customer-order/get-apply-info', {
    token,
    query: { id: String(order.id) },
  });
  await provider(t, 'answer-modify', { order_no: order.order_no, id: info.data.list[0]!.id, ...answer });
}

/** The provider's document, posted as its systems post it (multipart, signed over the body). */
async function providerDocument(orderNo: string, name: string) {
  const form = new FormData();
  form.append('order_no', orderNo);
  form.append('kind', 'pod');
  form.append('file', new Blob([new Uint8Array(SAMPLES.pdf())]), name);
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  const signature = createHmac('sha256', PROVIDER_SECRET).update(`${timestamp}.`).update(body).digest('hex');
  const res = await t.app.request('/api/provider/document.html', {
    method: 'POST',
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      'x-timestamp': timestamp,
      'x-signature': signature,
    },
    body,
  });
  const answer = (await res.json()) as { code: number; data: { file_id: number } };
  expect(answer.code).toBe(0);
  return answer.data.file_id;
}

describe('the provider’s free text on a DTP order', () => {
  it('withholds the place at the patient’s door whatever it says, and keeps depots, routes and cities elsewhere', async () => {
    const owner = await signedIn(t);
    const order = await patientOrder(t, owner.cuId);
    await answeredRequest(
      owner.token,
      order,
      { changes: { remark: '改为上午送' }, reason: '时间调整' },
      { accept: true, answer: '已安排上午送达' },
    );
    const steps = [
      { milestone: 'picked_up', location: 'LP 上海徐汇配送中心', operator: '司机 马强' },
      { milestone: 'in_transit', location: '上海市内 干线运输', operator: '司机 马强' },
      { milestone: 'out_for_delivery', location: '龙华西路 1 号 LP 龙华配送点', operator: '司机 马强' },
      { milestone: 'delivered', location: '上海市徐汇区', operator: '司机 马强' },
    ] as const;
    await postMilestones(t, order.order_no, steps);
    const remark = '到徐汇区后请提前电话联系';
    await t.call('customer-order/remark', { token: owner.token, body: { id: order.id, text: remark } });

    const detail = await view(owner.token, order.id);
    // ordinary text shares with the patient's values only public place names (上海市, 徐汇区) or a
    // street name alone: shown as written
    for (const step of steps.slice(0, 3))
      expect(placeOf(detail, step.milestone), step.milestone).toBe(step.location);
    expect(placeOf(detail, 'delivered')).toBe(MASK);
    for (const step of steps)
      expect(detail.events.find((e) => e.kind === step.milestone)?.actor_name).toBe('司机 马强');
    expect(detail.remarks.map((r) => r.text)).toEqual([remark]);
    expect(detail.modification?.answer).toBe('已安排上午送达');
    for (const tracking of Object.values(await trackingViews(t, owner.token, order)))
      expect(tracking.steps.map((s) => [s.milestone, s.location])).toEqual([
        ['confirmed', ''],
        ['picked_up', 'LP 上海徐汇配送中心'],
        ['in_transit', '上海市内 干线运输'],
        ['out_for_delivery', '龙华西路 1 号 LP 龙华配送点'],
        ['delivered', SHANGHAI_NAME],
      ]);

    // a return from the patient (is_dtp 3): the pickup is at the patient's door
    const back = await patientOrder(t, owner.cuId, {
      order_type: 'return',
      is_dtp: 3,
      from_company: PATIENT.name,
      from_contact: PATIENT.name,
      from_phone: PATIENT.phone,
      from_address: PATIENT.address,
      to_company: 'LP 上海徐汇配送中心',
      to_contact: '仓管 王芳',
      to_phone: '021-64000000',
      to_address: '上海市徐汇区漕溪北路 1200 号',
    });
    await postMilestones(t, back.order_no, [
      { milestone: 'picked_up', location: '上海市徐汇区' },
      { milestone: 'in_transit', location: '上海市内 干线运输' },
    ]);
    const returned = await view(owner.token, back.id);
    expect([placeOf(returned, 'picked_up'), placeOf(returned, 'in_transit')]).toEqual([
      MASK,
      '上海市内 干线运输',
    ]);

    // an order that masks nothing shows its delivery place as written
    const twin = await patientOrder(t, owner.cuId, { is_dtp: 0, order_type: 'supply' });
    await postMilestones(t, twin.order_no, steps);
    expect(placeOf(await view(owner.token, twin.id), 'delivered')).toBe('上海市徐汇区');
  }, 60_000);

  it('withholds its operator names, answers and document names that restate the patient, in every list that shows them', async () => {
    const owner = await signedIn(t, { approver: true });
    const order = await patientOrder(t, owner.cuId);
    await postMilestones(t, order.order_no, [
      { milestone: 'picked_up', location: 'LP 上海徐汇配送中心', operator: '沈 桂 兰 的家属 代收' },
    ]);
    // the answer restates the phone the customer asked for (the patient's too), not the stored one
    await answeredRequest(
      owner.token,
      order,
      { changes: { to_phone: '138 0013 8000' }, reason: '家属换了号码' },
      { accept: false, answer: '新号码 138-0013-8000 无法接通' },
    );
    const named = await providerDocument(order.order_no, '沈桂兰 龙华西路88弄 签收单.pdf');
    const plain = await providerDocument(order.order_no, 'POD 签收单.pdf');

    const detail = await view(owner.token, order.id);
    expect(detail.events.find((e) => e.kind === 'picked_up')?.actor_name).toBe(MASK);
    expect(detail.events.find((e) => e.kind === 'modify_rejected')?.reason).toBe(MASK);
    expect(detail.modification?.answer).toBe(MASK);
    expect(detail.attachments.map((a) => a.name)).toEqual([`${MASK}.pdf`, 'POD 签收单.pdf']);
    const info = await t.call<{ list: Array<{ answer: string; changes: Record<string, string> }> }>(
      'customer-order/get-apply-info',
      { token: owner.token, query: { id: String(order.id) } },
    );
    expect(info.data.list[0]).toMatchObject({ answer: MASK, changes: { to_phone: MASK } });
    const overview = await t.call<Overview>('customer-order/overview', { token: owner.token });
    const item = overview.data.actions.modifications.items.find((m) => m.order.id === order.id);
    expect(item?.answer).toBe(MASK);
    const attach = await t.call<{ list: Array<{ name: string }> }>('common/get-order-attach', {
      token: owner.token,
      query: { id: String(order.id) },
    });
    expect(attach.data.list.map((a) => a.name)).toEqual([`${MASK}.pdf`, 'POD 签收单.pdf']);
    const page = await t.call<AttentionList>('customer-order/attachment', { token: owner.token });
    const row = page.data.list.find((o) => o.id === order.id);
    expect(row?.attachments.map((a) => a.name)).toEqual([`${MASK}.pdf`, 'POD 签收单.pdf']);
    const link = await t.call<FileLink>('customer-order/attachmentdown', {
      token: owner.token,
      query: { file_id: String(named) },
    });
    expect(link.data.name).toBe(`${MASK}.pdf`);
    const file = await t.app.request(link.data.url);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).not.toContain('桂兰');
    await file.arrayBuffer();
    const plainLink = await t.call<FileLink>('common/get-attachment', {
      token: owner.token,
      query: { file_id: String(plain) },
    });
    expect(plainLink.data.name).toBe('POD 签收单.pdf');

    for (const [name, value] of Object.entries({ detail, info, overview: item, attach, page: row, link }))
      expect.soft(patientFragmentsIn(value), name).toEqual([]);
    expect(JSON.stringify([detail, info.data, item])).not.toMatch(/0013.?8000/);
  }, 60_000);
});

describe('the customer’s own remark on a DTP order', () => {
  it('is left out of the edit form (named in cleared) when it restates the patient, kept when it does not', async () => {
    const owner = await signedIn(t);
    const restating = await patientOrder(t, owner.cuId, { remark: '送货前联系 沈 桂 兰' });
    const ordinary = await patientOrder(t, owner.cuId, { remark: '请上午送达' });
    const form = (id: number) =>
      t.call<{ form: { remark?: string }; cleared: string[] }>('customer-order/create', {
        token: owner.token,
        query: { id: String(id), mode: 'copy' },
      });
    const copied = await form(restating.id);
    expect(copied.code).toBe(0);
    expect(copied.data.form.remark).toBe('');
    expect(copied.data.cleared).toEqual(['to_company', 'to_contact', 'to_phone', 'to_address', 'remark']);
    const kept = await form(ordinary.id);
    expect(kept.data.form.remark).toBe('请上午送达');
    expect(kept.data.cleared).toEqual(['to_company', 'to_contact', 'to_phone', 'to_address']);
  });
});
