import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type {
  ApiClient,
  ApiClientList,
  ApiClientWithSecret,
} from '../../../src/contract/api-clients/schemas.ts';
import type { CreateOrderAnswer } from '../../../src/contract/order-editor/schemas.ts';
import { orderForm } from '../../testing/editor-fixtures.ts';
import { readyToOrder } from '../../testing/editor-test-helpers.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import { socketFrom, type TestApp, testApp } from '../../testing/test-app.ts';
import { contractOperations } from '../../testing/contract.ts';
import { GRANTED_IDS, scopeOf } from './scopes.ts';
import { FAILURE_LIMIT } from './token-endpoint.ts';

/** An administrator of a new customer, signed in. */
async function administrator(t: TestApp) {
  const admin = await createUser(t.deps.db, { admin: true });
  return { admin, cuId: admin.customers[0]!.cu_id, token: await loginAs(t, admin) };
}

const make = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.call<ApiClientWithSecret>('api-client/create', { token, body });

/** A new client of the administrator's customer with these scopes; its credentials. */
async function clientOf(t: TestApp, token: string, scopes: string[], extra: Record<string, unknown> = {}) {
  const res = await make(t, token, {
    name: `IRT ${Math.random().toString(36).slice(2, 8)}`,
    scopes,
    ...extra,
  });
  expect(res.code, res.message).toBe(0);
  return { id: res.data.client.id, clientId: res.data.client.client_id, secret: res.data.client_secret };
}

