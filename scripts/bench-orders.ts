// `npm run bench:orders`: fills a database with orders (server/bench/order-generator.ts) and measures
// the order list's first page with its counts (`customer-order/index` through its own function,
// server/areas/orders/list.ts) for the common filters and for keywords: p50/p95 per case. The
// measured customers' orders get their log and track points (server/bench/tracking-extras.ts),
// which each row's "where is it now" reads (server/areas/orders/where-now.ts).
//
// - No DATABASE_URL: an in-memory PGlite with 200,000 orders.
// - DATABASE_URL=postgres://…: that database (migrated first; refused when it already holds orders
//   unless BENCH_APPEND=1), 1,000,000 orders.
// - `-- --throwaway-postgres`: a throw-away local PostgreSQL cluster (as `npm test`'s postgres step
//   makes one), 1,000,000 orders, removed afterwards.
// BENCH_ORDERS, BENCH_RUNS (default 50 on PGlite, 200 on PostgreSQL), BENCH_CASES (a regular
// expression: only the cases it matches), BENCH_COUNT_CAP (the keyword counts' cap) and BENCH_EXPLAIN=1 (print the
// plans of the two statements as the list runs them: the counts, kept or over the matches, and the
// page in its chosen shape) override. Targets on PostgreSQL at 1 M: p95 ≤ 10 ms for the common
// filters, ≤ 50 ms with a keyword. A keyword's counts stop at 10,000 matches (ORDER_COUNT_CAP, the
// server's default; the bench measures with it): such a case prints its total as "10000+".
// The machine's load average is printed before and after: on a shared machine, read the figures with it.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'kysely';
import { ORDER_COUNT_CAP } from '../server/areas/orders/list-query.ts';
import { explain, type Measured, measure, type Scenario } from '../server/bench/measure.ts';
import { generateOrders } from '../server/bench/order-generator.ts';
import { generateTrackingExtras } from '../server/bench/tracking-extras.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { seedBase } from '../server/seed/base.ts';
import { startThrowawayPostgres } from './postgres.mjs';

const throwaway = process.argv.includes('--throwaway-postgres');
const server = throwaway ? await startThrowawayPostgres() : null;
const url = server ? await utf8Database(server.url) : process.env.DATABASE_URL;

/**
 * A database whose character type knows Chinese: pg_trgm makes trigrams only of the characters
 * its LC_CTYPE calls letters, and the throw-away cluster is initialised with the C locale, under
 * which a Chinese keyword has no trigram for the index to use (a full scan, seconds at 1 M).
 */
async function utf8Database(clusterUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  await client.query(
    "create database lp_bench template template0 encoding 'UTF8' lc_ctype 'C.utf8' lc_collate 'C'",
  );
  await client.end();
  return clusterUrl.replace(/\/[^/]*$/, '/lp_bench');
}
const onPostgres = Boolean(url);
const orders = Number(process.env.BENCH_ORDERS ?? (onPostgres ? 1_000_000 : 200_000));
const runs = Number(process.env.BENCH_RUNS ?? (onPostgres ? 200 : 50));
const TARGET = { common: 10, keyword: 50 };
/** The keyword counts' cap (the server's ORDER_COUNT_CAP): BENCH_COUNT_CAP. */
const cap = Number(process.env.BENCH_COUNT_CAP ?? ORDER_COUNT_CAP);
/** Only the cases whose name matches: BENCH_CASES=keyword (a regular expression). */
const only = new RegExp(process.env.BENCH_CASES ?? '');
/** Measure the orders already there (no generation): BENCH_MEASURE_ONLY=1. */
const measureOnly = process.env.BENCH_MEASURE_ONLY === '1';

