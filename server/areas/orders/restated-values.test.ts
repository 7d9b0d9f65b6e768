import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderList } from '../../../src/contract/orders/schemas.ts';
import {
  emailViews,
  exportedRows,
  patientFragmentsIn,
  patientOrder,
  postMilestones,
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

type Detail = {
  remark: string;
  events: Array<{ kind: string; location: string; actor_name: string; reason: string }>;
  remarks: Array<{ text: string }>;
};

const get = async <T = unknown>(token: string, path: string, id: number) => {
  const res = await t.call<T>(path, { token, query: { id: String(id) } });
  expect([path, res.code]).toEqual([path, 0]);
  return res.data;
};

/** The patient's address and name as a provider or a customer might restate them. */
const RESTATED = [
  ['the address with spaces', '上海市 徐汇区 龙 华 西 路 88 弄 6 号 502 室'],
  ['the address in part', '龙华西路 88 弄'],
  ['the address with full-width digits', '上海市徐汇区龙华西路８８弄６号５０２室'],
  ['a spaced name and phone', '沈 桂 兰 139 5724 6813'],
] as const;

describe('a DTP order’s free text restating the patient', () => {
  it.each(RESTATED)(
    'is withheld or masked in every view when it restates %s; a non-DTP twin keeps it',
    async (_, restated) => {
      const remark = `送货前联系 ${restated}`;
      const feedback = `家属说 ${restated}`;
      const note = `附言：${restated}`;
      const views = async (token: string, order: { id: number; order_no: string }) => {
        await postMilestones(t, order.order_no, [
          { milestone: 'picked_up', location: 'LP 上海徐汇配送中心' },
          { milestone: 'out_for_delivery', location: restated },
        ]);
        expect(
          (await t.call('customer-order/remark', { token, body: { id: order.id, text: feedback } })).code,
        ).toBe(0);
        return {
          view: await get<Detail>(token, 'customer-order/view', order.id),
          history: await get<{ list: Detail['events'] }>(token, 'common/get-order-handel', order.id),
          sheet: await get(token, 'common/get-work-sheet', order.id),
          feedback: await get(token, 'common/get-order-feedback', order.id),
          email: await emailViews(t, token, order.id, note),
          export: await exportedRows(t, token),
        };
      };

      const owner = await signedIn(t);
      const order = await patientOrder(t, owner.cuId, { remark });
      const shown = await views(owner.token, order);
      const tracking = await trackingViews(t, owner.token, order);
      for (const [name, value] of Object.entries({ ...shown, ...tracking }))
        expect.soft(patientFragmentsIn(value), name).toEqual([]);

      // the provider's place is withheld whole; the customer's words around the patient stay
      const event = shown.view.events.find((e) => e.kind === 'out_for_delivery')!;
      expect(event.location).toBe(MASK);
      expect(shown.history.list.find((e) => e.kind === 'out_for_delivery')?.location).toBe(MASK);
      expect(shown.view.remark).toBe(`送货前联系 ${MASK}`);
      expect(shown.view.remarks.map((r) => r.text)).toEqual([`家属说 ${MASK}`]);
      expect(shown.email.preview.text).toContain(`送货前联系 ${MASK}`);
      expect(shown.email.sent.text).toContain(`附言：${MASK}`);
      expect(shown.export.flat()).toContain(`送货前联系 ${MASK}`);
      // a tracker sees the patient's city where the place was
      for (const view of Object.values(tracking))
        expect(view.steps.find((s) => s.milestone === 'out_for_delivery')?.location).toBe(SHANGHAI_NAME);

      // a keyword restating the patient finds nothing (but its number: a few digits of the phone
      // may be in the order's own number, LP + day + 6 digits, as '5724' was in one run)
      for (const keyword of ['沈桂兰', '沈 桂 兰', '龙华西路', '龙华西路８８弄', '5724', restated]) {
        if (order.order_no.includes(keyword)) continue;
        const found = await t.call<OrderList>('customer-order/index', {
          token: owner.token,
          query: { keyword },
        });
        expect(
          found.data.list.map((o) => o.id),
          keyword,
        ).not.toContain(order.id);
      }

      // the same text on an order that masks nothing is shown as written
      const other = await signedIn(t);
      const twin = await patientOrder(t, other.cuId, { is_dtp: 0, order_type: 'supply', remark });
      const plain = await views(other.token, twin);
      expect(plain.view.events.find((e) => e.kind === 'out_for_delivery')?.location).toBe(restated);
      expect(plain.view.remark).toBe(remark);
      expect(plain.view.remarks.map((r) => r.text)).toEqual([feedback]);
      expect(plain.email.preview.text).toContain(remark);
      expect(plain.email.sent.text).toContain(note);
      expect(plain.export.flat()).toContain(remark);
    },
    // about 50 calls and two exports: generous on a busy machine
    60_000,
  );
});
