import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationList } from '../../../src/contract/notifications/schemas.ts';
import type {
  WebhookDeliveries,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookWithSecret,
} from '../../../src/contract/webhooks/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { create, readyToOrder } from '../../testing/editor-test-helpers.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { socketFrom, type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { closedPort, type WebhookReceiver, webhookReceiver } from '../../testing/webhook-receiver.ts';
import { appendEvents, type EventFacts } from '../live/outbox.ts';
import { runNotifier } from '../notifications/runner.ts';
import { operationsIn } from '../../../src/contract/operation.ts';
import * as webhookOps from '../../../src/contract/webhooks/operations.ts';
import { scopeOf } from '../api-clients/scopes.ts';
import { refusedRange, useResolver, vetEndpointUrl } from './address-guard.ts';
import { WEBHOOK_SCOPE_CALLS, WEBHOOKS_MANAGE } from './scope.ts';
import { REPLAY_MAX } from './endpoints.ts';
import { chores, WEBHOOK_ORDER_STATE_DAYS } from './housekeeping.ts';
import { ANSWER_LIMIT, closeAgents, postMessage } from './post.ts';
import { runDispatcher, startWebhooks } from './runner.ts';
import { runWebhookSender } from './send-pool.ts';
import {
  claimDelivery,
  ENDPOINT_IN_FLIGHT,
  nextAttemptAt,
  RETRY_MS,
  RETRY_WINDOW_MS,
  WEBHOOK_LEASE_MS,
} from './sender.ts';

beforeAll(() => testDatabase());
afterAll(() => closeAgents());
// a sender pass takes every due delivery of the worker's database: none of a test outlives it
afterEach(async () => {
  const { db } = await testDatabase();
  await db
    .updateTable('webhook_deliveries')
    .set({ state: 'skipped' })
    .where('state', 'in', ['queued', 'sending'])
    .execute();
});

/** Loopback receivers over http, as tests and on-premise setups allow. */
const OPEN = { allowPrivate: true, allowHttp: true };
const app = (webhooks = OPEN) => testApp({ webhooks });
const fixed = () => 0.5;
/** A sender pass with no jitter (each wait is the schedule's own). */
const send = (t: TestApp, more: Parameters<typeof runWebhookSender>[1] = {}) =>
  runWebhookSender(t.deps, { random: fixed, ...more });

const receivers: WebhookReceiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
});
async function receiver(...args: Parameters<typeof webhookReceiver>) {
  const r = await webhookReceiver(...args);
  receivers.push(r);
  return r;
}

/** An administrator of a customer of its own, signed in. */
async function admin(t: TestApp) {
  const user = await createUser(t.deps.db, { admin: true });
  return { user, cuId: user.customers[0]!.cu_id, token: await loginAs(t, user) };
}

async function endpoint(
  t: TestApp,
  token: string,
  url: string,
  event_types: string[] = [],
): Promise<WebhookWithSecret> {
  const made = await t.call<WebhookWithSecret>('webhook/create', {
    token,
    body: { url, description: 'IRT', event_types },
  });
  expect(made.code, made.message).toBe(0);
  return made.data;
}

const system = { kind: 'system' as const, id: null, name: '' };
/** The events a write of the order would append (the order changed first, as its write does). */
async function emit(t: TestApp, cuId: number, events: Array<Omit<EventFacts, 'cuId' | 'actor'>>) {
  await t.deps.db.transaction().execute((trx) =>
    appendEvents(
      trx,
      events.map((e) => ({ ...e, cuId, actor: system })),
      t.deps.now(),
    ),
  );
}

/** Dispatches and sends until nothing is due now. */
async function deliverAll(t: TestApp) {
  await runDispatcher(t.deps);
  return send(t);
}

const logOf = async (t: TestApp, token: string, id: number) =>
  (await t.call<WebhookDeliveries>('webhook/deliveries', { token, query: { id: String(id) } })).data.list;

