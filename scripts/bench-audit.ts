// `npm run bench:audit`: what the audit trail costs (issue 30, docs/decisions/audit-trail.md).
//
// 1. `customer-order/create`, a new order and then an edit of it (a reason, the remark, a contact
//    and a quantity changed), each BENCH_RUNS times (300) after BENCH_WARMUP (30), through
//    `app.request` in this process (no network): p50/p95 of the wall-clock time, and the median
//    CPU time of the process during a call (other threads too: V8's compiler and GC). Twice each
//    round: the app as it runs (the driver's audit guard on, server/db/audit-guard.ts) and the
//    same app over a second Kysely on the same database without the guard, alternating, so that
//    the difference is the guard's. Then the guard alone (the two calls' statements through a
//    driver that answers at once, with and without it: its own CPU time, far below the calls'
//    noise) and `appendAudit` alone (the create's and the edit's entry, each appended in a
//    transaction of its own, beside an empty transaction; and the entry's hash).
// 2. The order list (`customer-order/index`, its first page with the counts) of a customer with
//    BENCH_LIST_ORDERS orders (3,000: one made through the API, the others copies of it), guard on
//    and off: p50/p95.
// 3. The trail's size: BENCH_TRAIL_ORDERS orders (1,000) of a new customer made through the API
//    (a create and an edit each), then what audit_entries, audit_heads and signatures grew by
//    (pg_total_relation_size: rows, TOAST and indexes), per 1,000 orders, beside the growth of the
//    orders' own tables; entries per order.
// 4. `audit:verify`'s chains (areas/audit/verify.ts `verifyChains`) over BENCH_VERIFY_ENTRIES
//    entries (1,000,000) on a fresh database: written by `appendAudit` in transactions of 1,000
//    entries (4 customers × 250), BENCH_CUSTOMERS chains (300), each order's life as the portal
//    records it (create and edit as the API wrote them in this run, confirm, 3 milestones, 2
//    readings, a track, the signature of delivery); then the time to verify and entries/s.
//
// - No DATABASE_URL: in-memory PGlite (a fresh one for part 4).
// - `-- --throwaway-postgres`: a throw-away local PostgreSQL cluster (scripts/postgres.mjs), removed
//   afterwards; part 4 in a database of its own in it.
// - DATABASE_URL=postgres://… is refused: parts 3 and 4 need an empty database.
// BENCH_PARTS (a regular expression over `calls`, `list`, `size`, `verify`: only the parts it
// matches) and the counts above override; BENCH_STATEMENTS=1 prints the statements of a create and
// of an edit. The machine's load average is printed with each part: on a shared machine, read the
// figures with it, and run it more than once (on the 2-core development machine a call's p50 moved
// by up to 2× between runs of the same code).
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import {
  CompiledQuery,
  type Dialect,
  Kysely,
  type LogConfig,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
} from 'kysely';
import pg from 'pg';
import { attachSessionCache } from '../server/areas/accounts/sessions.ts';
import type { AuditChange } from '../server/areas/audit/tables.ts';
import {
  type AuditFacts,
  appendAudit,
  entryHash,
  GENESIS,
  PROVIDER_NAME,
} from '../server/areas/audit/trail.ts';
import { verifyChains } from '../server/areas/audit/verify.ts';
import { type Bus, openBus } from '../server/core/bus.ts';
import { inRequest } from '../server/core/request-scope.ts';
import { auditGuarded } from '../server/db/audit-guard.ts';
import { type DB, type OpenedDatabase, openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import { usePreparedStatements } from '../server/db/pg-prepared.ts';
import { PGliteDialect } from '../server/db/pglite-dialect.ts';
import type { Database } from '../server/db/schema.ts';
import { seedBase } from '../server/seed/base.ts';
import { cloneOrders } from '../server/testing/bulk-orders.ts';
import { orderForm } from '../server/testing/editor-fixtures.ts';
import { create, readyToOrder } from '../server/testing/editor-test-helpers.ts';
import { type TestApp, testApp } from '../server/testing/test-app.ts';
import { startThrowawayPostgres } from './postgres.mjs';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const runs = env('BENCH_RUNS', 300);
const warmup = env('BENCH_WARMUP', 30);
const listOrders = env('BENCH_LIST_ORDERS', 3000);
const trailOrders = env('BENCH_TRAIL_ORDERS', 1000);
const verifyEntries = env('BENCH_VERIFY_ENTRIES', 1_000_000);
const verifyCustomers = env('BENCH_CUSTOMERS', 300);
const parts = new RegExp(process.env.BENCH_PARTS ?? '');

if (process.env.DATABASE_URL)
  throw new Error('bench:audit needs empty databases: run it on PGlite or with -- --throwaway-postgres');
const server = process.argv.includes('--throwaway-postgres') ? await startThrowawayPostgres() : null;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
const ms = (n: number) => `${n.toFixed(2).padStart(7)} ms`;
/** The nearest-rank percentile. */
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const spread = (values: readonly number[]) =>
  `p50 ${ms(percentile(values, 50))}   p95 ${ms(percentile(values, 95))}`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** A database migrated and seeded: the throw-away cluster's `name`, or a fresh in-memory PGlite. */
async function freshDatabase(name: string): Promise<OpenedDatabase & { url?: string }> {
  let url: string | undefined;
  if (server) {
    const client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    url = server.url.replace(/\/[^/]*$/, `/${name}`);
  }
  const database = await openDatabase({ databaseUrl: url });
  await migrateToLatest(database.db);
  await seedBase(database.db, { servicePhone: '400-000-0000', serviceWebsite: 'https://example.test' });
  return url ? { ...database, url } : database;
}

/** The same database through a Kysely without the audit guard (`log`: a statement counter's). */
function unguarded(
  database: OpenedDatabase & { url?: string },
  log?: LogConfig,
): { db: DB; close(): Promise<void> } {
  const options = log ? { log } : {};
  if (database.pglite) {
    const db = new Kysely<Database>({ dialect: new PGliteDialect(database.pglite), ...options });
    return { db, close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  pool.on('connect', usePreparedStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...options });
  return { db, close: () => db.destroy() };
}

interface Variant {
  label: string;
  t: TestApp;
}

/** A call's wall-clock time and the process's CPU time during it (ms): the CPU time is what other processes on a shared machine disturb least. */
interface Took {
  wall: number;
  cpu: number;
}

/** Calls `work` for each variant in turn (the order swapped each round) and keeps the times by label. */
async function alternate(
  variants: readonly Variant[],
  rounds: number,
  work: (v: Variant, time: (key: string, took: Took) => void) => Promise<void>,
): Promise<Map<string, Took[]>> {
  const times = new Map<string, Took[]>();
  for (let i = 0; i < rounds; i++) {
    const order = i % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order)
      await work(v, (key, took) => {
        const k = `${key} ${v.label}`;
        times.set(k, [...(times.get(k) ?? []), took]);
      });
  }
  return times;
}

const timed = async <T>(call: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await call();
  return [result, performance.now() - started];
};

const clocked = async <T>(call: () => Promise<T>): Promise<[T, Took]> => {
  const cpu = process.cpuUsage();
  const [result, wall] = await timed(call);
  const used = process.cpuUsage(cpu);
  return [result, { wall, cpu: (used.user + used.system) / 1000 }];
};

function printTimes(times: Map<string, Took[]>): void {
  for (const [key, took] of times)
    console.log(
      `  ${key.padEnd(24)} ${spread(took.map((t) => t.wall))}   CPU p50 ${ms(
        percentile(
          took.map((t) => t.cpu),
          50,
        ),
      )}`,
    );
}

function ok<T extends { code: number; message: string }>(res: T, what: string): T {
  if (res.code !== 0) throw new Error(`${what} failed: ${res.code} ${res.message}`);
  return res;
}

/** A user ready to order whose stock lines never run out. */
async function orderer(t: TestApp) {
  const setup = await readyToOrder(t);
  await t.deps.db
    .updateTable('inventory')
    .set({ quantity: '100000000' })
    .where('cu_id', '=', setup.cuId)
    .execute();
  return setup;
}

type Setup = Awaited<ReturnType<typeof orderer>>;

type Form = ReturnType<typeof orderForm>;
const createCall = (t: TestApp, s: Setup, form: Form) => create(t, s.token, form);
/** An edit: a reason (the helper's), the remark, a contact and a quantity changed. */
const editCall = (t: TestApp, s: Setup, form: Form, made: { id: number; version: number }, i: number) =>
  create(t, s.token, {
    ...form,
    id: made.id,
    version: made.version,
    remark: `请在上午送达 ${i}`,
    to_contact: '王收货',
    goods: [{ in_id: s.stock.chilled.in_id, quantity: 6 }],
  });

/** A new order and an edit of it: the time of each. */
async function createAndEdit(t: TestApp, s: Setup, i: number): Promise<[Took, Took]> {
  const form = orderForm(s);
  const [made, created] = await clocked(() => createCall(t, s, form));
  ok(made, 'create');
  const [res, edited] = await clocked(() => editCall(t, s, form, made.data, i));
  ok(res, 'edit');
  return [created, edited];
}

async function measureCalls(variants: readonly Variant[]): Promise<void> {
  const s = await orderer(variants[0]?.t as TestApp);
  console.log(`\ncustomer-order/create, ${runs} runs after ${warmup} (load average ${load()})`);
  let i = 0;
  await alternate(variants, warmup, async (v) => {
    await createAndEdit(v.t, s, i++);
  });
  const times = await alternate(variants, runs, async (v, time) => {
    const [c, e] = await createAndEdit(v.t, s, i++);
    time('create', c);
    time('edit', e);
  });
  printTimes(times);
}

async function measureList(variants: readonly Variant[]): Promise<void> {
  const first = variants[0]?.t as TestApp;
  const s = await orderer(first);
  const made = ok(await create(first, s.token, orderForm(s)), 'create');
  await cloneOrders(first.deps.db, made.data.id, listOrders - 1);
  // what autovacuum does on a server after a bulk load (PGlite runs none): fresh statistics
  await sql`analyze`.execute(first.deps.db);
  console.log(
    `\ncustomer-order/index, first page with counts, ${listOrders.toLocaleString('en')} orders, ${runs} runs after ${warmup} (load average ${load()})`,
  );
  const list = async (v: Variant) => {
    const [res, took] = await clocked(() => v.t.call('customer-order/index', { token: s.token }));
    ok(res, 'list');
    return took;
  };
  await alternate(variants, warmup, async (v) => {
    await list(v);
  });
  printTimes(await alternate(variants, runs, async (v, time) => time('list', await list(v))));
}

/** The statements a create and an edit send through the driver (begin and commit too), in order. */
async function statementsOf(
  database: OpenedDatabase & { url?: string },
  bus: Bus,
): Promise<{ create: CompiledQuery[]; edit: CompiledQuery[] }> {
  let sink: CompiledQuery[] = [];
  const counting = unguarded(database, (event) => {
    if (event.level === 'query') sink.push(event.query);
  });
  try {
    attachSessionCache(counting.db, bus);
    const t = await testApp({ checkAnswers: false }, { database: { db: counting.db, bus } });
    const s = await orderer(t);
    await createAndEdit(t, s, 0); // (the session's first call, and statements prepared)
    const form = orderForm(s);
    const create: CompiledQuery[] = [];
    const edit: CompiledQuery[] = [];
    sink = create;
    const made = ok(await createCall(t, s, form), 'create');
    sink = edit;
    ok(await editCall(t, s, form, made.data, 1), 'edit');
    sink = [];
    return { create, edit };
  } finally {
    await counting.close();
  }
}

/** A dialect whose driver answers every statement at once, one row changed: what remains is Kysely's and the guard's own work. */
const answering: Dialect = {
  createAdapter: () => new PostgresAdapter(),
  createDriver: () => ({
    init: async () => {},
    acquireConnection: async () => ({
      executeQuery: async () => ({ rows: [], numAffectedRows: 1n }),
      streamQuery: () => {
        throw new Error('no streams here');
      },
    }),
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  }),
  createIntrospector: (db) => new PostgresIntrospector(db),
  createQueryCompiler: () => new PostgresQueryCompiler(),
};

/**
 * The guard alone: a call's statements sent through a driver that answers at once, with and
 * without the guard, inside an API call's scope; each round sends new copies of the SQL texts, as
 * a call's freshly compiled queries are (the guard looks each up by its text).
 */
async function measureGuardAlone(calls: Record<string, CompiledQuery[]>): Promise<void> {
  const plain = new Kysely<Database>({ dialect: answering });
  const guarded = new Kysely<Database>({ dialect: auditGuarded(answering) });
  const rounds = 2000;
  console.log(
    `\nthe guard alone: a call's statements through a driver that answers at once, ${rounds} rounds`,
  );
  for (const [name, statements] of Object.entries(calls)) {
    if (process.env.BENCH_STATEMENTS === '1')
      console.log(statements.map((q) => `    ${q.sql.replace(/\s+/g, ' ').slice(0, 160)}`).join('\n'));
    const copies = () =>
      statements.map((q) => CompiledQuery.raw(Buffer.from(q.sql).toString(), [...q.parameters]));
    const send = (db: DB, queries: CompiledQuery[]) =>
      inRequest({ opId: 'POST customer-order/create' }, () =>
        db.connection().execute(async (conn) => {
          for (const q of queries) await conn.executeQuery(q);
        }),
      );
    const times = { plain: [] as number[], guarded: [] as number[] };
    const pair = [
      ['plain', plain],
      ['guarded', guarded],
    ] as const;
    for (let i = 0; i < rounds + 200; i++) {
      for (const [label, db] of i % 2 ? pair : [...pair].reverse()) {
        const queries = copies();
        const [, took] = await timed(() => send(db, queries));
        if (i >= 200) times[label].push(took * 1000);
      }
    }
    const median = (values: number[]) => percentile(values, 50);
    console.log(
      `  ${name.padEnd(7)} ${String(statements.length).padStart(3)} statements: ${median(times.guarded).toFixed(0)} µs with the guard, ${median(times.plain).toFixed(0)} µs without (median): the guard ${(median(times.guarded) - median(times.plain)).toFixed(0)} µs a call`,
    );
  }
  await plain.destroy();
  await guarded.destroy();
}

/**
 * The trail's own part of a call: appending the entry of a create and of an edit (as the API wrote
 * them) in a transaction of their own, against an empty transaction; and the entry's hash alone
 * (canonical JSON and SHA-256).
 */
async function measureAppendAlone(db: DB, made: ReadonlyArray<Omit<AuditFacts, 'cuId'>>): Promise<void> {
  console.log(`\nappendAudit alone, one entry in a transaction of its own, ${runs} runs after ${warmup}`);
  const cuId = 999_999;
  const empty: number[] = [];
  const appended = new Map<string, number[]>();
  for (let i = 0; i < warmup + runs; i++) {
    const [, none] = await timed(() => db.transaction().execute(async () => {}));
    if (i >= warmup) empty.push(none);
    for (const entry of made) {
      const [, took] = await timed(() =>
        db
          .transaction()
          .execute((trx) => appendAudit(trx, [{ ...entry, cuId, requestId: randomUUID() }], new Date())),
      );
      if (i >= warmup) appended.set(entry.action, [...(appended.get(entry.action) ?? []), took]);
    }
  }
  console.log(`  ${'empty transaction'.padEnd(24)} ${spread(empty)}`);
  for (const [action, times] of appended) console.log(`  ${`append ${action}`.padEnd(24)} ${spread(times)}`);
  for (const entry of made) {
    const content = {
      cu_id: cuId,
      seq: 1,
      at: new Date().toISOString(),
      record_type: entry.recordType,
      record_id: String(entry.recordId),
      action: entry.action,
      actor_kind: entry.actor.kind,
      actor_id: entry.actor.id,
      actor_name: entry.actor.name,
      reason: entry.reason ?? null,
      changes: entry.changes ?? [],
      request_id: randomUUID(),
    };
    const rounds = 10_000;
    const [, took] = await timed(async () => {
      for (let i = 0; i < rounds; i++) entryHash(GENESIS, content);
    });
    console.log(
      `  ${`hash of the ${entry.action}`.padEnd(24)} ${((took * 1000) / rounds).toFixed(1).padStart(7)} µs (canonical JSON and SHA-256)`,
    );
  }
}

const relationSize = async (db: DB, table: string) =>
  Number(
    (await sql<{ n: string }>`select pg_total_relation_size(${table}::regclass) as n`.execute(db)).rows[0]?.n,
  );

const SIZED = ['audit_entries', 'audit_heads', 'signatures'] as const;
const ORDER_TABLES = ['orders', 'order_goods', 'order_boxes', 'order_events', 'inventory_movements'];

async function measureSize(t: TestApp): Promise<void> {
  const { db } = t.deps;
  const s = await orderer(t);
  const sizes = async (tables: readonly string[]) => Promise.all(tables.map((n) => relationSize(db, n)));
  const trailBefore = await sizes(SIZED);
  const ordersBefore = await sizes(ORDER_TABLES);
  const started = performance.now();
  for (let i = 0; i < trailOrders; i++) await createAndEdit(t, s, i);
  const seconds = (performance.now() - started) / 1000;
  const trailAfter = await sizes(SIZED);
  const ordersAfter = await sizes(ORDER_TABLES);
  const per = 1000 / trailOrders;
  const grown = (after: number[], before: number[]) => after.map((n, k) => (n - (before[k] ?? 0)) * per);
  const trail = grown(trailAfter, trailBefore);
  const own = grown(ordersAfter, ordersBefore).reduce((a, b) => a + b, 0);
  const entries = await db
    .selectFrom('audit_entries')
    .select([
      'action',
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string>`avg(pg_column_size(audit_entries.*))`.as('row_bytes'),
      sql<string>`avg(octet_length(changes::text))`.as('changes_bytes'),
    ])
    .where('cu_id', '=', s.cuId)
    .groupBy('action')
    .orderBy('action')
    .execute();
  const count = entries.reduce((a, e) => a + Number(e.n), 0);
  console.log(
    `\nthe trail's size: ${trailOrders.toLocaleString('en')} orders through the API, a create and an edit each (${seconds.toFixed(1)} s; load average ${load()})`,
  );
  SIZED.forEach((table, k) => {
    console.log(`  ${table.padEnd(14)} +${mb(trail[k] ?? 0).padStart(9)} per 1,000 orders`);
  });
  const total = trail.reduce((a, b) => a + b, 0);
  console.log(
    `  the trail      +${mb(total).padStart(9)} per 1,000 orders (${Math.round(total / 1000).toLocaleString('en')} bytes an order); the orders' own tables (${ORDER_TABLES.join(', ')}) +${mb(own)}`,
  );
  console.log(`  ${(count / trailOrders).toFixed(2)} entries per order:`);
  for (const e of entries)
    console.log(
      `    ${e.action.padEnd(8)} ${Number(e.n).toLocaleString('en').padStart(6)}, a row ${Math.round(Number(e.row_bytes))} bytes (changes ${Math.round(Number(e.changes_bytes))} bytes as JSON text)`,
    );
}

/** An entry's record and change list as the portal writes it, for an order of a customer. */
type Template = (orderId: number, n: number) => Omit<AuditFacts, 'cuId' | 'recordId' | 'requestId'>;

/** One order's life in the trail: the API's own create and edit (`made`), then the provider's acts. */
function lifeOf(made: ReadonlyArray<Omit<AuditFacts, 'cuId'>>): Template[] {
  const provider = { kind: 'provider' as const, id: null, name: '调度员 陈' };
  const system = { kind: 'provider' as const, id: null, name: PROVIDER_NAME };
  const act = (action: string, changes: AuditChange[], actor = provider) => ({
    recordType: 'order',
    action,
    actor,
    changes,
  });
  const fromApi = made.map(
    (m): Template =>
      (_orderId, n) => ({
        ...m,
        changes: (m.changes ?? []).map((c) =>
          c.field === 'order_no' ? { ...c, new: `LP20261203${String(n).padStart(8, '0')}` } : c,
        ),
      }),
  );
  const milestone =
    (old: string, next: string): Template =>
    () =>
      act('milestone', [{ field: 'milestone', old, new: next }]);
  return [
    ...fromApi,
    () =>
      act('confirm', [
        { field: 'status', old: 'pending_confirm', new: 'not_finished' },
        { field: 'milestone', old: 'none', new: 'confirmed' },
      ]),
    milestone('confirmed', 'picked_up'),
    milestone('picked_up', 'in_transit'),
    (_o, n) =>
      act(
        'readings',
        [{ field: 'readings', old: null, new: { logger_id: `TL-${100000 + (n % 9000)}`, stored: 96 } }],
        system,
      ),
    (_o, n) =>
      act(
        'readings',
        [{ field: 'readings', old: null, new: { logger_id: `TL-${100000 + (n % 9000)}`, stored: 48 } }],
        system,
      ),
    () => act('track', [{ field: 'track', old: null, new: { stored: 12 } }], system),
    milestone('in_transit', 'arrived'),
    () =>
      act('sign', [
        { field: 'status', old: 'not_finished', new: 'finished' },
        { field: 'milestone', old: 'arrived', new: 'delivered' },
        { field: 'sign_name', old: null, new: '刘签收' },
        { field: 'signed_at', old: null, new: new Date().toISOString() },
      ]),
  ];
}

async function measureVerify(made: ReadonlyArray<Omit<AuditFacts, 'cuId'>>): Promise<void> {
  const database = await freshDatabase('lp_bench_verify');
  const { db } = database;
  try {
    const life = lifeOf(made);
    const perTransaction = 1000;
    const perCustomer = 250;
    const customersPerTransaction = perTransaction / perCustomer;
    // each customer's orders and their place in the order's life
    const next = Array.from({ length: verifyCustomers }, () => ({ order: 0, step: 0 }));
    console.log(
      `\naudit:verify: writing ${verifyEntries.toLocaleString('en')} entries in ${verifyCustomers} chains (${database.kind}, ${perTransaction} an appendAudit in a transaction; ${life.length} entries an order)…`,
    );
    const started = performance.now();
    let at = Date.now() - 365 * 86_400_000;
    for (let written = 0, k = 0; written < verifyEntries; k++) {
      const entries: AuditFacts[] = [];
      for (let c = 0; c < customersPerTransaction && written + entries.length < verifyEntries; c++) {
        const customer = (k * customersPerTransaction + c) % verifyCustomers;
        const place = next[customer] as { order: number; step: number };
        for (let e = 0; e < perCustomer && written + entries.length < verifyEntries; e++) {
          const orderId = customer * 1_000_000 + place.order + 1;
          const template = life[place.step] as Template;
          entries.push({
            ...template(orderId, orderId),
            cuId: 1000 + customer,
            recordId: orderId,
            requestId: randomUUID(),
          });
          place.step += 1;
          if (place.step === life.length) {
            place.step = 0;
            place.order += 1;
          }
        }
      }
      at += 30_000;
      await db.transaction().execute((trx) => appendAudit(trx, entries, new Date(at)));
      written += entries.length;
      if (k % 50 === 0)
        process.stdout.write(
          `\r  ${written.toLocaleString('en')} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
        );
    }
    const writeSeconds = (performance.now() - started) / 1000;
    const size = await relationSize(db, 'audit_entries');
    console.log(
      `\n  written in ${writeSeconds.toFixed(1)} s (${Math.round(verifyEntries / writeSeconds).toLocaleString('en')} entries/s); audit_entries ${mb(size)} (${Math.round(size / verifyEntries)} bytes an entry)`,
    );
    if (database.kind === 'postgres') await sql`vacuum analyze audit_entries`.execute(db);
    else await sql`analyze audit_entries`.execute(db);
    for (let round = 1; round <= 2; round++) {
      const loadBefore = load();
      const [report, took] = await timed(() => verifyChains(db));
      if (report.broken)
        throw new Error(`the generated trail does not verify: ${JSON.stringify(report.broken)}`);
      console.log(
        `  verifyChains, run ${round}: ${report.entries.toLocaleString('en')} entries in ${report.chains} chains in ${(took / 1000).toFixed(1)} s (${Math.round(report.entries / (took / 1000)).toLocaleString('en')} entries/s; load average ${loadBefore})`,
      );
    }
  } finally {
    await database.close();
  }
}

/** The entries the API wrote for one order made and edited (part 4's templates), without their ids. */
async function madeThroughApi(t: TestApp): Promise<Array<Omit<AuditFacts, 'cuId'>>> {
  const s = await orderer(t);
  await createAndEdit(t, s, 0);
  const rows = await t.deps.db
    .selectFrom('audit_entries')
    .selectAll()
    .where('cu_id', '=', s.cuId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({
    recordType: r.record_type,
    recordId: r.record_id,
    action: r.action,
    actor: { kind: r.actor_kind, id: r.actor_id, name: r.actor_name },
    reason: r.reason,
    changes: r.changes,
  }));
}

try {
  const database = await freshDatabase('lp_bench');
  const bus: Bus = await openBus(database, database.url);
  const bare = unguarded(database);
  let made: Array<Omit<AuditFacts, 'cuId'>> = [];
  try {
    console.log(
      `${database.kind}${server ? ' (throw-away cluster)' : ' (in memory)'}, load average ${load()}`,
    );
    attachSessionCache(database.db, bus);
    attachSessionCache(bare.db, bus);
    // as in production: answers are not checked against their schemas (the tests' apps do)
    const config = { checkAnswers: false };
    const variants: Variant[] = [
      { label: 'guard on', t: await testApp(config, { database: { db: database.db, bus } }) },
      { label: 'guard off', t: await testApp(config, { database: { db: bare.db, bus } }) },
    ];
    const guarded = variants[0]?.t as TestApp;
    if (parts.test('calls') || parts.test('verify')) made = await madeThroughApi(guarded);
    if (parts.test('calls')) {
      await measureCalls(variants);
      await measureGuardAlone(await statementsOf(database, bus));
      await measureAppendAlone(database.db, made);
    }
    if (parts.test('list')) await measureList(variants);
    if (parts.test('size')) await measureSize(guarded);
  } finally {
    await bare.close();
    await bus.close();
    await database.close();
  }
  if (parts.test('verify')) await measureVerify(made);
} finally {
  await server?.stop();
}
