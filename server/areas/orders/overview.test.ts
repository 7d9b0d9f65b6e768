import { beforeAll, describe, expect, it } from 'vitest';
import type { AttentionList } from '../../../src/contract/order-attachments/schemas.ts';
import type { Overview } from '../../../src/contract/orders/overview.ts';
import type { OrderList } from '../../../src/contract/orders/schemas.ts';
import type { DraftList } from '../../../src/contract/order-editor/schemas.ts';
import type { DB } from '../../db/database.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { createStockLine } from '../../testing/master-data-fixtures.ts';
import { createOrder, type FixtureOrderOptions } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { MASK } from './masking.ts';
import { modificationRequest, signedIn } from '../../testing/order-test-helpers.ts';

beforeAll(() => testDatabase());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A time given in China (`yyyy-mm-ddThh:mm`). */
const china = (local: string) => new Date(`${local}:00+08:00`);

/** Sets the app's clock to `at` (the server's `now`; the test's own runtime adds a few ms). */
function setClock(t: TestApp, at: Date) {
  t.advance(at.getTime() - t.deps.now().getTime());
}

async function overview(t: TestApp, token: string): Promise<Overview> {
  const res = await t.call<Overview>('customer-order/overview', { token });
  expect([res.code, res.message]).toEqual([0, 'ok']);
  return res.data;
}

/** The list's total for `query`, checked against the rows it sends (read from the orders themselves). */
async function listTotal(t: TestApp, token: string, query: Record<string, string>): Promise<number> {
  const res = await t.call<OrderList>('customer-order/index', { token, query: { ...query, limit: '100' } });
  expect(res.code).toBe(0);
  expect(res.data.list).toHaveLength(res.data.total);
  return res.data.total;
}

const order = (db: DB, cuId: number, options: FixtureOrderOptions, at?: Date) =>
  createOrder(db, cuId, options, at);

/** A moving order (`not_finished`, in transit) due at `deliverBy`. */
const moving = (db: DB, cuId: number, deliverBy: Date | null, options: FixtureOrderOptions = {}) =>
  order(db, cuId, { status: 'not_finished', milestone: 'in_transit', deliver_by: deliverBy, ...options });

async function readings(db: DB, orderId: number, count: number, from: Date) {
  await db
    .insertInto('order_readings')
    .values(
      Array.from({ length: count }, (_, i) => ({
        order_id: orderId,
        logger_id: i % 2 === 0 ? 'LG-A' : 'LG-B',
        at: new Date(from.getTime() + i * 10 * MINUTE),
        celsius: 4 + i / 100,
      })),
    )
    .execute();
}