describe('webhook endpoints', () => {
  it('are an administrator’s: made with a whsec_ secret of 32 random bytes shown with it, listed without it, revealed on asking, changed and removed', async () => {
    const t = await app();
    const { token } = await admin(t);
    const made = await endpoint(t, token, 'http://127.0.0.1:9/hook', ['order.created']);
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(made.secret.slice(6), 'base64')).toHaveLength(32);
    const list = await t.call<WebhookEndpointList>('webhook/index', { token });
    expect(list.data.list).toEqual([made.endpoint]);
    expect(JSON.stringify(list.data)).not.toContain(made.secret);
    const shown = await t.call<{ secret: string }>('webhook/secret', {
      token,
      body: { id: made.endpoint.id },
    });
    expect(shown.data).toEqual({ secret: made.secret, previous: null });
    const changed = await t.call<WebhookEndpoint>('webhook/update', {
      token,
      body: {
        id: made.endpoint.id,
        description: 'ERP',
        event_types: ['order.delivered', 'order.created'],
        enabled: false,
      },
    });
    expect(changed.data).toMatchObject({
      description: 'ERP',
      event_types: ['order.created', 'order.delivered'],
      enabled: false,
      disabled_reason: 'manual',
    });
    expect((await t.call('webhook/delete', { token, body: { id: made.endpoint.id } })).code).toBe(0);
    expect((await t.call<WebhookEndpointList>('webhook/index', { token })).data.list).toEqual([]);
  });

  it('leave audit entries of record webhook_endpoint, by the administrator, for each change and each secret reading, without a secret', async () => {
    const t = await app();
    const { user, cuId, token } = await admin(t);
    const made = await endpoint(t, token, 'http://127.0.0.1:9/hook', ['order.created']);
    const id = made.endpoint.id;
    const ok = async (path: string, body: Record<string, unknown>) => {
      const res = await t.call<Record<string, unknown>>(path, { token, body });
      expect(res.code, `${path}: ${res.message}`).toBe(0);
      return res.data;
    };
    await ok('webhook/update', { id, url: 'http://127.0.0.1:9/other', description: 'ERP', enabled: false });
    await ok('webhook/update', { id, enabled: true, event_types: ['order.delivered'] });
    const rotated = (await ok('webhook/rotate', { id, keep_hours: 2 })) as unknown as WebhookWithSecret;
    const shown = await ok('webhook/secret', { id });
    expect(shown).toMatchObject({ secret: rotated.secret, previous: { secret: made.secret } });
    await ok('webhook/delete', { id });
    const { name } = await t.deps.db
      .selectFrom('users')
      .select('name')
      .where('uid', '=', user.uid)
      .executeTakeFirstOrThrow();
    const entries = await t.deps.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('cu_id', '=', cuId)
      .where('record_type', '=', 'webhook_endpoint')
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.action)).toEqual([
      'create',
      'disable',
      'enable',
      'rotate',
      'reveal_secret',
      'delete',
    ]);
    for (const e of entries)
      expect(e).toMatchObject({
        record_id: String(id),
        actor_kind: 'user',
        actor_id: user.uid,
        actor_name: name,
      });
    const text = JSON.stringify(entries);
    expect(text).not.toContain('whsec_');
    for (const secret of [made.secret, rotated.secret]) expect(text).not.toContain(secret.slice(6));
    const changes = (action: string) => entries.find((e) => e.action === action)?.changes;
    expect(changes('create')).toEqual([
      { field: 'url', old: null, new: 'http://127.0.0.1:9/hook' },
      { field: 'description', old: null, new: 'IRT' },
      { field: 'event_types', old: null, new: ['order.created'] },
      { field: 'enabled', old: null, new: true },
      { field: 'secret', old: null, new: 'generated' },
    ]);
    expect(changes('disable')).toEqual([
      { field: 'url', old: 'http://127.0.0.1:9/hook', new: 'http://127.0.0.1:9/other' },
      { field: 'description', old: 'IRT', new: 'ERP' },
      { field: 'enabled', old: true, new: false },
    ]);
    expect(changes('enable')).toEqual([
      { field: 'event_types', old: ['order.created'], new: ['order.delivered'] },
      { field: 'enabled', old: false, new: true },
    ]);
    expect(changes('rotate')).toEqual([
      { field: 'secret', old: null, new: 'generated' },
      { field: 'previous_secret_until', old: null, new: expect.any(String) },
    ]);
    expect(changes('reveal_secret')).toEqual([]);
    expect(changes('delete')).toEqual([
      { field: 'url', old: 'http://127.0.0.1:9/other', new: null },
      { field: 'event_types', old: ['order.delivered'], new: null },
    ]);
  });

  it('are refused to a user who is no administrator, and another customer’s are not found', async () => {
    const t = await app();
    const owner = await admin(t);
    const other = await admin(t);
    const plain = await createUser(t.deps.db);
    const plainToken = await loginAs(t, plain);
    const made = await endpoint(t, owner.token, 'http://127.0.0.1:9/hook');
    expect((await t.call('webhook/index', { token: plainToken })).code).toBe(403);
    expect(
      (await t.call('webhook/create', { token: plainToken, body: { url: 'https://example.com' } })).code,
    ).toBe(403);
    const id = made.endpoint.id;
    for (const [path, body] of [
      ['webhook/update', { id, description: 'mine now' }],
      ['webhook/rotate', { id }],
      ['webhook/secret', { id }],
      ['webhook/delete', { id }],
      ['webhook/test', { id }],
      ['webhook/replay', { id, from: new Date(0).toISOString() }],
    ] as const)
      expect((await t.call(path, { token: other.token, body }))?.code, path).toBe(404);
    expect((await t.call('webhook/deliveries', { token: other.token, query: { id: String(id) } })).code).toBe(
      404,
    );
    expect((await t.call<WebhookEndpointList>('webhook/index', { token: other.token })).data.list).toEqual(
      [],
    );
  });

  it('are managed by an API client with webhooks:manage, on its own customer only; another scope is refused', async () => {
    const t = await app();
    const owner = await admin(t);
    const other = await admin(t);
    const tokenOf = async (token: string, scopes: string[]) => {
      const made = await t.call<{ client: { client_id: string }; client_secret: string }>(
        'api-client/create',
        {
          token,
          body: { name: `IRT ${scopes.join(' ')}`, scopes },
        },
      );
      expect(made.code, made.message).toBe(0);
      const basic = Buffer.from(`${made.data.client.client_id}:${made.data.client_secret}`).toString(
        'base64',
      );
      const res = await t.app.request(
        '/api/oauth/token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
          body: 'grant_type=client_credentials',
        },
        socketFrom(t.address),
      );
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const as = (bearer: string) => ({ headers: { authorization: `Bearer ${bearer}` } });
    const manager = await tokenOf(owner.token, ['webhooks:manage']);
    const made = await t.call<WebhookWithSecret>('webhook/create', {
      ...as(manager),
      body: { url: 'http://127.0.0.1:9/irt', event_types: ['order.created'] },
    });
    expect(made.code, made.message).toBe(0);
    expect(made.data.secret).toMatch(/^whsec_/);
    // the entry names the client, not a user
    const entry = await t.deps.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('cu_id', '=', owner.cuId)
      .where('record_type', '=', 'webhook_endpoint')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      action: 'create',
      actor_kind: 'client',
      actor_name: 'IRT webhooks:manage',
    });
    expect(JSON.stringify(entry)).not.toContain('whsec_');
    const listed = await t.call<WebhookEndpointList>('webhook/index', as(manager));
    expect(listed.data.list.map((e) => e.id)).toEqual([made.data.endpoint.id]);
    // the owner's administrator sees the client's endpoint; the other customer's client does not
    expect(
      (await t.call<WebhookEndpointList>('webhook/index', { token: owner.token })).data.list,
    ).toHaveLength(1);
    const stranger = await tokenOf(other.token, ['webhooks:manage']);
    expect((await t.call<WebhookEndpointList>('webhook/index', as(stranger))).data.list).toEqual([]);
    expect(
      (await t.call('webhook/secret', { ...as(stranger), body: { id: made.data.endpoint.id } })).code,
    ).toBe(404);
    const reader = await tokenOf(owner.token, ['orders:read']);
    expect((await t.call('webhook/index', as(reader))).code).toBe(403);
  });

  it('are managed by an administrator and an API client whose token holds webhooks:manage, not by a user who is no administrator nor a token without it', async () => {
    const t = await app();
    const owner = await admin(t);
    const plain = await createUser(t.deps.db);
    // a user of the same customer who is no administrator of it
    await t.deps.db.insertInto('user_customers').values({ uid: plain.uid, cu_id: owner.cuId }).execute();
    await t.deps.db
      .updateTable('users')
      .set({ default_cu_id: owner.cuId })
      .where('uid', '=', plain.uid)
      .execute();
    const plainToken = await loginAs(t, plain);
    const made = await t.call<{ client: { client_id: string; id: number }; client_secret: string }>(
      'api-client/create',
      { token: owner.token, body: { name: 'IRT', scopes: ['webhooks:manage', 'orders:read'] } },
    );
    expect(made.code, made.message).toBe(0);
    const basic = Buffer.from(`${made.data.client.client_id}:${made.data.client_secret}`).toString('base64');
    const tokenFor = async (scope: string) => {
      const res = await t.app.request(
        '/api/oauth/token',
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
          body: `grant_type=client_credentials&scope=${encodeURIComponent(scope)}`,
        },
        socketFrom(t.address),
      );
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    const full = bearer(await tokenFor('webhooks:manage orders:read'));
    const narrow = bearer(await tokenFor('orders:read'));
    // what a bearer call's session holds: the client, its token's scopes, no administrator
    const session = await t.deps.authenticateClient!({
      db: t.deps.db,
      token: full.headers.authorization.slice('Bearer '.length),
      op: webhookOps.webhookIndex,
      address: t.address,
      now: t.deps.now(),
    });
    expect(session).toMatchObject({
      uid: 0,
      cuId: owner.cuId,
      isAdmin: false,
      client: { id: made.data.client.id, name: 'IRT' },
    });
    expect([...(session.client?.scopes ?? [])].sort()).toEqual(['orders:read', 'webhooks:manage']);
    const url = 'http://127.0.0.1:9/who';
    // the administrator and the client with the scope make endpoints
    const byAdmin = await t.call<WebhookWithSecret>('webhook/create', { token: owner.token, body: { url } });
    expect(byAdmin.code, byAdmin.message).toBe(0);
    const byClient = await t.call<WebhookWithSecret>('webhook/create', { ...full, body: { url } });
    expect(byClient.code, byClient.message).toBe(0);
    const id = byClient.data.endpoint.id;
    for (const [path, body] of [
      ['webhook/update', { id, description: 'by the client' }],
      ['webhook/rotate', { id }],
      ['webhook/secret', { id }],
      ['webhook/test', { id }],
      ['webhook/replay', { id, from: new Date(0).toISOString() }],
    ] as const)
      expect((await t.call(path, { ...full, body })).code, path).toBe(0);
    // the user who is no administrator and the token without the scope: 403 on every call
    for (const who of [{ token: plainToken }, narrow]) {
      expect((await t.call('webhook/index', who)).code).toBe(403);
      expect((await t.call('webhook/create', { ...who, body: { url } })).code).toBe(403);
      for (const [path, body] of [
        ['webhook/update', { id, description: 'x' }],
        ['webhook/rotate', { id }],
        ['webhook/secret', { id }],
        ['webhook/delete', { id }],
        ['webhook/test', { id }],
        ['webhook/replay', { id, from: new Date(0).toISOString() }],
      ] as const)
        expect((await t.call(path, { ...who, body })).code, path).toBe(403);
      expect((await t.call('webhook/deliveries', { ...who, query: { id: String(id) } })).code).toBe(403);
    }
    expect((await t.call('webhook/delete', { ...full, body: { id } })).code).toBe(0);
    // the trail names the client (its row) for its changes, the administrator for theirs
    const entries = await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'record_id', 'actor_kind', 'actor_id', 'actor_name'])
      .where('cu_id', '=', owner.cuId)
      .where('record_type', '=', 'webhook_endpoint')
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      {
        action: 'create',
        record_id: String(byAdmin.data.endpoint.id),
        actor_kind: 'user',
        actor_id: owner.user.uid,
        actor_name: expect.any(String),
      },
      ...['create', 'update', 'rotate', 'reveal_secret', 'delete'].map((action) => ({
        action,
        record_id: String(id),
        actor_kind: 'client',
        actor_id: made.data.client.id,
        actor_name: 'IRT',
      })),
    ]);
  });

  it('are every call webhooks:manage grants, and that scope grants each of them', () => {
    const declared = operationsIn(webhookOps);
    expect(WEBHOOK_SCOPE_CALLS.map((op) => op.id).sort()).toEqual(declared.map((op) => op.id).sort());
    for (const op of declared) expect(scopeOf(op), op.id).toBe(WEBHOOKS_MANAGE);
  });

  it('must be https and resolve to public addresses unless the settings allow: checked when saved', async () => {
    const t = await app({ allowPrivate: false, allowHttp: false });
    const { token } = await admin(t);
    const refused = async (url: string) => {
      const answer = await t.call('webhook/create', { token, body: { url } });
      return [answer.code, (answer.data as Record<string, string> | null)?.url];
    };
    expect(await refused('http://203.0.113.10/hook')).toEqual([
      422,
      'A webhook endpoint must be an https:// address',
    ]);
    for (const url of [
      'https://localhost/hook',
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/hook',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://100.64.0.1/',
      'https://[fd00::1]/',
    ])
      expect(await refused(url), url).toEqual([
        422,
        'A webhook endpoint may not be on a private, loopback or link-local address',
      ]);
    expect(await refused('ftp://example.com/')).toEqual([422, 'This value is not valid']);
    const restore = useResolver(async () => [{ address: '93.184.216.34', family: 4 }]);
    try {
      expect(
        (await t.call('webhook/create', { token, body: { url: 'https://hooks.example.com/lp' } })).code,
      ).toBe(0);
    } finally {
      restore();
    }
  });
});

