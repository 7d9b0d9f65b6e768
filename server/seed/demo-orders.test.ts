import { authenticate } from '../areas/accounts/sessions.ts';
import { checkSigner } from '../areas/signatures/check.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATUSES,
  ORDER_TYPES,
  TEMP_CLASSES,
  EXCURSION_LEVELS,
  ATTACHMENT_STATUSES,
  MILESTONES,
} from '../../src/contract/orders/domain.ts';
import type { OpenedDatabase } from '../db/database.ts';
import { migratedMemoryDatabase } from '../testing/pglite-template.ts';
import { assessReadings } from '../areas/orders/excursion.ts';
import { createApp } from '../app.ts';
import { OutboxSmsSender } from '../areas/accounts/sms.ts';
import { loadConfig } from '../config.ts';
import { testStorage } from '../testing/test-app.ts';
import { seedBase } from './base.ts';
import { seedDemo } from './demo.ts';
import { demoAttachmentStatus, type DemoOrdersSummary } from './demo-orders.ts';
import { OfflineBus } from '../core/bus.ts';
import type { Overview } from '../../src/contract/orders/overview.ts';
import { CASE_STATES } from '../../src/contract/excursions/domain.ts';
import { verifyChains } from '../areas/audit/verify.ts';

/**
 * The clock of this file's seed and app: now, or three hours ago in China's last two hours of the
 * day, when "due later today" has too little of the day left to stay true while the tests run (a
 * clean clone at 23:40 China time found none).
 */
const CLOCK_OFFSET = (() => {
  const hour = Number(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', hourCycle: 'h23' }).format(
      new Date(),
    ),
  );
  return hour >= 22 ? 3 * 60 * 60 * 1000 : 0;
})();
const clock = () => new Date(Date.now() - CLOCK_OFFSET);

/** The demo's order data, seeded once into a database of this file's own (it takes seconds). */
let database: OpenedDatabase;
let summary: DemoOrdersSummary;
let seconds = 0;
beforeAll(async () => {
  database = await migratedMemoryDatabase();
  await seedBase(database.db, { servicePhone: '400-000-0000', serviceWebsite: 'https://example.test' });
  await seedDemo(database.db, {
    orders: { storage: testStorage(), now: clock() },
    onOrders: (s, ms) => {
      summary = s;
      seconds = ms / 1000;
    },
  });
}, 120_000);
afterAll(() => database.close());

