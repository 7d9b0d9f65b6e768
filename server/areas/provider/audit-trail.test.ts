import { beforeAll, describe, expect, it } from 'vitest';
import { signIntegration } from '../../http/signature.ts';
import { createUser } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { verifyChains } from '../audit/verify.ts';

beforeAll(() => testDatabase());

const SECRET = 'provider-audit-secret-41c9';

/** A signed provider call (its body's timestamp moves on a second each, so no call is a replay). */
function signed(t: TestApp, name: string, body: unknown) {
  t.advance(1000);
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  const headers = {
    'content-type': 'application/json',
    'x-timestamp': timestamp,
    'x-signature': signIntegration(SECRET, timestamp, raw),
  };
  return t.call(`provider/${name}`, { raw, headers });
}

const trail = (t: TestApp, cuId: number) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'actor_kind', 'actor_name', 'reason', 'changes'])
    .where('cu_id', '=', cuId)
    .orderBy('seq')
    .execute();

describe('the provider’s writes in the audit trail (issue 30)', () => {
  it('confirm, milestone, readings, track and sign: each by the provider (its operator), old → new', async () => {
    const t = await testApp({ integrationSecret: SECRET });
    const u = await createUser(t.deps.db);
    const cuId = u.customers[0]!.cu_id;
    const o = await createOrder(t.deps.db, cuId, {
      status: 'pending_confirm',
      boxes: [{ box_type: '2-8°C 保温箱', logger_id: 'LG-A1', weight_kg: 5 }],
    });
    expect((await signed(t, 'confirm', { order_no: o.order_no, operator: '调度 王' })).code).toBe(0);
    expect(
      (
        await signed(t, 'milestone', {
          order_no: o.order_no,
          milestone: 'picked_up',
          at: '2026-11-20T09:30:00+08:00',
        })
      ).code,
    ).toBe(0);
    const readings = [4.1, 4.5].map((celsius, i) => ({ at: `2026-11-20T0${i}:00:00Z`, celsius }));
    expect((await signed(t, 'readings', { order_no: o.order_no, logger_id: 'LG-A1', readings })).code).toBe(
      0,
    );
    expect(
      (
        await signed(t, 'track', {
          order_no: o.order_no,
          points: [{ at: '2026-11-20T01:00:00Z', lat: 31.2, lng: 121.5 }],
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await signed(t, 'sign', {
          order_no: o.order_no,
          sign_name: '李药师',
          signed_at: '2026-11-21T15:20:00+08:00',
        })
      ).code,
    ).toBe(0);

    const entries = await trail(t, cuId);
    expect(entries.map((e) => e.action)).toEqual(['confirm', 'milestone', 'readings', 'track', 'sign']);
    expect(entries.every((e) => e.actor_kind === 'provider')).toBe(true);
    expect(entries[0]).toMatchObject({
      actor_name: '调度 王',
      changes: [
        { field: 'status', old: 'pending_confirm', new: 'not_finished' },
        { field: 'milestone', old: 'none', new: 'confirmed' },
      ],
    });
    expect(entries[1]?.changes).toEqual([{ field: 'milestone', old: 'confirmed', new: 'picked_up' }]);
    expect(entries[2]?.changes).toEqual([
      { field: 'readings', old: null, new: { logger_id: 'LG-A1', stored: 2 } },
    ]);
    expect(entries[4]?.changes).toEqual([
      { field: 'status', old: 'not_finished', new: 'finished' },
      { field: 'milestone', old: 'picked_up', new: 'delivered' },
      { field: 'sign_name', old: null, new: '李药师' },
      { field: 'signed_at', old: null, new: '2026-11-21T07:20:00.000Z' },
    ]);
    // readings already stored add nothing, and leave no entry
    expect((await signed(t, 'readings', { order_no: o.order_no, logger_id: 'LG-A1', readings })).code).toBe(
      0,
    );
    expect(await trail(t, cuId)).toHaveLength(5);
    expect((await verifyChains(t.deps.db, { cuId })).broken).toBeNull();
  });
});