/** `POST /api/oauth/token` as an OAuth client sends it. */
async function tokenRequest(
  t: TestApp,
  form: Record<string, string>,
  options: { basic?: [string, string]; ip?: string; type?: string } = {},
) {
  const headers: Record<string, string> = {
    'content-type': options.type ?? 'application/x-www-form-urlencoded',
  };
  if (options.basic) {
    const [id, secret] = options.basic.map((s) => encodeURIComponent(s));
    headers.authorization = `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  }
  const res = await t.app.request(
    '/api/oauth/token',
    { method: 'POST', headers, body: new URLSearchParams(form).toString() },
    socketFrom(options.ip ?? t.address),
  );
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, string> };
}

/** A token of the client (client_secret_basic). */
async function tokenOf(
  t: TestApp,
  client: { clientId: string; secret: string },
  scope?: string,
  ip?: string,
) {
  const res = await tokenRequest(
    t,
    { grant_type: 'client_credentials', ...(scope ? { scope } : {}) },
    { basic: [client.clientId, client.secret], ...(ip ? { ip } : {}) },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access_token!;
}

const bearer = (token: string, headers: Record<string, string> = {}) => ({
  headers: { authorization: `Bearer ${token}`, ...headers },
});

describe('API clients: made by the customer’s administrators, the secret shown once', () => {
  it('answers the secret once and keeps only its SHA-256; lists without it; audits the act', async () => {
    const t = await testApp();
    const { admin, cuId, token } = await administrator(t);
    const res = await make(t, token, {
      name: 'IRT 生产',
      scopes: ['orders:read', 'orders:write'],
      allowed_addresses: ['203.0.113.0/24', ' 2001:db8::1 '],
    });
    expect(res.code, res.message).toBe(0);
    const { client, client_secret } = res.data;
    expect(client_secret).toMatch(/^lpcs_[A-Za-z0-9_-]{43}$/);
    expect(client).toMatchObject({
      client_id: expect.stringMatching(/^lpc_/),
      scopes: ['orders:read', 'orders:write'],
      allowed_addresses: ['203.0.113.0/24', '2001:db8::1'],
      state: 'active',
      last_used_at: null,
    });
    const row = await t.deps.db
      .selectFrom('api_clients')
      .selectAll()
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toBe(createHash('sha256').update(client_secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(client_secret.slice(5));
    const list = await t.call<ApiClientList>('api-client/index', { token });
    expect(list.data.list.map((c) => c.id)).toEqual([client.id]);
    expect(JSON.stringify(list.data)).not.toContain(client_secret.slice(5));
    const entries = await t.deps.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('cu_id', '=', cuId)
      .where('record_type', '=', 'api_client')
      .execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'create', actor_kind: 'user', actor_id: admin.uid });
    expect(JSON.stringify(entries[0]!.changes)).not.toContain(client_secret.slice(5));
    expect(JSON.stringify(entries[0]!.changes)).not.toContain(row.secret_hash);
  });

  it('refuses anyone but an administrator (403), excursions:decide and unknown scopes, bad addresses (422)', async () => {
    const t = await testApp();
    const plain = await loginAs(t, await createUser(t.deps.db));
    expect((await make(t, plain, { name: 'x', scopes: ['orders:read'] })).code).toBe(403);
    expect((await t.call('api-client/index', { token: plain })).code).toBe(403);
    const { token } = await administrator(t);
    const decide = await make(t, token, { name: 'x', scopes: ['orders:read', 'excursions:decide'] });
    expect([decide.code, decide.data]).toEqual([
      422,
      {
        'scopes.1':
          'excursions:decide is never granted to an API client: a decision is a person’s electronic signature',
      },
    ]);
    expect((await make(t, token, { name: 'x', scopes: ['orders:delete'] })).code).toBe(422);
    expect((await make(t, token, { name: 'x', scopes: [] })).code).toBe(422);
    for (const bad of ['10.0.0.0/33', '300.1.1.1', 'example.com', '10.0.0.1/8/1', '::1/129'])
      expect(
        (await make(t, token, { name: 'x', scopes: ['orders:read'], allowed_addresses: [bad] })).code,
        bad,
      ).toBe(422);
  });
});

describe('API clients: their scopes, addresses and rate changed by an administrator', () => {
  const update = (t: TestApp, token: string, body: Record<string, unknown>) =>
    t.call<ApiClient>('api-client/update', { token, body });
  const entriesOf = (t: TestApp, id: number) =>
    t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'changes', 'actor_id'])
      .where('record_type', '=', 'api_client')
      .where('record_id', '=', String(id))
      .orderBy('seq')
      .execute();

  it('changes them in one audited act; a scope taken away stops its tokens at once, one added holds for new tokens', async () => {
    const t = await testApp();
    const { admin, token } = await administrator(t);
    const client = await clientOf(t, token, ['orders:read', 'inventory:read'], { rate_per_minute: 30 });
    const before = await tokenOf(t, client);
    expect((await t.call('common/stockslist', bearer(before))).code).toBe(0);
    const res = await update(t, token, {
      id: client.id,
      scopes: ['orders:read', 'excursions:read'],
      allowed_addresses: [` ${t.address} `, '2001:db8::/32'],
      rate_per_minute: 1200,
    });
    expect(res.code, res.message).toBe(0);
    expect(res.data).toMatchObject({
      scopes: ['orders:read', 'excursions:read'],
      allowed_addresses: [t.address, '2001:db8::/32'],
      rate_per_minute: 1200,
      state: 'active',
    });
    // the old token loses inventory:read at once, and does not gain excursions:read
    const stock = await t.call('common/stockslist', bearer(before));
    expect([stock.code, stock.message]).toEqual([
      403,
      'This access token does not hold the scope inventory:read',
    ]);
    expect((await t.call('customer-order/index', bearer(before))).code).toBe(0);
    const after = await tokenOf(t, client);
    expect((await t.call('excursion/list', bearer(after))).code).toBe(0);
    const entries = await entriesOf(t, client.id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
    expect(entries[1]).toMatchObject({
      actor_id: admin.uid,
      changes: [
        { field: 'scopes', old: ['orders:read', 'inventory:read'], new: ['orders:read', 'excursions:read'] },
        { field: 'allowed_addresses', old: [], new: [t.address, '2001:db8::/32'] },
        { field: 'rate_per_minute', old: 30, new: 1200 },
      ],
    });
    // the same values again, or the scopes in another order: nothing changes, nothing is written
    const same = await update(t, token, { id: client.id, scopes: ['excursions:read', 'orders:read'] });
    expect(same.code).toBe(0);
    expect(await entriesOf(t, client.id)).toHaveLength(2);
    // one field alone leaves the others as they are
    const rate = await update(t, token, { id: client.id, rate_per_minute: 2 });
    expect(rate.data).toMatchObject({ scopes: ['orders:read', 'excursions:read'], rate_per_minute: 2 });
    expect((await entriesOf(t, client.id)).at(-1)?.changes).toEqual([
      { field: 'rate_per_minute', old: 1200, new: 2 },
    ]);
  });

  it('refuses excursions:decide, bad values, another customer’s client, anyone but an administrator and a revoked client', async () => {
    const t = await testApp();
    const { token } = await administrator(t);
    const client = await clientOf(t, token, ['orders:read']);
    const decide = await update(t, token, { id: client.id, scopes: ['excursions:decide'] });
    expect([decide.code, decide.data]).toEqual([
      422,
      {
        'scopes.0':
          'excursions:decide is never granted to an API client: a decision is a person’s electronic signature',
      },
    ]);
    for (const body of [
      { scopes: [] },
      { scopes: ['orders:read', 'orders:read'] },
      { allowed_addresses: ['10.0.0.0/33'] },
      { rate_per_minute: 0 },
      { rate_per_minute: 6001 },
      { rate_per_minute: 1.5 },
      { name: 'renamed' },
    ])
      expect((await update(t, token, { id: client.id, ...body })).code, JSON.stringify(body)).toBe(422);
    const other = await administrator(t);
    expect((await update(t, other.token, { id: client.id, rate_per_minute: 5 })).code).toBe(404);
    const plain = await loginAs(t, await createUser(t.deps.db));
    expect((await update(t, plain, { id: client.id, rate_per_minute: 5 })).code).toBe(403);
    // an API client's own token may not change clients (webhooks:manage included)
    const hooks = await tokenOf(t, await clientOf(t, token, ['webhooks:manage']));
    const self = await t.call('api-client/update', {
      ...bearer(hooks),
      body: { id: client.id, rate_per_minute: 5 },
    });
    expect(self.code).toBe(403);
    expect((await t.call('api-client/revoke', { token, body: { id: client.id } })).code).toBe(0);
    expect((await update(t, token, { id: client.id, scopes: ['orders:write'] })).code).toBe(409);
    const row = await t.deps.db
      .selectFrom('api_clients')
      .select(['scopes', 'rate_per_minute', 'allowed_addresses'])
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ scopes: ['orders:read'], rate_per_minute: 600, allowed_addresses: [] });
    expect((await entriesOf(t, client.id)).map((e) => e.action)).toEqual(['create', 'revoke']);
  });
});

describe('POST /api/oauth/token: client credentials (RFC 6749 §4.4)', () => {
  it('issues a 15-minute Bearer token by HTTP Basic and by the form body, never cached', async () => {
    const t = await testApp();
    const { token } = await administrator(t);
    const client = await clientOf(t, token, ['orders:read', 'inventory:read']);
    const basic = await tokenRequest(
      t,
      { grant_type: 'client_credentials' },
      { basic: [client.clientId, client.secret] },
    );
    expect(basic.status).toBe(200);
    expect(basic.body).toEqual({
      access_token: expect.stringMatching(/^lpat_/),
      token_type: 'Bearer',
      expires_in: 900,
      scope: 'orders:read inventory:read',
    });
    expect(basic.headers.get('cache-control')).toBe('no-store');
    const post = await tokenRequest(t, {
      grant_type: 'client_credentials',
      client_id: client.clientId,
      client_secret: client.secret,
      scope: 'inventory:read',
    });
    expect([post.status, post.body.scope]).toEqual([200, 'inventory:read']);
    const list = await t.call<ApiClientList>('api-client/index', { token });
    expect(list.data.list[0]!.last_used_at).not.toBeNull();
  });

  it('answers §5.2 errors: a wrong secret, a bad grant, a scope not held, both methods, a revoked client', async () => {
    const t = await testApp();
    const { token } = await administrator(t);
    const client = await clientOf(t, token, ['orders:read']);
    const basic: [string, string] = [client.clientId, client.secret];
    const wrong = await tokenRequest(
      t,
      { grant_type: 'client_credentials' },
      { basic: [client.clientId, `${client.secret}x`] },
    );
    expect([wrong.status, wrong.body.error]).toEqual([401, 'invalid_client']);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(wrong.headers.get('cache-control')).toBe('no-store');
    const unknown = await tokenRequest(
      t,
      { grant_type: 'client_credentials' },
      { basic: ['lpc_nobody', client.secret] },
    );
    expect([unknown.status, unknown.body.error]).toEqual([401, 'invalid_client']);
    const none = await tokenRequest(t, { grant_type: 'client_credentials' });
    expect([none.status, none.body.error]).toEqual([401, 'invalid_client']);
    const grant = await tokenRequest(t, { grant_type: 'password' }, { basic });
    expect([grant.status, grant.body.error]).toEqual([400, 'unsupported_grant_type']);
    const scope = await tokenRequest(
      t,
      { grant_type: 'client_credentials', scope: 'orders:write' },
      { basic },
    );
    expect([scope.status, scope.body.error]).toEqual([400, 'invalid_scope']);
    const both = await tokenRequest(
      t,
      { grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret },
      { basic },
    );
    expect([both.status, both.body.error]).toEqual([400, 'invalid_request']);
    const json = await tokenRequest(
      t,
      { grant_type: 'client_credentials' },
      { basic, type: 'application/json' },
    );
    expect([json.status, json.body.error]).toEqual([400, 'invalid_request']);
    expect((await t.call('api-client/revoke', { token, body: { id: client.id } })).code).toBe(0);
    const revoked = await tokenRequest(t, { grant_type: 'client_credentials' }, { basic });
    expect([revoked.status, revoked.body.error]).toEqual([401, 'invalid_client']);
  });

  it('gives tokens only from the client’s allowed addresses (invalid_grant), and enforces them on every call', async () => {
    const t = await testApp();
    const { token } = await administrator(t);
    const client = await clientOf(t, token, ['orders:read'], { allowed_addresses: ['198.51.100.0/24'] });
    const basic: [string, string] = [client.clientId, client.secret];
    const elsewhere = await tokenRequest(t, { grant_type: 'client_credentials' }, { basic, ip: '192.0.2.9' });
    expect([elsewhere.status, elsewhere.body.error]).toEqual([400, 'invalid_grant']);
    const access = await tokenOf(t, client, undefined, '198.51.100.7');
    expect((await t.call('customer-order/index', { ...bearer(access), ip: '198.51.100.8' })).code).toBe(0);
    const moved = await t.call('customer-order/index', { ...bearer(access), ip: '192.0.2.9' });
    expect([moved.code, moved.message]).toEqual([403, 'This API client may not call from this address']);
  });

  it('counts failed client authentications per address: past the limit 429 with Retry-After, and a security event', async () => {
    const t = await testApp({ rateLimits: true });
    const { token } = await administrator(t);
    const client = await clientOf(t, token, ['orders:read']);
    const ip = `10.250.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < FAILURE_LIMIT; i++) {
      const res = await tokenRequest(
        t,
        { grant_type: 'client_credentials' },
        { basic: [client.clientId, 'lpcs_guess'], ip },
      );
      expect(res.status).toBe(401);
    }
    const blocked = await tokenRequest(
      t,
      { grant_type: 'client_credentials' },
      { basic: [client.clientId, client.secret], ip },
    );
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // the client itself, from its own address, is not locked out by the guesser
    expect(
      (
        await tokenRequest(
          t,
          { grant_type: 'client_credentials' },
          { basic: [client.clientId, client.secret] },
        )
      ).status,
    ).toBe(200);
    const events = await t.deps.db
      .selectFrom('security_events')
      .selectAll()
      .where('kind', '=', 'api-client-auth')
      .where('address', '=', ip)
      .execute();
    expect(events).toHaveLength(1);
  });
});

