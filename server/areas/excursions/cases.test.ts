import { beforeAll, describe, expect, it } from 'vitest';
import type { CaseList, CaseRow, CaseView } from '../../../src/contract/excursions/schemas.ts';
import type { InventoryAddAnswer } from '../../../src/contract/order-editor/schemas.ts';
import {
  EXCURSION_SECRET,
  excursionWorld,
  postReadings,
  providerCall,
  series,
  shipment,
} from '../../testing/excursion-fixtures.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { create, readyToOrder, stockOf } from '../../testing/editor-test-helpers.ts';
import { signatureOf } from '../../testing/fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

const app = () => testApp({ integrationSecret: EXCURSION_SECRET });

const view = async (t: TestApp, token: string, id: number) =>
  (await t.call<CaseView>('excursion/view', { token, query: { id: String(id) } })).data;

const casesOf = (t: TestApp, orderId: number) =>
  t.deps.db
    .selectFrom('excursion_cases')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('seq')
    .execute();

// 2–8 °C: 40 minutes at 9–12 °C, then back in
const WARM = [5, 9, 12, 11, 10, 6, 5];

describe('an excursion case opens by itself', () => {
  it('once per logger, with the goods on hold at the destination, however the readings arrive', async () => {
    const t = await app();
    const w = await excursionWorld(t);
    const s = await shipment(t, w, 12);
    const calm = await postReadings(t, s.order_no, s.loggerId, series('2026-11-20T00:00:00Z', [4, 5, 6]));
    expect(calm.data).not.toHaveProperty('case_no');
    expect(await casesOf(t, s.id)).toHaveLength(0);
    // the warm stretch arrives late and out of order, in two batches, one of them twice
    const warm = series('2026-11-20T00:30:00Z', WARM);
    const first = await postReadings(t, s.order_no, s.loggerId, [...warm.slice(3)].reverse());
    expect(first.code).toBe(0);
    expect(first.data.case_no).toMatch(/^EXC-\d{6}$/);
    await postReadings(t, s.order_no, s.loggerId, warm.slice(0, 4));
    await postReadings(t, s.order_no, s.loggerId, warm.slice(0, 4));
    const cases = await casesOf(t, s.id);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({ state: 'open', minutes_out: 40, level: 'medium', budget: 'none' });
    const v = await view(t, w.token, cases[0]!.id);
    expect(v.episodes).toEqual([
      expect.objectContaining({ minutes: 40, min: 9, max: 12, from: '2026-11-20T00:40:00.000Z' }),
    ]);
    expect(v.mkt).toBeGreaterThan(5);
    expect(v.lines).toEqual([
      expect.objectContaining({
        batch_no: w.batch,
        quantity: 12,
        hold: 'on_hold',
        on_hand: 12,
        depot: s.to_company,
      }),
    ]);
    // what the trail holds: the case opened by the system and the goods put on hold
    const entries = await t.deps.db
      .selectFrom('audit_entries')
      .select(['record_type', 'action', 'actor_kind'])
      .where('cu_id', '=', w.cuId)
      .where('record_type', 'in', ['excursion', 'inventory'])
      .orderBy('seq')
      .execute();
    expect(entries.slice(0, 2)).toEqual([
      { record_type: 'inventory', action: 'hold', actor_kind: 'system' },
      { record_type: 'excursion', action: 'open', actor_kind: 'system' },
    ]);
  });

  it("a DTP patient's name never leaves the server: the view masks it, the stock line says DTP", async () => {
    const t = await app();
    const w = await excursionWorld(t);
    const s = await shipment(t, w, 2, { is_dtp: 1 });
    await postReadings(t, s.order_no, s.loggerId, series('2026-11-20T00:00:00Z', WARM));
    const [c] = await casesOf(t, s.id);
    const v = await view(t, w.token, c!.id);
    expect(v.order.to_company).toBe('******');
    expect(v.lines[0]!.depot).toBe('DTP');
    expect(JSON.stringify(v)).not.toContain(s.to_company);
  });

  it('the stock on hold cannot be taken by an order; the editor says why', async () => {
    const t = await app();
    const w = await excursionWorld(t);
    const s = await shipment(t, w);
    await postReadings(t, s.order_no, s.loggerId, series('2026-11-20T00:00:00Z', WARM));
    const [c] = await casesOf(t, s.id);
    const inId = (await view(t, w.token, c!.id)).lines[0]!.in_id!;
    const res = await t.call<InventoryAddAnswer>('customer-order/inventory-detail-add', {
      token: w.token,
      body: { lines: [{ in_id: inId, quantity: 1 }] },
    });
    expect(res.data.refused).toEqual([
      { in_id: inId, reason: 'on_hold', available: 10, case_no: `EXC-${String(c!.id).padStart(6, '0')}` },
    ]);
  });
});

