import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Bus, openBus } from '../../core/bus.ts';
import { type OpenedDatabase, openDatabase } from '../../db/database.ts';
import { createUser } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { migratedPostgres, postgresServerUrl } from '../../testing/pg-database.ts';
import { type TestApp, testApp } from '../../testing/test-app.ts';
import { type WebhookReceiver, webhookReceiver } from '../../testing/webhook-receiver.ts';
import { appendEvents } from '../live/outbox.ts';
import { closeAgents } from './post.ts';
import { runDispatcher } from './runner.ts';
import { runWebhookSender } from './send-pool.ts';
import { claimDelivery, ENDPOINT_IN_FLIGHT, WEBHOOK_LEASE_MS } from './sender.ts';

/**
 * Webhooks on PostgreSQL, where two server processes really work at once: two app instances on
 * one database, each with a pool of its own. Each event becomes one delivery per endpoint however
 * many dispatchers race; each attempt is made by one process (the receiver gets each message once);
 * a delivery another process holds is not taken until its lease runs out, then it is.
 */
const serverUrl = postgresServerUrl();
const OPEN = { webhooks: { allowPrivate: true, allowHttp: true } };

let first: Awaited<ReturnType<typeof migratedPostgres>>;
let second: OpenedDatabase & { bus: Bus };
let a: TestApp;
let b: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  first = await migratedPostgres(serverUrl);
  const opened = await openDatabase({ databaseUrl: first.url });
  second = { ...opened, bus: await openBus(opened, first.url) };
  a = await testApp(OPEN, { database: first });
  b = await testApp(OPEN, { database: second });
  receiver = await webhookReceiver();
}, 60_000);
afterAll(async () => {
  await receiver?.close();
  closeAgents();
  await second?.bus.close();
  await second?.close();
  await first?.close();
});

/** A customer with an endpoint on the receiver (`path` tells its messages apart) and `n` orders made. */
async function customerWithOrders(n: number, path: string, to: () => string = () => receiver.url) {
  const user = await createUser(a.deps.db, { admin: true });
  const cuId = user.customers[0]!.cu_id;
  const now = a.deps.now();
  await a.deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_endpoints')
      .values({
        cu_id: cuId,
        url: `${to()}/${path}`,
        description: '',
        event_types: '[]',
        enabled: true,
        secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
        created_at: now,
        updated_at: now,
      })
      .execute();
    await trx
      .insertInto('webhook_cursors')
      .values({ cu_id: cuId, seq: 0 })
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
  for (let i = 0; i < n; i++) {
    const order = await createOrder(a.deps.db, cuId);
    await a.deps.db.transaction().execute((trx) =>
      appendEvents(
        trx,
        [
          {
            cuId,
            kind: 'order',
            action: 'create',
            recordId: order.id,
            orderId: order.id,
            actor: { kind: 'system', id: null, name: '' },
          },
        ],
        now,
      ),
    );
  }
  return cuId;
}

const gotFor = (path: string) => receiver.received.filter((r) => r.path === `/${path}`);
const deliveriesOf = (cuId: number) =>
  a.deps.db
    .selectFrom('webhook_deliveries')
    .select(['id', 'state', 'attempts'])
    .where('cu_id', '=', cuId)
    .execute();

describe('webhooks across two processes (PostgreSQL)', () => {
  it('makes one delivery per event with two dispatchers racing, and sends each once with four senders on two pools', async () => {
    const cuId = await customerWithOrders(40, 'race');
    const made = await Promise.all([runDispatcher(a.deps), runDispatcher(b.deps), runDispatcher(a.deps)]);
    expect(made.reduce((x, y) => x + y, 0)).toBe(40);
    const runs = await Promise.all([
      runWebhookSender(a.deps),
      runWebhookSender(b.deps),
      runWebhookSender(a.deps),
      runWebhookSender(b.deps),
    ]);
    expect(runs.reduce((n, r) => n + r.delivered, 0)).toBe(40);
    const got = gotFor('race');
    expect(got).toHaveLength(40);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(40);
    const rows = await deliveriesOf(cuId);
    expect(rows.every((r) => r.state === 'delivered' && r.attempts === 1)).toBe(true);
    const attempts = await a.deps.db
      .selectFrom('webhook_attempts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('cu_id', '=', cuId)
      .executeTakeFirstOrThrow();
    expect(Number(attempts.n)).toBe(40);
  });

  it('never takes an attempt another process is making: the one it holds is passed over, the rest sent by the other', async () => {
    const cuId = await customerWithOrders(6, 'held');
    await runDispatcher(a.deps);
    // A's first request hangs at the receiver
    let first = true;
    receiver.answer((r) => {
      if (r.path === '/held' && first) {
        first = false;
        return 'hang';
      }
      return { status: 200, body: 'ok' };
    });
    const runA = runWebhookSender(a.deps, { max: 1, concurrency: 1, timeoutMs: 60_000 });
    await receiver.got(receiver.received.length + 1);
    const ranB = await runWebhookSender(b.deps);
    expect(ranB.delivered).toBe(5);
    // the held one: still A's
    const rows = await deliveriesOf(cuId);
    expect(rows.filter((r) => r.state === 'sending')).toHaveLength(1);
    // the receiver goes without answering it: A's attempt ends (reset) and is A's to retry
    await receiver.close();
    receiver = await webhookReceiver();
    const ranA = await runA;
    expect(ranA.delivered + ranA.retried).toBe(1);
    expect(ranB.retried + ranB.failed).toBe(0);
  });

  it('bounds the attempts in flight to one endpoint across processes: the other process sends only the other endpoints’ while a slow one holds its share', async () => {
    const slow = await webhookReceiver(() => 'hold');
    try {
      await customerWithOrders(ENDPOINT_IN_FLIGHT + 2, 'slow', () => slow.url);
      await runDispatcher(a.deps);
      const runA = runWebhookSender(a.deps);
      await slow.got(ENDPOINT_IN_FLIGHT);
      // while A holds every attempt the slow endpoint may have: B takes the others', none of its
      await customerWithOrders(3, 'fast');
      await runDispatcher(b.deps);
      const ranB = await runWebhookSender(b.deps);
      expect(ranB).toMatchObject({ delivered: 3 });
      expect(gotFor('fast')).toHaveLength(3);
      expect(slow.received).toHaveLength(ENDPOINT_IN_FLIGHT);
      slow.answer(() => ({ status: 200, body: 'ok' }));
      slow.release();
      expect(await runA).toMatchObject({ delivered: ENDPOINT_IN_FLIGHT + 2 });
      expect(slow.received).toHaveLength(ENDPOINT_IN_FLIGHT + 2);
    } finally {
      await slow.close();
    }
  });

  it('takes over, on the other process, a delivery whose process died, once its lease is up: a new attempt, once', async () => {
    const cuId = await customerWithOrders(1, 'restart');
    await runDispatcher(b.deps);
    expect(await claimDelivery(a.deps.db, a.deps.now())).not.toBe(null);
    expect(await runWebhookSender(b.deps)).toMatchObject({ delivered: 0 });
    b.advance(WEBHOOK_LEASE_MS);
    expect(await runWebhookSender(b.deps)).toMatchObject({ delivered: 1 });
    expect(gotFor('restart')).toHaveLength(1);
    expect(await deliveriesOf(cuId)).toMatchObject([{ state: 'delivered', attempts: 2 }]);
    b.advance(WEBHOOK_LEASE_MS);
    await runWebhookSender(a.deps);
    await runWebhookSender(b.deps);
    expect(gotFor('restart')).toHaveLength(1);
  });
});
