import { beforeAll, describe, expect, it } from 'vitest';
import type { OrderList } from '../../../src/contract/orders/schemas.ts';
import { createOrder, createProject, createSite } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testDatabase, unique } from '../../testing/test-app.ts';
import { MASK } from './masking.ts';
import { signedIn } from '../../testing/order-test-helpers.ts';

beforeAll(() => testDatabase());

const list = (t: TestApp, token: string, query: Record<string, string> = {}) =>
  t.call<OrderList>('customer-order/index', { token, query });

async function listOk(t: TestApp, token: string, query: Record<string, string> = {}) {
  const res = await list(t, token, query);
  expect([res.code, res.message]).toEqual([0, 'ok']);
  return res.data;
}

const at = (minutes: number) => new Date(Date.UTC(2026, 5, 1, 4, 0) + minutes * 60_000);
let nextRegion = 900_000 + Math.floor(Math.random() * 90_000) * 10;
async function city(t: TestApp, name: string) {
  nextRegion += 1;
  await t.deps.db.insertInto('regions').values({ region_id: nextRegion, level: 2, name }).execute();
  return nextRegion;
}

describe('customer-order/index', () => {
  it('lists only the session customer’s orders, newest first, with project, site and cities', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const other = await signedIn(t);
    const project = await createProject(t.deps.db, cuId, {
      name: '肺癌三期研究',
      protocol_no: unique('PR-'),
    });
    const site = await createSite(t.deps.db, cuId, { prId: project.pr_id, name: '北京协和医院' });
    const shanghai = await city(t, '上海市');
    const beijing = await city(t, '北京市');
    const older = await createOrder(t.deps.db, cuId, {}, at(0));
    const newer = await createOrder(
      t.deps.db,
      cuId,
      { pr_id: project.pr_id, ho_id: site.ho_id, from_city_id: shanghai, to_city_id: beijing },
      at(5),
    );
    await createOrder(t.deps.db, other.cuId, {}, at(10));

    const page = await listOk(t, token);
    expect(page.total).toBe(2);
    expect(page.list.map((o) => o.id)).toEqual([newer.id, older.id]);
    expect(page.list[0]).toMatchObject({
      order_no: newer.order_no,
      project_name: '肺癌三期研究',
      protocol_no: project.protocol_no,
      site_name: '北京协和医院',
      from_city: '上海市',
      to_city: '北京市',
      status: 'pending_confirm',
      version: 1,
      created_at: at(5).toISOString(),
    });
    expect(page.list[1]).toMatchObject({ project_name: '', site_name: '', from_city: '', to_city: '' });
    expect(page.counts).toEqual({
      all: 2,
      pending_approval: 0,
      pending_confirm: 2,
      not_finished: 0,
      finished: 0,
      cancelled: 0,
    });
  });

  it('filters by status; the counts follow every filter but the status', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const project = await createProject(t.deps.db, cuId);
    const db = t.deps.db;
    await createOrder(db, cuId, { status: 'pending_approval', pr_id: project.pr_id });
    const finished = await createOrder(db, cuId, { status: 'finished', pr_id: project.pr_id });
    await createOrder(db, cuId, { status: 'finished', pr_id: project.pr_id, temp_class: 'frozen' });
    await createOrder(db, cuId, { status: 'cancelled' });

    const tab = await listOk(t, token, {
      status: 'finished',
      pr_id: String(project.pr_id),
      temp_class: 'chilled',
    });
    expect(tab.list.map((o) => o.id)).toEqual([finished.id]);
    expect(tab.total).toBe(1);
    expect(tab.counts).toEqual({
      all: 2,
      pending_approval: 1,
      pending_confirm: 0,
      not_finished: 0,
      finished: 1,
      cancelled: 0,
    });
    const all = await listOk(t, token);
    expect(all.counts).toMatchObject({ all: 4, finished: 2, cancelled: 1, pending_approval: 1 });
  });

  it('filters by order type, excursion, documents and creation day (China time, both ends included)', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const dtp = await createOrder(db, cuId, { order_type: 'dtp' }, new Date('2026-03-01T16:30:00Z')); // 3-02 in China
    const hot = await createOrder(db, cuId, {}, new Date('2026-03-02T15:59:00Z')); // 3-02 23:59 in China
    const late = await createOrder(db, cuId, {}, new Date('2026-03-02T16:00:00Z')); // 3-03 in China
    await db
      .updateTable('orders')
      .set({ excursion: 'high', attachment_status: 'rejected' })
      .where('id', '=', hot.id)
      .execute();
    await db.updateTable('orders').set({ excursion: 'low' }).where('id', '=', late.id).execute();

    const ids = async (query: Record<string, string>) =>
      (await listOk(t, token, query)).list.map((o) => o.id);
    expect(await ids({ order_type: 'dtp' })).toEqual([dtp.id]);
    expect(await ids({ excursion: 'high' })).toEqual([hot.id]);
    expect(await ids({ excursion: 'any' })).toEqual([late.id, hot.id]);
    expect(await ids({ excursion: 'none' })).toEqual([dtp.id]);
    expect(await ids({ attachment_status: 'rejected' })).toEqual([hot.id]);
    expect(await ids({ date_from: '2026-03-02', date_to: '2026-03-02' })).toEqual([hot.id, dtp.id]);
    expect(await ids({ date_from: '2026-03-03' })).toEqual([late.id]);
    expect(await ids({ date_to: '2026-03-01' })).toEqual([]);
  });

  it('finds by keyword in the order number, parties, project and site, case-insensitively', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const project = await createProject(db, cuId, { protocol_no: unique('ONC-') });
    const a = await createOrder(db, cuId, { pr_id: project.pr_id });
    const b = await createOrder(db, cuId, { to_company: 'Peking Union Hospital' });
    const c = await createOrder(db, cuId);
    const ids = async (keyword: string) => (await listOk(t, token, { keyword })).list.map((o) => o.id);
    expect(await ids(a.order_no)).toEqual([a.id]);
    expect(await ids(project.protocol_no.toLowerCase())).toEqual([a.id]);
    expect(await ids('peking UNION')).toEqual([b.id]);
    expect(await ids(c.to_contact)).toEqual([c.id]);
    expect(await ids('  ')).toHaveLength(3);
    const found = await listOk(t, token, { keyword: a.order_no });
    expect(found.counts.all, 'the counts follow the keyword').toBe(1);
  });

  it('finds by the names of the project, site and cities the same orders as the order’s searchable text, never by a masked party', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const other = await signedIn(t);
    const db = t.deps.db;
    const project = await createProject(db, cuId, { protocol_no: unique('KW-'), name: unique('肝癌研究') });
    const site = await createSite(db, cuId, { name: unique('协和医院') });
    // another customer's project and site of the same names find none of its orders here
    await createProject(db, other.cuId, { protocol_no: project.protocol_no, name: project.name });
    const otherSite = await createSite(db, other.cuId, { name: site.name });
    const town = await city(t, unique('关键市'));
    const patient = unique('患者');
    const byProject = await createOrder(db, cuId, { pr_id: project.pr_id });
    const bySite = await createOrder(db, cuId, { ho_id: site.ho_id });
    const fromTown = await createOrder(db, cuId, { from_city_id: town });
    const toTown = await createOrder(db, cuId, { to_city_id: town });
    // the site's name in a masked party: not found by it; the order's own site still is
    const maskedOnly = await createOrder(db, cuId, {
      order_type: 'dtp',
      is_dtp: 1,
      to_company: `${site.name}病房`,
      to_contact: patient,
    });
    const maskedAtSite = await createOrder(db, cuId, {
      order_type: 'dtp',
      is_dtp: 1,
      ho_id: site.ho_id,
      to_contact: patient,
    });
    const partyOnly = await createOrder(db, cuId, { from_company: `${site.name}药房` });
    await createOrder(db, cuId);
    await createOrder(db, other.cuId, { ho_id: otherSite.ho_id });

    // `search_text` (order number, unmasked parties, project, site and city names) says what matched before
    const texts = await db
      .selectFrom('orders')
      .select(['id', 'search_text'])
      .where('cu_id', '=', cuId)
      .execute();
    const before = (keyword: string) =>
      texts
        .filter((o) => o.search_text.includes(keyword.toLowerCase()))
        .map((o) => o.id)
        .sort((a, b) => a - b);
    const found = async (keyword: string) => {
      const page = await listOk(t, token, { keyword, limit: '50' });
      expect(page.counts.all, `the counts of ${keyword} follow the list`).toBe(page.list.length);
      return page.list.map((o) => o.id).sort((a, b) => a - b);
    };
    const cases: Array<[string, number[]]> = [
      [project.protocol_no.toUpperCase(), [byProject.id]],
      [project.name.slice(2), [byProject.id]],
      [site.name, [bySite.id, maskedAtSite.id, partyOnly.id]],
      ['肿瘤科', [bySite.id, maskedAtSite.id]],
      [
        String(
          (
            await db
              .selectFrom('regions')
              .select('name')
              .where('region_id', '=', town)
              .executeTakeFirstOrThrow()
          ).name,
        ),
        [fromTown.id, toTown.id],
      ],
      [patient, []],
      [`${site.name}病房`, []],
    ];
    for (const [keyword, ids] of cases) {
      const want = [...ids].sort((a, b) => a - b);
      expect(before(keyword), `search_text finds ${keyword}`).toEqual(want);
      expect(await found(keyword), `the list finds ${keyword}`).toEqual(want);
    }
    expect(await found(patient)).not.toContain(maskedOnly.id);

    // a renamed project is found by its new name at once
    const renamed = unique('新名研究');
    await db.updateTable('projects').set({ name: renamed }).where('pr_id', '=', project.pr_id).execute();
    expect(await found(renamed)).toEqual([byProject.id]);
  });

  it('takes % and _ in a keyword literally', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const percent = await createOrder(db, cuId, { to_company: '100%纯度实验室' });
    await createOrder(db, cuId, { to_company: '100克实验室' });
    const underscore = await createOrder(db, cuId, { to_company: 'LAB_ONE' });
    await createOrder(db, cuId, { to_company: 'LABXONE' });
    const ids = async (keyword: string) => (await listOk(t, token, { keyword })).list.map((o) => o.id);
    expect(await ids('100%')).toEqual([percent.id]);
    expect(await ids('lab_one')).toEqual([underscore.id]);
    expect(await ids('%')).toEqual([percent.id]);
  });

  it('masks the patient side of DTP orders and never finds them by a masked value', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const patient = unique('患者');
    const toPatient = await createOrder(db, cuId, {
      order_type: 'dtp',
      is_dtp: 1,
      to_contact: patient,
      to_company: `${patient}家`,
    });
    const fromPatient = await createOrder(db, cuId, {
      order_type: 'return',
      is_dtp: 3,
      from_contact: `${patient}回`,
    });
    const sample = await createOrder(db, cuId, { is_dtp: 1, to_goodstype: 2, to_contact: `${patient}样本` });

    const rows = (await listOk(t, token)).list;
    const row = (id: number) => rows.find((o) => o.id === id)!;
    expect(row(toPatient.id)).toMatchObject({ to_contact: MASK, to_company: MASK });
    expect(row(toPatient.id).from_company).toBe(toPatient.from_company);
    expect(row(fromPatient.id)).toMatchObject({ from_contact: MASK, from_company: MASK });
    expect(row(fromPatient.id).to_contact).toBe(fromPatient.to_contact);
    expect(row(sample.id).to_contact, 'samples to a lab are not masked').toBe(`${patient}样本`);
    expect(JSON.stringify(rows)).not.toContain(`${patient}家`);

    const search = await listOk(t, token, { keyword: patient });
    expect(
      search.list.map((o) => o.id),
      'only the unmasked sample order matches',
    ).toEqual([sample.id]);
    expect(search.counts.all).toBe(1);
    expect((await listOk(t, token, { keyword: `${patient}回` })).total).toBe(0);
  });

  it('counts a keyword’s matches up to the cap, says so, and still pages past it', async () => {
    const t = await testApp({ orderCountCap: 3 });
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const site = unique('华西医院');
    const matches = [];
    for (let i = 0; i < 5; i++) matches.push(await createOrder(db, cuId, { to_company: site }, at(i)));
    const finished = await createOrder(db, cuId, { to_company: site, status: 'finished' }, at(5));
    await createOrder(db, cuId, {}, at(6));
    const newestFirst = [finished, ...[...matches].reverse()].map((o) => o.id);

    const first = await listOk(t, token, { keyword: site, limit: '2' });
    expect(first.counts_capped).toBe(true);
    expect(first.counts.all, 'all stops at the cap').toBe(3);
    const statuses = Object.entries(first.counts)
      .filter(([key]) => key !== 'all')
      .map(([, n]) => n);
    expect(Math.max(...statuses), 'no status above the cap').toBeLessThanOrEqual(3);
    expect(
      statuses.reduce((sum, n) => sum + n, 0),
      'the statuses count the orders read (the cap, and one more to know there are more)',
    ).toBeGreaterThanOrEqual(3);
    expect(first.total).toBe(3);
    expect(first.list.map((o) => o.id)).toEqual(newestFirst.slice(0, 2));

    const past = await listOk(t, token, { keyword: site, start: '4', limit: '2' });
    expect(
      past.list.map((o) => o.id),
      'a page past the cap is served',
    ).toEqual(newestFirst.slice(4, 6));
    expect(past.total, 'total covers the rows sent').toBe(6);
    expect(past.counts_capped).toBe(true);

    const tab = await listOk(t, token, { keyword: site, status: 'finished' });
    expect(
      tab.list.map((o) => o.id),
      'a tab’s rows whatever its lower bound',
    ).toEqual([finished.id]);
    expect(tab.total).toBeGreaterThanOrEqual(1);

    const exact = await listOk(t, token, { keyword: site, sort: 'order_no', limit: '2' });
    expect(
      exact.list.map((o) => o.id),
      'other sorts too',
    ).toEqual(
      [finished, ...matches]
        .sort((a, b) => a.order_no.localeCompare(b.order_no))
        .slice(0, 2)
        .map((o) => o.id),
    );
    const none = await listOk(t, token);
    expect(none.counts_capped, 'the kept counts are exact: no cap without a keyword').toBeUndefined();
    expect(none.counts.all).toBe(7);
  });

  it('counts exactly, without the flag, while the matches stay within the cap', async () => {
    const t = await testApp({ orderCountCap: 3 });
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const site = unique('协和医院');
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await createOrder(db, cuId, { to_company: site }, at(i)));
    await db.updateTable('orders').set({ status: 'finished' }).where('id', '=', made[0]!.id).execute();
    const page = await listOk(t, token, { keyword: site, start: '1', limit: '1' });
    expect(page).not.toHaveProperty('counts_capped');
    expect(page.counts).toMatchObject({ all: 3, pending_confirm: 2, finished: 1 });
    expect(page.total).toBe(3);
    expect(page.list.map((o) => o.id)).toEqual([made[1]!.id]);
    expect((await listOk(t, token, { keyword: site, start: '3' })).list).toEqual([]);
  });

  it('sorts by the allowed keys both ways and pages with start and limit (or currentPage)', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const db = t.deps.db;
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(await createOrder(db, cuId, { pickup_at: i === 2 ? null : at(100 - i) }, at(i)));
    const ids = async (query: Record<string, string>) =>
      (await listOk(t, token, query)).list.map((o) => o.id);
    const byCreation = made.map((o) => o.id);
    expect(await ids({ sort: 'created_at' })).toEqual(byCreation);
    expect(await ids({})).toEqual([...byCreation].reverse());
    expect(await ids({ sort: 'order_no' })).toEqual(
      [...made].sort((a, b) => a.order_no.localeCompare(b.order_no)).map((o) => o.id),
    );
    const pickup = [made[4]!, made[3]!, made[1]!, made[0]!].map((o) => o.id);
    expect(await ids({ sort: 'pickup_at' }), 'no pickup time last').toEqual([...pickup, made[2]!.id]);
    expect(await ids({ sort: '-pickup_at' })).toEqual([...pickup.reverse(), made[2]!.id]);

    const statuses = [
      'cancelled',
      'not_finished',
      'pending_approval',
      'finished',
      'pending_confirm',
    ] as const;
    for (const [i, order] of made.entries())
      await db.updateTable('orders').set({ status: statuses[i]! }).where('id', '=', order.id).execute();
    const lifeOrder = [made[2]!, made[4]!, made[1]!, made[3]!, made[0]!].map((o) => o.id);
    expect(await ids({ sort: 'status' }), 'statuses in their life order').toEqual(lifeOrder);
    expect(await ids({ sort: '-status' })).toEqual([...lifeOrder].reverse());

    const page = await listOk(t, token, { sort: 'created_at', start: '2', limit: '2' });
    expect(page.list.map((o) => o.id)).toEqual(byCreation.slice(2, 4));
    expect(page.total).toBe(5);
    expect(await ids({ sort: 'created_at', currentPage: '3', limit: '2' })).toEqual(byCreation.slice(4));
    expect(await ids({ start: '5' })).toEqual([]);
  });

  it('answers the same to POST with a JSON body, and to a POST without one', async () => {
    const t = await testApp();
    const { token, cuId } = await signedIn(t);
    const first = await createOrder(t.deps.db, cuId, { status: 'finished' });
    await createOrder(t.deps.db, cuId);
    const res = await t.call<OrderList>('customer-order/index', {
      token,
      body: { status: 'finished', limit: 5 },
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data.list.map((o) => o.id)).toEqual([first.id]);
    const bare = await t.call<OrderList>('customer-order/index', { token, method: 'POST' });
    expect(bare.code, bare.message).toBe(0);
    expect(bare.data.total).toBe(2);
  });

  it('refuses bad input with 422 and field messages, and needs a session', async () => {
    const t = await testApp();
    const { token } = await signedIn(t);
    const queries: Array<Record<string, string>> = [
      { limit: '101' },
      { start: '-1' },
      { status: 'lost' },
      { sort: 'search_text' },
      { date_from: '2026-3-1' },
      { excursion: 'extreme' },
      { due: 'tomorrow' },
      { unknown: '1' },
      { keyword: 'x'.repeat(101) },
    ];
    for (const query of queries) {
      const res = await list(t, token, query);
      expect([Object.keys(query)[0], res.code]).toEqual([Object.keys(query)[0], 422]);
    }
    const bad = await list(t, token, { limit: '101' });
    expect(bad.data).toHaveProperty('limit');
    expect((await t.call('customer-order/index')).code).toBe(598);
  });
});

