// `npm run bench:overview`: fills a database with orders (server/bench/order-generator.ts, as
// `bench:orders` does) plus what the home page's overview reads besides them (readings,
// modification requests, drafts, stock: server/bench/overview-extras.ts), then measures
// `customer-order/overview` through its own function (server/areas/orders/overview.ts) for the big
// customer (half of all orders) and a typical one: p50/p95. Target on PostgreSQL at 1 M: p95 ≤ 20 ms.
// Then the order list's first page for the one filter only the overview's data makes
// (`modification=answered`, the answered requests' link), against the list's 10 ms.
//
// - No DATABASE_URL: an in-memory PGlite with 200,000 orders (one statement at a time).
// - DATABASE_URL=postgres://…: that database (migrated first; must hold no orders), 1,000,000.
// - `-- --throwaway-postgres`: a throw-away local PostgreSQL cluster, 1,000,000 orders, removed after.
// BENCH_ORDERS, BENCH_RUNS (default 50 on PGlite, 200 on PostgreSQL) and BENCH_EXPLAIN=1 (EXPLAIN
// ANALYZE of every statement the overview sends, on PostgreSQL, and of the list's two) override.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { orderOverview } from '../server/areas/orders/overview.ts';
import { explain, measure, percentile, type Scenario } from '../server/bench/measure.ts';
import { generateOrders } from '../server/bench/order-generator.ts';
import { generateOverviewExtras } from '../server/bench/overview-extras.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { Database } from '../server/db/schema.ts';
import { seedBase } from '../server/seed/base.ts';
import { createUser } from '../server/testing/fixtures.ts';
import { startThrowawayPostgres } from './postgres.mjs';

const TARGET_MS = 20;
/** The order list's target for its common filters (as `bench:orders`). */
const LIST_TARGET_MS = 10;
const server = process.argv.includes('--throwaway-postgres') ? await startThrowawayPostgres() : null;
const url = server?.url ?? process.env.DATABASE_URL;
const onPostgres = Boolean(url);
const orders = Number(process.env.BENCH_ORDERS ?? (onPostgres ? 1_000_000 : 200_000));
const runs = Number(process.env.BENCH_RUNS ?? (onPostgres ? 200 : 50));
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

const database = await openDatabase({ databaseUrl: url });
const { db } = database;
try {
  await migrateToLatest(db);
  await seedBase(db, { servicePhone: '400-000-0000', serviceWebsite: 'https://example.test' });
  const existing = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0)
    throw new Error(`The database already holds ${existing.n} orders: use an empty one.`);
  console.log(`${database.kind}: generating ${orders.toLocaleString('en')} orders…`);
  let started = performance.now();
  const now = new Date();
  const made = await generateOrders(db, {
    orders,
    now,
    onProgress: (done) => process.stdout.write(`\r  ${done.toLocaleString('en')}`),
  });
  const cuIds = made.cuIds.slice(0, 2);
  const user = await createUser(db, { customers: 0 });
  await db
    .insertInto('user_customers')
    .values(cuIds.map((cu_id, position) => ({ uid: user.uid, cu_id, position, can_approve: true })))
    .execute();
  await generateOverviewExtras(db, made.cuIds, user.uid, now);
  // as autovacuum leaves a table in service: its visibility map set, so index-only scans need
  // no heap fetches (the freshly loaded rows would otherwise all be checked on the heap)
  await sql`vacuum (analyze) orders, order_counts, order_readings, order_modifications`.execute(db);
  console.log(`\n  done in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);

  console.log(`load average before measuring: ${load()}`);
  let over = 0;
  for (const [label, cuId] of [
    ['big customer', cuIds[0]!],
    ['typical customer', cuIds[1]!],
  ] as const) {
    let answer = await orderOverview(db, user.uid, cuId, new Date());
    for (let i = 0; i < 5; i++) answer = await orderOverview(db, user.uid, cuId, new Date());
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      started = performance.now();
      await orderOverview(db, user.uid, cuId, new Date());
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = percentile(times, 95);
    if (p95 > TARGET_MS) over += 1;
    const c = answer.cold_chain;
    console.log(
      `  ${label.padEnd(18)} ${answer.counts.all.toLocaleString('en').padStart(8)} orders (excursions ${c.excursions.low}/${c.excursions.medium}/${c.excursions.high}, due today ${c.due_today.total}, late ${c.late.total}, documents missing ${answer.actions.documents.missing}, answered ${answer.actions.modifications.total}, low ${answer.inventory.low.total}, expiring ${answer.inventory.expiring.total})`,
    );
    console.log(
      `  ${''.padEnd(18)} p50 ${percentile(times, 50).toFixed(2).padStart(7)} ms   p95 ${p95.toFixed(2).padStart(7)} ms   max ${times.at(-1)!.toFixed(1).padStart(7)} ms   ${p95 <= TARGET_MS ? 'ok' : `over ${TARGET_MS} ms`}`,
    );
    if (process.env.BENCH_EXPLAIN === '1' && url) await explainAll(url, user.uid, cuId);
    // the list the answered requests' entry opens: every status, then one tab
    for (const scenario of [
      { name: 'list: modification=answered', query: { modification: 'answered' } },
      { name: 'list: + status not_finished', query: { modification: 'answered', status: 'not_finished' } },
    ] satisfies Scenario[]) {
      const m = await measure(db, cuId, scenario, runs);
      if (m.p95 > LIST_TARGET_MS) over += 1;
      console.log(
        `  ${m.name.padEnd(32)} total ${String(m.total).padStart(6)}   p50 ${m.p50.toFixed(2).padStart(7)} ms   p95 ${m.p95.toFixed(2).padStart(7)} ms   max ${m.max.toFixed(1).padStart(7)} ms   ${m.p95 <= LIST_TARGET_MS ? 'ok' : `over ${LIST_TARGET_MS} ms`}`,
      );
      if (process.env.BENCH_EXPLAIN === '1') {
        const plans = await explain(db, cuId, scenario.query);
        console.log(`--- counts\n${plans.counts}\n--- page\n${plans.page}\n`);
      }
    }
  }
  console.log(`load average after measuring: ${load()}`);
  console.log(
    `\n${database.kind}, ${orders.toLocaleString('en')} orders, ${runs} runs per case: ${over ? `${over} case(s) over target` : 'every case within target'}`,
  );
  if (!onPostgres) console.log('(the target is for PostgreSQL at 1 M; PGlite runs one statement at a time)');
} finally {
  await database.close();
  await server?.stop();
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement the overview sends (caught by a logging instance). */
async function explainAll(databaseUrl: string, uid: number, cuId: number) {
  const sent: CompiledQuery[] = [];
  const logging = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: databaseUrl, max: 10 }) }),
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  try {
    await orderOverview(logging, uid, cuId, new Date());
    for (const query of sent.splice(0)) {
      const head = query.sql.replace(/\s+/g, ' ').trim().slice(0, 140);
      try {
        const plan = await logging.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]),
        );
        console.log(`--- ${head}…\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`);
      } catch (error) {
        console.log(`--- ${head}…\n(not explained: ${(error as Error).message})\n`);
      }
    }
  } finally {
    await logging.destroy();
  }
}