async function draft(db: DB, uid: number, cuId: number, savedAt: Date) {
  const row = await db
    .insertInto('order_drafts')
    .values({
      uid,
      cu_id: cuId,
      mode: 'new',
      idempotency_key: `k-${Math.random()}`,
      data: '{}',
      to_company: '草稿医院',
      goods_count: 2,
      saved_at: savedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('customer-order/overview', () => {
  it('counts only the session customer’s orders, each count equal to its list’s total; items masked', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t, { approver: true });
    const other = await signedIn(t);
    const db = t.deps.db;
    const now = t.deps.now();
    const dtp = await order(db, cuId, { status: 'pending_approval', is_dtp: 1, to_goodstype: 1 });
    await order(db, cuId, { status: 'pending_approval' });
    await order(db, cuId, { status: 'finished', milestone: 'delivered', attachment_status: 'rejected' });
    await order(db, cuId, { status: 'cancelled', attachment_status: 'missing' });
    await moving(db, cuId, new Date(now.getTime() - DAY), { excursion: 'high', is_dtp: 1, to_goodstype: 1 });
    await moving(db, cuId, new Date(now.getTime() + 2 * DAY), { excursion: 'low' });
    await moving(db, cuId, null, { excursion: 'low', attachment_status: 'pending' });
    // another customer's orders in every state change nothing
    for (const status of ['pending_approval', 'not_finished', 'finished'] as const)
      await order(db, other.cuId, {
        status,
        excursion: 'high',
        attachment_status: 'rejected',
        deliver_by: new Date(now.getTime() - DAY),
      });

    const data = await overview(t, token);
    expect(data.counts).toEqual({
      all: 7,
      pending_approval: 2,
      pending_confirm: 0,
      not_finished: 3,
      finished: 1,
      cancelled: 1,
    });
    for (const status of [
      'all',
      'pending_approval',
      'pending_confirm',
      'not_finished',
      'finished',
      'cancelled',
    ] as const)
      expect([status, data.counts[status]]).toEqual([status, await listTotal(t, token, { status })]);
    expect(data.cold_chain.excursions).toEqual({ low: 2, medium: 0, high: 1 });
    for (const level of ['low', 'medium', 'high'] as const)
      expect(data.cold_chain.excursions[level]).toBe(
        await listTotal(t, token, { status: 'not_finished', excursion: level }),
      );
    expect(data.cold_chain.late.total).toBe(1);
    expect(data.cold_chain.late.total).toBe(
      await listTotal(t, token, { status: 'not_finished', due: 'late' }),
    );
    expect(data.cold_chain.due_today.total).toBe(
      await listTotal(t, token, { status: 'not_finished', due: 'today' }),
    );
    // documents: the not-cancelled orders per state, as the documents page counts them
    const documents = await t.call<AttentionList>('customer-order/attachment', { token });
    expect(data.actions.documents.missing).toBe(documents.data.counts.missing);
    expect(data.actions.documents.rejected).toBe(documents.data.counts.rejected);
    expect(data.actions.documents.rejected).toBe(1);
    for (const state of ['missing', 'rejected'] as const) {
      const page = await t.call<AttentionList>('customer-order/attachment', {
        token,
        query: { state, limit: '100' },
      });
      expect(page.data.total).toBe(data.actions.documents[state]);
      expect(page.data.list).toHaveLength(page.data.total);
    }
    expect(
      data.actions.documents.items.every((o) => ['missing', 'rejected'].includes(o.attachment_status)),
    ).toBe(true);
    expect(data.actions.documents.items.some((o) => o.status === 'cancelled')).toBe(false);

    // approvals: oldest first, DTP parties masked everywhere
    expect(data.actions.can_approve).toBe(true);
    expect(data.actions.approvals.total).toBe(2);
    expect(data.actions.approvals.items[0]!.id).toBe(dtp.id);
    expect(data.actions.approvals.items[0]!.to_company).toBe(MASK);
    expect(data.cold_chain.excursion_items[0]!.order.excursion).toBe('high');
    expect(data.cold_chain.excursion_items[0]!.order.to_company).toBe(MASK);
    expect(JSON.stringify(data)).not.toContain(dtp.to_company);
    expect(data.cold_chain.excursion_items.map((e) => e.order.excursion)).toEqual(['high', 'low', 'low']);
    expect(data.cold_chain.excursion_items[0]).toMatchObject({ min: 2, max: 8, readings: [] });
  });

  it('gives a non-approver the approval total but no entries', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    await order(t.deps.db, cuId, { status: 'pending_approval' });
    const data = await overview(t, token);
    expect(data.actions.can_approve).toBe(false);
    expect(data.actions.approvals).toEqual({ total: 1, items: [] });
  });

  it('counts this user’s drafts in this customer only, last saved first', async () => {
    const t = await testApp();
    const { token, cuId, user } = await signedIn(t);
    const db = t.deps.db;
    const colleague = await createUser(db, { customers: 0 });
    await db.insertInto('user_customers').values({ uid: colleague.uid, cu_id: cuId, position: 0 }).execute();
    const now = t.deps.now();
    const older = await draft(db, user.uid, cuId, new Date(now.getTime() - DAY));
    const newer = await draft(db, user.uid, cuId, new Date(now.getTime() - MINUTE));
    await draft(db, colleague.uid, cuId, now);
    const data = await overview(t, token);
    expect(data.actions.drafts.total).toBe(2);
    expect(data.actions.drafts.items.map((d) => d.id)).toEqual([newer, older]);
    expect(data.actions.drafts.items[0]).toMatchObject({
      mode: 'new',
      to_company: '草稿医院',
      goods_count: 2,
    });
    const box = await t.call<DraftList>('customer-order/draft-box-list', { token });
    expect(box.data.total).toBe(data.actions.drafts.total);
    const theirs = await overview(t, await loginAs(t, colleague));
    expect(theirs.actions.drafts.total).toBe(1);
  });

  it('shows modification requests answered in the last 14 days, newest first', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const other = await signedIn(t);
    const db = t.deps.db;
    const now = t.deps.now();
    const a = await order(db, cuId, { status: 'pending_confirm' });
    const b = await order(db, cuId, { status: 'pending_confirm', is_dtp: 1, to_goodstype: 1 });
    const old = await modificationRequest(db, a.id, 'accepted', new Date(now.getTime() - 15 * DAY));
    const accepted = await modificationRequest(db, a.id, 'accepted', new Date(now.getTime() - 13 * DAY));
    const rejected = await modificationRequest(db, b.id, 'rejected', new Date(now.getTime() - MINUTE));
    await modificationRequest(db, (await order(db, cuId, {})).id, 'pending', null);
    const theirs = await order(db, other.cuId, {});
    await modificationRequest(db, theirs.id, 'accepted', now);
    const data = await overview(t, token);
    expect(data.actions.modifications.total).toBe(2);
    expect(data.actions.modifications.items.map((m) => m.id)).toEqual([rejected, accepted]);
    expect(data.actions.modifications.items.map((m) => m.id)).not.toContain(old);
    expect(data.actions.modifications.items[0]).toMatchObject({
      kind: 'change',
      status: 'rejected',
      answer: '已处理',
      order: { id: b.id, to_company: MASK },
    });
  });

  it('gives each excursion its newest readings, oldest first, at most 48', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const from = new Date(t.deps.now().getTime() - DAY);
    const hot = await moving(db, cuId, null, { excursion: 'medium', temp_class: 'frozen' });
    await readings(db, hot.id, 50, from);
    const few = await moving(db, cuId, null, { excursion: 'medium' });
    await readings(db, few.id, 3, from);
    const data = await overview(t, token);
    const entry = data.cold_chain.excursion_items.find((e) => e.order.id === hot.id)!;
    expect(entry).toMatchObject({ min: -25, max: -15 });
    expect(entry.readings).toHaveLength(48);
    expect(entry.readings[0]!.at).toBe(new Date(from.getTime() + 2 * 10 * MINUTE).toISOString());
    expect(entry.readings[47]!.at).toBe(new Date(from.getTime() + 49 * 10 * MINUTE).toISOString());
    expect(entry.readings[47]!.celsius).toBe(4.49);
    const times = entry.readings.map((r) => r.at);
    expect([...times].sort()).toEqual(times);
    expect(data.cold_chain.excursion_items.find((e) => e.order.id === few.id)!.readings).toHaveLength(3);
    // the newest first among equals in level
    expect(data.cold_chain.excursion_items.map((e) => e.order.id)).toEqual([few.id, hot.id]);
  });

  it('counts due later today and late before now, never both, delivered or other statuses left out', async () => {
    const t = await testApp();
    setClock(t, china('2026-06-03T10:00'));
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const startOfDay = await moving(db, cuId, china('2026-06-03T00:00')); // late
    const justLate = await moving(db, cuId, china('2026-06-03T09:59')); // late
    const soon = await moving(db, cuId, china('2026-06-03T10:02')); // today
    const endOfDay = await moving(db, cuId, china('2026-06-03T23:59')); // today
    await moving(db, cuId, china('2026-06-04T00:00')); // tomorrow: neither
    const yesterday = await moving(db, cuId, china('2026-06-02T23:59')); // late
    await moving(db, cuId, china('2026-06-02T12:00'), { milestone: 'delivered' }); // delivered
    await order(db, cuId, { status: 'pending_confirm', deliver_by: china('2026-06-02T12:00') }); // not moving
    const data = await overview(t, token);
    expect(data.today).toBe('2026-06-03');
    expect(data.cold_chain.due_today.total).toBe(2);
    expect(data.cold_chain.due_today.items.map((o) => o.id)).toEqual([soon.id, endOfDay.id]);
    expect(data.cold_chain.late.total).toBe(3);
    expect(data.cold_chain.late.items.map((o) => o.id)).toEqual([yesterday.id, startOfDay.id, justLate.id]);
    for (const due of ['today', 'late'] as const)
      expect(await listTotal(t, token, { status: 'not_finished', due })).toBe(
        data.cold_chain[due === 'today' ? 'due_today' : 'late'].total,
      );
    // the list's `due` on every tab: the pending order is late too, the delivered one never
    expect(await listTotal(t, token, { due: 'late' })).toBe(4);
  });

  it('gives 12 China weeks, Monday first, the current last, zeros for empty weeks (Monday 00:30 in China)', async () => {
    const t = await testApp();
    // Monday 2026-06-08 00:30 in China is still Sunday 16:30 UTC
    setClock(t, china('2026-06-08T00:30'));
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    await order(db, cuId, { status: 'pending_confirm' }, china('2026-06-08T00:10')); // this week
    await order(db, cuId, { status: 'finished' }, china('2026-06-07T23:50')); // last week (Sunday)
    await order(db, cuId, { status: 'cancelled' }, china('2026-06-01T00:00')); // last week (Monday)
    await order(db, cuId, { status: 'finished' }, china('2026-03-23T08:00')); // the first week shown
    await order(db, cuId, { status: 'finished' }, china('2026-03-22T23:59')); // before it
    const data = await overview(t, token);
    expect(data.weekly).toHaveLength(12);
    expect(data.weekly.map((w) => w.week)).toEqual(
      Array.from({ length: 12 }, (_, i) =>
        new Date(Date.UTC(2026, 2, 23) + i * 7 * DAY).toISOString().slice(0, 10),
      ),
    );
    const last = data.weekly[11]!;
    expect(last.week).toBe('2026-06-08');
    expect(last.counts).toEqual({
      pending_approval: 0,
      pending_confirm: 1,
      not_finished: 0,
      finished: 0,
      cancelled: 0,
    });
    expect(data.weekly[10]!.counts).toMatchObject({ finished: 1, cancelled: 1 });
    expect(data.weekly[0]!.counts.finished).toBe(1);
    const sum = data.weekly.reduce((n, w) => n + Object.values(w.counts).reduce((a, b) => a + b, 0), 0);
    expect(sum).toBe(4);
    expect(data.weekly.slice(1, 10).every((w) => Object.values(w.counts).every((n) => n === 0))).toBe(true);
    // Sunday 23:55 in China: still the week of Monday 2026-06-01, with its Sunday-night order
    setClock(t, china('2026-06-07T23:55'));
    const sunday = await overview(t, token);
    expect(sunday.today).toBe('2026-06-07');
    expect(sunday.weekly[11]).toEqual({
      week: '2026-06-01',
      counts: { pending_approval: 0, pending_confirm: 0, not_finished: 0, finished: 1, cancelled: 1 },
    });
    expect(sunday.weekly[0]!.week).toBe('2026-03-16');
  });

  it('lists stock at or below its reorder level and stock expiring within 30 days (China days)', async () => {
    const t = await testApp();
    setClock(t, china('2026-06-03T01:00')); // still 2026-06-02 in UTC
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const other = await signedIn(t);
    const low = async (quantity: number, reserved: number, level: number | null, expiry = '2028-01-01') => {
      const line = await createStockLine(db, cuId, { quantity, reserved, expiry });
      await db.updateTable('inventory').set({ low_level: level }).where('in_id', '=', line.in_id).execute();
      return line.in_id;
    };
    const atLevel = await low(10, 0, 10);
    const below = await low(8, 5, 10); // available 3
    await low(11, 0, 10); // above
    await low(1, 0, null); // no level
    const lastDay = await createStockLine(db, cuId, { expiry: '2026-07-03', goods_type: 2 }); // today + 30
    await createStockLine(db, cuId, { expiry: '2026-07-04' }); // + 31
    const expired = await createStockLine(db, cuId, { expiry: '2026-06-01' });
    await createStockLine(db, cuId, { expiry: '2026-06-10', quantity: 5, reserved: 5 }); // none available
    await createStockLine(db, cuId, { expiry: null });
    await createStockLine(db, other.cuId, { expiry: '2026-06-05' });
    const data = await overview(t, token);
    expect(data.inventory.low.total).toBe(2);
    expect(data.inventory.low.items.map((l) => l.in_id)).toEqual([below, atLevel]);
    expect(data.inventory.low.items[0]).toMatchObject({ available: 3, low_level: 10, goods_type: 1 });
    expect(data.inventory.low.by_goods_type).toEqual([{ goods_type: 1, total: 2 }]);
    expect(data.inventory.expiring.total).toBe(2);
    expect(data.inventory.expiring.by_goods_type).toEqual([
      { goods_type: 1, total: 1 },
      { goods_type: 2, total: 1 },
    ]);
    expect(data.inventory.expiring.items.map((l) => l.goods_type)).toEqual([1, 2]);
    expect(data.inventory.expiring.items.map((l) => [l.in_id, l.expiry])).toEqual([
      [expired.in_id, '2026-06-01'],
      [lastDay.in_id, '2026-07-03'],
    ]);
  });

  it('counts the customer’s active excursion cases (open, under assessment) and those over budget', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const other = await signedIn(t);
    const db = t.deps.db;
    const opened_at = t.deps.now();
    const cases = async (
      customer: number,
      rows: Array<{
        state: 'open' | 'assessment' | 'decided' | 'closed';
        budget: 'within' | 'over' | 'none';
      }>,
    ) => {
      const { id } = await moving(db, customer, null, { excursion: 'high' });
      await db
        .insertInto('excursion_cases')
        .values(
          rows.map((row, i) => ({
            cu_id: customer,
            order_id: id,
            logger_id: `LG-${i}`,
            state: row.state,
            budget: row.budget,
            level: 'high' as const,
            minutes_out: 30,
            peak: '12.5',
            opened_at,
            decision: row.state === 'decided' || row.state === 'closed' ? ('quarantine' as const) : null,
          })),
        )
        .execute();
    };
    await cases(cuId, [
      { state: 'open', budget: 'over' },
      { state: 'open', budget: 'within' },
      { state: 'assessment', budget: 'over' },
      { state: 'assessment', budget: 'none' },
      // decided and closed cases are not active, over budget or not
      { state: 'decided', budget: 'over' },
      { state: 'closed', budget: 'over' },
    ]);
    // another customer's cases change nothing
    await cases(other.cuId, [
      { state: 'open', budget: 'over' },
      { state: 'assessment', budget: 'over' },
    ]);
    expect((await overview(t, token)).cold_chain.cases).toEqual({ active: 4, over_budget: 2 });
    expect((await overview(t, other.token)).cold_chain.cases).toEqual({ active: 2, over_budget: 2 });
  });

  it('answers zeros for a new customer, and nothing without a session', async () => {
    const t = await testApp();
    const { token } = await signedIn(t);
    const data = await overview(t, token);
    expect(data.counts.all).toBe(0);
    expect(data.weekly).toHaveLength(12);
    expect(data.cold_chain).toEqual({
      excursions: { low: 0, medium: 0, high: 0 },
      excursion_items: [],
      due_today: { total: 0, items: [] },
      late: { total: 0, items: [] },
      cases: { active: 0, over_budget: 0 },
    });
    const none = { total: 0, by_goods_type: [], items: [] };
    expect(data.inventory).toEqual({ low: none, expiring: none });
    const anonymous = await t.call('customer-order/overview');
    expect(anonymous.code).not.toBe(0);
  });
});
