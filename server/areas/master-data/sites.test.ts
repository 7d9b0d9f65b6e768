import { beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../../src/contract/master-data/operations.ts';
import type { ProjectSite, SiteDetail, SiteList } from '../../../src/contract/master-data/schemas.ts';
import { callOp, createRegionTree, customerSession } from '../../testing/master-data-fixtures.ts';
import { createProject, createSite } from '../../testing/order-fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

describe('common/get-project-hospital', () => {
  it('lists a project’s sites by site number, with their city, filtered by text or pinyin initials', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const { city, district } = await createRegionTree(t.deps.db, { city: '杭州市' });
    const p = await createProject(t.deps.db, me.cuId);
    const b = await createSite(t.deps.db, me.cuId, {
      prId: p.pr_id,
      name: '浙江大学附属第一医院',
      siteNo: '02',
      regionId: district.region_id,
    });
    const a = await createSite(t.deps.db, me.cuId, {
      prId: p.pr_id,
      name: '杭州市第一人民医院',
      siteNo: '01',
      regionId: city.region_id,
    });
    await createSite(t.deps.db, me.cuId, { name: '不在项目里的医院' });
    const res = await callOp<ProjectSite[]>(t, ops.getProjectHospital, { pr_id: p.pr_id }, me.token);
    expect(res.code, res.message).toBe(0);
    expect(res.data.map((s) => [s.ho_id, s.site_no, s.city])).toEqual([
      [a.ho_id, '01', '杭州市'],
      [b.ho_id, '02', '杭州市'],
    ]);
    const byInitials = await callOp<ProjectSite[]>(
      t,
      ops.getProjectHospital,
      { pr_id: p.pr_id, keyword: 'ZJDX' },
      me.token,
    );
    expect(byInitials.data.map((s) => s.ho_id)).toEqual([b.ho_id]);
  });

  it('answers 404 for another customer’s project', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const theirs = await createProject(t.deps.db, other.cuId);
    await createSite(t.deps.db, other.cuId, { prId: theirs.pr_id });
    const res = await callOp(t, ops.getProjectHospital, { pr_id: theirs.pr_id }, me.token);
    expect([res.code, res.data]).toEqual([404, null]);
  });
});

describe('common/get-hospital', () => {
  it('answers a site with the projects it takes part in; another customer’s site is 404', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const p1 = await createProject(t.deps.db, me.cuId, { protocol_no: 'A-001' });
    const p2 = await createProject(t.deps.db, me.cuId, { protocol_no: 'B-002' });
    const site = await createSite(t.deps.db, me.cuId, { prId: p1.pr_id, siteNo: '07' });
    await t.deps.db
      .insertInto('project_sites')
      .values({ pr_id: p2.pr_id, ho_id: site.ho_id, site_no: '11' })
      .execute();
    const res = await callOp<SiteDetail>(t, ops.getHospital, { ho_id: site.ho_id }, me.token);
    expect(res.data).toMatchObject({ ho_id: site.ho_id, name: site.name, department: '肿瘤科', city: '' });
    expect(res.data.projects).toEqual([
      { pr_id: p1.pr_id, protocol_no: 'A-001', name: p1.name, site_no: '07' },
      { pr_id: p2.pr_id, protocol_no: 'B-002', name: p2.name, site_no: '11' },
    ]);
    const theirs = await createSite(t.deps.db, other.cuId);
    const foreign = await callOp(t, ops.getHospital, { ho_id: theirs.ho_id }, me.token);
    expect([foreign.code, foreign.message]).toEqual([404, 'No such site']);
    expect((await callOp(t, ops.getHospital, {}, me.token)).code).toBe(422);
  });
});

describe('common/customer-hospital', () => {
  it('pages the customer’s sites by name with a total, by keyword and by project', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const p = await createProject(t.deps.db, me.cuId);
    const names = ['A医院', 'B医院', 'C医院', 'D医院'];
    for (const [i, name] of names.entries())
      await createSite(t.deps.db, me.cuId, i < 2 ? { name, prId: p.pr_id } : { name });
    await createSite(t.deps.db, other.cuId, { name: 'A医院' });
    const first = await callOp<SiteList>(t, ops.customerHospital, { limit: 3 }, me.token);
    expect([first.data.total, first.data.list.map((s) => s.name)]).toEqual([4, names.slice(0, 3)]);
    const second = await callOp<SiteList>(t, ops.customerHospital, { limit: 3, currentPage: 2 }, me.token);
    expect(second.data.list.map((s) => s.name)).toEqual(['D医院']);
    const byProject = await callOp<SiteList>(t, ops.customerHospital, { pr_id: p.pr_id }, me.token);
    expect(byProject.data.list.map((s) => s.name)).toEqual(['A医院', 'B医院']);
    const byKeyword = await callOp<SiteList>(t, ops.customerHospital, { keyword: 'cyy' }, me.token);
    expect([byKeyword.data.total, byKeyword.data.list.map((s) => s.name)]).toEqual([1, ['C医院']]);
    const theirs = await createProject(t.deps.db, other.cuId);
    expect((await callOp(t, ops.customerHospital, { pr_id: theirs.pr_id }, me.token)).code).toBe(404);
    expect((await callOp(t, ops.customerHospital, { start: -1 }, me.token)).code).toBe(422);
  });
});