describe('the demo order data', () => {
  it('covers every status, type, temperature class, milestone, excursion level and attachment status', async () => {
    const db = database.db;
    expect(summary.orders).toBeGreaterThanOrEqual(300);
    expect(summary.sites).toBeGreaterThanOrEqual(30);
    expect(seconds).toBeLessThan(60);
    const distinct = async (
      column: 'status' | 'order_type' | 'temp_class' | 'excursion' | 'attachment_status' | 'milestone',
    ) => (await db.selectFrom('orders').select(column).distinct().execute()).map((r) => r[column]).sort();
    expect(await distinct('status')).toEqual([...ORDER_STATUSES].sort());
    expect(await distinct('order_type')).toEqual([...ORDER_TYPES].sort());
    expect(await distinct('temp_class')).toEqual([...TEMP_CLASSES].sort());
    expect(await distinct('excursion')).toEqual([...EXCURSION_LEVELS].sort());
    expect(await distinct('attachment_status')).toEqual([...ATTACHMENT_STATUSES].sort());
    expect(await distinct('milestone')).toEqual([...MILESTONES].sort());
    // both masking rules, and the patient's name is not searchable
    const dtp = await db
      .selectFrom('orders')
      .select(['is_dtp', 'to_contact', 'from_contact', 'search_text'])
      .where('is_dtp', '<>', 0)
      .execute();
    expect([...new Set(dtp.map((o) => o.is_dtp))].sort()).toEqual([1, 3]);
    for (const o of dtp) {
      const patient = o.is_dtp === 1 ? o.to_contact : o.from_contact;
      expect(o.search_text).not.toContain(patient);
    }
  });

  it("gives demo's default customer orders in every status, and an approver", async () => {
    const db = database.db;
    const demo = await db
      .selectFrom('users')
      .innerJoin('user_customers', 'user_customers.uid', 'users.uid')
      .innerJoin('customers', 'customers.cu_id', 'user_customers.cu_id')
      .select([
        'customers.cu_id',
        'customers.identifier',
        'customers.requires_approval',
        'user_customers.can_approve',
        'users.default_cu_id',
      ])
      .where('users.ur_account', '=', 'demo')
      .execute();
    const home = demo.find((c) => c.cu_id === c.default_cu_id)!;
    expect(home).toMatchObject({ requires_approval: true, can_approve: true });
    const statuses = await db
      .selectFrom('orders')
      .select('status')
      .distinct()
      .where('cu_id', '=', home.cu_id)
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual([...ORDER_STATUSES].sort());
    const multi = await db
      .selectFrom('orders')
      .innerJoin('user_customers', 'user_customers.cu_id', 'orders.cu_id')
      .innerJoin('users', 'users.uid', 'user_customers.uid')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('users.ur_account', '=', 'multi')
      .executeTakeFirstOrThrow();
    expect(Number(multi.n)).toBeGreaterThan(100);
  });

  it('keeps each order consistent: events match the status, attachment status and excursion follow the rows', async () => {
    const db = database.db;
    const orders = await db
      .selectFrom('orders')
      .leftJoin('projects', 'projects.pr_id', 'orders.pr_id')
      .select([
        'orders.id',
        'orders.status',
        'orders.temp_class',
        'orders.excursion',
        'orders.attachment_status',
        'orders.milestone',
        'orders.version',
        'projects.required_attachments',
      ])
      .execute();
    const group = <T extends { order_id: number }>(rows: T[]) => {
      const map = new Map<number, T[]>();
      for (const row of rows) map.set(row.order_id, [...(map.get(row.order_id) ?? []), row]);
      return map;
    };
    const attachments = group(
      await db.selectFrom('order_attachments').select(['order_id', 'kind', 'status', 'file_id']).execute(),
    );
    const events = group(
      await db
        .selectFrom('order_events')
        .select(['order_id', 'kind', 'status_to', 'at'])
        .orderBy('at')
        .orderBy('id')
        .execute(),
    );
    const readings = group(
      await db.selectFrom('order_readings').select(['order_id', 'logger_id', 'at', 'celsius']).execute(),
    );
    const files = new Set((await db.selectFrom('files').select('file_id').execute()).map((f) => f.file_id));
    for (const o of orders) {
      const mine = attachments.get(o.id) ?? [];
      expect(o.attachment_status, `order ${o.id}`).toBe(
        demoAttachmentStatus(o.required_attachments ?? [], mine),
      );
      for (const a of mine) expect(files.has(a.file_id)).toBe(true);
      const log = events.get(o.id) ?? [];
      expect(log[0]?.kind).toBe('created');
      const lastMove = log.filter((e) => e.status_to).at(-1);
      expect(lastMove?.status_to, `order ${o.id}`).toBe(o.status);
      // readings are data: the event of an excursion they raise keeps the version (provider/readings)
      expect(o.version).toBe(log.filter((e) => e.kind !== 'reading_excursion').length);
      const r = (readings.get(o.id) ?? []).map((x) => ({
        logger_id: x.logger_id,
        at: x.at,
        celsius: Number(x.celsius),
      }));
      expect(o.excursion).toBe(assessReadings(r, o.temp_class).level);
      if (o.status === 'finished') expect(log.map((e) => e.kind)).toContain('signed');
      if (o.status === 'not_finished' && o.milestone !== 'confirmed') expect(r.length).toBeGreaterThan(0);
    }
    // every attachment state and both file types are there, and the stored bytes are real documents
    const states = await db.selectFrom('order_attachments').select('status').distinct().execute();
    expect(states.map((s) => s.status).sort()).toEqual(['approved', 'pending', 'rejected']);
    const kinds = await db.selectFrom('files').select(['media_type', 'storage_key']).distinct().execute();
    expect(new Set(kinds.map((k) => k.media_type))).toEqual(new Set(['application/pdf', 'image/png']));
    const pdf = kinds.find((k) => k.media_type === 'application/pdf')!;
    const head: Buffer[] = [];
    for await (const chunk of testStorage().open(pdf.storage_key)) head.push(chunk as Buffer);
    expect(Buffer.concat(head).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('has inventory with batches near expiry, track points for moving orders and open modification requests', async () => {
    const db = database.db;
    const soon = new Date(Date.now() + 60 * 24 * 3_600_000);
    const near = await db
      .selectFrom('inventory')
      .select('in_id')
      .where('expiry', '<', soon)
      .where('goods_type', '=', 1)
      .execute();
    expect(near.length).toBeGreaterThan(0);
    const moving = await db
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'not_finished')
      .where('milestone', 'in', ['picked_up', 'in_transit', 'out_for_delivery'])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('order_track')
              .select('order_id')
              .whereRef('order_track.order_id', '=', 'orders.id'),
          ),
        ),
      )
      .execute();
    expect(moving).toEqual([]);
    const open = await db
      .selectFrom('order_modifications')
      .select('id')
      .where('status', '=', 'pending')
      .execute();
    expect(open.length).toBeGreaterThan(0);
    const merges = await db
      .selectFrom('order_sources')
      .innerJoin('orders as s', 's.id', 'order_sources.source_id')
      .innerJoin('orders as t', 't.id', 'order_sources.order_id')
      .select(['s.status as source_status', 's.merged_into', 't.id as target', 't.status as target_status'])
      .execute();
    expect(merges.length).toBeGreaterThanOrEqual(4);
    for (const m of merges) {
      expect(m).toMatchObject({
        source_status: 'cancelled',
        merged_into: m.target,
        target_status: 'pending_confirm',
      });
    }
  });
});

