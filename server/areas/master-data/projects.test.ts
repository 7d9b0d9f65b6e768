import { beforeAll, describe, expect, it } from 'vitest';
import * as ops from '../../../src/contract/master-data/operations.ts';
import type {
  ProjectConf,
  ProjectData,
  ProjectDetail,
  ProjectList,
  ProjectOption,
  TagList,
  TimeLimit,
} from '../../../src/contract/master-data/schemas.ts';
import { callOp, customerSession } from '../../testing/master-data-fixtures.ts';
import { createOrder, createProject, createSite } from '../../testing/order-fixtures.ts';
import { testApp, testDatabase } from '../../testing/test-app.ts';

beforeAll(() => testDatabase());

const names = (list: { name: string }[]) => list.map((p) => p.name);

describe('project pickers: common/get-user-project, common/projectsuser, common/get-user-projectadd', () => {
  it('list the customer’s own projects, active ones for new orders, all of them for filters', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const active = await createProject(t.deps.db, me.cuId, { name: '北京肿瘤三期研究' });
    const closed = await createProject(t.deps.db, me.cuId, { name: '已结束研究', status: 'closed' });
    await createProject(t.deps.db, other.cuId, { name: '别人的项目' });

    const picker = await callOp<ProjectOption[]>(t, ops.getUserProject, {}, me.token);
    expect(picker.code, picker.message).toBe(0);
    expect(picker.data).toEqual([
      {
        pr_id: active.pr_id,
        protocol_no: active.protocol_no,
        name: active.name,
        status: 'active',
        pinyin: 'bjzlsqyj',
      },
    ]);
    const all = await callOp<ProjectOption[]>(t, ops.projectsUser, { cu_id: me.cuId }, me.token);
    expect(all.data.map((p) => p.pr_id).sort()).toEqual([active.pr_id, closed.pr_id].sort());
    const add = await callOp<Array<ProjectOption & { conf: ProjectConf }>>(
      t,
      ops.getUserProjectAdd,
      {},
      me.token,
    );
    expect(add.data.map((p) => p.pr_id)).toEqual([active.pr_id]);
    expect(add.data[0]?.conf.temp_classes).toEqual(['ambient', 'chilled', 'frozen', 'deep_frozen', 'cryo']);
  });

  it('filter by name, protocol number or pinyin initials, whatever the case', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const a = await createProject(t.deps.db, me.cuId, { name: '上海心血管研究', protocol_no: 'CV-2026-01' });
    await createProject(t.deps.db, me.cuId, { name: '广州糖尿病研究', protocol_no: 'DM-2026-02' });
    for (const keyword of ['心血管', 'shxxg', 'SHXXG', 'cv-2026', ' CV-2026-01 ']) {
      const res = await callOp<ProjectOption[]>(t, ops.getUserProject, { keyword }, me.token);
      expect([keyword, res.data.map((p) => p.pr_id)]).toEqual([keyword, [a.pr_id]]);
    }
    const none = await callOp<ProjectOption[]>(t, ops.projectsUser, { keyword: '%' }, me.token);
    expect(none.data).toEqual([]);
  });

  it('projectsuser answers 404 for another customer’s cu_id', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    await createProject(t.deps.db, other.cuId);
    const res = await callOp(t, ops.projectsUser, { cu_id: other.cuId }, me.token);
    expect([res.code, res.message]).toEqual([404, 'No such customer account']);
  });
});

