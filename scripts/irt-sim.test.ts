import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhooks } from '../server/areas/webhooks/runner.ts';
import { createEditorSetup } from '../server/testing/editor-fixtures.ts';
import {
  type ServedTestApp,
  serveTestApp,
  type TestApp,
  testApp,
  testDatabase,
} from '../server/testing/test-app.ts';
import { startReceiver } from './irt-sim/receiver.ts';
import type { SimOptions, SimReport } from './irt-sim/types.ts';

/**
 * `npm run irt-sim` end to end: the simulator's own code against the real app served on a port of
 * the loopback with its webhook loops running (as `npm start` runs them, webhooks to the loopback
 * over http allowed), signed in as a customer's administrator who makes its API client.
 */

const SECRET = 'irt-sim-test-secret-7d1';
const SCOPES = 'orders:read orders:write inventory:read webhooks:manage';

/**
 * The simulator's run, imported by its path at run time: the project's tsc would otherwise follow
 * the import into its typed client, which compiles only against the types generated from the
 * document (server/openapi/typed-client.test.ts makes them and checks the simulator with them).
 */
let runIrtSim: (options: SimOptions, log: (line: string) => void) => Promise<SimReport>;

let t: TestApp;
let served: ServedTestApp;
let stopWebhooks: () => Promise<void>;
beforeAll(async () => {
  await testDatabase();
  ({ runIrtSim } = (await import(/* @vite-ignore */ path.join(import.meta.dirname, 'irt-sim/run.ts'))) as {
    runIrtSim: typeof runIrtSim;
  });
  t = await testApp({ webhooks: { allowPrivate: true, allowHttp: true }, integrationSecret: SECRET });
  served = await serveTestApp(t);
  stopWebhooks = startWebhooks(t.deps);
});
afterAll(async () => {
  await stopWebhooks();
  await served.close();
});

describe('npm run irt-sim against a running portal', () => {
  it('gets a token, books each shipment once per key, and verifies every webhook of its orders; a tampered one is refused', async () => {
    const setup = await createEditorSetup(t.deps.db, { user: { admin: true } });
    const lines: string[] = [];
    const report = await runIrtSim(
      {
        url: served.url,
        admin: { username: setup.user.username, password: setup.user.password },
        orders: 2,
        integrationSecret: SECRET,
        receiverHost: '127.0.0.1',
        receiverPort: 0,
        waitMs: 15_000,
      },
      (line) => lines.push(line),
    );
    const { db } = t.deps;

    // the token holds the client's scopes; two orders for two keys, the repeated key the first order
    expect(report.tokenScope).toBe(SCOPES);
    const [a, b] = report.booked.map((o) => o.id);
    expect(a).not.toBe(b);
    expect(report.repeated.id).toBe(a);
    const orders = await db
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('cu_id', '=', setup.cuId)
      .execute();
    expect(orders.map((o) => o.id).sort()).toEqual([a, b].sort());
    const keys = await db
      .selectFrom('api_client_keys')
      .select('key')
      .where('cu_id', '=', setup.cuId)
      .execute();
    expect(keys.map((k) => k.key).sort()).toEqual(report.booked.map((o) => o.key).sort());

    // every webhook verified, each told once, in the order things happened to each order
    const told = report.seen.map((s) => [
      s.event.type,
      s.event.data.order_id ?? null,
      s.event.data.status ?? null,
    ]);
    expect(told[0]).toEqual(['webhook.test', null, null]);
    expect(told.filter((e) => e[1] === a)).toEqual([
      ['order.created', a, 'pending_confirm'],
      ['order.status_changed', a, 'not_finished'],
      ['order.delivered', a, 'not_finished'],
      ['order.status_changed', a, 'finished'],
    ]);
    expect(told.filter((e) => e[1] === b)).toEqual([
      ['order.created', b, 'pending_confirm'],
      ['order.status_changed', b, 'cancelled'],
    ]);
    expect(report.seen).toHaveLength(7);
    expect(report.duplicates).toBe(0);
    expect(report.tamperedStatus).toBe(400);
    expect(report.refused).toBe(1);
    expect(lines.some((l) => l.includes('webhook refused (400)'))).toBe(true);

    // what it made for the run is gone: the client revoked, the endpoint removed
    const clients = await db
      .selectFrom('api_clients')
      .select(['revoked_at'])
      .where('cu_id', '=', setup.cuId)
      .execute();
    expect(clients).toHaveLength(1);
    expect(clients[0]!.revoked_at).not.toBeNull();
    const endpoints = await db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('cu_id', '=', setup.cuId)
      .execute();
    expect(endpoints).toEqual([]);
    // and it holds no session of the administrator: signed in to make the client and to revoke it, signed out after each
    const sessions = await db
      .selectFrom('sessions')
      .select('end_reason')
      .where('uid', '=', setup.user.uid)
      .orderBy('created_at')
      .execute();
    expect(sessions.map((x) => x.end_reason)).toEqual(['logout', 'logout']);
  });
});