describe('the SSRF guard', () => {
  const closed = { allowPrivate: false, allowHttp: true };
  it('classifies special-purpose addresses with ipaddr.js: only public unicast passes', () => {
    expect(
      Object.fromEntries(
        [
          '127.0.0.1',
          '10.0.0.1',
          '172.16.5.4',
          '192.168.1.1',
          '169.254.169.254',
          '100.64.0.1',
          '0.0.0.0',
          '224.0.0.1',
          '::1',
          '::',
          'fe80::1',
          'fc00::1',
          '::ffff:127.0.0.1',
          '::ffff:10.0.0.1',
          'ff02::1',
          '93.184.216.34',
          '2606:4700::1111',
          '::ffff:93.184.216.34',
        ].map((a) => [a, refusedRange(a)]),
      ),
    ).toEqual({
      '127.0.0.1': 'loopback',
      '10.0.0.1': 'private',
      '172.16.5.4': 'private',
      '192.168.1.1': 'private',
      '169.254.169.254': 'linkLocal',
      '100.64.0.1': 'carrierGradeNat',
      '0.0.0.0': 'unspecified',
      '224.0.0.1': 'multicast',
      '::1': 'loopback',
      '::': 'unspecified',
      'fe80::1': 'linkLocal',
      'fc00::1': 'uniqueLocal',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:10.0.0.1': 'private',
      'ff02::1': 'multicast',
      '93.184.216.34': null,
      '2606:4700::1111': null,
      '::ffff:93.184.216.34': null,
    });
  });

  it('refuses, without connecting, a host that resolves to a loopback address, the metadata address, a private one, [::1] and ::ffff:127.0.0.1', async () => {
    const r = await receiver();
    const to = (host: string) => `http://${host}:${r.port}/hook`;
    for (const host of [
      'localhost',
      '127.0.0.1',
      '169.254.169.254',
      '10.0.0.1',
      '[::1]',
      '[::ffff:127.0.0.1]',
    ]) {
      const outcome = await postMessage(to(host), {}, '{}', { policy: closed });
      expect(outcome.status, host).toBe(null);
      expect(outcome.error, host).toMatch(/^address refused: /);
    }
    // one private address among public ones refuses the name
    const mixed = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '127.0.0.1', family: 4 },
    ];
    await expect(vetEndpointUrl(to('mixed.example'), closed, mixed)).rejects.toThrow(
      /127\.0\.0\.1 \(loopback\)/,
    );
    expect(r.received).toHaveLength(0);
    // with the setting on, the loopback receiver is reached
    expect((await postMessage(to('localhost'), {}, '{}', { policy: OPEN })).status).toBe(200);
  });

  it('refuses at connect a name that resolved to a public address when saved and to a private one after (DNS rebinding)', async () => {
    const r = await receiver();
    let lookups = 0;
    const rebinding = async () =>
      lookups++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const url = `http://rebind.example:${r.port}/hook`;
    await expect(vetEndpointUrl(url, closed, rebinding)).resolves.toBeInstanceOf(URL);
    const outcome = await postMessage(url, {}, '{}', { policy: closed, resolve: rebinding });
    expect(outcome).toMatchObject({
      status: null,
      error: 'address refused: rebind.example is 127.0.0.1 (loopback)',
    });
    expect(lookups).toBe(2);
    expect(r.received).toHaveLength(0);
  });

  it('refuses it through the sender too: the attempt is logged as refused and retried', async () => {
    const t = await app(closed);
    const { cuId, token } = await admin(t);
    const r = await receiver();
    let lookups = 0;
    const restore = useResolver(async () =>
      lookups++ === 0 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }],
    );
    try {
      const made = await endpoint(t, token, `http://rebind.example:${r.port}/hook`);
      const order = await createOrder(t.deps.db, cuId);
      await emit(t, cuId, [{ kind: 'order', action: 'create', recordId: order.id, orderId: order.id }]);
      expect(await deliverAll(t)).toMatchObject({ retried: 1 });
      const [attempt] = await logOf(t, token, made.endpoint.id);
      expect(attempt).toMatchObject({
        status: null,
        error: 'address refused: rebind.example is 127.0.0.1 (loopback)',
      });
      expect(r.received).toHaveLength(0);
    } finally {
      restore();
    }
  });
});

