import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProviderCliIo, runProviderCli } from './provider-cli.ts';
import { createUser } from './testing/fixtures.ts';
import { createStockLine } from './testing/master-data-fixtures.ts';
import { createOrder, makeOldest } from './testing/order-fixtures.ts';
import { type ServedTestApp, serveTestApp, type TestApp, testApp, testDatabase } from './testing/test-app.ts';

beforeAll(() => testDatabase());

const SECRET = 'provider-cli-secret-3a9';

describe('npm run provider against a running portal', () => {
  let t: TestApp;
  let served: ServedTestApp;
  let url = '';
  beforeAll(async () => {
    t = await testApp({ integrationSecret: SECRET });
    served = await serveTestApp(t);
    url = served.url;
  });
  afterAll(() => served.close());

  /** Runs one command; each run a second later than the last, as a person typing would. */
  let clock = Date.now();
  async function run(args: string[], env: Record<string, string> = {}) {
    const lines = { out: [] as string[], err: [] as string[] };
    clock += 1000;
    const io: ProviderCliIo = {
      env: { PORTAL_URL: url, INTEGRATION_SECRET: SECRET, ...env },
      out: (l) => lines.out.push(l),
      err: (l) => lines.err.push(l),
      now: () => new Date(clock),
    };
    return { status: await runProviderCli(args, io), ...lines };
  }

  /**
   * An order of a new customer, changed longest ago: `open` lists the orders whose last change is
   * oldest first, and the worker's database holds other test files' open orders too.
   */
  async function order(options: Parameters<typeof createOrder>[2] = {}) {
    const u = await createUser(t.deps.db);
    const made = await createOrder(t.deps.db, u.customers[0]!.cu_id, options);
    await makeOldest(t.deps.db, [made.id]);
    return made;
  }
  const row = (id: number) =>
    t.deps.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('moves an order through its life: confirm, milestones, readings, sign', async () => {
    const o = await order({ boxes: [{ box_type: '2-8°C 保温箱', logger_id: 'TL-CLI-1', weight_kg: 6 }] });
    const listed = await run(['open']);
    expect(listed.status).toBe(0);
    expect(listed.out.find((l) => l.startsWith(o.order_no))).toContain('TL-CLI-1');

    const confirmed = await run(['confirm', o.order_no]);
    expect([confirmed.status, confirmed.out]).toEqual([
      0,
      [`${o.order_no}: not_finished, milestone confirmed, excursion none, version 2`],
    ]);
    expect((await run(['milestone', o.order_no, 'picked_up', '--location', '上海市浦东新区'])).status).toBe(
      0,
    );
    const readings = await run(['readings', o.order_no, 'TL-CLI-1', '5.2', '5.8', '13.5', '--every', '40']);
    expect(readings.out[0]).toContain('excursion high');
    expect(readings.out[0]).toContain('3 new readings');
    const signed = await run(['sign', o.order_no, '王药师']);
    expect(signed.out[0]).toContain('finished, milestone delivered');
    const after = await row(o.id);
    expect(after).toMatchObject({ status: 'finished', sign_name: '王药师', excursion: 'high' });
    const events = await t.deps.db
      .selectFrom('order_events')
      .select('kind')
      .where('order_id', '=', o.id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.kind)).toEqual([
      'created',
      'confirmed',
      'picked_up',
      'reading_excursion',
      'signed',
    ]);
  });

  it('answers a modification request', async () => {
    const o = await order({ status: 'not_finished' });
    const m = await t.deps.db
      .insertInto('order_modifications')
      .values({ order_id: o.id, kind: 'cancel', changes: '{}', reason: '受试者退出' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await run(['open'])).out.find((l) => l.startsWith(o.order_no))).toContain(
      `request #${m.id} (cancel)`,
    );
    const res = await run(['answer-modify', o.order_no, String(m.id), 'accept', '已拦截']);
    expect(res.status).toBe(0);
    expect(res.out[0]).toContain('cancelled');
  });

  it('makes a supplier link: the page address a carrier opens, which takes one answer', async () => {
    const o = await order();
    const res = await run(['supplier-link', o.order_no, 'pickup', '顺丰', '冷运', '--hours', '24']);
    expect(res.status, res.err.join('\n')).toBe(0);
    const address = new URL(res.out[0]!);
    expect(address.origin + address.pathname).toBe(`${url}/supplier-allback`);
    expect(res.out[1]).toMatch(/^valid until \d{4}-.*; it takes one answer$/);
    const link = address.searchParams.get('link')!;
    const shown = await t.call<{ state: string; task: { party: string; order_no: string } }>(
      'supplier/task',
      {
        query: { link },
      },
    );
    expect(shown.data).toMatchObject({ state: 'open', task: { party: '顺丰 冷运', order_no: o.order_no } });
    expect((await run(['supplier-link', o.order_no, 'unload', 'x'])).status).toBe(2);
    expect((await run(['supplier-link', o.order_no, 'pickup'])).status).toBe(2);
    const closed = await order({ status: 'finished' });
    const refused = await run(['supplier-link', closed.order_no, 'delivery', 'x']);
    expect([refused.status, refused.err[0]]).toEqual([
      1,
      'refused (409): This task of the order is not open: no link can be made for it',
    ]);
  });

  it('says why a call was refused and exits 1', async () => {
    const o = await order({ status: 'finished' });
    const res = await run(['confirm', o.order_no]);
    expect(res.status).toBe(1);
    expect(res.err[0]).toBe('refused (409): Only an order waiting for confirmation can be confirmed');
    expect(res.err[1]).toContain(`${o.order_no}: finished`);
    const wrong = await run(['confirm', o.order_no], { INTEGRATION_SECRET: 'another-secret' });
    expect(wrong.status).toBe(1);
    expect(wrong.err.join('\n')).toContain("same as the portal's");
    const bad = await run(['milestone', o.order_no, 'beamed']);
    expect(bad.status).toBe(1);
    expect(bad.err.join('\n')).toContain('milestone: Must be one of picked_up');
  });

  it('prints the usage for a missing or unknown command or argument (exit 2), and needs the secret', async () => {
    expect((await run([])).status).toBe(2);
    const unknown = await run(['teleport', 'LP1']);
    expect([unknown.status, unknown.err[0]]).toEqual([2, 'unknown command: teleport']);
    expect((await run(['sign', 'LP20260101000001'])).status).toBe(2);
    expect((await run(['answer-modify', 'LP20260101000001', '7', 'maybe'])).status).toBe(2);
    const noSecret = await run(['open'], { INTEGRATION_SECRET: '' });
    expect([noSecret.status, noSecret.err[0]]).toEqual([
      2,
      'INTEGRATION_SECRET is not set: give this command the same secret as the running portal.',
    ]);
  });

  it('says so when no portal answers', async () => {
    const res = await run(['open'], { PORTAL_URL: 'http://127.0.0.1:9' });
    expect(res.status).toBe(1);
    expect(res.err[0]).toMatch(/^no portal answers at http:\/\/127\.0\.0\.1:9 .*npm start/);
  });
  it('sets and clears reorder levels, and names a line that does not exist', async () => {
    const u = await createUser(t.deps.db);
    const a = await createStockLine(t.deps.db, u.customers[0]!.cu_id);
    const b = await createStockLine(t.deps.db, u.customers[0]!.cu_id, { low_level: 4 });
    const level = async (inId: number) =>
      (
        await t.deps.db
          .selectFrom('inventory')
          .select('low_level')
          .where('in_id', '=', inId)
          .executeTakeFirstOrThrow()
      ).low_level;
    const sent = await run(['reorder-levels', `${a.in_id}=12.5`, `${b.in_id}=none`]);
    expect([sent.status, sent.out]).toEqual([0, ['reorder levels: 2 lines updated']]);
    expect([Number(await level(a.in_id)), await level(b.in_id)]).toEqual([12.5, null]);
    const refused = await run(['reorder-levels', `${a.in_id}=3`, '2000000000=1']);
    expect([refused.status, refused.err]).toEqual([
      1,
      ['refused (404): No such stock line', '  no such line: 2000000000'],
    ]);
    expect(Number(await level(a.in_id))).toBe(12.5);
    expect((await run(['reorder-levels', `${a.in_id}=lots`])).status).toBe(2);
  });

  it('sends the list of stations from a JSON file and says what changed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-stations-'));
    try {
      const file = path.join(dir, 'stations.json');
      const code = `CLI-${Date.now()}`;
      const station = {
        code,
        kind: 'depot',
        name: '成都双流测试仓',
        region_id: 510116,
        address: '成都市双流区测试路 1 号',
        phone: '028-0000 0000',
        hours: [{ from_day: 1, to_day: 7, open: '00:00', close: '24:00' }],
        temp_classes: ['chilled'],
      };
      writeFileSync(file, JSON.stringify({ stations: [station] }));
      const sent = await run(['stations', file]);
      expect(sent.status).toBe(0);
      expect(sent.out[0]).toMatch(/^stations: 1 added, 0 updated, \d+ hidden$/);
      writeFileSync(file, JSON.stringify([{ ...station, region_id: 510000 }]));
      const refused = await run(['stations', file]);
      expect([refused.status, refused.err]).toEqual([
        1,
        [
          'refused (422): Place a station on a city or district of the region tree',
          '  stations.0.region_id: Place a station on a city or district of the region tree',
        ],
      ]);
      writeFileSync(file, 'not json');
      expect((await run(['stations', file])).status).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