describe('common/customer-project', () => {
  it('pages the customer’s projects newest first, with totals, keyword, status and tag filters', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const made = [];
    for (let i = 0; i < 5; i++)
      made.push(
        await createProject(t.deps.db, me.cuId, {
          name: `项目${i}`,
          tags: i % 2 ? ['肿瘤'] : ['心血管'],
          status: i === 4 ? 'closed' : 'active',
        }),
      );
    const newestFirst = made.map((p) => p.name).reverse();
    const first = await callOp<ProjectList>(t, ops.customerProject, { start: 0, limit: 2 }, me.token);
    expect([first.data.total, names(first.data.list)]).toEqual([5, newestFirst.slice(0, 2)]);
    const third = await callOp<ProjectList>(t, ops.customerProject, { currentPage: 3, limit: 2 }, me.token);
    expect(names(third.data.list)).toEqual(newestFirst.slice(4));
    const closed = await callOp<ProjectList>(t, ops.customerProject, { status: 'closed' }, me.token);
    expect(names(closed.data.list)).toEqual(['项目4']);
    const tagged = await callOp<ProjectList>(t, ops.customerProject, { tag: '肿瘤' }, me.token);
    expect(names(tagged.data.list)).toEqual(['项目3', '项目1']);
    const keyword = await callOp<ProjectList>(t, ops.customerProject, { keyword: 'XM2' }, me.token);
    expect([keyword.data.total, names(keyword.data.list)]).toEqual([1, ['项目2']]);
  });

  it('answers 422 for bad paging, status or sort, naming the field', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const res = await callOp(t, ops.customerProject, { limit: 101, status: 'open', sort: 'pr_id' }, me.token);
    expect(res.code).toBe(422);
    expect(Object.keys(res.data as object).sort()).toEqual(['limit', 'sort', 'status']);
  });

  it('sorts by protocol number, name (pinyin), sites or orders, both ways, and by age', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const b = await createProject(t.deps.db, me.cuId, { protocol_no: 'P-10', name: '北京研究' });
    const a = await createProject(t.deps.db, me.cuId, { protocol_no: 'P-9', name: '安徽研究' });
    const c = await createProject(t.deps.db, me.cuId, { protocol_no: 'P-11', name: '成都研究' });
    await createSite(t.deps.db, me.cuId, { prId: c.pr_id });
    await createSite(t.deps.db, me.cuId, { prId: c.pr_id });
    await createSite(t.deps.db, me.cuId, { prId: a.pr_id });
    for (let i = 0; i < 3; i++) await createOrder(t.deps.db, me.cuId, { pr_id: b.pr_id });
    await createOrder(t.deps.db, me.cuId, { pr_id: a.pr_id });
    const order = async (sort: string) =>
      (await callOp<ProjectList>(t, ops.customerProject, { sort }, me.token)).data.list.map((p) => p.pr_id);
    expect(await order('protocol_no')).toEqual([a.pr_id, b.pr_id, c.pr_id]);
    expect(await order('-protocol_no')).toEqual([c.pr_id, b.pr_id, a.pr_id]);
    expect(await order('name')).toEqual([a.pr_id, b.pr_id, c.pr_id]);
    expect(await order('-site_count')).toEqual([c.pr_id, a.pr_id, b.pr_id]);
    expect(await order('-order_count')).toEqual([b.pr_id, a.pr_id, c.pr_id]);
    expect(await order('created_at')).toEqual([b.pr_id, a.pr_id, c.pr_id]);
    expect(await order('-created_at')).toEqual([c.pr_id, a.pr_id, b.pr_id]);
  });

  it('counts each project’s orders, all and still open, of this customer only', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const p = await createProject(t.deps.db, me.cuId);
    const idle = await createProject(t.deps.db, me.cuId);
    for (const status of [
      'pending_approval',
      'pending_confirm',
      'not_finished',
      'finished',
      'cancelled',
    ] as const)
      await createOrder(t.deps.db, me.cuId, { pr_id: p.pr_id, status });
    await createOrder(t.deps.db, other.cuId, { status: 'pending_confirm' });
    const res = await callOp<ProjectList>(t, ops.customerProject, {}, me.token);
    const counts = res.data.list.map((x) => [x.pr_id, x.order_count, x.open_order_count]);
    expect(counts).toEqual([
      [idle.pr_id, 0, 0],
      [p.pr_id, 5, 3],
    ]);
    const detail = await callOp<ProjectDetail>(t, ops.getProjectx, { pr_id: p.pr_id }, me.token);
    expect([detail.data.order_count, detail.data.open_order_count]).toEqual([5, 3]);
  });
});