describe('Bearer tokens on the contract’s calls', () => {
  it('grants only calls the contract declares with a session, never a signature nor the account’s calls', async () => {
    const ops = await contractOperations();
    const byId = new Map(ops.map((op) => [op.id, op]));
    for (const ids of GRANTED_IDS.values())
      for (const id of ids) expect([id, byId.get(id)?.auth]).toEqual([id, 'session']);
    for (const op of ops) {
      if (op.signature || op.auth !== 'session' || op.area === 'api-clients' || op.area === 'audit')
        expect([op.id, scopeOf(op)]).toEqual([op.id, null]);
    }
  });

  it('is what docs/api.md says each scope grants', () => {
    const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');
    for (const [scope, ids] of GRANTED_IDS) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${scope}\` |`));
      expect([scope, row?.match(/`(GET|POST) [^`]+`/g)?.map((s) => s.slice(1, -1))]).toEqual([scope, ids]);
    }
  });

  it('opens the calls of its scopes on the client’s customer only (another’s order: 404, as for a user)', async () => {
    const t = await testApp();
    const { cuId, token } = await administrator(t);
    const mine = await createOrder(t.deps.db, cuId, { status: 'pending_confirm' });
    const theirs = await createOrder(t.deps.db, (await createUser(t.deps.db)).customers[0]!.cu_id);
    const access = await tokenOf(t, await clientOf(t, token, ['orders:read']));
    const list = await t.call<{ list: Array<{ id: number }> }>('customer-order/index', bearer(access));
    expect(list.code, list.message).toBe(0);
    expect(list.data.list.map((o) => o.id)).toEqual([mine.id]);
    expect(
      (await t.call('customer-order/view', { ...bearer(access), query: { id: String(mine.id) } })).code,
    ).toBe(0);
    expect(
      (await t.call('customer-order/view', { ...bearer(access), query: { id: String(theirs.id) } })).code,
    ).toBe(404);
    // webhooks:manage opens the webhooks area's calls (its administrators' otherwise)
    const hooks = await tokenOf(t, await clientOf(t, token, ['webhooks:manage']));
    expect((await t.call('webhook/index', bearer(hooks))).code).toBe(0);
    expect((await t.call('webhook/index', bearer(access))).code).toBe(403);
  });

  it('refuses a call outside the token’s scopes, and every call no scope grants (403)', async () => {
    const t = await testApp();
    const { cuId, token } = await administrator(t);
    const order = await createOrder(t.deps.db, cuId, { status: 'pending_approval' });
    const access = await tokenOf(
      t,
      await clientOf(t, token, ['orders:read', 'inventory:read']),
      'orders:read',
    );
    const stock = await t.call('common/stockslist', bearer(access));
    expect([stock.code, stock.message]).toEqual([
      403,
      'This access token does not hold the scope inventory:read',
    ]);
    const cancel = await t.call('customer-order/cancel', {
      ...bearer(access),
      body: { ids: [order.id], reason: 'x' },
    });
    expect(cancel.code).toBe(403);
    const denied: Array<[string, Record<string, unknown> | undefined]> = [
      ['user/get-user-info', undefined],
      ['customer-account/index', undefined],
      ['customer-audit/index', undefined],
      ['api-client/index', undefined],
      ['notification/index', undefined],
      ['customer-order/overview', undefined],
      ['user/update-pass-word', { username: 'x', old_password: 'x', new_password1: 'x', new_password2: 'x' }],
      ['customer-account/switch-customer', { identifier: 'x' }],
      [
        'customer-order/auditing',
        { id: order.id, pass: true, version: 1, signature: { password: 'x', meaning: 'approval' } },
      ],
      ['excursion/decide', { id: 1 }],
    ];
    for (const [path, body] of denied) {
      const res = await t.call(path, { ...bearer(access), ...(body ? { body } : {}) });
      expect([path, res.code, res.message]).toEqual([path, 403, 'An API client may not make this call']);
    }
  });

  it('stops a revoked client’s tokens at once (598), and a rotated-away secret’s unless a grace holds', async () => {
    const t = await testApp();
    const { token } = await administrator(t);
    const client = await clientOf(t, token, ['orders:read']);
    const first = await tokenOf(t, client);
    const rotated = await t.call<ApiClientWithSecret>('api-client/rotate', {
      token,
      body: { id: client.id, grace_hours: 1 },
    });
    expect(rotated.code, rotated.message).toBe(0);
    const renewed = { clientId: client.clientId, secret: rotated.data.client_secret };
    // within the grace: the old token and the old secret still hold
    expect((await t.call('customer-order/index', bearer(first))).code).toBe(0);
    const old = await tokenOf(t, client);
    const fresh = await tokenOf(t, renewed);
    const again = await t.call<ApiClientWithSecret>('api-client/rotate', {
      token,
      body: { id: client.id, grace_hours: 0 },
    });
    expect(again.code).toBe(0);
    // a rotation without grace: every token of the secrets before it stops
    expect((await t.call('customer-order/index', bearer(old))).code).toBe(598);
    expect((await t.call('customer-order/index', bearer(fresh))).code).toBe(598);
    const latest = await tokenOf(t, { clientId: client.clientId, secret: again.data.client_secret });
    expect((await t.call('customer-order/index', bearer(latest))).code).toBe(0);
    expect((await t.call('api-client/revoke', { token, body: { id: client.id } })).code).toBe(0);
    const after = await t.call('customer-order/index', bearer(latest));
    expect([after.code, after.message]).toEqual([598, 'The access token is not valid or has expired']);
    expect((await t.call('customer-order/index', bearer('lpat_forged.sig'))).code).toBe(598);
    const actions = await t.deps.db
      .selectFrom('audit_entries')
      .select('action')
      .where('record_type', '=', 'api_client')
      .where('record_id', '=', String(client.id))
      .orderBy('seq')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(['create', 'rotate', 'rotate', 'revoke']);
  });

  it('expires a token after 15 minutes', async () => {
    const t = await testApp();
    const { token } = await administrator(t);
    const access = await tokenOf(t, await clientOf(t, token, ['orders:read']));
    t.advance(15 * 60_000 + 1);
    expect((await t.call('customer-order/index', bearer(access))).code).toBe(598);
  });

  it('limits each client to its calls a minute (429)', async () => {
    const t = await testApp();
    const { token } = await administrator(t);
    const client = await clientOf(t, token, ['orders:read']);
    await t.deps.db
      .updateTable('api_clients')
      .set({ rate_per_minute: 2 })
      .where('id', '=', client.id)
      .execute();
    const access = await tokenOf(t, client);
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await t.call('customer-order/index', bearer(access))).code);
    expect(codes).toEqual([0, 0, 429]);
  });

  it('writes as the client: the audit entry and the order’s event name it', async () => {
    const t = await testApp();
    const { cuId, token } = await administrator(t);
    const order = await createOrder(t.deps.db, cuId, { status: 'pending_confirm' });
    const client = await clientOf(t, token, ['orders:write']);
    const access = await tokenOf(t, client);
    const res = await t.call('customer-order/cancel', {
      ...bearer(access),
      body: { ids: [order.id], reason: 'IRT 取消' },
    });
    expect(res.code, res.message).toBe(0);
    const entry = await t.deps.db
      .selectFrom('audit_entries')
      .selectAll()
      .where('record_type', '=', 'order')
      .where('record_id', '=', String(order.id))
      .executeTakeFirstOrThrow();
    const name = (await t.call<ApiClientList>('api-client/index', { token })).data.list[0]!.name;
    expect(entry).toMatchObject({
      action: 'cancel',
      actor_kind: 'client',
      actor_id: client.id,
      actor_name: name,
    });
    const event = await t.deps.db
      .selectFrom('order_events')
      .select(['actor_name', 'uid'])
      .where('order_id', '=', order.id)
      .where('kind', '=', 'cancelled')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ actor_name: name, uid: null });
  });

  it('creates an order once per Idempotency-Key of the customer (the IRT’s shipment request id)', async () => {
    const t = await testApp();
    const setup = await readyToOrder(t, { user: { admin: true } });
    const form = orderForm(setup);
    const one = await tokenOf(t, await clientOf(t, setup.token, ['orders:write']));
    const two = await tokenOf(t, await clientOf(t, setup.token, ['orders:write']));
    const create = (access: string, key: string) =>
      t.call<CreateOrderAnswer>('customer-order/create', {
        ...bearer(access, { 'Idempotency-Key': key }),
        body: form,
      });
    const first = await create(one, 'IRT-SR-000123');
    expect(first.code, first.message).toBe(0);
    // the same shipment request again, by the same client or another of the customer's: the first order
    expect((await create(one, 'IRT-SR-000123')).data).toEqual(first.data);
    expect((await create(two, 'IRT-SR-000123')).data).toEqual(first.data);
    const made = await t.deps.db
      .selectFrom('orders')
      .select(['id', 'created_by'])
      .where('cu_id', '=', setup.cuId)
      .execute();
    expect(made).toEqual([{ id: first.data.id, created_by: null }]);
    const changed = await t.call('customer-order/create', {
      ...bearer(one, { 'Idempotency-Key': 'IRT-SR-000123' }),
      body: { ...form, remark: '另一个' },
    });
    expect(changed.code).toBe(422);
    const entry = await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'actor_kind'])
      .where('record_type', '=', 'order')
      .where('record_id', '=', String(first.data.id))
      .execute();
    expect(entry).toEqual([{ action: 'create', actor_kind: 'client' }]);
  });
});