describe('a stability budget belongs to the batch over its life', () => {
  it('adds what earlier shipments of the batch used: within budget proposes release, over it does not', async () => {
    const t = await app();
    // 8–25 °C for 1 h in all; colder than 2 °C never
    const w = await excursionWorld(t, {
      bands: [
        { min: 8, max: 25, hours: 1 },
        { min: null, max: 2, hours: 0 },
      ],
    });
    const one = await shipment(t, w);
    await postReadings(t, one.order_no, one.loggerId, series('2026-11-20T00:00:00Z', [5, 9, 10, 11, 5]));
    const [first] = await casesOf(t, one.id);
    expect(first).toMatchObject({ minutes_out: 30, budget: 'within' });
    const a = await view(t, w.token, first!.id);
    expect(a.proposal).toBe('release');
    expect(a.lines[0]!.bands[0]).toMatchObject({ shipment_minutes: 30, earlier_minutes: 0, over: false });

    const two = await shipment(t, w);
    await postReadings(t, two.order_no, two.loggerId, series('2026-11-22T00:00:00Z', [5, 9, 10, 11, 12, 5]));
    const [second] = await casesOf(t, two.id);
    expect(second).toMatchObject({ minutes_out: 40, budget: 'over' });
    const b = await view(t, w.token, second!.id);
    expect(b.proposal).toBeNull();
    expect(b.lines[0]!.bands[0]).toMatchObject({ shipment_minutes: 40, earlier_minutes: 30, over: true });
    expect(b.lines[0]!.earlier).toEqual([
      expect.objectContaining({ id: first!.id, order_no: one.order_no, minutes_out: 30 }),
    ]);
    // the first case stays within: the later shipment is not "earlier" to it
    expect((await view(t, w.token, first!.id)).lines[0]!.bands[0]).toMatchObject({
      earlier_minutes: 0,
      over: false,
    });
  });

  it('the same code and batch number in another project is another batch: its shipments are not earlier', async () => {
    const t = await app();
    const w = await excursionWorld(t, { bands: [{ min: 8, max: 25, hours: 1 }] });
    const one = await shipment(t, w);
    await postReadings(t, one.order_no, one.loggerId, series('2026-11-20T00:00:00Z', [5, 9, 10, 11, 5]));
    const other = await createProject(t.deps.db, w.cuId);
    await t.deps.db
      .insertInto('stability_budgets')
      .values({
        cu_id: w.cuId,
        pr_id: other.pr_id,
        code: w.stock.code,
        bands: JSON.stringify([{ min: 8, max: 25, hours: 1 }]),
      })
      .execute();
    const two = await createOrder(t.deps.db, w.cuId, {
      status: 'not_finished',
      pr_id: other.pr_id,
      goods: [
        {
          goods_type: 1,
          name: w.stock.name,
          code: w.stock.code,
          batch_no: w.batch,
          expiry: '2028-06-30',
          quantity: 5,
          unit: '盒',
        },
      ],
      boxes: [{ box_type: '2-8°C 保温箱 (M)', logger_id: 'LG-OTHER', weight_kg: 6.5 }],
    });
    await postReadings(t, two.order_no, 'LG-OTHER', series('2026-11-22T00:00:00Z', [5, 9, 10, 11, 12, 5]));
    const [second] = await casesOf(t, two.id);
    const line = (await view(t, w.token, second!.id)).lines[0]!;
    expect(line.bands[0]).toMatchObject({ shipment_minutes: 40, earlier_minutes: 0, over: false });
    expect(line.earlier).toEqual([]);
  });

  it('a freeze of 20 s after it (the minutes out of range round the same) still takes the case over budget', async () => {
    const t = await app();
    const w = await excursionWorld(t, {
      bands: [
        { min: 8, max: 25, hours: 1 },
        { min: null, max: 2, hours: 0 },
      ],
    });
    const s = await shipment(t, w);
    await postReadings(t, s.order_no, s.loggerId, series('2026-11-20T00:00:00Z', [5, 9, 10, 11, 5]));
    expect((await casesOf(t, s.id))[0]).toMatchObject({ minutes_out: 30, budget: 'within' });
    await postReadings(t, s.order_no, s.loggerId, [
      { at: '2026-11-20T01:00:00Z', celsius: 1.5 },
      { at: '2026-11-20T01:00:20Z', celsius: 5 },
    ]);
    expect((await casesOf(t, s.id))[0]).toMatchObject({ minutes_out: 30, budget: 'over' });
  });

  it('a budget saved later judges the open cases again, and is refused when bands overlap', async () => {
    const t = await app();
    const w = await excursionWorld(t);
    const s = await shipment(t, w);
    await postReadings(t, s.order_no, s.loggerId, series('2026-11-20T00:00:00Z', WARM));
    const overlap = await t.call('customer-project/stability-save', {
      token: w.token,
      body: {
        pr_id: w.prId,
        code: w.stock.code,
        bands: [
          { min: 8, max: 25, hours: 1 },
          { min: 20, max: null, hours: 0 },
        ],
      },
    });
    expect(overlap.code).toBe(422);
    const saved = await t.call('customer-project/stability-save', {
      token: w.token,
      body: { pr_id: w.prId, code: w.stock.code, bands: [{ min: 8, max: 25, hours: 0.5 }] },
    });
    expect(saved.code).toBe(0);
    expect((await casesOf(t, s.id))[0]).toMatchObject({ budget: 'over' });
  });
});

