import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import type { Operation } from '../../src/contract/operation.ts';
import { contractOperations } from '../testing/contract.ts';
import { createUser, loginAs } from '../testing/fixtures.ts';
import { CALL_SECRET, callOperation } from '../testing/operation-call.ts';
import { type TestApp, testApp, testDatabase } from '../testing/test-app.ts';

/**
 * `__proto__`, `constructor` and `prototype` are refused as input names (400) on every call of the
 * contract, however the call takes its input (query, JSON, form, multipart); the calls are found
 * from the contract's declarations, not listed here.
 */
const RESERVED = ['__proto__', 'constructor', 'prototype'];

let t: TestApp;
let token = '';
let operations: Operation[] = [];

beforeAll(async () => {
  await testDatabase();
  t = await testApp({ integrationSecret: CALL_SECRET });
  token = await loginAs(t, await createUser(t.deps.db));
  operations = await contractOperations();
});

/** The calls of `method` that do not answer 400 for each reserved name sent as `value`. */
async function accepting(method: 'GET' | 'POST', value: unknown): Promise<string[]> {
  const wrong: string[] = [];
  for (const op of operations.filter((o) => o.method === method)) {
    for (const key of RESERVED) {
      const res = await callOperation(t, op, [[key, value]], token);
      if (res.status !== 200 || res.code !== Code.badRequest) wrong.push(`${op.id} ${key}: ${res.code}`);
    }
  }
  return wrong;
}

describe('reserved input names', () => {
  it('every GET call of the contract answers 400 for ?__proto__=1, ?constructor=1 and ?prototype=1', async () => {
    expect(operations.filter((o) => o.method === 'GET').length).toBeGreaterThan(60);
    expect(await accepting('GET', '1')).toEqual([]);
  }, 60_000);

  it('every POST call of the contract answers 400 for them as body fields, in its encoding', async () => {
    expect(await accepting('POST', { polluted: 1 })).toEqual([]);
  }, 60_000);

  it('a reserved name deep in a JSON body is 400 as well, and an unknown name stays a 422 on its field', async () => {
    const draft = operations.find((o) => o.id === 'POST customer-order/save-draft-box')!;
    const nested = await callOperation(
      t,
      draft,
      [['data', JSON.parse('{"remark":"x","__proto__":{"a":1}}')]],
      token,
    );
    expect([nested.status, nested.code]).toEqual([200, Code.badRequest]);
    const list = operations.find((o) => o.id === 'GET customer-order/index')!;
    const unknown = await callOperation(t, list, [['pages', '1']], token);
    expect([unknown.code, Object.keys(unknown.data as object)]).toEqual([Code.invalid, ['pages']]);
  });
});
