import { beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../../src/contract/master-data/operations.ts';
import type { RegionMatch, RegionUsage } from '../../../src/contract/master-data/schemas.ts';
import {
  callOp,
  createAddress,
  createRegionTree,
  customerSession,
} from '../../testing/master-data-fixtures.ts';
import { createSite } from '../../testing/order-fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

describe('common/region-search', () => {
  it('finds a district by its pinyin initials with the province and city above it', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const { province, city, district } = await createRegionTree(t.deps.db, {
      city: '测试湖州市',
      district: '测试吴兴区',
    });
    const res = await callOp<RegionMatch[]>(t, ops.regionSearch, { keyword: 'CSWXQ' }, me.token);
    expect(res.code, res.message).toBe(0);
    expect(res.data.find((r) => r.region_id === district.region_id)).toEqual({
      region_id: district.region_id,
      parent_id: city.region_id,
      level: 3,
      name: '测试吴兴区',
      name_en: expect.any(String),
      pinyin: 'cswxq',
      served: true,
      ancestors: [province.region_id, city.region_id],
      path: [province.name, '测试湖州市', '测试吴兴区'],
    });
    const byName = await callOp<RegionMatch[]>(t, ops.regionSearch, { keyword: '测试湖州' }, me.token);
    expect(byName.data.map((r) => [r.region_id, r.ancestors])).toEqual([
      [city.region_id, [province.region_id]],
    ]);
  });

  it('lists provinces before cities before districts, at most 50', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const res = await callOp<RegionMatch[]>(t, ops.regionSearch, { keyword: '区' }, me.token);
    expect(res.data.length).toBeLessThanOrEqual(50);
    const levels = res.data.map((r) => r.level);
    expect(levels).toEqual([...levels].sort());
  });

  it('refuses an empty or too long keyword with 422, and answers 401 without a session', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    expect((await callOp(t, ops.regionSearch, { keyword: '  ' }, me.token)).code).toBe(422);
    expect((await callOp(t, ops.regionSearch, { keyword: 'x'.repeat(101) }, me.token)).code).toBe(422);
    expect((await callOp(t, ops.regionSearch, {}, me.token)).code).toBe(422);
    expect((await callOp(t, ops.regionSearch, { keyword: 'bj' }, '')).code).not.toBe(0);
  });
});

describe('common/region-usage', () => {
  it('counts the customer’s sites and addresses per region and every region above it', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const { province, city, district } = await createRegionTree(t.deps.db);
    await createSite(t.deps.db, me.cuId, { regionId: district.region_id });
    await createSite(t.deps.db, me.cuId, { regionId: city.region_id });
    await createAddress(t.deps.db, me.cuId, { region_id: district.region_id });
    await createAddress(t.deps.db, me.cuId, { region_id: district.region_id, deleted: true });
    await createSite(t.deps.db, other.cuId, { regionId: district.region_id });
    await createAddress(t.deps.db, other.cuId, { region_id: district.region_id });
    const res = await callOp<RegionUsage[]>(t, ops.regionUsage, {}, me.token);
    expect(res.code, res.message).toBe(0);
    expect(res.data).toEqual([
      { region_id: province.region_id, sites: 2, addresses: 1 },
      { region_id: city.region_id, sites: 2, addresses: 1 },
      { region_id: district.region_id, sites: 1, addresses: 1 },
    ]);
  });

  it('answers [] for a customer with nothing placed', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    await createSite(t.deps.db, me.cuId);
    const res = await callOp<RegionUsage[]>(t, ops.regionUsage, {}, me.token);
    expect([res.code, res.data]).toEqual([0, []]);
  });
});
