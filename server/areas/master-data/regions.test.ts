import { beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../../src/contract/master-data/operations.ts';
import type { Region, RegionInfo } from '../../../src/contract/master-data/schemas.ts';
import { callOp, createRegionTree, customerSession } from '../../testing/master-data-fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

describe('the region tree: provice, get-city, childcity, get-city-list, check-region-info', () => {
  it('walks province → city → district', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const { province, city, district } = await createRegionTree(t.deps.db, { city: '无锡市' });
    const provinces = await callOp<Region[]>(t, ops.provinces, {}, me.token);
    expect(provinces.code, provinces.message).toBe(0);
    expect(provinces.data.every((r) => r.level === 1)).toBe(true);
    expect(provinces.data.map((r) => r.region_id)).toContain(province.region_id);
    const cities = await callOp<Region[]>(t, ops.getCity, { province_id: province.region_id }, me.token);
    expect(cities.data).toEqual([
      expect.objectContaining({
        region_id: city.region_id,
        parent_id: province.region_id,
        level: 2,
        name: '无锡市',
        pinyin: 'wxs',
      }),
    ]);
    const districts = await callOp<Region[]>(t, ops.childCity, { parent_id: city.region_id }, me.token);
    expect(districts.data.map((r) => r.region_id)).toEqual([district.region_id]);
    expect(
      (await callOp<Region[]>(t, ops.childCity, { parent_id: district.region_id }, me.token)).data,
    ).toEqual([]);
  });

  it('get-city-list finds cities by name or pinyin initials with their province', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const { province, city } = await createRegionTree(t.deps.db, { city: '连云港市' });
    for (const keyword of ['连云港', 'LYGS']) {
      const res = await callOp<Array<Region & { province: string }>>(
        t,
        ops.getCityList,
        { keyword },
        me.token,
      );
      expect(res.data.map((c) => [c.region_id, c.province])).toContainEqual([city.region_id, province.name]);
      expect(res.data.every((c) => c.level === 2)).toBe(true);
    }
  });

  it('check-region-info gives the path and whether the district is served', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const served = await createRegionTree(t.deps.db);
    const remote = await createRegionTree(t.deps.db, { districtServed: false });
    const ok = await callOp<RegionInfo>(
      t,
      ops.checkRegionInfo,
      { region_id: served.district.region_id },
      me.token,
    );
    expect(ok.data).toEqual({
      region_id: served.district.region_id,
      level: 3,
      name: served.district.name,
      path: [served.province.name, served.city.name, served.district.name],
      served: true,
    });
    const no = await callOp<RegionInfo>(
      t,
      ops.checkRegionInfo,
      { region_id: remote.district.region_id },
      me.token,
    );
    expect(no.data.served).toBe(false);
    const cityOnly = await callOp<RegionInfo>(
      t,
      ops.checkRegionInfo,
      { region_id: remote.city.region_id },
      me.token,
    );
    expect([cityOnly.data.path.length, cityOnly.data.served]).toEqual([2, true]);
  });

  it('answers 404 for an unknown region, for get-city of a city, and 422 for a bad id', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const { city } = await createRegionTree(t.deps.db);
    expect((await callOp(t, ops.checkRegionInfo, { region_id: 1 }, me.token)).code).toBe(404);
    expect((await callOp(t, ops.childCity, { parent_id: 1 }, me.token)).code).toBe(404);
    const notProvince = await callOp(t, ops.getCity, { province_id: city.region_id }, me.token);
    expect([notProvince.code, notProvince.message]).toEqual([404, 'No such province']);
    expect((await callOp(t, ops.checkRegionInfo, { region_id: '0' }, me.token)).code).toBe(422);
    expect((await callOp(t, ops.getCity, {}, me.token)).code).toBe(422);
  });
});
