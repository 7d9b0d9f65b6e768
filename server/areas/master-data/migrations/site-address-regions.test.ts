import { beforeAll, describe, expect, it } from 'vitest';
import { createSite } from '../../../testing/order-fixtures.ts';
import { createAddress, createRegionTree, customerSession } from '../../../testing/master-data-fixtures.ts';
import { testApp, testDatabase } from '../../../testing/test-app.ts';
import { up } from './2026-12-02T0001-site-address-regions.ts';

beforeAll(() => testDatabase());

describe('migration 2026-12-02T0001-site-address-regions', () => {
  it('gives a site’s address without a region its site’s district, and leaves every other address alone', async () => {
    const t = await testApp();
    const db = t.deps.db;
    const me = await customerSession(t);
    const { city, district } = await createRegionTree(db);
    const other = await createRegionTree(db);
    const site = await createSite(db, me.cuId, { regionId: district.region_id });
    const bare = await createSite(db, me.cuId);
    const missing = await createAddress(db, me.cuId, { ho_id: site.ho_id, region_id: null });
    const named = await createAddress(db, me.cuId, {
      ho_id: site.ho_id,
      region_id: other.district.region_id,
    });
    const noSite = await createAddress(db, me.cuId, { region_id: null });
    const siteWithout = await createAddress(db, me.cuId, { ho_id: bare.ho_id, region_id: null });
    const cityOnly = await createAddress(db, me.cuId, { region_id: city.region_id });

    await up(db as never);
    const regionOf = async (adId: number) =>
      (
        await db
          .selectFrom('addresses')
          .select('region_id')
          .where('ad_id', '=', adId)
          .executeTakeFirstOrThrow()
      ).region_id;
    expect(await regionOf(missing.ad_id)).toBe(district.region_id);
    expect(await regionOf(named.ad_id)).toBe(other.district.region_id);
    expect(await regionOf(noSite.ad_id)).toBeNull();
    expect(await regionOf(siteWithout.ad_id)).toBeNull();
    expect(await regionOf(cityOnly.ad_id)).toBe(city.region_id);
  });
});
