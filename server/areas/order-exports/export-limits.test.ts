import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../../src/contract/codes.ts';
import type { ExportAnswer } from '../../../src/contract/order-exports/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { IN_PROGRESS_MAX } from './jobs.ts';

/**
 * How often one user may start exports (the list's .xlsx, the central-lab template, a retry):
 * 10 starts a minute per user in one bucket, and at most 3 exports queued or being made at once.
 */
beforeAll(() => testDatabase());

async function exporter(t: TestApp) {
  const user = await createUser(t.deps.db);
  const cuId = user.customers[0]!.cu_id;
  await createOrder(t.deps.db, cuId);
  await createOrder(t.deps.db, cuId);
  return { user, cuId, token: await loginAs(t, user) };
}

const start = (t: TestApp, token: string, kind: 'xlsorder' | 'xlsjinyu' = 'xlsorder') =>
  t.call<ExportAnswer>(`customer-order/${kind}`, { token });

const jobsOf = async (t: TestApp, uid: number) =>
  Number(
    (
      await t.deps.db
        .selectFrom('export_jobs')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('uid', '=', uid)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('export starts per user', () => {
  it('are 10 a minute for both templates together (429 past it, nothing made); another user is not held', async () => {
    const t = await testApp({ rateLimits: true });
    const a = await exporter(t);
    const b = await exporter(t);
    for (let i = 0; i < 10; i++) {
      const res = await start(t, a.token, i % 2 ? 'xlsjinyu' : 'xlsorder');
      expect([res.code, res.data.mode], `start ${i + 1}`).toEqual([0, 'file']);
    }
    for (const kind of ['xlsorder', 'xlsjinyu'] as const) {
      const refused = await start(t, a.token, kind);
      expect([refused.status, refused.code]).toEqual([200, Code.tooManyRequests]);
    }
    expect(await jobsOf(t, a.user.uid)).toBe(10);
    expect((await start(t, b.token)).code).toBe(0);
    // the next minute, the user may export again
    t.advance(60_000);
    expect((await start(t, a.token)).code).toBe(0);
  });

  it(`are refused (429) while the user has ${IN_PROGRESS_MAX} exports queued or being made, and allowed once one ends`, async () => {
    const t = await testApp();
    const a = await exporter(t);
    // exports of the user's still running elsewhere (a job runner holding them for an hour)
    const running = await t.deps.db
      .insertInto('export_jobs')
      .values(
        Array.from({ length: IN_PROGRESS_MAX }, () => ({
          cu_id: a.cuId,
          uid: a.user.uid,
          kind: 'xlsorder' as const,
          filter: JSON.stringify({ status: 'all', keyword: '', lang: 'en' }),
          total: 50_000,
          name: 'Orders.xlsx',
          created_at: new Date(),
          status: 'running' as const,
          claim: randomUUID(),
          lease_until: new Date(Date.now() + 3_600_000),
          attempts: 1,
        })),
      )
      .returning('id')
      .execute();
    const refused = await start(t, a.token, 'xlsjinyu');
    expect([refused.code, refused.message]).toEqual([
      Code.tooManyRequests,
      'Your earlier exports are still being made: please try again when one of them is done',
    ]);
    expect(await jobsOf(t, a.user.uid)).toBe(IN_PROGRESS_MAX);
    // another user is not held by them
    const b = await exporter(t);
    expect((await start(t, b.token)).code).toBe(0);

    await t.deps.db
      .updateTable('export_jobs')
      .set({ status: 'done', claim: null, lease_until: null, finished_at: new Date() })
      .where('id', '=', running[0]!.id)
      .execute();
    expect((await start(t, a.token)).code).toBe(0);

    // eight starts at once: each is made or refused with 429, and every one made is listed
    const before = await jobsOf(t, b.user.uid);
    const answers = await Promise.all(Array.from({ length: 8 }, () => start(t, b.token)));
    const codes = answers.map((r) => r.code);
    expect(
      codes.every((c) => c === 0 || c === Code.tooManyRequests),
      codes.join(','),
    ).toBe(true);
    expect(await jobsOf(t, b.user.uid)).toBe(before + codes.filter((c) => c === 0).length);
  });
});