describe('common/customer-hospital: place, projects, province filter and sort', () => {
  it('answers each site’s province, city, district and its projects (only the customer’s)', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const { province, city, district } = await createRegionTree(t.deps.db, {
      province: '测试省甲',
      city: '甲城市',
      district: '甲城区',
    });
    const p1 = await createProject(t.deps.db, me.cuId, { protocol_no: 'Z-002' });
    const p2 = await createProject(t.deps.db, me.cuId, { protocol_no: 'Z-001' });
    const theirs = await createProject(t.deps.db, other.cuId, { protocol_no: 'THEIRS' });
    const site = await createSite(t.deps.db, me.cuId, {
      prId: p1.pr_id,
      siteNo: '03',
      regionId: district.region_id,
    });
    await t.deps.db
      .insertInto('project_sites')
      .values([
        { pr_id: p2.pr_id, ho_id: site.ho_id, site_no: '09' },
        { pr_id: theirs.pr_id, ho_id: site.ho_id, site_no: '99' },
      ])
      .execute();
    const inCity = await createSite(t.deps.db, me.cuId, { regionId: city.region_id });
    const res = await callOp<SiteList>(
      t,
      ops.customerHospital,
      { province_id: province.region_id },
      me.token,
    );
    expect(res.code, res.message).toBe(0);
    const byId = new Map(res.data.list.map((row) => [row.ho_id, row]));
    expect(byId.get(site.ho_id)).toMatchObject({
      province: '测试省甲',
      city: '甲城市',
      district: '甲城区',
      projects: [
        { pr_id: p2.pr_id, protocol_no: 'Z-001', site_no: '09' },
        { pr_id: p1.pr_id, protocol_no: 'Z-002', site_no: '03' },
      ],
    });
    expect(byId.get(inCity.ho_id)).toMatchObject({
      province: '测试省甲',
      city: '甲城市',
      district: '',
      projects: [],
    });
  });

  it('filters by province (sites in it or below it) and finds a site by its city’s initials', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const a = await createRegionTree(t.deps.db, { city: '嘉兴市' });
    const b = await createRegionTree(t.deps.db);
    const inA = await createSite(t.deps.db, me.cuId, { regionId: a.district.region_id });
    const inAProvince = await createSite(t.deps.db, me.cuId, { regionId: a.province.region_id });
    await createSite(t.deps.db, me.cuId, { regionId: b.district.region_id });
    await createSite(t.deps.db, me.cuId);
    const inProvince = await callOp<SiteList>(
      t,
      ops.customerHospital,
      { province_id: a.province.region_id },
      me.token,
    );
    expect(inProvince.data.list.map((s) => s.ho_id).sort()).toEqual([inA.ho_id, inAProvince.ho_id].sort());
    expect(inProvince.data.total).toBe(2);
    const byCity = await callOp<SiteList>(t, ops.customerHospital, { keyword: 'JXS' }, me.token);
    expect(byCity.data.list.map((s) => s.ho_id)).toEqual([inA.ho_id]);
    const unknown = await callOp<SiteList>(t, ops.customerHospital, { province_id: 1 }, me.token);
    expect([unknown.code, unknown.data.total]).toEqual([0, 0]);
  });

  it('sorts by a column either way, pages never overlapping', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    for (const [name, investigator] of [
      ['甲医院', '赵'],
      ['乙医院', '钱'],
      ['丙医院', '孙'],
    ] as const) {
      const site = await createSite(t.deps.db, me.cuId, { name });
      await t.deps.db.updateTable('sites').set({ investigator }).where('ho_id', '=', site.ho_id).execute();
    }
    const names = async (sort: string) =>
      (await callOp<SiteList>(t, ops.customerHospital, { sort }, me.token)).data.list.map(
        (s) => s.investigator,
      );
    const ascending = await names('investigator');
    expect(ascending).toEqual([...ascending].sort());
    expect(await names('-investigator')).toEqual([...ascending].reverse());
    const first = await callOp<SiteList>(t, ops.customerHospital, { sort: '-name', limit: 2 }, me.token);
    const second = await callOp<SiteList>(
      t,
      ops.customerHospital,
      { sort: '-name', limit: 2, start: 2 },
      me.token,
    );
    const paged = [...first.data.list, ...second.data.list].map((s) => s.name);
    expect(new Set(paged).size).toBe(3);
  });

  it('refuses an unknown sort or a bad province id with 422 naming the allowed sorts', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const bad = await callOp(t, ops.customerHospital, { sort: 'phone' }, me.token);
    expect(bad.code).toBe(422);
    expect(bad.message).toContain('name');
    expect((await callOp(t, ops.customerHospital, { province_id: 'x' }, me.token)).code).toBe(422);
  });
});