describe('npm run irt-sim against a portal with its safe defaults', () => {
  it('stops at the endpoint, saying how to start the demo portal, and revokes the client it made', async () => {
    const strict = await testApp();
    const port = await serveTestApp(strict);
    try {
      const setup = await createEditorSetup(strict.deps.db, { user: { admin: true } });
      const options: SimOptions = {
        url: port.url,
        admin: { username: setup.user.username, password: setup.user.password },
        orders: 2,
        receiverHost: '127.0.0.1',
        receiverPort: 0,
        waitMs: 15_000,
      };
      await expect(runIrtSim(options, () => {})).rejects.toThrow(
        /refused the receiver's address http:\/\/127\.0\.0\.1:\d+\/irt\/webhooks: .*\n.*\n {2}WEBHOOK_ALLOW_PRIVATE=on WEBHOOK_ALLOW_HTTP=on npm start/,
      );
      const clients = await strict.deps.db
        .selectFrom('api_clients')
        .select('revoked_at')
        .where('cu_id', '=', setup.cuId)
        .execute();
      expect(clients.map((c) => c.revoked_at === null)).toEqual([false]);
      const orders = await strict.deps.db
        .selectFrom('orders')
        .select('id')
        .where('cu_id', '=', setup.cuId)
        .execute();
      expect(orders).toEqual([]);
    } finally {
      await port.close();
    }
  });
});

describe('the receiver', () => {
  it('takes a message signed with its secret once, and refuses another secret, a changed body and an old timestamp', async () => {
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const receiver = await startReceiver({});
    receiver.verifyWith(secret);
    try {
      const body = JSON.stringify({
        type: 'order.created',
        timestamp: new Date().toISOString(),
        data: { order_id: 1 },
      });
      const post = async (signer: string, id: string, at: Date, sent = body) => {
        const signature = new Webhook(signer).sign(id, at, body);
        const res = await fetch(receiver.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signature,
          },
          body: sent,
        });
        await res.arrayBuffer();
        return res.status;
      };
      const other = `whsec_${Buffer.alloc(32, 8).toString('base64')}`;
      expect(await post(other, 'msg_other', new Date())).toBe(400);
      expect(
        await post(secret, 'msg_changed', new Date(), body.replace('"order_id":1', '"order_id":2')),
      ).toBe(400);
      expect(await post(secret, 'msg_old', new Date(Date.now() - 10 * 60_000))).toBe(400);
      expect(await post(secret, 'msg_good', new Date())).toBe(204);
      expect(await post(secret, 'msg_good', new Date())).toBe(204);
      expect(receiver.seen.map((s) => s.id)).toEqual(['msg_good']);
      expect([receiver.refused(), receiver.duplicates()]).toEqual([3, 1]);
    } finally {
      await receiver.close();
    }
  });
});