describe('the demo’s excursion cases', () => {
  it('are in every state, within and over budget, opened by readings, with the goods held and a signed decision', async () => {
    const db = database.db;
    const home = await db
      .selectFrom('users')
      .select(['uid', 'default_cu_id'])
      .where('ur_account', '=', 'demo')
      .executeTakeFirstOrThrow();
    const cases = await db
      .selectFrom('excursion_cases')
      .selectAll()
      .where('cu_id', '=', home.default_cu_id!)
      .orderBy('id')
      .execute();
    expect([...new Set(cases.map((c) => c.state))].sort()).toEqual([...CASE_STATES].sort());
    expect(cases.map((c) => c.budget)).toEqual(expect.arrayContaining(['within', 'over']));
    // every other customer has none (only the demo user's customer is given cases)
    const others = await db
      .selectFrom('excursion_cases')
      .select('id')
      .where('cu_id', '<>', home.default_cu_id!)
      .execute();
    expect(others).toEqual([]);
    const decided = cases.filter((c) => c.decision !== null);
    expect(decided.map((c) => [c.state, c.decision, c.decided_by])).toEqual(
      expect.arrayContaining([
        ['closed', 'release', home.uid],
        ['decided', 'quarantine', home.uid],
      ]),
    );
    for (const c of decided) expect(c.signature_id).not.toBeNull();
    // opened by the readings' call: each has its `open` entry by the portal and its goods on lines of their own
    const opened = await db
      .selectFrom('audit_entries')
      .select('record_id')
      .where('record_type', '=', 'excursion')
      .where('action', '=', 'open')
      .execute();
    expect(opened.map((e) => Number(e.record_id)).sort((a, b) => a - b)).toEqual(cases.map((c) => c.id));
    const holds = await db
      .selectFrom('excursion_lines as l')
      .innerJoin('excursion_cases as c', 'c.id', 'l.case_id')
      .innerJoin('inventory as i', 'i.in_id', 'l.in_id')
      .select(['c.state', 'c.decision', 'i.hold'])
      .where('c.cu_id', '=', home.default_cu_id!)
      .execute();
    expect(holds.length).toBeGreaterThanOrEqual(cases.length);
    for (const h of holds)
      expect(h.hold).toBe(h.decision === 'release' ? 'none' : h.decision ? 'quarantined' : 'on_hold');
    // the audit trail the cases wrote holds together
    expect((await verifyChains(db)).broken).toBeNull();
  });
});

describe('the demo’s places', () => {
  it('name districts, as the editor and the address book do: every order’s two sides and every address', async () => {
    const db = database.db;
    const levels = async (column: 'from_city_id' | 'to_city_id') =>
      (
        await db
          .selectFrom('orders')
          .leftJoin('regions', 'regions.region_id', `orders.${column}`)
          .select((eb) => [eb.fn.countAll<string>().as('n'), 'regions.level'])
          .groupBy('regions.level')
          .execute()
      ).map((r) => [r.level, Number(r.n) > 0]);
    expect(await levels('from_city_id')).toEqual([[3, true]]);
    expect(await levels('to_city_id')).toEqual([[3, true]]);
    const addresses = await db
      .selectFrom('addresses')
      .leftJoin('regions', 'regions.region_id', 'addresses.region_id')
      .select(['addresses.company', 'addresses.ho_id', 'regions.level'])
      .execute();
    expect(
      addresses.filter((a) => a.ho_id !== null).length,
      'the sites are in the address book',
    ).toBeGreaterThan(0);
    expect(addresses.filter((a) => a.level !== 3)).toEqual([]);
  });
});

