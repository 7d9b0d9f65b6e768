import { beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../../src/contract/inventory/operations.ts';
import type { InventoryList, ReorderLevelsAnswer } from '../../../src/contract/inventory/schemas.ts';
import { signIntegration } from '../../http/signature.ts';
import { callOp, createStockLine, customerSession } from '../../testing/master-data-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

const SECRET = 'reorder-test-secret-41c9';
const app = () => testApp({ integrationSecret: SECRET });

/** `provider/reorder-levels` as the provider's systems call it (signed), or unsigned. */
function setLevels(t: TestApp, body: unknown, options: { secret?: string | null } = {}) {
  const raw = JSON.stringify(body);
  const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-timestamp': timestamp };
  if (options.secret !== null)
    headers['x-signature'] = signIntegration(options.secret ?? SECRET, timestamp, raw);
  return t.call<ReorderLevelsAnswer>('provider/reorder-levels', { raw, headers });
}

const levelOf = async (t: TestApp, inId: number) => {
  const row = await t.deps.db
    .selectFrom('inventory')
    .select('low_level')
    .where('in_id', '=', inId)
    .executeTakeFirstOrThrow();
  return row.low_level === null ? null : Number(row.low_level);
};

/** The ids of the customer's lines that `attention=low` lists. */
async function lowLines(t: TestApp, token: string) {
  const res = await callOp<InventoryList>(t, ops.stocksList, { limit: 100, attention: 'low' }, token);
  expect(res.code, res.message).toBe(0);
  return res.data.list.map((l) => l.in_id).sort((a, b) => a - b);
}

describe('provider/reorder-levels', () => {
  it('sets and clears the reorder levels of lines of several customers, and the low stock lists follow', async () => {
    const t = await app();
    const a = await customerSession(t);
    const b = await customerSession(t);
    const a1 = await createStockLine(t.deps.db, a.cuId, { quantity: 40, reserved: 10 });
    const a2 = await createStockLine(t.deps.db, a.cuId, { quantity: 500 });
    const b1 = await createStockLine(t.deps.db, b.cuId, { quantity: 5, low_level: 2 });
    expect(await lowLines(t, a.token)).toEqual([]);

    // 30 available against a level of 30: at its level is running low; 500 against 100 is not
    const set = await setLevels(t, {
      levels: [
        { in_id: a1.in_id, low_level: 30 },
        { in_id: a2.in_id, low_level: 100.5 },
        { in_id: b1.in_id, low_level: 10 },
      ],
    });
    expect([set.code, set.data]).toEqual([0, { updated: 3 }]);
    expect(await levelOf(t, a2.in_id)).toBe(100.5);
    expect(await lowLines(t, a.token)).toEqual([a1.in_id]);
    expect(await lowLines(t, b.token)).toEqual([b1.in_id]);

    const cleared = await setLevels(t, { levels: [{ in_id: a1.in_id, low_level: null }] });
    expect([cleared.code, cleared.data]).toEqual([0, { updated: 1 }]);
    expect(await levelOf(t, a1.in_id)).toBeNull();
    expect(await lowLines(t, a.token)).toEqual([]);
  });

  it('changes nothing when a line does not exist (404, the missing ids), or the body is bad (422)', async () => {
    const t = await app();
    const a = await customerSession(t);
    const line = await createStockLine(t.deps.db, a.cuId, { low_level: 7 });
    const missing = 2_000_000_000;

    const unknown = await setLevels(t, {
      levels: [
        { in_id: line.in_id, low_level: 1 },
        { in_id: missing, low_level: 1 },
      ],
    });
    expect(unknown.code).toBe(404);
    expect(unknown.data).toEqual({ missing: [missing] });
    expect(await levelOf(t, line.in_id)).toBe(7);

    for (const levels of [
      [],
      [{ in_id: line.in_id, low_level: -1 }],
      [{ in_id: line.in_id, low_level: 1e12 }],
      [{ in_id: line.in_id, low_level: '5' }],
      [{ in_id: line.in_id }],
      [
        { in_id: line.in_id, low_level: 1 },
        { in_id: line.in_id, low_level: 2 },
      ],
      Array.from({ length: 501 }, (_, i) => ({ in_id: i + 1, low_level: 1 })),
    ]) {
      const res = await setLevels(t, { levels });
      expect(res.code, JSON.stringify(levels).slice(0, 80)).toBe(422);
    }
    expect(await levelOf(t, line.in_id)).toBe(7);
  });

  it('is closed to an unsigned or wrongly signed call, and to a customer session', async () => {
    const t = await app();
    const a = await customerSession(t);
    const line = await createStockLine(t.deps.db, a.cuId);
    const body = { levels: [{ in_id: line.in_id, low_level: 3 }] };
    expect((await setLevels(t, body, { secret: null })).code).toBe(403);
    expect((await setLevels(t, body, { secret: 'not-it' })).code).toBe(403);
    const asCustomer = await t.call('provider/reorder-levels', { body, token: a.token });
    expect(asCustomer.code).toBe(403);
    expect(await levelOf(t, line.in_id)).toBeNull();
  });
});