describe('the workflow: assign, decide with a signature, the stock follows', () => {
  async function assessed(t: TestApp, bands?: NonNullable<Parameters<typeof excursionWorld>[1]>['bands']) {
    const w = await excursionWorld(t, bands ? { bands } : {});
    const s = await shipment(t, w);
    await postReadings(t, s.order_no, s.loggerId, series('2026-11-20T00:00:00Z', WARM));
    const [c] = await casesOf(t, s.id);
    return { w, s, id: c!.id };
  }
  const decide = (t: TestApp, w: Awaited<ReturnType<typeof excursionWorld>>, id: number, decision: string) =>
    t.call<CaseRow>('excursion/decide', {
      token: w.token,
      body: { id, decision, reason: '稳定性数据支持放行', signature: signatureOf(w.user) },
    });

  it('refuses deciding an open case (409), a wrong password (422), and changes nothing', async () => {
    const t = await app();
    const { w, id } = await assessed(t);
    expect((await decide(t, w, id, 'release')).code).toBe(409);
    expect((await t.call('excursion/assign', { token: w.token, body: { id, uid: w.user.uid } })).code).toBe(
      0,
    );
    const wrong = await t.call('excursion/decide', {
      token: w.token,
      body: {
        id,
        decision: 'release',
        reason: 'x',
        signature: { password: 'Not-the-password-1', meaning: 'approval' },
      },
    });
    expect(wrong.code).toBe(422);
    expect((await view(t, w.token, id)).case).toMatchObject({ state: 'assessment', decision: null });
  });

  it('release: the goods are available again, the decision signed; the provider sees it and closes the case', async () => {
    const t = await app();
    const { w, id } = await assessed(t);
    await t.call('excursion/assign', { token: w.token, body: { id, uid: w.user.uid } });
    const res = await decide(t, w, id, 'release');
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ state: 'decided', decision: 'release' });
    const v = await view(t, w.token, id);
    expect(v.lines[0]).toMatchObject({ hold: 'none', on_hand: 10 });
    expect(v.decision?.signature).toMatchObject({ meaning: 'approval', current: true });
    expect(v.may).toEqual({ assign: false, comment: true, decide: false });
    expect((await decide(t, w, id, 'destroy')).code).toBe(409);
    const decisions = await providerCall<{ list: Array<{ case_no: string }> }>(
      t,
      'provider/excursion-decisions',
      { limit: 500 },
    );
    expect(decisions.data.list.map((d) => d.case_no)).toContain(v.case.case_no);
    const closed = await providerCall(t, 'provider/excursion-close', {
      case_no: v.case.case_no,
      operator: '王师傅',
      note: '已放行',
    });
    expect(closed.data).toMatchObject({ state: 'closed' });
    expect((await providerCall(t, 'provider/excursion-close', { case_no: v.case.case_no })).code).toBe(409);
  });

  it('quarantine: the line cannot be ordered, by the editor or by create', async () => {
    const t = await app();
    const { w, id } = await assessed(t);
    await t.call('excursion/assign', { token: w.token, body: { id, uid: w.user.uid } });
    expect((await decide(t, w, id, 'quarantine')).code).toBe(0);
    const inId = (await view(t, w.token, id)).lines[0]!.in_id!;
    const added = await t.call<InventoryAddAnswer>('customer-order/inventory-detail-add', {
      token: w.token,
      body: { lines: [{ in_id: inId, quantity: 1 }] },
    });
    expect(added.data.refused[0]).toMatchObject({ reason: 'quarantined' });
  });

  it('create refuses to reserve a line on hold or quarantined, naming the goods line, and reserves nothing', async () => {
    const t = await app();
    const setup = await readyToOrder(t);
    const inId = setup.stock.chilled.in_id;
    for (const hold of ['on_hold', 'quarantined'] as const) {
      await t.deps.db.updateTable('inventory').set({ hold }).where('in_id', '=', inId).execute();
      const res = await create(t, setup.token, orderForm(setup));
      expect(res.code).toBe(422);
      expect(Object.keys(res.data as object)).toEqual(['goods.0.in_id']);
      expect(await stockOf(t, inId)).toEqual({ quantity: 100, reserved: 0 });
    }
  });

  it('destroy writes the goods off with a movement; return puts them back into the depot line', async () => {
    const t = await app();
    const destroyed = await assessed(t);
    await t.call('excursion/assign', {
      token: destroyed.w.token,
      body: { id: destroyed.id, uid: destroyed.w.user.uid },
    });
    expect((await decide(t, destroyed.w, destroyed.id, 'destroy')).code).toBe(0);
    const line = (await view(t, destroyed.w.token, destroyed.id)).lines[0]!;
    expect(line).toMatchObject({ on_hand: 0, hold: 'quarantined' });
    const moves = await t.deps.db
      .selectFrom('inventory_movements')
      .select(['kind', 'delta'])
      .where('in_id', '=', line.in_id!)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => [m.kind, Number(m.delta)])).toEqual([
      ['inbound', 10],
      ['write_off', -10],
    ]);

    const returned = await assessed(t);
    await t.call('excursion/assign', {
      token: returned.w.token,
      body: { id: returned.id, uid: returned.w.user.uid },
    });
    expect((await decide(t, returned.w, returned.id, 'return')).code).toBe(0);
    const source = await t.deps.db
      .selectFrom('inventory')
      .select('quantity')
      .where('in_id', '=', returned.w.stock.in_id)
      .executeTakeFirstOrThrow();
    expect(Number(source.quantity)).toBe(110);
    expect((await view(t, returned.w.token, returned.id)).lines[0]).toMatchObject({
      on_hand: 0,
      hold: 'none',
    });
  });

  it("return is refused (409) while another logger's case of the order still holds the goods", async () => {
    const t = await app();
    const w = await excursionWorld(t);
    const s = await shipment(t, w, 10, {
      boxes: [
        { box_type: '2-8°C 保温箱 (M)', logger_id: 'LG-ONE', weight_kg: 6.5 },
        { box_type: '2-8°C 保温箱 (M)', logger_id: 'LG-TWO', weight_kg: 6.5 },
      ],
    });
    await postReadings(t, s.order_no, 'LG-ONE', series('2026-11-20T00:00:00Z', WARM));
    await postReadings(t, s.order_no, 'LG-TWO', series('2026-11-20T00:00:00Z', WARM));
    const [one, two] = await casesOf(t, s.id);
    expect(two?.logger_id).not.toBe(one?.logger_id);
    await t.call('excursion/assign', { token: w.token, body: { id: one!.id, uid: w.user.uid } });
    expect((await decide(t, w, one!.id, 'return')).code).toBe(409);
    // a release leaves them on hold for the other case; once it is decided too, they are available
    expect((await decide(t, w, one!.id, 'release')).code).toBe(0);
    expect((await view(t, w.token, one!.id)).lines[0]).toMatchObject({ hold: 'on_hold' });
    await t.call('excursion/assign', { token: w.token, body: { id: two!.id, uid: w.user.uid } });
    expect((await decide(t, w, two!.id, 'release')).code).toBe(0);
    expect((await view(t, w.token, two!.id)).lines[0]).toMatchObject({ hold: 'none' });
  });

  it('only an approver or an administrator decides: anyone else may take the case, not decide it (403)', async () => {
    const t = await app();
    const w = await excursionWorld(t, { approver: false, admin: false });
    const s = await shipment(t, w);
    await postReadings(t, s.order_no, s.loggerId, series('2026-11-20T00:00:00Z', WARM));
    const [c] = await casesOf(t, s.id);
    expect(
      (await t.call('excursion/assign', { token: w.token, body: { id: c!.id, uid: w.user.uid } })).code,
    ).toBe(0);
    expect((await view(t, w.token, c!.id)).may).toEqual({ assign: true, comment: true, decide: false });
    expect((await decide(t, w, c!.id, 'release')).code).toBe(403);
    expect((await casesOf(t, s.id))[0]).toMatchObject({ state: 'assessment', decision: null });
    const lines = await t.deps.db
      .selectFrom('inventory')
      .select('hold')
      .where('origin_order_id', '=', s.id)
      .execute();
    expect(lines).toEqual([{ hold: 'on_hold' }]);
  });

  it('another customer sees none of it; a user of another customer cannot be assigned', async () => {
    const t = await app();
    const { w, id } = await assessed(t);
    const other = await excursionWorld(t);
    expect((await t.call('excursion/view', { token: other.token, query: { id: String(id) } })).code).toBe(
      404,
    );
    expect(
      (await t.call('excursion/assign', { token: other.token, body: { id, uid: other.user.uid } })).code,
    ).toBe(404);
    const foreign = await t.call('excursion/assign', { token: w.token, body: { id, uid: other.user.uid } });
    expect(foreign.code).toBe(422);
    const list = await t.call<CaseList>('excursion/list', { token: other.token, query: {} });
    expect(list.data.list.map((c) => c.id)).not.toContain(id);
    const mine = await t.call<CaseList>('excursion/list', { token: w.token, query: { state: 'active' } });
    expect(mine.data).toMatchObject({ total: 1, counts: { open: 1, assessment: 0 } });
  });
});
