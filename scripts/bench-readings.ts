// `npm run bench:readings`: what storing loggers' readings costs on PostgreSQL, excursion cases
// included (server/areas/provider/readings.ts, server/areas/excursions/cases.ts `syncCase`).
//
// BENCH_READINGS readings (100,000) over BENCH_ORDERS orders on the road (1,000), one logger each,
// sent as a provider sends them: signed `provider/readings` calls through the real app (in this
// process, `app.request`: no network), BENCH_BATCH readings a call (10, a logger's upload every
// ten minutes at a reading a minute), BENCH_PARALLEL calls at a time (8), each logger's batches
// in their order. One order in BENCH_EXCURSION_EVERY (10) has a warm stretch (15 readings at
// 10–12 °C, across two batches): its first warm batch opens a case (the goods go on hold at the
// destination, the product's stability budget weighed), the next updates it.
// Prints readings/s and the p50/p95/p99 of the calls that opened a case (and of the first and the
// last tenth of them: a case weighs the earlier cases of its batch, and each customer's orders
// here share one batch), of those on a logger with a case open already, and of those without;
// then counts the cases: exactly one per order that went out of range, else it fails (exit 1).
//
// - No DATABASE_URL: a throw-away local PostgreSQL cluster (scripts/postgres.mjs), removed after.
// - DATABASE_URL=postgres://…: a fresh database on that server, dropped after.
import os from 'node:os';
import { sql } from 'kysely';
import { authenticate } from '../server/areas/accounts/sessions.ts';
import { OutboxSmsSender } from '../server/areas/accounts/sms.ts';
import { checkSigner } from '../server/areas/signatures/check.ts';
import { createApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { signIntegration } from '../server/http/signature.ts';
import { DEMO_STABILITY_BANDS } from '../server/seed/demo-excursions.ts';
import { createUser } from '../server/testing/fixtures.ts';
import { createStockLine } from '../server/testing/master-data-fixtures.ts';
import { createOrder, createProject } from '../server/testing/order-fixtures.ts';
import { migratedPostgres } from '../server/testing/pg-database.ts';
import { testStorage } from '../server/testing/test-app.ts';
import type { StoredAnswer } from '../src/contract/provider/schemas.ts';
import { startThrowawayPostgres } from './postgres.mjs';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0`);
  return value;
};
const ORDERS = number('BENCH_ORDERS', 1000);
const READINGS = number('BENCH_READINGS', 100_000);
const BATCH = number('BENCH_BATCH', 10);
const PARALLEL = number('BENCH_PARALLEL', 8);
const EXCURSION_EVERY = number('BENCH_EXCURSION_EVERY', 10);
const CUSTOMERS = 10;
const SECRET = 'bench-readings-secret';
const perOrder = Math.ceil(READINGS / ORDERS);
/** Where the warm stretch of an order with an excursion lies (readings, from the start). */
const WARM_FROM = Math.floor(perOrder * 0.4);
const WARM_LENGTH = 15;

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const server = process.env.DATABASE_URL ? null : await startThrowawayPostgres();
const database = await migratedPostgres(server?.url ?? (process.env.DATABASE_URL as string));
let failed = false;
try {
  const db = database.db;
  const config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    distDir: '/nonexistent-dist',
    rateLimits: false,
    integrationSecret: SECRET,
  };
  const app = createApp({
    db,
    config,
    sms: new OutboxSmsSender(db),
    authenticate,
    checkSigner,
    storage: testStorage(),
    now: () => new Date(),
    bus: database.bus,
  });

  // customers with a project, a chilled product on stock with the demo's budget, and their orders
  const started = performance.now();
  const stock: Array<{
    cuId: number;
    prId: number;
    inId: number;
    code: string;
    name: string;
    batch: string;
  }> = [];
  for (let c = 0; c < CUSTOMERS; c++) {
    const user = await createUser(db);
    const cuId = user.customers[0]!.cu_id;
    const project = await createProject(db, cuId);
    const batch = `B-${c}`;
    const line = await createStockLine(db, cuId, {
      pr_id: project.pr_id,
      batch_no: batch,
      quantity: 100_000,
    });
    await db
      .insertInto('stability_budgets')
      .values({
        cu_id: cuId,
        pr_id: project.pr_id,
        code: line.code,
        bands: JSON.stringify(DEMO_STABILITY_BANDS),
      })
      .execute();
    stock.push({ cuId, prId: project.pr_id, inId: line.in_id, code: line.code, name: line.name, batch });
  }
  const orders: Array<{ orderNo: string; loggerId: string; warm: boolean }> = [];
  for (let o = 0; o < ORDERS; o++) {
    const s = stock[o % CUSTOMERS]!;
    const loggerId = `LG-BENCH-${o}`;
    const order = await createOrder(db, s.cuId, {
      status: 'not_finished',
      milestone: 'in_transit',
      pr_id: s.prId,
      goods: [
        {
          in_id: s.inId,
          goods_type: 1,
          name: s.name,
          code: s.code,
          batch_no: s.batch,
          expiry: '2028-06-30',
          quantity: 2,
          unit: '盒',
        },
      ],
      boxes: [{ box_type: '2-8°C 保温箱 (M)', logger_id: loggerId, weight_kg: 6.5 }],
    });
    orders.push({ orderNo: order.order_no, loggerId, warm: o % EXCURSION_EVERY === 0 });
  }
  const warmOrders = orders.filter((o) => o.warm).length;
  console.log(
    `PostgreSQL ${database.url.replace(/\/\/[^@]*@/, '//')}: ${ORDERS} orders of ${CUSTOMERS} customers, ` +
      `${warmOrders} of them with an excursion (${((performance.now() - started) / 1000).toFixed(1)} s to set up)`,
  );

  // every order's readings, a minute apart, in batches; the calls taken batch by batch over the orders
  const start = Date.parse('2026-11-20T00:00:00Z');
  const calls: Array<{ order: (typeof orders)[number]; body: string }> = [];
  for (let from = 0; from < perOrder; from += BATCH)
    for (const [o, order] of orders.entries()) {
      const readings = [];
      for (let i = from; i < Math.min(from + BATCH, perOrder) && o * perOrder + i < READINGS; i++) {
        const warm = order.warm && i >= WARM_FROM && i < WARM_FROM + WARM_LENGTH;
        const celsius = warm ? 10 + ((i * 7 + o) % 21) / 10 : 4 + ((i * 13 + o) % 21) / 10;
        readings.push({ at: new Date(start + (o % 60) * 1000 + i * 60_000).toISOString(), celsius });
      }
      if (readings.length)
        calls.push({
          order,
          body: JSON.stringify({ order_no: order.orderNo, logger_id: order.loggerId, readings }),
        });
    }

  const times = { opened: [] as number[], open: [] as number[], none: [] as number[] };
  const withCase = new Set<string>();
  let stored = 0;
  let errors = 0;
  let next = 0;
  const send = async (body: string) => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await app.request('/api/provider/readings.html', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': signIntegration(SECRET, timestamp, body),
      },
      body,
    });
    return (await res.json()) as { code: number; message: string; data: StoredAnswer };
  };
  const worker = async () => {
    for (;;) {
      const call = calls[next++];
      if (!call) return;
      const before = withCase.has(call.order.loggerId);
      const t0 = performance.now();
      const answer = await send(call.body);
      const ms = performance.now() - t0;
      if (answer.code !== 0) {
        errors++;
        if (errors <= 5) console.error(`refused (${answer.code}): ${answer.message}`);
        continue;
      }
      stored += answer.data.stored;
      if (answer.data.case_no) {
        withCase.add(call.order.loggerId);
        times.opened.push(ms);
      } else (before ? times.open : times.none).push(ms);
    }
  };
  const load = loadAverage();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  const seconds = (performance.now() - t0) / 1000;
  const used = process.cpuUsage(cpu);

  const quantile = (list: number[], q: number) => {
    if (list.length === 0) return Number.NaN;
    const sorted = [...list].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  };
  const line = (label: string, list: number[]) =>
    `${label.padEnd(36)} ${String(list.length).padStart(6)} calls   p50 ${quantile(list, 0.5).toFixed(1).padStart(6)} ms   ` +
    `p95 ${quantile(list, 0.95).toFixed(1).padStart(6)} ms   p99 ${quantile(list, 0.99).toFixed(1).padStart(6)} ms`;
  console.log(
    `\n${stored} readings in ${calls.length} calls (${BATCH} a call, ${PARALLEL} at a time) in ${seconds.toFixed(1)} s: ` +
      `${Math.round(stored / seconds)} readings/s, ${Math.round(calls.length / seconds)} calls/s; ` +
      `this process's CPU ${(((used.user + used.system) / 1e6 / seconds) * 100).toFixed(0)} % of a core; ` +
      `load average before ${load}, after ${loadAverage()} (${os.cpus().length} cores)`,
  );
  console.log(line('calls that opened a case', times.opened));
  // a case weighs its batch's earlier cases (their loggers' readings): the later, the more
  const tenth = Math.max(1, Math.floor(times.opened.length / 10));
  console.log(line('  of them the first tenth', times.opened.slice(0, tenth)));
  console.log(line('  of them the last tenth', times.opened.slice(-tenth)));
  console.log(line('calls on a logger with its case open', times.open));
  console.log(line('calls without a case', times.none));

  // exactly one case per order that went out of range, and its goods on hold at the destination once
  const cases = await db.selectFrom('excursion_cases').select(['order_id', 'logger_id', 'budget']).execute();
  const perCase = await sql<{ n: number }>`
    select count(*)::int as n from (
      select order_id from excursion_cases group by order_id, logger_id having count(*) > 1
    ) twice`.execute(db);
  const lines = await db
    .selectFrom('inventory')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('origin_order_id', 'is not', null)
    .executeTakeFirstOrThrow();
  const budgets = cases.reduce<Record<string, number>>((acc, c) => {
    acc[c.budget] = (acc[c.budget] ?? 0) + 1;
    return acc;
  }, {});
  console.log(
    `\n${cases.length} cases opened (${Object.entries(budgets)
      .map(([b, n]) => `${n} ${b} budget`)
      .join(', ')}), ${lines.n} destination stock lines; ${warmOrders} orders went out of range`,
  );
  const problems = [
    ...(errors ? [`${errors} calls refused`] : []),
    ...(stored !== READINGS ? [`${stored} readings stored, not ${READINGS}`] : []),
    ...(cases.length !== warmOrders ? [`${cases.length} cases for ${warmOrders} orders out of range`] : []),
    ...(perCase.rows[0]!.n ? [`${perCase.rows[0]!.n} loggers with more than one case`] : []),
    ...(Number(lines.n) !== warmOrders ? [`${lines.n} destination lines for ${warmOrders} cases`] : []),
    ...(times.opened.length !== warmOrders ? [`${times.opened.length} calls answered a case opened`] : []),
  ];
  if (problems.length) {
    failed = true;
    console.error(`\nFAILED: ${problems.join('; ')}`);
  }
} finally {
  await database.close();
  await server?.stop();
}
process.exit(failed ? 1 : 0);
