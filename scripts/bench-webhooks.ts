// `npm run bench:webhooks`: what webhook delivery costs one server process (server/areas/webhooks).
//
// One process, as a server runs it: the worker's embedded PGlite migrated with the reference data
// (server/testing/test-app.ts), the webhooks' background loops (the dispatcher woken by the
// outbox's bus message, the sender by its own: runner.ts `startWebhooks`), and a node:http receiver
// on the loopback (WEBHOOK_ALLOW_PRIVATE and _HTTP on, as for an on-premise receiver) that answers
// 200 at once and notes when each message arrives.
//
// 1. Latency: BENCH_LATENCY_EVENTS (200) order creations, one transaction each, BENCH_GAP_MS (20)
//    apart; from the commit to the receiver having the body: p50/p95/p99/max.
// 2. Throughput: BENCH_ORDERS (1,000) creations committed in one go, sent to BENCH_ENDPOINTS (2)
//    endpoints: deliveries a second from the commit to the last one received.
// 3. Fairness: BENCH_SLOW (100) deliveries due to an endpoint whose receiver takes BENCH_SLOW_MS
//    (2,000) over each answer, then BENCH_LATENCY_EVENTS / 2 creations BENCH_GAP_MS apart to
//    another customer's endpoint: their latency while the slow one's backlog is worked (a slow
//    endpoint holds at most 4 lanes: send-pool.ts).
// BENCH_DB=postgres: on a throw-away PostgreSQL (scripts/postgres.mjs) instead, its pool as a
// server's. Exits 1 when a message is missing or comes twice.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { appendEvents } from '../server/areas/live/outbox.ts';
import { closeAgents } from '../server/areas/webhooks/post.ts';
import { startWebhooks } from '../server/areas/webhooks/runner.ts';
import { createUser } from '../server/testing/fixtures.ts';
import { createOrder } from '../server/testing/order-fixtures.ts';
import { migratedPostgres } from '../server/testing/pg-database.ts';
import { testApp, testDatabase } from '../server/testing/test-app.ts';

const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number above 0`);
  return value;
};
const LATENCY_EVENTS = number('BENCH_LATENCY_EVENTS', 200);
const GAP_MS = number('BENCH_GAP_MS', 20);
const ORDERS = number('BENCH_ORDERS', 1000);
const ENDPOINTS = number('BENCH_ENDPOINTS', 2);
const SLOW = number('BENCH_SLOW', 100);
const SLOW_MS = number('BENCH_SLOW_MS', 2000);
const WAIT_MS = 120_000;
let slowArrived = 0;

const arrived = new Map<string, number[]>();
let received = 0;
const waiters = new Set<() => void>();
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.url?.startsWith('/slow')) {
      slowArrived += 1;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      }, SLOW_MS);
      return;
    }
    const at = performance.now();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { order_id: number } };
    const key = `${req.url}:${body.data.order_id}`;
    arrived.set(key, [...(arrived.get(key) ?? []), at]);
    received += 1;
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
    for (const w of waiters) w();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const { port } = receiver.address() as AddressInfo;

/** Resolves when `n` messages have come in all, or throws after WAIT_MS. */
function receivedAll(n: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const check = () => {
      if (received < n) return;
      waiters.delete(check);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      waiters.delete(check);
      reject(new Error(`${received} of ${n} messages arrived in ${WAIT_MS / 1000} s`));
    }, WAIT_MS);
    waiters.add(check);
    check();
  });
}

const onPostgres = process.env.BENCH_DB === 'postgres';
const { startThrowawayPostgres } = await import('./postgres.mjs');
const pg = onPostgres ? await startThrowawayPostgres() : null;
const database = pg ? await migratedPostgres(pg.url) : await testDatabase();
const t = await testApp({ webhooks: { allowPrivate: true, allowHttp: true } }, { database });
console.log(`on ${pg ? 'PostgreSQL' : 'PGlite'}`);
const { db } = t.deps;
const system = { kind: 'system' as const, id: null, name: '' };

/** A customer with `endpoints` endpoints on the receiver (paths /e0, /e1 …, under /slow when slow). */
async function customer(endpoints: number, slow = false) {
  const user = await createUser(db, { admin: true });
  const cuId = user.customers[0]!.cu_id;
  const now = new Date();
  for (let i = 0; i < endpoints; i++)
    await db
      .insertInto('webhook_endpoints')
      .values({
        cu_id: cuId,
        url: `http://127.0.0.1:${port}${slow ? '/slow' : ''}/c${cuId}/e${i}`,
        description: '',
        event_types: '["order.created"]',
        enabled: true,
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        created_at: now,
        updated_at: now,
      })
      .execute();
  await db.insertInto('webhook_cursors').values({ cu_id: cuId, seq: 0 }).execute();
  return cuId;
}