describe('customer-order/index with due', () => {
  it('lists undelivered orders due later today (China day) or late (before now), never both, counting every tab from the rows', async () => {
    const t = await testApp();
    // 2026-06-03 07:00 in China is still 2026-06-02 in UTC
    const now = new Date('2026-06-03T07:00:00+08:00');
    t.advance(now.getTime() - t.deps.now().getTime());
    const { token, cuId } = await signedIn(t);
    const other = await signedIn(t);
    const db = t.deps.db;
    const due = (deliverBy: string, options: Parameters<typeof createOrder>[2] = {}) =>
      createOrder(db, cuId, {
        status: 'not_finished',
        milestone: 'in_transit',
        deliver_by: new Date(`${deliverBy}:00+08:00`),
        ...options,
      });
    const earlyToday = await due('2026-06-03T06:00'); // late (no longer due "today")
    const tonight = await due('2026-06-03T23:30'); // today
    const yesterday = await due('2026-06-02T23:30'); // late
    const waiting = await due('2026-06-01T12:00', { status: 'pending_confirm', milestone: 'none' }); // late
    await due('2026-06-04T00:00'); // tomorrow
    await due('2026-06-02T10:00', { milestone: 'delivered' });
    await due('2026-06-02T10:00', { status: 'finished', milestone: 'delivered' });
    await due('2026-06-02T10:00', { status: 'cancelled' });
    await createOrder(db, cuId, { status: 'not_finished', deliver_by: null });
    await createOrder(db, other.cuId, {
      status: 'not_finished',
      milestone: 'in_transit',
      deliver_by: new Date('2026-06-02T10:00:00+08:00'),
    });

    const today = await listOk(t, token, { due: 'today', sort: 'deliver_by' });
    expect(today.list.map((o) => o.id)).toEqual([tonight.id]);
    expect(today.counts).toMatchObject({ all: 1, not_finished: 1 });
    const late = await listOk(t, token, { due: 'late', sort: 'deliver_by' });
    expect(late.list.map((o) => o.id)).toEqual([waiting.id, yesterday.id, earlyToday.id]);
    expect(late.counts).toEqual({
      all: 3,
      pending_approval: 0,
      pending_confirm: 1,
      not_finished: 2,
      finished: 0,
      cancelled: 0,
    });
    const paged = await listOk(t, token, { due: 'late', sort: '-deliver_by', start: '1', limit: '1' });
    expect([paged.total, paged.list.map((o) => o.id)]).toEqual([3, [yesterday.id]]);
    const moving = await listOk(t, token, { due: 'late', status: 'not_finished' });
    expect(moving.total).toBe(2);
    expect(moving.list.map((o) => o.id).sort()).toEqual([yesterday.id, earlyToday.id].sort());
  });
});