describe('one project: get-projectx, customer-project-conf, projecttags, projectdata, to-timelimit', () => {
  it('answers a project with its configuration and number of sites', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const p = await createProject(t.deps.db, me.cuId, {
      goods_types: [1, 3],
      temp_classes: ['chilled', 'frozen'],
      order_types: ['supply', 'return'],
      required_attachments: ['packing_list', 'pod'],
      dtp_allowed: true,
      time_limit_hours: 48,
      tags: ['肿瘤', 'III期'],
    });
    await createSite(t.deps.db, me.cuId, { prId: p.pr_id });
    await createSite(t.deps.db, me.cuId, { prId: p.pr_id });
    const conf: ProjectConf = {
      pr_id: p.pr_id,
      goods_types: [1, 3],
      temp_classes: ['chilled', 'frozen'],
      order_types: ['supply', 'return'],
      required_attachments: ['packing_list', 'pod'],
      dtp_allowed: true,
      time_limit_hours: 48,
    };
    const detail = await callOp<ProjectDetail>(t, ops.getProjectx, { pr_id: p.pr_id }, me.token);
    expect(detail.data).toMatchObject({ pr_id: p.pr_id, site_count: 2, tags: ['肿瘤', 'III期'], conf });
    expect((await callOp(t, ops.customerProjectConf, { pr_id: p.pr_id }, me.token)).data).toEqual(conf);
    const tags = await callOp<TagList>(t, ops.projectTags, { pr_id: p.pr_id }, me.token);
    expect(tags.data.map((x) => x.tag).sort()).toEqual(['III期', '肿瘤'].sort());
  });

  it('projecttags without a project counts every tag over the customer’s projects', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    await createProject(t.deps.db, me.cuId, { tags: ['肿瘤', '儿科'] });
    await createProject(t.deps.db, me.cuId, { tags: ['肿瘤'] });
    const res = await callOp<TagList>(t, ops.projectTags, {}, me.token);
    expect(res.data).toEqual([
      { tag: '肿瘤', projects: 2 },
      { tag: '儿科', projects: 1 },
    ]);
  });

  it('projectdata counts the project’s orders per status', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const p = await createProject(t.deps.db, me.cuId);
    const elsewhere = await createProject(t.deps.db, me.cuId);
    for (const status of ['pending_confirm', 'pending_confirm', 'finished', 'cancelled'] as const)
      await createOrder(t.deps.db, me.cuId, { pr_id: p.pr_id, status });
    await createOrder(t.deps.db, me.cuId, { pr_id: elsewhere.pr_id, status: 'finished' });
    const res = await callOp<ProjectData>(t, ops.projectData, { pr_id: p.pr_id }, me.token);
    expect(res.data).toEqual({
      pr_id: p.pr_id,
      counts: { all: 4, pending_approval: 0, pending_confirm: 2, not_finished: 0, finished: 1, cancelled: 1 },
    });
  });

  it('to-timelimit adds the project’s limit to the pickup time; null without a limit or a pickup', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const limited = await createProject(t.deps.db, me.cuId, { time_limit_hours: 36 });
    const open = await createProject(t.deps.db, me.cuId);
    const pickup = '2026-12-01T09:30:00.000Z';
    const res = await callOp<TimeLimit>(
      t,
      ops.toTimeLimit,
      { pr_id: limited.pr_id, pickup_at: pickup },
      me.token,
    );
    expect(res.data).toEqual({
      pr_id: limited.pr_id,
      time_limit_hours: 36,
      deliver_by: '2026-12-02T21:30:00.000Z',
    });
    const noPickup = await callOp<TimeLimit>(t, ops.toTimeLimit, { pr_id: limited.pr_id }, me.token);
    expect(noPickup.data.deliver_by).toBeNull();
    const noLimit = await callOp<TimeLimit>(
      t,
      ops.toTimeLimit,
      { pr_id: open.pr_id, pickup_at: pickup },
      me.token,
    );
    expect(noLimit.data).toEqual({ pr_id: open.pr_id, time_limit_hours: null, deliver_by: null });
    const bad = await callOp(t, ops.toTimeLimit, { pr_id: limited.pr_id, pickup_at: 'tomorrow' }, me.token);
    expect(bad.code).toBe(422);
  });

  it('answers 404 for another customer’s project and an unknown one, 422 for a bad id, on every call', async () => {
    const t = await testApp();
    const me = await customerSession(t);
    const other = await customerSession(t);
    const theirs = await createProject(t.deps.db, other.cuId);
    for (const op of [
      ops.getProjectx,
      ops.customerProjectConf,
      ops.projectTags,
      ops.projectData,
      ops.toTimeLimit,
    ]) {
      const foreign = await callOp(t, op, { pr_id: theirs.pr_id }, me.token);
      expect([op.path, foreign.code, foreign.message]).toEqual([op.path, 404, 'No such project']);
      expect((await callOp(t, op, { pr_id: 2_000_000_000 }, me.token)).code).toBe(404);
      expect((await callOp(t, op, { pr_id: 'abc' }, me.token)).code).toBe(422);
    }
  });
});
