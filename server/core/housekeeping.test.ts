import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportAnswer } from '../../src/contract/order-exports/schemas.ts';
import { KEEP_DAYS } from '../areas/order-exports/jobs.ts';
import { IDEMPOTENCY_KEEP_MS } from '../areas/orders/housekeeping.ts';
import { signedIn } from '../testing/order-test-helpers.ts';
import { loginAs } from '../testing/fixtures.ts';
import { createOrder, createProject } from '../testing/order-fixtures.ts';
import { type TestApp, testApp, unique } from '../testing/test-app.ts';
import { areaChores } from '../areas/index.ts';
import { runChores } from './housekeeping.ts';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});

const keysOf = async (uid: number) =>
  (
    await t.deps.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('uid', '=', uid)
      .orderBy('key')
      .execute()
  ).map((r) => r.key);

describe('housekeeping', () => {
  it('finds every area’s chores by file name', async () => {
    const names = (await areaChores()).map((c) => c.name);
    expect(names).toEqual(
      expect.arrayContaining(['idempotency keys', 'old exports', 'files never attached']),
    );
  });

  it('forgets Idempotency-Keys older than a week and keeps the fresh ones', async () => {
    const { user, cuId } = await signedIn(t);
    let token = await loginAs(t, user);
    const project = await createProject(t.deps.db, cuId);
    const alike = {
      pr_id: project.pr_id,
      from_company: `仓库${unique()}`,
      from_address: '上海市浦东新区1号',
      to_company: `医院${unique()}`,
      to_address: '北京市东城区帅府园1号',
    };
    const merge = async (key: string) => {
      const a = await createOrder(t.deps.db, cuId, alike);
      const b = await createOrder(t.deps.db, cuId, alike);
      const res = await t.call('customer-order/merge', {
        token,
        body: { ids: [a.id, b.id] },
        headers: { 'Idempotency-Key': key },
      });
      expect(res.code, res.message).toBe(0);
    };
    const old = `old-${randomUUID()}`;
    const fresh = `new-${randomUUID()}`;
    await merge(old);
    t.advance(IDEMPOTENCY_KEEP_MS - 60 * 60_000);
    token = await loginAs(t, user); // sessions end after 7 days
    await merge(fresh);
    expect(await keysOf(user.uid)).toEqual([fresh, old].sort());

    const removed = await runChores(
      t.deps,
      await areaChores(),
      new Date(t.deps.now().getTime() + 2 * 60 * 60_000),
    );
    expect(removed['idempotency keys']).toBeGreaterThanOrEqual(1);
    expect(await keysOf(user.uid)).toEqual([fresh]);
  });

  it('deletes exports older than 30 days with their files, and keeps newer ones', async () => {
    const { user, token, cuId } = await signedIn(t);
    await createOrder(t.deps.db, cuId);
    const made = await t.call<ExportAnswer>('customer-order/xlsorder', { token });
    const job = await t.deps.db
      .selectFrom('export_jobs')
      .select(['storage_key', 'deleted_at'])
      .where('id', '=', made.data.job_id as number)
      .executeTakeFirstOrThrow();
    const key = job.storage_key as string;

    await runChores(
      t.deps,
      await areaChores(),
      new Date(t.deps.now().getTime() + (KEEP_DAYS - 1) * 24 * 60 * 60_000),
    );
    expect(() => t.deps.storage.open(key)).not.toThrow();

    await runChores(
      t.deps,
      await areaChores(),
      new Date(t.deps.now().getTime() + (KEEP_DAYS + 1) * 24 * 60 * 60_000),
    );
    expect(() => t.deps.storage.open(key)).toThrow();
    const after = await t.deps.db
      .selectFrom('export_jobs')
      .select('deleted_at')
      .where('uid', '=', user.uid)
      .executeTakeFirstOrThrow();
    expect(after.deleted_at).not.toBeNull();
  });
});