const created = (cuId: number, ids: number[]) =>
  db.transaction().execute((trx) =>
    appendEvents(
      trx,
      ids.map((id) => ({ cuId, kind: 'order', action: 'create', recordId: id, orderId: id, actor: system })),
      new Date(),
    ),
  );

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
const ms = (n: number) => `${n.toFixed(1)} ms`;

const stop = startWebhooks(t.deps);
let failed = false;
try {
  // 1. latency
  const cuA = await customer(1);
  const ordersA: number[] = [];
  for (let i = 0; i < LATENCY_EVENTS; i++) ordersA.push((await createOrder(db, cuA)).id);
  const committed = new Map<number, number>();
  for (const id of ordersA) {
    await created(cuA, [id]);
    committed.set(id, performance.now());
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  await receivedAll(LATENCY_EVENTS);
  const latencies = ordersA
    .map((id) => arrived.get(`/c${cuA}/e0:${id}`)![0]! - committed.get(id)!)
    .sort((a, b) => a - b);
  console.log(
    `latency, commit → received (${LATENCY_EVENTS} events, one a ${GAP_MS} ms): p50 ${ms(pct(latencies, 50))}, p95 ${ms(pct(latencies, 95))}, p99 ${ms(pct(latencies, 99))}, max ${ms(latencies.at(-1)!)}`,
  );

  // 2. throughput
  const cuB = await customer(ENDPOINTS);
  const ordersB: number[] = [];
  for (let i = 0; i < ORDERS; i++) ordersB.push((await createOrder(db, cuB)).id);
  const before = received;
  const start = performance.now();
  await created(cuB, ordersB);
  await receivedAll(before + ORDERS * ENDPOINTS);
  const seconds = (performance.now() - start) / 1000;
  console.log(
    `throughput: ${ORDERS * ENDPOINTS} deliveries (${ORDERS} events × ${ENDPOINTS} endpoints) in ${seconds.toFixed(2)} s: ${Math.round((ORDERS * ENDPOINTS) / seconds)} deliveries/s`,
  );

  // 3. fairness
  const cuSlow = await customer(1, true);
  const slowOrders: number[] = [];
  for (let i = 0; i < SLOW; i++) slowOrders.push((await createOrder(db, cuSlow)).id);
  await created(cuSlow, slowOrders);
  const cuC = await customer(1);
  const ordersC: number[] = [];
  const fairEvents = Math.max(1, Math.floor(LATENCY_EVENTS / 2));
  for (let i = 0; i < fairEvents; i++) ordersC.push((await createOrder(db, cuC)).id);
  const beforeC = received;
  const committedC = new Map<number, number>();
  for (const id of ordersC) {
    await created(cuC, [id]);
    committedC.set(id, performance.now());
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
  await receivedAll(beforeC + fairEvents);
  const fair = ordersC
    .map((id) => arrived.get(`/c${cuC}/e0:${id}`)![0]! - committedC.get(id)!)
    .sort((a, b) => a - b);
  console.log(
    `fairness: beside ${SLOW} deliveries due to an endpoint answering in ${SLOW_MS} ms (${slowArrived} of them reached it meanwhile), ${fairEvents} events to another: p50 ${ms(pct(fair, 50))}, p95 ${ms(pct(fair, 95))}, p99 ${ms(pct(fair, 99))}, max ${ms(fair.at(-1)!)}`,
  );

  const twice = [...arrived.values()].filter((times) => times.length > 1).length;
  if (twice > 0) {
    console.error(`${twice} messages arrived more than once`);
    failed = true;
  }
  const states = await db
    .selectFrom('webhook_deliveries')
    .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('state')
    .execute();
  console.log(`deliveries: ${states.map((s) => `${s.state} ${s.n}`).join(', ')}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  await stop();
  closeAgents();
  receiver.close();
  if (pg && 'close' in database) await database.close();
  await pg?.stop();
}
process.exit(failed ? 1 : 0);
