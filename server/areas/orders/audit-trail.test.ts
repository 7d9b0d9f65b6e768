import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../../testing/fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { verifyChains } from '../audit/verify.ts';
import { auditedTransaction } from '../audit/trail.ts';
import { historyChanges } from './history-changes.ts';
import { MASK } from './masking.ts';
import { redactorOf } from './redaction.ts';
import type { OrderEvent } from '../../../src/contract/orders/schemas.ts';

beforeAll(() => testDatabase());

/** The audit entries of one record of the customer, in the chain's order. */
async function trailOf(t: TestApp, cuId: number, recordId?: number) {
  let query = t.deps.db
    .selectFrom('audit_entries')
    .select([
      'seq',
      'record_type',
      'record_id',
      'action',
      'actor_kind',
      'actor_id',
      'actor_name',
      'reason',
      'changes',
    ])
    .where('cu_id', '=', cuId);
  if (recordId !== undefined) query = query.where('record_id', '=', String(recordId));
  return query.orderBy('seq').execute();
}

describe('order writes leave audit entries (the audit trail, issue 30)', () => {
  it('cancel: who, why, the status and the reason field, old and new; the chain verifies', async () => {
    const t = await testApp();
    const { token, cuId, user } = await signedIn(t);
    const a = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const b = await createOrder(t.deps.db, cuId, { status: 'pending_confirm' });
    const res = await t.call('customer-order/cancel', {
      token,
      body: { ids: [a.id, b.id], reason: '项目暂停' },
    });
    expect(res.code).toBe(0);
    const entries = await trailOf(t, cuId);
    expect(entries.map((e) => [e.seq, e.record_id, e.action])).toEqual([
      [1, String(a.id), 'cancel'],
      [2, String(b.id), 'cancel'],
    ]);
    expect(entries[0]).toMatchObject({
      record_type: 'order',
      actor_kind: 'user',
      actor_id: user.uid,
      reason: '项目暂停',
      changes: [
        { field: 'status', old: 'pending_approval', new: 'cancelled' },
        { field: 'cancel_reason', old: null, new: '项目暂停' },
      ],
    });
    expect(entries[0]?.actor_name).toContain(user.username.slice(2));
    expect(await verifyChains(t.deps.db, { cuId })).toEqual({ chains: 1, entries: 2, broken: null });
  });

  it('a remark or feedback: its text, by whom', async () => {
    const t = await testApp();
    const { token, cuId, user } = await signedIn(t);
    const order = await createOrder(t.deps.db, cuId, { status: 'not_finished' });
    const res = await t.call<{ id: number }>('customer-order/remark', {
      token,
      body: { id: order.id, text: '请上午送达', kind: 'feedback' },
    });
    expect(res.code).toBe(0);
    expect(await trailOf(t, cuId, order.id)).toMatchObject([
      {
        action: 'feedback',
        actor_id: user.uid,
        changes: [{ field: `remarks.${res.data.id}`, old: null, new: '请上午送达' }],
      },
    ]);
  });

  it('a refused write leaves none', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const done = await createOrder(t.deps.db, cuId, { status: 'finished' });
    const res = await t.call('customer-order/cancel', { token, body: { ids: [done.id], reason: '不要了' } });
    expect(res.code).toBe(409);
    expect(await trailOf(t, cuId)).toEqual([]);
  });

  it('approve and reject: the approver, the status, the reason', async () => {
    const t = await testApp();
    const { token, cuId, user } = await signedIn(t, { approver: true });
    const passed = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const rejected = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const audit = (body: Record<string, unknown>) =>
      t.call('customer-order/auditing', { token, body: { ...body, signature: signatureOf(user) } });
    expect((await audit({ id: passed.id, pass: true, version: 1 })).code).toBe(0);
    expect((await audit({ id: rejected.id, pass: false, reason: '数量不对', version: 1 })).code).toBe(0);
    expect(await trailOf(t, cuId, passed.id)).toMatchObject([
      {
        action: 'approve',
        actor_id: user.uid,
        reason: null,
        changes: [
          { field: 'status', old: 'pending_approval', new: 'pending_confirm' },
          {
            field: 'signature',
            old: null,
            new: {
              meaning: 'approval',
              method: 'password',
              content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
            },
          },
        ],
      },
    ]);
    expect(await trailOf(t, cuId, rejected.id)).toMatchObject([
      {
        action: 'reject',
        reason: '数量不对',
        changes: [
          { field: 'status', old: 'pending_approval', new: 'cancelled' },
          { field: 'cancel_reason', old: null, new: '数量不对' },
          { field: 'signature', old: null, new: { meaning: 'approval' } },
        ],
      },
    ]);
  });

  it('a modification request: what is asked for beside what the order holds', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const order = await createOrder(t.deps.db, cuId, { status: 'not_finished', remark: '原备注' });
    const res = await t.call('customer-order/apply-modify', {
      token,
      body: {
        id: order.id,
        kind: 'change',
        changes: { remark: '改送达时间' },
        reason: '患者复诊改期',
        version: 1,
      },
    });
    expect(res.code).toBe(0);
    expect(await trailOf(t, cuId, order.id)).toMatchObject([
      {
        action: 'apply_modify',
        reason: '患者复诊改期',
        changes: [
          { field: 'status', old: 'not_finished', new: 'not_finished' },
          { field: 'request', old: null, new: 'change' },
          { field: 'requested.remark', old: '原备注', new: '改送达时间' },
        ],
      },
    ]);
  });

  it('the history shows a request’s changes, the patient’s side masked (in free text too)', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const project = await createProject(t.deps.db, cuId);
    const order = await createOrder(t.deps.db, cuId, {
      status: 'not_finished',
      is_dtp: 1,
      to_goodstype: 1,
      to_phone: '138-0000-1111',
      pr_id: project.pr_id,
    });
    const res = await t.call('customer-order/apply-modify', {
      token,
      body: {
        id: order.id,
        kind: 'change',
        changes: { to_phone: '13900002222', remark: '请改电话 13900002222' },
        reason: '患者换号',
        version: 1,
      },
    });
    expect(res.code).toBe(0);
    // the trail keeps what was written
    const [entry] = await trailOf(t, cuId, order.id);
    expect(entry?.changes).toContainEqual({
      field: 'requested.to_phone',
      old: '138-0000-1111',
      new: '13900002222',
    });
    const history = await t.call<{ list: OrderEvent[] }>('common/get-order-handel', {
      token,
      query: { id: String(order.id) },
    });
    const asked = history.data.list.find((e) => e.kind === 'modify_requested');
    expect(asked?.changes).toEqual([
      { field: 'requested.to_phone', old: MASK, new: MASK },
      { field: 'requested.remark', old: '', new: `请改电话 ${MASK}` },
    ]);
    expect(JSON.stringify(history.data)).not.toContain('13900002222');
  });

  it('the history keeps hidden what the patient’s was under an earlier masking rule', async () => {
    const t = await testApp();
    const { cuId, user } = await signedIn(t);
    // a DTP order (the stop side masked) edited to a plain one: what was the patient's stays hidden
    const order = await createOrder(t.deps.db, cuId, {
      status: 'pending_confirm',
      is_dtp: 0,
      to_goodstype: 1,
    });
    const at = new Date('2026-11-28T03:00:00.000Z');
    await auditedTransaction(t.deps.db, at, async (_trx, audit) =>
      audit.record({
        cuId,
        recordType: 'order',
        recordId: order.id,
        action: 'edit',
        actor: { kind: 'user', id: user.uid, name: 'x' },
        changes: [
          { field: 'is_dtp', old: 1, new: 0 },
          { field: 'to_contact', old: '患者王某', new: '李收货' },
          { field: 'remark', old: '患者王某要求上午送', new: '上午送' },
        ],
      }),
    );
    const fresh = await t.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    const shown = (await historyChanges(t.deps.db, fresh, await redactorOf(t.deps.db, fresh))).get(
      at.toISOString(),
    );
    expect(shown).toEqual([
      { field: 'is_dtp', old: 1, new: 0 },
      { field: 'to_contact', old: MASK, new: MASK },
      { field: 'remark', old: `${MASK}要求上午送`, new: '上午送' },
    ]);
  });

  it('merge: the new order from its sources, and each source merged into it', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const project = await createProject(t.deps.db, cuId);
    const id = unique();
    const alike = {
      pr_id: project.pr_id,
      from_company: `仓库${id}`,
      from_address: '上海市浦东新区1号',
      to_company: `医院${id}`,
      to_address: '北京市东城区帅府园1号',
      status: 'pending_confirm' as const,
    };
    const a = await createOrder(t.deps.db, cuId, alike);
    const b = await createOrder(t.deps.db, cuId, alike);
    const res = await t.call<{ id: number; order_no: string }>('customer-order/merge', {
      token,
      body: { ids: [a.id, b.id] },
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect([res.code, res.message]).toEqual([0, 'ok']);
    const entries = await trailOf(t, cuId);
    expect(entries.map((e) => [e.record_id, e.action])).toEqual([
      [String(res.data.id), 'merge_create'],
      [String(a.id), 'merge'],
      [String(b.id), 'merge'],
    ]);
    expect(entries[0]?.changes).toEqual([{ field: 'merged_from', old: null, new: [a.order_no, b.order_no] }]);
    expect(entries[1]?.changes).toContainEqual({ field: 'merged_into', old: null, new: res.data.id });
    expect((await verifyChains(t.deps.db, { cuId })).broken).toBeNull();
  });
});