describe('delivery', () => {
  it('POSTs an order’s creation to a loopback receiver, signed as Standard Webhooks verifies, with ids, numbers and statuses only', async () => {
    const t = await app();
    const author = await readyToOrder(t);
    await t.deps.db
      .updateTable('user_customers')
      .set({ is_admin: true })
      .where('uid', '=', author.user.uid)
      .where('cu_id', '=', author.cuId)
      .execute();
    const r = await receiver();
    const made = await endpoint(t, author.token, `${r.url}/lp/hook`, ['order.created']);
    const form = orderForm(author);
    const order = await create(t, author.token, form);
    expect(order.code, order.message).toBe(0);
    expect(await runDispatcher(t.deps)).toBe(1);
    expect(await send(t)).toMatchObject({ delivered: 1 });
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got.path).toBe('/lp/hook');
    expect(got.headers['content-type']).toBe('application/json');
    const verified = new Webhook(made.secret).verify(got.body, got.headers as Record<string, string>);
    expect(verified).toEqual({
      type: 'order.created',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: {
        order_id: order.data.id,
        order_no: order.data.order_no,
        status: expect.any(String),
        milestone: 'none',
      },
    });
    expect(got.headers['webhook-id']).toMatch(/^msg_/);
    // nothing of the order's parties
    const row = await t.deps.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.data.id)
      .executeTakeFirstOrThrow();
    for (const party of [row.to_company, row.to_contact, row.to_phone, row.to_address, row.from_contact])
      expect(got.body).not.toContain(party);
    const [attempt] = await logOf(t, author.token, made.endpoint.id);
    expect(attempt).toMatchObject({
      msg_id: got.headers['webhook-id'],
      event_type: 'order.created',
      url: `${r.url}/lp/hook`,
      attempt: 1,
      status: 200,
      error: null,
      answer: 'ok',
      state: 'delivered',
    });
    // a signature altered is refused by the library (the check is real)
    expect(() =>
      new Webhook(made.secret).verify(`${got.body} `, got.headers as Record<string, string>),
    ).toThrow();
  });

  it('tells each type as the endpoint asks: status changes once each, a delivery, a rejected document, an answered change request, excursions', async () => {
    const t = await app();
    const { cuId, token } = await admin(t);
    const r = await receiver();
    await endpoint(t, token, r.url);
    const only = await receiver();
    await endpoint(t, token, only.url, ['order.delivered']);
    const order = await createOrder(t.deps.db, cuId, { status: 'pending_confirm' });
    const db = t.deps.db;
    const ev = (action: string) => ({ kind: 'order', action, recordId: order.id, orderId: order.id });
    // each write told before the next, as the running dispatcher tells them
    await emit(t, cuId, [ev('create')]);
    await deliverAll(t);
    await db
      .updateTable('orders')
      .set({ status: 'not_finished', milestone: 'confirmed' })
      .where('id', '=', order.id)
      .execute();
    // a confirm, then a remark that changes no status
    await emit(t, cuId, [ev('confirm'), ev('remark')]);
    await deliverAll(t);
    await db.updateTable('orders').set({ milestone: 'delivered' }).where('id', '=', order.id).execute();
    await emit(t, cuId, [ev('milestone'), ev('milestone')]);
    await deliverAll(t);
    await db
      .updateTable('orders')
      .set({ attachment_status: 'rejected' })
      .where('id', '=', order.id)
      .execute();
    await emit(t, cuId, [ev('attachment_reject'), ev('modify_rejected')]);
    const excursion = await db
      .insertInto('excursion_cases')
      .values({
        cu_id: cuId,
        order_id: order.id,
        logger_id: 'LG-1',
        level: 'high',
        minutes_out: 30,
        peak: '9.5',
        opened_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await emit(t, cuId, [{ kind: 'excursion', action: 'open', recordId: excursion.id, orderId: order.id }]);
    await deliverAll(t);
    const told = r.received.map((x) => JSON.parse(x.body) as { type: string; data: Record<string, unknown> });
    expect(told.map((m) => m.type).sort()).toEqual(
      [
        'order.created',
        'order.status_changed',
        'order.delivered',
        'document.rejected',
        'modification.answered',
        'excursion.opened',
      ].sort(),
    );
    expect(told.find((m) => m.type === 'order.status_changed')?.data).toEqual({
      order_id: order.id,
      order_no: order.order_no,
      status: 'not_finished',
      previous_status: 'pending_confirm',
      milestone: 'confirmed',
    });
    expect(told.find((m) => m.type === 'modification.answered')?.data).toMatchObject({ answer: 'rejected' });
    expect(told.find((m) => m.type === 'excursion.opened')?.data).toEqual({
      case_id: excursion.id,
      case_no: `EXC-${String(excursion.id).padStart(6, '0')}`,
      order_id: order.id,
      order_no: order.order_no,
      level: 'high',
      state: 'open',
    });
    expect(only.received.map((x) => JSON.parse(x.body).type)).toEqual(['order.delivered']);
  });

  it('never sends one customer’s events to another’s endpoints', async () => {
    const t = await app();
    const a = await admin(t);
    const b = await admin(t);
    const [ra, rb] = [await receiver(), await receiver()];
    await endpoint(t, a.token, ra.url);
    await endpoint(t, b.token, rb.url);
    const order = await createOrder(t.deps.db, a.cuId);
    await emit(t, a.cuId, [{ kind: 'order', action: 'create', recordId: order.id, orderId: order.id }]);
    await deliverAll(t);
    expect(ra.received).toHaveLength(1);
    expect(rb.received).toHaveLength(0);
  });

  it('signs with both secrets while a rotation keeps the old one, then with the new one alone', async () => {
    const t = await app();
    const { user, cuId, token } = await admin(t);
    const r = await receiver();
    const made = await endpoint(t, token, r.url);
    const rotated = await t.call<WebhookWithSecret>('webhook/rotate', {
      token,
      body: { id: made.endpoint.id, keep_hours: 2 },
    });
    expect(rotated.data.secret).not.toBe(made.secret);
    expect(rotated.data.endpoint.previous_secret_until).not.toBe(null);
    const order = await createOrder(t.deps.db, cuId);
    await emit(t, cuId, [{ kind: 'order', action: 'create', recordId: order.id, orderId: order.id }]);
    await deliverAll(t);
    const got = r.received[0]!;
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    // a receiver with either secret verifies it
    for (const secret of [rotated.data.secret, made.secret])
      expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({
        type: 'order.created',
      });
    // past the two hours: the new one alone (the raw recipe: the library checks the clock's now)
    t.advance(2 * 3_600_000 + 1000);
    const again = await loginAs(t, user);
    const test = await t.call<{ msg_id: string }>('webhook/test', {
      token: again,
      body: { id: made.endpoint.id },
    });
    expect(test.code).toBe(0);
    await send(t);
    const later = r.received[1]!;
    expect(later.headers['webhook-id']).toBe(test.data.msg_id);
    const key = Buffer.from(rotated.data.secret.slice(6), 'base64');
    const expected = createHmac('sha256', key)
      .update(`${later.headers['webhook-id']}.${later.headers['webhook-timestamp']}.${later.body}`)
      .digest('base64');
    expect(later.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(JSON.parse(later.body)).toMatchObject({
      type: 'webhook.test',
      data: { endpoint_id: made.endpoint.id },
    });
  });
});

describe('retries', () => {
  it('waits 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h … with ±10 % jitter, the last cut to end three days after the delivery was made', () => {
    const made = new Date('2026-12-01T00:00:00Z');
    let now = made;
    const waits: number[] = [];
    for (let attempt = 1; attempt < 50; attempt++) {
      const next = nextAttemptAt(made, now, attempt, fixed);
      if (!next) break;
      waits.push(next.getTime() - now.getTime());
      now = next;
    }
    const h = 3_600_000;
    expect(waits).toEqual([
      5_000,
      300_000,
      1_800_000,
      2 * h,
      5 * h,
      10 * h,
      10 * h,
      10 * h,
      10 * h,
      10 * h,
      10 * h,
      72 * h - (67 * h + 35 * 60_000 + 5_000),
    ]);
    expect(now.getTime() - made.getTime()).toBe(RETRY_WINDOW_MS);
    // jitter: within ±10 %
    expect(nextAttemptAt(made, made, 1, () => 0)!.getTime() - made.getTime()).toBe(4_500);
    expect(nextAttemptAt(made, made, 1, () => 1)!.getTime() - made.getTime()).toBe(5_500);
    expect(RETRY_MS[0]).toBe(5_000);
  });

  it('retries after a 500, a redirect (not followed), a timeout and a refused connection, each logged, then delivers', async () => {
    const t = await app();
    const { user, cuId, token } = await admin(t);
    const target = await receiver();
    const answers = [
      { status: 500, body: 'down for maintenance' },
      { status: 302, body: '', headers: { location: `${target.url}/elsewhere` } },
      'hang' as const,
    ];
    const r = await receiver(() => answers.shift() ?? { status: 204 });
    const made = await endpoint(t, token, `${r.url}/hook`);
    const order = await createOrder(t.deps.db, cuId);
    await emit(t, cuId, [{ kind: 'order', action: 'create', recordId: order.id, orderId: order.id }]);
    await runDispatcher(t.deps);
    expect(await send(t)).toMatchObject({ retried: 1 });
    const due = async () =>
      await t.deps.db
        .selectFrom('webhook_deliveries')
        .select(['next_at', 'state'])
        .where('endpoint_id', '=', made.endpoint.id)
        .executeTakeFirstOrThrow();
    const before = t.deps.now().getTime();
    expect((await due()).next_at.getTime() - before).toBeGreaterThanOrEqual(4_900);
    expect((await due()).next_at.getTime() - before).toBeLessThanOrEqual(5_100);
    expect(await send(t)).toMatchObject({ retried: 0, delivered: 0 });
    t.advance(5_000);
    expect(await send(t)).toMatchObject({ retried: 1 });
    t.advance(5 * 60_000);
    expect(await send(t, { timeoutMs: 300 })).toMatchObject({ retried: 1 });
    // the receiver goes away: connection refused
    const port = await closedPort();
    await t.deps.db
      .updateTable('webhook_endpoints')
      .set({ url: `http://127.0.0.1:${port}/hook` })
      .where('id', '=', made.endpoint.id)
      .execute();
    t.advance(30 * 60_000);
    expect(await send(t)).toMatchObject({ retried: 1 });
    await t.deps.db
      .updateTable('webhook_endpoints')
      .set({ url: `${r.url}/hook` })
      .where('id', '=', made.endpoint.id)
      .execute();
    t.advance(2 * 3_600_000);
    expect(await send(t)).toMatchObject({ delivered: 1 });
    const log = (await logOf(t, await loginAs(t, user), made.endpoint.id)).reverse();
    expect(log.map((a) => [a.attempt, a.status, a.error])).toEqual([
      [1, 500, 'HTTP 500'],
      [2, 302, `redirect not followed (to ${target.url}/elsewhere)`],
      [3, null, 'timeout after 0.3 s'],
      [4, null, 'connection refused'],
      [5, 204, null],
    ]);
    expect(log[0]!.answer).toBe('down for maintenance');
    expect(new Set(log.map((a) => a.msg_id)).size).toBe(1);
    expect(target.received).toHaveLength(0);
    expect((await due()).state).toBe('delivered');
  });

  it('reads an answer up to 4 KB and does not wait for the rest', async () => {
    const big = 'x'.repeat(1_000_000);
    const r = await receiver(() => ({ status: 200, body: big }));
    const outcome = await postMessage(`${r.url}/hook`, {}, '{}', { policy: OPEN });
    expect(outcome.status).toBe(200);
    expect(outcome.error).toBe(null);
    expect(outcome.answer).toHaveLength(ANSWER_LIMIT);
  });

  it('disables an endpoint failing for three days and tells the customer’s administrators', async () => {
    const t = await app();
    const { user, cuId, token: first } = await admin(t);
    const port = await closedPort();
    const made = await endpoint(t, first, `http://127.0.0.1:${port}/hook`);
    const order = await createOrder(t.deps.db, cuId);
    await emit(t, cuId, [{ kind: 'order', action: 'create', recordId: order.id, orderId: order.id }]);
    await runDispatcher(t.deps);
    // the window runs from the delivery's making, not from now (the real clock moves on meanwhile)
    const { created_at } = await t.deps.db
      .selectFrom('webhook_deliveries')
      .select('created_at')
      .where('endpoint_id', '=', made.endpoint.id)
      .executeTakeFirstOrThrow();
    const started = new Date(created_at).getTime();
    let attempts = 0;
    for (; attempts < 30; attempts++) {
      const run = await send(t);
      if (run.failed) break;
      expect(run.retried).toBe(1);
      const { next_at } = await t.deps.db
        .selectFrom('webhook_deliveries')
        .select('next_at')
        .where('endpoint_id', '=', made.endpoint.id)
        .executeTakeFirstOrThrow();
      t.advance(next_at.getTime() - t.deps.now().getTime());
    }
    expect(attempts + 1).toBe(13);
    expect(t.deps.now().getTime() - started).toBeGreaterThanOrEqual(RETRY_WINDOW_MS);
    const token = await loginAs(t, user);
    const list = await t.call<WebhookEndpointList>('webhook/index', { token });
    expect(list.data.list[0]).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    // nothing more is sent to it, but what happens meanwhile is kept in its log, not sent
    const another = await createOrder(t.deps.db, cuId);
    await emit(t, cuId, [{ kind: 'order', action: 'create', recordId: another.id, orderId: another.id }]);
    expect(await runDispatcher(t.deps)).toBe(0);
    expect(await send(t)).toMatchObject({ delivered: 0, retried: 0 });
    const [kept] = await logOf(t, token, made.endpoint.id);
    expect(kept).toMatchObject({
      event_type: 'order.created',
      attempt: 0,
      status: null,
      error: 'not sent: the endpoint is disabled',
      state: 'skipped',
    });
    // and the administrators hear of it
    await runNotifier(t.deps);
    const bell = await t.call<NotificationList>('notification/index', { token });
    expect(bell.data.list.find((n) => n.kind === 'webhook_disabled')).toMatchObject({
      ref: `127.0.0.1:${port}`,
      link: '/customer-webhooks/index',
    });
    // enabling it again, a replay of what failed sends it again, with what was kept meanwhile
    const r = await receiver();
    await t.call('webhook/update', { token, body: { id: made.endpoint.id, url: r.url, enabled: true } });
    const replayed = await t.call<{ queued: number }>('webhook/replay', {
      token,
      body: { id: made.endpoint.id, from: new Date(started - 1000).toISOString(), failed_only: true },
    });
    expect(replayed.data).toEqual({ queued: 2, next_from: null });
    await send(t);
    expect(r.received.map((m) => JSON.parse(m.body).data.order_id).sort()).toEqual(
      [order.id, another.id].sort(),
    );
    expect(r.received.map((m) => m.headers['webhook-id'])).toContain(kept!.msg_id);
  });

  it('keeps the messages of a disabled spell in the log and sends them on a replay of its time range, once each', async () => {
    const t = await app();
    const { cuId, token } = await admin(t);
    const r = await receiver();
    const made = await endpoint(t, token, r.url);
    const id = made.endpoint.id;
    const created = async () => {
      const order = await createOrder(t.deps.db, cuId);
      await emit(t, cuId, [{ kind: 'order', action: 'create', recordId: order.id, orderId: order.id }]);
      await deliverAll(t);
      t.advance(60_000);
      return order.id;
    };
    const before = await created();
    expect((await t.call('webhook/update', { token, body: { id, enabled: false } })).code).toBe(0);
    const from = t.deps.now();
    const during = [await created(), await created()];
    const to = t.deps.now();
    expect(r.received).toHaveLength(1);
    // the log says what was kept; a replay is refused while it is disabled
    const log = await logOf(t, token, id);
    expect(log.filter((a) => a.attempt === 0).map((a) => a.state)).toEqual(['skipped', 'skipped']);
    expect(
      (await t.call('webhook/replay', { token, body: { id, from: from.toISOString(), failed_only: true } }))
        .code,
    ).toBe(409);
    t.advance(60_000);
    expect((await t.call('webhook/update', { token, body: { id, enabled: true } })).code).toBe(0);
    const after = await created();
    expect(r.received).toHaveLength(2);
    const replayed = await t.call<{ queued: number }>('webhook/replay', {
      token,
      body: { id, from: from.toISOString(), to: to.toISOString(), failed_only: true },
    });
    expect(replayed.data).toEqual({ queued: 2, next_from: null });
    await send(t);
    const orderOf = (m: { body: string }) => JSON.parse(m.body).data.order_id as number;
    expect(r.received.map(orderOf)).toEqual([before, after, ...during]);
    // the same messages as the log kept: their webhook-ids
    const keptIds = log.filter((a) => a.attempt === 0).map((a) => a.msg_id);
    expect(
      r.received
        .slice(2)
        .map((m) => m.headers['webhook-id'])
        .sort(),
    ).toEqual(keptIds.sort());
    // replayed and delivered: a second replay of what failed finds nothing to send
    const again = await t.call<{ queued: number }>('webhook/replay', {
      token,
      body: { id, from: from.toISOString(), to: to.toISOString(), failed_only: true },
    });
    expect(again.data).toEqual({ queued: 0, next_from: null });
  });

  it('a range of more than one replay sends: 1,000 sent, oldest first, and when the rest begins; the same call sends the rest', async () => {
    const t = await app();
    const { token, cuId } = await admin(t);
    const r = await receiver();
    const id = (await endpoint(t, token, r.url)).endpoint.id;
    const start = t.deps.now().getTime();
    // 1,003 failed deliveries, one a second (written as the sender leaves them)
    const rows = Array.from({ length: REPLAY_MAX + 3 }, (_, i) => ({
      cu_id: cuId,
      endpoint_id: id,
      msg_id: `msg_cap${String(i).padStart(5, '0')}`,
      event_type: 'webhook.test',
      payload: JSON.stringify({ type: 'webhook.test', data: { i } }),
      event_seq: null,
      replay_of: null,
      state: 'failed' as const,
      next_at: new Date(start - 3_600_000 + i * 1000),
      created_at: new Date(start - 3_600_000 + i * 1000),
    }));
    await t.deps.db.insertInto('webhook_deliveries').values(rows).execute();
    const from = new Date(start - 7_200_000).toISOString();
    const replay = () =>
      t.call<{ queued: number; next_from: string | null }>('webhook/replay', {
        token,
        body: { id, from, failed_only: true },
      });
    const first = await replay();
    expect(first.data).toEqual({
      queued: REPLAY_MAX,
      next_from: new Date(start - 3_600_000 + REPLAY_MAX * 1000).toISOString(),
    });
    const copies = await t.deps.db
      .selectFrom('webhook_deliveries')
      .select('msg_id')
      .where('endpoint_id', '=', id)
      .where('replay_of', 'is not', null)
      .orderBy('msg_id', 'desc')
      .execute();
    expect(copies).toHaveLength(REPLAY_MAX);
    expect(copies[0]?.msg_id).toBe(`msg_cap${String(REPLAY_MAX - 1).padStart(5, '0')}`);
    // failed only: what was queued is left out of the next call, which takes the last three
    expect((await replay()).data).toEqual({ queued: 3, next_from: null });
  });
});

/** `n` test events queued to the endpoint (one delivery each, due now). */
async function queueTests(t: TestApp, token: string, id: number, n: number) {
  for (let i = 0; i < n; i++) expect((await t.call('webhook/test', { token, body: { id } })).code).toBe(0);
}

describe('fairness between endpoints', () => {
  it('sends other endpoints’ deliveries while a slow one holds its answers: it takes at most its share of the lanes', async () => {
    const t = await app();
    const a = await admin(t);
    const b = await admin(t);
    const slow = await receiver(() => 'hold');
    const [mine, theirs] = [await receiver(), await receiver()];
    const held = await endpoint(t, a.token, `${slow.url}/slow`);
    const same = await endpoint(t, a.token, `${mine.url}/same-customer`);
    const other = await endpoint(t, b.token, `${theirs.url}/other-customer`);
    // the slow endpoint's deliveries first: the oldest due, claimed first
    await queueTests(t, a.token, held.endpoint.id, 20);
    await queueTests(t, a.token, same.endpoint.id, 5);
    await queueTests(t, b.token, other.endpoint.id, 5);
    const running = send(t, { timeoutMs: 60_000 });
    await Promise.all([mine.got(5), theirs.got(5), slow.got(ENDPOINT_IN_FLIGHT)]);
    // every one of the others delivered while the slow endpoint answered none, holding its share
    expect(slow.received).toHaveLength(ENDPOINT_IN_FLIGHT);
    expect(slow.holding).toBe(ENDPOINT_IN_FLIGHT);
    slow.answer(() => ({ status: 200, body: 'ok' }));
    slow.release();
    expect(await running).toMatchObject({ delivered: 30, retried: 0 });
    expect(slow.received).toHaveLength(20);
  });

  it('sends a delivery made while a slow endpoint’s attempts are held at once, as a running server does (woken by its commit)', async () => {
    const t = await app();
    const a = await admin(t);
    const slow = await receiver(() => 'hold');
    const fast = await receiver();
    const held = await endpoint(t, a.token, `${slow.url}/slow`);
    const quick = await endpoint(t, a.token, `${fast.url}/fast`);
    const stop = startWebhooks(t.deps);
    try {
      await queueTests(t, a.token, held.endpoint.id, ENDPOINT_IN_FLIGHT + 2);
      await slow.got(ENDPOINT_IN_FLIGHT);
      // made now, while every attempt the slow endpoint may have is held
      await queueTests(t, a.token, quick.endpoint.id, 1);
      await fast.got(1);
      expect(slow.holding).toBe(ENDPOINT_IN_FLIGHT);
    } finally {
      slow.answer(() => ({ status: 200, body: 'ok' }));
      slow.release();
      await stop();
    }
  });
});

describe('replays, test events, restarts', () => {
  it('replays one delivery with the same webhook-id and body, and a time range once each', async () => {
    const t = await app();
    const { cuId, token } = await admin(t);
    const r = await receiver();
    const made = await endpoint(t, token, r.url);
    for (let i = 0; i < 2; i++) {
      const order = await createOrder(t.deps.db, cuId);
      await emit(t, cuId, [{ kind: 'order', action: 'create', recordId: order.id, orderId: order.id }]);
    }
    await deliverAll(t);
    expect(r.received).toHaveLength(2);
    const [newest] = await logOf(t, token, made.endpoint.id);
    const one = await t.call<{ queued: number }>('webhook/replay', {
      token,
      body: { id: made.endpoint.id, attempt_id: newest!.id },
    });
    expect(one.data).toEqual({ queued: 1, next_from: null });
    await send(t);
    expect(r.received[2]!.headers['webhook-id']).toBe(newest!.msg_id);
    expect(r.received[2]!.body).toBe(
      r.received.find((x) => x.headers['webhook-id'] === newest!.msg_id)!.body,
    );
    const range = await t.call<{ queued: number }>('webhook/replay', {
      token,
      body: { id: made.endpoint.id, from: new Date(Date.now() - 3_600_000).toISOString() },
    });
    expect(range.data).toEqual({ queued: 2, next_from: null });
    await send(t);
    expect(r.received).toHaveLength(5);
  });

  it('takes over a delivery claimed by a process that died, once its lease is up, and sends it once', async () => {
    const t = await app();
    const { cuId, token } = await admin(t);
    const r = await receiver();
    await endpoint(t, token, r.url);
    const order = await createOrder(t.deps.db, cuId);
    await emit(t, cuId, [{ kind: 'order', action: 'create', recordId: order.id, orderId: order.id }]);
    await runDispatcher(t.deps);
    // a process claims it and dies before it sends
    expect(await claimDelivery(t.deps.db, t.deps.now())).not.toBe(null);
    expect(await send(t)).toMatchObject({ delivered: 0 });
    t.advance(WEBHOOK_LEASE_MS);
    expect(await send(t)).toMatchObject({ delivered: 1 });
    expect(r.received).toHaveLength(1);
    const row = await t.deps.db
      .selectFrom('webhook_deliveries')
      .select(['state', 'attempts'])
      .where('cu_id', '=', cuId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'delivered', attempts: 2 });
  });

  it('prunes what an order was when last told once 90 days have passed, or once its customer has no endpoint', async () => {
    const t = await app();
    const a = await admin(t);
    const r = await receiver();
    await endpoint(t, a.token, r.url);
    const told = async (cuId: number) => {
      const order = await createOrder(t.deps.db, cuId);
      await emit(t, cuId, [{ kind: 'order', action: 'create', recordId: order.id, orderId: order.id }]);
      await deliverAll(t);
      return order.id;
    };
    const old = await told(a.cuId);
    t.advance((WEBHOOK_ORDER_STATE_DAYS - 10) * 86_400_000);
    const b = await admin(t);
    const gone = await endpoint(t, b.token, r.url);
    const recent = await told(a.cuId);
    const ofB = await told(b.cuId);
    const states = async () =>
      (
        await t.deps.db
          .selectFrom('webhook_order_states')
          .select('order_id')
          .where('order_id', 'in', [old, recent, ofB])
          .orderBy('order_id')
          .execute()
      ).map((s) => s.order_id);
    expect(await states()).toEqual([old, recent, ofB]);
    const prune = chores.find((c) => c.name.startsWith('webhook order states'))!;
    await prune.run(t.deps, t.deps.now());
    expect(await states()).toEqual([old, recent, ofB]);
    // b's last endpoint goes; 90 days after the old one was told
    expect((await t.call('webhook/delete', { token: b.token, body: { id: gone.endpoint.id } })).code).toBe(0);
    await prune.run(t.deps, new Date(t.deps.now().getTime() + 10 * 86_400_000 + 1000));
    expect(await states()).toEqual([recent]);
  });

  it('keeps the log 30 days', async () => {
    const t = await app();
    const { token } = await admin(t);
    const r = await receiver();
    const made = await endpoint(t, token, r.url);
    await t.call('webhook/test', { token, body: { id: made.endpoint.id } });
    await send(t);
    expect(await logOf(t, token, made.endpoint.id)).toHaveLength(1);
    const [prune] = chores;
    await prune!.run(t.deps, new Date(t.deps.now().getTime() + 29 * 86_400_000));
    expect(await logOf(t, token, made.endpoint.id)).toHaveLength(1);
    await prune!.run(t.deps, new Date(t.deps.now().getTime() + 31 * 86_400_000));
    expect(await logOf(t, token, made.endpoint.id)).toHaveLength(0);
  });
});
