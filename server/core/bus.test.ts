import { beforeAll, describe, expect, it } from 'vitest';
import { testDatabase } from '../testing/test-app.ts';
import { notify } from './bus.ts';

beforeAll(() => testDatabase());

describe("the bus on PGlite (PGlite's own notifications)", () => {
  it('delivers a message sent in a transaction when it commits, and never one rolled back', async () => {
    const { db, bus } = await testDatabase();
    expect([bus.kind, bus.up]).toEqual(['in-process', true]);
    const heard: string[] = [];
    const off = bus.on('exports', (payload) => heard.push(payload));
    try {
      await db.transaction().execute(async (trx) => {
        await notify(trx, 'exports', 'committed');
        await trx.selectNoFrom((eb) => eb.val(1).as('one')).execute();
        expect(heard, 'not before the commit').toEqual([]);
      });
      expect(heard).toEqual(['committed']);
      await db
        .transaction()
        .execute(async (trx) => {
          await notify(trx, 'exports', 'rolled back');
          throw new Error('abort');
        })
        .catch(() => {});
      await notify(db, 'sessions', 'another topic');
      await notify(db, 'exports', 'plain');
      expect(heard).toEqual(['committed', 'plain']);
    } finally {
      off();
    }
  });
});
