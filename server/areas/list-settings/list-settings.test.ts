import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../testing/fixtures.ts';
import { testDatabase } from '../../testing/test-app.ts';
import { LISTS_MAX, loadListSettings, saveListSettings } from './list-settings.ts';

beforeAll(() => testDatabase());

describe('saveListSettings', () => {
  it(`keeps the ${LISTS_MAX} most recently saved lists of a user and customer, and the one just saved`, async () => {
    const { db } = await testDatabase();
    const user = await createUser(db, { customers: 2 });
    const [first, second] = user.customers.map((c) => c.cu_id) as [number, number];
    const fields = [{ key: 'order_no', visible: true }];
    const start = Date.UTC(2026, 0, 1);
    await saveListSettings(
      db,
      { uid: user.uid, cuId: second, list: 'kept/on-second' },
      fields,
      new Date(start),
    );
    for (let i = 0; i <= LISTS_MAX; i++) {
      await saveListSettings(
        db,
        { uid: user.uid, cuId: first, list: `list/${i}` },
        fields,
        new Date(start + i),
      );
    }
    const on = (cuId: number, list: string) => loadListSettings(db, { uid: user.uid, cuId, list });
    expect(await on(first, 'list/0'), 'the oldest is forgotten').toBeNull();
    expect(await on(first, 'list/1')).toEqual(fields);
    expect(await on(first, `list/${LISTS_MAX}`)).toEqual(fields);
    expect(await on(second, 'kept/on-second'), 'another customer’s lists are not counted').toEqual(fields);

    // saving an old list again makes it the newest, even when its clock reading is not
    await saveListSettings(db, { uid: user.uid, cuId: first, list: 'list/0' }, fields, new Date(start));
    expect(await on(first, 'list/0')).toEqual(fields);
    expect(await on(first, 'list/1'), 'now the oldest').toBeNull();
  });

  it('works inside a transaction', async () => {
    const { db } = await testDatabase();
    const user = await createUser(db);
    const owner = { uid: user.uid, cuId: user.customers[0]!.cu_id, list: 'customer-order/index' };
    const fields = [{ key: 'status', visible: false, width: 90 }];
    await db.transaction().execute((trx) => saveListSettings(trx, owner, fields, new Date()));
    expect(await loadListSettings(db, owner)).toEqual(fields);
  });
});
