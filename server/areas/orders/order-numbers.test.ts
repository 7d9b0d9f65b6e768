import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../testing/fixtures.ts';
import { cloneOrders } from '../../testing/bulk-orders.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { testDatabase } from '../../testing/test-app.ts';
import { orderDigits, roundTables } from './order-numbers.ts';

const digitsOf = (orderNo: string) => Number(orderNo.slice(-6));

describe('order numbers (issue 27: not guessable from the date and the count)', () => {
  it('are LP + the day + 6 digits that do not follow one another, unique however they are made', {
    timeout: 60_000,
  }, async () => {
    const { db } = await testDatabase();
    const user = await createUser(db);
    const cuId = user.customers[0]!.cu_id;
    const at = new Date('2026-11-22T17:30:00Z');
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await createOrder(db, cuId, {}, at)).order_no);
    for (const no of made) expect(no).toMatch(/^LP20261123\d{6}$/);
    // one known number does not name the next (they were sequential: …000041, …000042)
    const steps = [digitsOf(made[1]!) - digitsOf(made[0]!), digitsOf(made[2]!) - digitsOf(made[1]!)];
    expect(steps).not.toEqual([1, 1]);
    // bulk copies (tests, benchmarks) draw from the same sequence and key: no number twice
    const clones = await cloneOrders(db, (await createOrder(db, cuId, {}, at)).id, 200, at);
    const numbers = await db.selectFrom('orders').select('order_no').where('id', 'in', clones).execute();
    const all = new Set([...made, ...numbers.map((r) => r.order_no)]);
    expect(all.size).toBe(made.length + clones.length);
  });

  it('are a permutation of all 10⁶ digit strings, different for another key', { timeout: 60_000 }, () => {
    const key = roundTables(randomBytes(32));
    const seen = new Uint8Array(1_000_000);
    let distinct = 0;
    for (let n = 0; n < 1_000_000; n++) {
      const digits = Number(orderDigits(key, n));
      if (seen[digits] === 0) distinct++;
      seen[digits] = 1;
    }
    expect(distinct).toBe(1_000_000);
    // the sequence value wraps at 10⁶ as the digits did before
    expect(orderDigits(key, 1_000_007)).toBe(orderDigits(key, 7));
    // consecutive values land far apart
    let neighbours = 0;
    for (let n = 0; n < 1000; n++) {
      if (Math.abs(Number(orderDigits(key, n + 1)) - Number(orderDigits(key, n))) <= 1) neighbours++;
    }
    expect(neighbours).toBeLessThan(5);
    const other = roundTables(randomBytes(32));
    const same = Array.from({ length: 100 }, (_, n) => orderDigits(key, n) === orderDigits(other, n));
    expect(same.filter(Boolean).length).toBeLessThan(5);
  });
});