const database = await openDatabase({ databaseUrl: url });
const { db } = database;
try {
  if (database.kind === 'postgres') {
    const { rows } = await sql<{
      ctype: string;
    }>`select datctype as ctype from pg_database where datname = current_database()`.execute(db);
    const ctype = rows[0]?.ctype ?? '';
    if (/^(C|POSIX)$/i.test(ctype))
      console.warn(
        `warning: this database's LC_CTYPE is ${ctype}: pg_trgm makes no trigrams of Chinese text, so Chinese keywords cannot use the index (use a UTF-8 ctype such as C.utf8)`,
      );
  }
  await migrateToLatest(db);
  await seedBase(db, { servicePhone: '400-000-0000', serviceWebsite: 'https://example.test' });
  const existing = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(existing.n) > 0 && onPostgres && !measureOnly && process.env.BENCH_APPEND !== '1')
    throw new Error(
      `The database already holds ${existing.n} orders: use an empty one, or BENCH_APPEND=1 to add to it.`,
    );

  let cuIds: number[];
  if (measureOnly) {
    // measure what is there: the customer with the most orders and the next
    const top = await db
      .selectFrom('orders')
      .select(['cu_id', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('cu_id')
      .orderBy('n', 'desc')
      .limit(2)
      .execute();
    cuIds = top.map((r) => r.cu_id);
  } else {
    console.log(`${database.kind}: generating ${orders.toLocaleString('en')} orders…`);
    const started = performance.now();
    const made = await generateOrders(db, {
      orders,
      onProgress: (done) =>
        process.stdout.write(
          `\r  ${done.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
        ),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `\n  done in ${seconds.toFixed(1)} s (${Math.round(orders / seconds).toLocaleString('en')} orders/s, indexes rebuilt)\n`,
    );
    cuIds = made.cuIds;
    // what the list reads for "where is it now": the two measured customers' logs and tracks
    const logged = performance.now();
    await generateTrackingExtras(db, cuIds.slice(0, 2));
    console.log(`  order log and track points in ${((performance.now() - logged) / 1000).toFixed(1)} s\n`);
  }
  const big = cuIds[0] as number;
  const day = (offset: number) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
      new Date(Date.now() - offset * 86_400_000),
    );
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ');
  console.log(`load average before measuring: ${load()}`);
  const results: Measured[] = [];
  // the big customer (half of all orders) and a typical one (a ninth of the other half)
  for (const [label, cuId] of [
    ['big customer', big],
    ['typical customer', cuIds[1] as number],
  ] as const) {
    const count = await db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('cu_id', '=', cuId)
      .executeTakeFirstOrThrow();
    const projects = (
      await db.selectFrom('projects').select('pr_id').where('cu_id', '=', cuId).orderBy('pr_id').execute()
    ).map((p) => p.pr_id);
    const protocol = await db
      .selectFrom('projects')
      .select('protocol_no')
      .where('pr_id', '=', projects[2] as number)
      .executeTakeFirstOrThrow();
    const sample = await db
      .selectFrom('orders')
      .select('order_no')
      .where('cu_id', '=', cuId)
      .orderBy('id', 'desc')
      .offset(1234)
      .limit(1)
      .executeTakeFirstOrThrow();
    console.log(`${label}: ${Number(count.n).toLocaleString('en')} orders`);
    const scenarios: Scenario[] = [
      { name: 'all', query: {} },
      { name: 'status pending_confirm', query: { status: 'pending_confirm' } },
      { name: 'status finished', query: { status: 'finished' } },
      { name: 'project (busiest)', query: { pr_id: projects[0] as number } },
      { name: 'project (quiet)', query: { pr_id: projects[15] as number } },
      { name: 'last 30 days', query: { date_from: day(30), date_to: day(0) } },
      { name: 'a year ago, one month', query: { date_from: day(395), date_to: day(365) } },
      { name: 'project + status', query: { pr_id: projects[1] as number, status: 'finished' } },
      { name: 'temp class cryo', query: { temp_class: 'cryo' } },
      { name: 'moving, late (due)', query: { status: 'not_finished', due: 'late' } },
      { name: 'due today', query: { due: 'today' } },
      { name: 'moving, excursion high', query: { status: 'not_finished', excursion: 'high' } },
      { name: 'keyword: order number part', query: { keyword: sample.order_no.slice(-8) }, keyword: true },
      { name: 'keyword: site (成都中心医院)', query: { keyword: '成都中心医院' }, keyword: true },
      {
        name: `keyword: protocol (${protocol.protocol_no})`,
        query: { keyword: protocol.protocol_no.toLowerCase() },
        keyword: true,
      },
      { name: 'keyword: patient address (masked)', query: { keyword: '幸福小区' }, keyword: true },
    ];
    for (const scenario of scenarios.filter((s) => only.test(s.name))) {
      const m = await measure(db, cuId, scenario, runs, { cap });
      results.push(m);
      const target = m.keyword ? TARGET.keyword : TARGET.common;
      console.log(
        `  ${m.name.padEnd(36)} total ${`${m.total}${m.capped ? '+' : ''}`.padStart(8)}   p50 ${m.p50.toFixed(2).padStart(7)} ms   p95 ${m.p95.toFixed(2).padStart(7)} ms   max ${m.max.toFixed(1).padStart(7)} ms   ${m.p95 <= target ? 'ok' : `over ${target} ms`}`,
      );
      if (process.env.BENCH_EXPLAIN === '1') {
        const plans = await explain(db, cuId, scenario.query, cap);
        console.log(`--- counts\n${plans.counts}\n--- page\n${plans.page}\n`);
      }
    }
  }
  console.log(`load average after measuring: ${load()}`);
  const over = results.filter((m) => m.p95 > (m.keyword ? TARGET.keyword : TARGET.common));
  console.log(
    `\n${database.kind}, ${orders.toLocaleString('en')} orders, ${runs} runs per case: ${over.length ? `${over.length} case(s) over target` : 'every case within target'}`,
  );
  if (!onPostgres)
    console.log('(targets are for PostgreSQL at 1 M; PGlite runs single-threaded in this process)');
} finally {
  await database.close();
  await server?.stop();
}
