import { beforeAll, describe, expect, it } from 'vitest';
import * as inventory from '../../../src/contract/inventory/operations.ts';
import * as masterData from '../../../src/contract/master-data/operations.ts';
import { type Operation, operationsIn } from '../../../src/contract/operation.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { callOp, customerSession } from '../../testing/master-data-fixtures.ts';
import { createProject } from '../../testing/order-fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

/** Every customer call of the two areas; the provider's (signed) reorder levels have their own tests. */
const all: Operation[] = [...operationsIn(masterData), ...operationsIn(inventory)].filter(
  (op) => op.auth !== 'signed',
);

describe('master data and inventory: who may call', () => {
  it('every call needs a session: 598 without a token, 463 while a password change is forced', async () => {
    const t = await testApp();
    const forced = await loginAs(t, await createUser(t.deps.db, { passFlag: 1 }));
    expect(all).toHaveLength(39);
    expect(
      operationsIn(inventory)
        .filter((op) => op.auth === 'signed')
        .map((op) => op.path),
    ).toEqual(['provider/reorder-levels']);
    for (const op of all) {
      expect([op.path, (await callOp(t, op, {})).code]).toEqual([op.path, 598]);
      expect([op.path, (await callOp(t, op, {}, forced)).code]).toEqual([op.path, 463]);
    }
  });

  it('a session without a customer account sees no projects, sites, addresses or stock', async () => {
    const t = await testApp();
    const someone = await customerSession(t);
    await createProject(t.deps.db, someone.cuId);
    const token = await loginAs(t, await createUser(t.deps.db, { customers: 0 }));
    const empty = { list: [], total: 0 };
    expect((await callOp(t, masterData.customerProject, {}, token)).data).toEqual(empty);
    expect((await callOp(t, masterData.getUserProject, {}, token)).data).toEqual([]);
    expect((await callOp(t, masterData.customerHospital, {}, token)).data).toEqual(empty);
    expect((await callOp(t, masterData.customerAddress, {}, token)).data).toEqual(empty);
    expect((await callOp(t, masterData.regionUsage, {}, token)).data).toEqual([]);
    expect((await callOp(t, inventory.stocksList, {}, token)).data).toEqual(empty);
    const address = {
      kind: 'start',
      company: '无客户的公司',
      contact: '某人',
      phone: '13800000000',
      region_id: 1,
      address: '某路 1 号',
    };
    expect((await callOp(t, masterData.addressCreate, address, token)).code, 'no address book').toBe(404);
  });
});