describe('the demo login lands on real data', () => {
  it("lists demo's orders and opens each kind of order within the contract", async () => {
    const app = createApp({
      db: database.db,
      config: { ...loadConfig({ NODE_ENV: 'test' }), rateLimits: false },
      sms: new OutboxSmsSender(database.db),
      authenticate,
      checkSigner,
      storage: testStorage(),
      now: clock,
      bus: new OfflineBus(),
    });
    const call = async <T>(path: string, init: { body?: unknown; token?: string; query?: string } = {}) => {
      const headers: Record<string, string> = { 'accept-language': 'en' };
      if (init.token) headers['x-token'] = init.token;
      if (init.body) headers['content-type'] = 'application/json';
      const res = await app.request(`/api/${path}.html${init.query ?? ''}`, {
        method: init.body ? 'POST' : 'GET',
        headers,
        ...(init.body ? { body: JSON.stringify(init.body) } : {}),
      });
      return (await res.json()) as { code: number; message: string; data: T };
    };
    const login = await call<{ access_token: string }>('user/login', {
      body: { username: 'demo', password: 'Demo@2026pass' },
    });
    const token = login.data.access_token;
    const list = await call<{ total: number; list: Array<{ id: number }>; counts: Record<string, number> }>(
      'customer-order/index',
      { token },
    );
    expect(list.code).toBe(0);
    expect(list.data.list).toHaveLength(10);
    expect(list.data.counts.all).toBeGreaterThanOrEqual(100);
    for (const status of ORDER_STATUSES) expect(list.data.counts[status], status).toBeGreaterThan(0);
    // one order of each status and type of the customer, opened with its temperature and track
    const home = await database.db
      .selectFrom('users')
      .select('default_cu_id')
      .where('ur_account', '=', 'demo')
      .executeTakeFirstOrThrow();
    const samples = await database.db
      .selectFrom('orders')
      .select(['id', 'status', 'order_type'])
      .distinctOn(['status', 'order_type'])
      .where('cu_id', '=', home.default_cu_id!)
      .orderBy('status')
      .orderBy('order_type')
      .orderBy('id')
      .execute();
    expect(samples.length).toBeGreaterThan(15);
    for (const o of samples) {
      const q = `?id=${o.id}`;
      for (const path of ['customer-order/view', 'common/get-car-temp', 'common/get-play-track-url']) {
        const res = await call(path, { token, query: q });
        expect([res.code, res.message], `${path} ${o.status} ${o.order_type}`).toEqual([0, 'ok']);
      }
    }
    // two drafts in the draft box (a new order half typed, a copy), each opening in the editor
    const drafts = await call<{ total: number; list: Array<{ id: number; mode: string }> }>(
      'customer-order/draft-box-list',
      { token },
    );
    expect(drafts.data.list.map((d) => d.mode)).toEqual(['new', 'copy']);
    for (const d of drafts.data.list) {
      const start = await call<{ mode: string; form: { goods?: unknown[] } }>('customer-order/create', {
        token,
        query: `?draft_id=${d.id}`,
      });
      expect(start.code).toBe(0);
      expect(start.data.mode).toBe(d.mode);
      expect(start.data.form.goods?.length).toBeGreaterThan(0);
    }
    // the home page's overview has something in every block
    const overview = await call<Overview>('customer-order/overview', { token });
    expect([overview.code, overview.message]).toEqual([0, 'ok']);
    const { actions, cold_chain, inventory, weekly } = overview.data;
    expect(
      cold_chain.excursions.low * cold_chain.excursions.medium * cold_chain.excursions.high,
    ).toBeGreaterThan(0);
    expect(cold_chain.excursion_items.every((e) => e.readings.length > 0)).toBe(true);
    expect(cold_chain.due_today.total).toBeGreaterThan(0);
    expect(cold_chain.late.total).toBeGreaterThan(0);
    expect(actions.modifications.items.map((m) => m.status).sort()).toEqual(
      expect.arrayContaining(['accepted', 'rejected']),
    );
    expect(actions.drafts.total).toBe(2);
    expect(actions.documents.missing + actions.documents.rejected).toBeGreaterThan(0);
    expect(inventory.low.total).toBeGreaterThan(0);
    expect(inventory.expiring.total).toBeGreaterThan(0);
    expect(weekly.at(-1)!.week <= overview.data.today).toBe(true);
    expect(weekly.some((w) => Object.values(w.counts).some((n) => n > 0))).toBe(true);
  }, 60_000);
});
