import { createHmac, randomUUID } from 'node:crypto';
import type { Operation } from '../../src/contract/operation.ts';
import type { Share } from '../../src/contract/tracking/schemas.ts';
import { issueOneTimeCode, type OneTimeKind } from '../areas/accounts/one-time-codes.ts';
import { issueLink } from '../areas/supplier/links.ts';
import { caseNo } from '../../src/contract/excursions/domain.ts';
import { resetWorkSettled } from '../areas/accounts/password-reset.ts';
import { lastSmsCode } from './accounts.ts';
import { assessedCase, excursionWorld, openCase, series, shipment } from './excursion-fixtures.ts';
import { createAttachmentOrders } from './attachment-fixtures.ts';
import { orderForm } from './editor-fixtures.ts';
import { readyToOrder } from './editor-test-helpers.ts';
import { SAMPLES } from './file-fixtures.ts';
import { createUser, type FixtureUser, loginAs, signatureOf } from './fixtures.ts';
import { createAddress, createRegionTree, createStockLine } from './master-data-fixtures.ts';
import { createOrder, createProject, type FixtureOrderOptions } from './order-fixtures.ts';
import { modificationRequest, signedIn } from './order-test-helpers.ts';
import { socketFrom, type TestApp, unique } from './test-app.ts';
import { addPasskey, assertion, attest, softKey } from './passkey-fixtures.ts';
import { enrolTotp, totpNow } from './second-factor-fixtures.ts';
import { addMember, enrolmentOf, requireSecondFactor } from './second-factor-policy-fixtures.ts';
import { publishProof, ssoLogoutScenario, ssoSignInScenario } from './sso-fixtures.ts';

/**
 * One scenario per operation whose contract says its success leaves audit entries
 * (`audit: { records }`), keyed by the operation's id: it makes what the call needs (a signed-in
 * user of a new customer, an order in the right status, a stored file …) and answers the one call
 * to make, which server/areas/audit/no-write-escapes.test.ts makes and whose entries it checks.
 * Each scenario makes its own users, customers and orders, so none depends on another.
 */

/** Who the entries of the call must name: the session's user (by uid), or the provider. */
export type ExpectedActor =
  | { readonly kind: 'user'; readonly id: number }
  | { readonly kind: 'provider' }
  // the portal itself on another party's word (an identity provider's back-channel logout)
  | { readonly kind: 'system' };

/** The one call of the operation under test, ready to be made (`callOnce`). */
export interface ScenarioCall {
  actor: ExpectedActor;
  /** The query (GET), the JSON body (POST) or the fields of a multipart form. */
  input: Record<string, unknown>;
  /** The session of a `session` or `account` call. */
  token?: string;
  /** The file of a multipart call. */
  file?: { name: string; content: Uint8Array };
  headers?: Record<string, string>;
}

export type WriteScenario = (t: TestApp) => Promise<ScenarioCall>;

/** The integration secret the signed calls are signed with: the test app must be made with it. */
export const SCENARIO_SECRET = 'write-scenarios-secret-7d2e';

/**
 * Makes the call as the operation's declaration says a client does (a GET's query, a JSON body,
 * a multipart form with its file), signed for a `signed` operation; answers its envelope.
 */
export async function callOnce(
  t: TestApp,
  op: Operation,
  call: ScenarioCall,
): Promise<{ status: number; code: number; message: string }> {
  const headers: Record<string, string> = { 'accept-language': 'en', ...call.headers };
  if (call.token) headers['x-token'] = call.token;
  let url = `/api/${op.path}.html`;
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (op.method === 'GET') {
    url += `?${new URLSearchParams(Object.entries(call.input).map(([k, v]) => [k, String(v)]))}`;
  } else if (op.encoding === 'multipart') {
    const form = new FormData();
    for (const [k, v] of Object.entries(call.input)) form.append(k, String(v));
    if (call.file) form.append('file', new Blob([new Uint8Array(call.file.content)]), call.file.name);
    const encoded = new Response(form);
    headers['content-type'] = encoded.headers.get('content-type') ?? '';
    body = new Uint8Array(await encoded.arrayBuffer());
  } else {
    headers['content-type'] = 'application/json';
    body = new TextEncoder().encode(JSON.stringify(call.input));
  }
  if (op.auth === 'signed') {
    const timestamp = String(Math.floor(t.deps.now().getTime() / 1000));
    headers['x-timestamp'] = timestamp;
    headers['x-signature'] = createHmac('sha256', SCENARIO_SECRET)
      .update(`${timestamp}.`)
      .update(body ?? new Uint8Array())
      .digest('hex');
  }
  const res = await t.app.request(
    url,
    { method: op.method, headers, ...(body ? { body } : {}) },
    socketFrom(t.address),
  );
  // a file answer (an export) is a success when it is the operation's media type
  if (op.media && (res.headers.get('content-type') ?? '').startsWith(op.media)) {
    await res.arrayBuffer();
    return { status: res.status, code: 0, message: 'ok' };
  }
  const envelope = (await res.json()) as { code: number; message: string };
  return { status: res.status, code: envelope.code, message: envelope.message };
}

// --- the bodies of the two approval calls: the one place their electronic signature goes ---

/** Who approves: a fixture user, whose password signs. */
type Approver = Pick<FixtureUser, 'password'>;

/** `POST customer-order/auditing`: the approver passes the order. */
export const orderApprovalBody = (
  approver: Approver,
  id: number,
  version: number,
): Record<string, unknown> => ({
  id,
  pass: true,
  version,
  signature: signatureOf(approver),
});

/** `POST customer-order/attachment-audit`: the approver passes the document. */
export const attachmentApprovalBody = (approver: Approver, id: number): Record<string, unknown> => ({
  id,
  pass: true,
  signature: signatureOf(approver, 'review'),
});

// --- shared small helpers ---

const asUser = (user: { uid: number }): ExpectedActor => ({ kind: 'user', id: user.uid });
const PROVIDER: ExpectedActor = { kind: 'provider' };
const HOUR = 3_600_000;
const hoursAgo = (t: TestApp, hours: number) => new Date(t.deps.now().getTime() - hours * HOUR).toISOString();

/** A signed-in user of a new customer (an approver when asked) with one order of it. */
async function withOrder(t: TestApp, options: FixtureOrderOptions = {}, approver = false) {
  const session = await signedIn(t, { approver });
  const order = await createOrder(t.deps.db, session.cuId, options);
  return { ...session, order, actor: asUser(session.user) };
}

/** A call of the session's user on their order: `input` made from the order. */
const onOrder =
  (
    build: (order: { id: number; order_no: string }) => Record<string, unknown>,
    options: FixtureOrderOptions = {},
    extra: Pick<ScenarioCall, 'file' | 'headers'> = {},
  ): WriteScenario =>
  async (t) => {
    const { token, order, actor } = await withOrder(t, options);
    return { actor, token, input: build(order), ...extra };
  };

/** A provider's signed call about an order of a new customer: `input` made from the order. */
const providerOnOrder =
  (
    build: (order: { id: number; order_no: string }, t: TestApp) => Record<string, unknown>,
    options: FixtureOrderOptions = {},
    extra: Pick<ScenarioCall, 'file'> = {},
  ): WriteScenario =>
  async (t) => {
    const user = await createUser(t.deps.db);
    const order = await createOrder(t.deps.db, user.customers[0]!.cu_id, options);
    return { actor: PROVIDER, input: build(order, t), ...extra };
  };

/** A user who is signed in (their token) and may act on their own account. */
async function account(t: TestApp, options: { customers?: number } = {}) {
  const { user, token } = await signedIn(t, options);
  return { user, token, actor: asUser(user) };
}

/** A one-time sign-in code of `kind` for a new user (what another provider system hands over). */
async function oneTimeCode(t: TestApp, kind: OneTimeKind): Promise<{ user: FixtureUser; code: string }> {
  const user = await createUser(t.deps.db);
  const issued = await issueOneTimeCode(t.deps.db, { username: user.username, kind }, t.deps.now());
  if (!issued.ok) throw new Error(`no ${kind} code for ${user.username}: ${issued.reason}`);
  return { user, code: issued.code };
}

/** An address form in a district of the test's own. */
async function addressForm(t: TestApp) {
  const tree = await createRegionTree(t.deps.db);
  return {
    kind: 'start',
    company: `审计测试仓库${unique()}`,
    contact: '王磊',
    phone: '13912345678',
    region_id: tree.district.region_id,
    address: '星湖街 218 号',
  };
}

/** An order of a new customer's project with one pending document (a PDF the customer uploaded). */
async function pendingDocument(t: TestApp, approver: boolean) {
  const session = await signedIn(t, { approver });
  const [order] = await createAttachmentOrders(t.deps, session.cuId, [
    { required: ['pod'], files: [{ kind: 'pod', status: 'pending', name: 'POD.pdf' }] },
  ]);
  const attachment = await t.deps.db
    .selectFrom('order_attachments')
    .select(['id', 'file_id'])
    .where('order_id', '=', order!.id)
    .executeTakeFirstOrThrow();
  return { ...session, attachment, actor: asUser(session.user) };
}

/** An administrator of a new customer, signed in (reads and exports the customer's audit trail). */
async function administrator(t: TestApp) {
  const user = await createUser(t.deps.db);
  await t.deps.db.updateTable('user_customers').set({ is_admin: true }).where('uid', '=', user.uid).execute();
  return { user, token: await loginAs(t, user), actor: asUser(user) };
}

/** A single sign-on saved by `admin` for their customer (provisioning belongs to it). */
async function ssoConfigured(t: TestApp, admin: Awaited<ReturnType<typeof administrator>>) {
  const body = {
    issuer: 'https://idp.example.com',
    client_id: 'portal',
    client_secret: 'secret',
    domains: [`s-${randomUUID().slice(0, 8)}.example`],
    grants: [admin.user.customers[0]!.cu_id],
  };
  const saved = await t.call('customer-account/sso-config-update', { token: admin.token, body });
  if (saved.code !== 0) throw new Error(`sso-config-update: ${saved.code} ${saved.message}`);
}

/** An administrator with an API client of their customer (made through the API). */
async function withApiClient(t: TestApp) {
  const admin = await administrator(t);
  const res = await t.call<{ client: { id: number } }>('api-client/create', {
    token: admin.token,
    body: { name: 'IRT', scopes: ['orders:read'] },
  });
  if (res.code !== 0) throw new Error(`no API client: ${res.message}`);
  return { ...admin, id: res.data.client.id };
}

/** An https endpoint at a public address literal (no lookup): what the default settings allow. */
const WEBHOOK_URL = 'https://93.184.216.34/hook';

/** An administrator with a webhook endpoint of their customer (made through the API). */
async function withWebhook(t: TestApp) {
  const admin = await administrator(t);
  const res = await t.call<{ endpoint: { id: number } }>('webhook/create', {
    token: admin.token,
    body: { url: WEBHOOK_URL, description: 'IRT', event_types: ['order.created'] },
  });
  if (res.code !== 0) throw new Error(`no webhook endpoint: ${res.message}`);
  return { ...admin, id: res.data.endpoint.id };
}

/** A person signed in twice, their customer allowing two sessions (both live). */
async function twoSessions(t: TestApp) {
  const user = await createUser(t.deps.db);
  await t.deps.db
    .insertInto('session_policies')
    .values({
      cu_id: user.customers[0]!.cu_id,
      idle_minutes: 30,
      absolute_minutes: 720,
      max_sessions: 2,
      updated_at: t.deps.now(),
      updated_by: null,
    })
    .execute();
  const other = await loginAs(t, user);
  const token = await loginAs(t, user);
  return { user, token, other, actor: asUser(user) };
}

const NEW_PASSWORD = 'Audit#Trail26';
const LOGGER = 'LG-AUDIT-1';
const idempotent = () => ({ headers: { 'Idempotency-Key': randomUUID() } });

// --- the scenarios, one per operation that records ---

export const writeScenarios: Readonly<Record<string, WriteScenario>> = {
  // accounts: a user's sign-ins, sessions and passwords (chain 0)
  'POST user/login': async (t) => {
    const user = await createUser(t.deps.db);
    return { actor: asUser(user), input: { username: user.username, password: user.password } };
  },
  'POST user/logout': async (t) => {
    const { token, actor } = await account(t);
    return { actor, token, input: {} };
  },
  'POST user/jump-login': async (t) => {
    const { user, code } = await oneTimeCode(t, 'jump');
    return { actor: asUser(user), input: { code } };
  },
  'POST user/new-login': async (t) => {
    const { user, code } = await oneTimeCode(t, 'new');
    return { actor: asUser(user), input: { token: code } };
  },
  'POST user/customer-login': async (t) => {
    const { user, token, actor } = await account(t, { customers: 2 });
    return { actor, token, input: { identifier: user.customers[1]!.identifier } };
  },
  'POST customer-account/switch-customer': async (t) => {
    const { user, token, actor } = await account(t, { customers: 2 });
    return { actor, token, input: { identifier: user.customers[1]!.identifier } };
  },
  'POST user/update-pass-word': async (t) => {
    const { user, token, actor } = await account(t);
    const input = {
      username: user.username,
      old_password: user.password,
      new_password1: NEW_PASSWORD,
      new_password2: NEW_PASSWORD,
    };
    return { actor, token, input };
  },
  'POST user/reset-password': async (t) => {
    const user = await createUser(t.deps.db);
    const asked = { username: user.username, mobile: user.mobile };
    const sent = await t.call('user/forgot-password', { body: asked });
    await resetWorkSettled();
    const captcha = await lastSmsCode(t, user.mobile);
    if (sent.code !== 0 || !captcha) throw new Error(`no reset code: ${sent.code} ${sent.message}`);
    return {
      actor: asUser(user),
      input: { ...asked, captcha, new_password1: NEW_PASSWORD, new_password2: NEW_PASSWORD },
    };
  },
  'POST user/login-second-factor': async (t) => {
    const { user, token, actor } = await account(t);
    const { secret } = await enrolTotp(t, token, user.password);
    const first = await t.call<{ pending_token: string }>('user/login', {
      body: { username: user.username, password: user.password },
    });
    if (first.code !== 477) throw new Error(`no second step: ${first.code} ${first.message}`);
    return { actor, input: { pending_token: first.data.pending_token, code: await totpNow(t, secret) } };
  },
  'POST user/second-factor-confirm': async (t) => {
    const { user, token, actor } = await account(t);
    const start = await t.call<{ secret: string }>('user/second-factor-enrol', {
      token,
      body: { password: user.password },
    });
    if (start.code !== 0) throw new Error(`no enrolment: ${start.code} ${start.message}`);
    return { actor, token, input: { code: await totpNow(t, start.data.secret) } };
  },
  'POST user/second-factor-remove': async (t) => {
    const { user, token, actor } = await account(t);
    const { secret } = await enrolTotp(t, token, user.password);
    return { actor, token, input: { password: user.password, code: await totpNow(t, secret) } };
  },
  // passkeys (accounts/passkeys.ts), with the software authenticator of passkey-fixtures.ts
  'POST user/passkey-register': async (t) => {
    const { user, token, actor } = await account(t);
    const options = await t.call<{ challenge: string }>('user/passkey-register-options', {
      token,
      body: { password: user.password },
    });
    if (options.code !== 0) throw new Error(`no options: ${options.code} ${options.message}`);
    return { actor, token, input: { name: 'Laptop', credential: attest(softKey(), options.data) } };
  },
  'POST user/passkey-remove': async (t) => {
    const { user, token, actor } = await account(t);
    await addPasskey(t, token, user.password);
    const list = await t.call<{ passkeys: { id: number }[] }>('user/passkeys', { token });
    return { actor, token, input: { id: list.data.passkeys[0]?.id ?? 0, password: user.password } };
  },
  'POST user/login-passkey': async (t) => {
    const { user, token, actor } = await account(t);
    const key = await addPasskey(t, token, user.password);
    const first = await t.call<{ pending_token: string }>('user/login', {
      body: { username: user.username, password: user.password },
    });
    if (first.code !== 477) throw new Error(`no second step: ${first.code} ${first.message}`);
    const options = await t.call<{ challenge: string }>('user/login-passkey-options', {
      body: { pending_token: first.data.pending_token },
    });
    return {
      actor,
      input: { pending_token: first.data.pending_token, credential: assertion(key, options.data) },
    };
  },
  // the second-factor policy (second-factor-policy.ts): enrolment at sign-in, renewal, a reset
  'POST user/login-enrol-confirm': async (t) => {
    const user = await createUser(t.deps.db);
    await requireSecondFactor(t, user.customers[0]!.cu_id);
    const { enrol_token } = await enrolmentOf(t, user);
    const start = await t.call<{ secret: string }>('user/login-enrol-start', { body: { enrol_token } });
    if (start.code !== 0) throw new Error(`no secret: ${start.code} ${start.message}`);
    return { actor: asUser(user), input: { enrol_token, code: await totpNow(t, start.data.secret) } };
  },
  'POST user/login-enrol-passkey': async (t) => {
    const user = await createUser(t.deps.db);
    await requireSecondFactor(t, user.customers[0]!.cu_id);
    const { enrol_token } = await enrolmentOf(t, user);
    const options = await t.call<{ challenge: string }>('user/login-enrol-passkey-options', {
      body: { enrol_token },
    });
    if (options.code !== 0) throw new Error(`no options: ${options.code} ${options.message}`);
    return {
      actor: asUser(user),
      input: { enrol_token, name: 'Laptop', credential: attest(softKey(), options.data) },
    };
  },
  'POST user/recovery-codes-renew': async (t) => {
    const { user, token, actor } = await account(t);
    const { secret } = await enrolTotp(t, token, user.password);
    return { actor, token, input: { password: user.password, code: await totpNow(t, secret) } };
  },
  'POST customer-account/member-factor-reset': async (t) => {
    const { user, token, actor } = await administrator(t);
    const member = await createUser(t.deps.db);
    await addMember(t, member, user.customers[0]!.cu_id);
    await enrolTotp(t, await loginAs(t, member), member.password);
    return { actor, token, input: { uid: member.uid, reason: 'phone lost', password: user.password } };
  },
  // a person's own sessions (a customer that allows two: the second one is ended from the first)
  'POST user/session-sign-out': async (t) => {
    const { user, token, actor, other } = await twoSessions(t);
    const list = await t.call<{ list: Array<{ id: string; current: boolean }> }>('user/session-list', {
      token,
    });
    const id = list.data.list.find((s) => !s.current)?.id;
    if (!id || other === token) throw new Error(`no second session of ${user.username}`);
    return { actor, token, input: { id } };
  },
  'POST user/session-sign-out-others': async (t) => {
    const { token, actor } = await twoSessions(t);
    return { actor, token, input: {} };
  },
  // single sign-on (a real provider on the loopback: sso-fixtures.ts)
  'POST user/sso-finish': (t) => ssoSignInScenario(t),
  'POST user/sso-backchannel-logout': (t) => ssoLogoutScenario(t),
  'POST customer-account/sso-config-update': async (t) => {
    const { user, token, actor } = await administrator(t);
    const input = {
      issuer: 'https://idp.example.com',
      client_id: 'portal',
      client_secret: 'secret',
      domains: [`s-${randomUUID().slice(0, 8)}.example`],
      grants: [user.customers[0]!.cu_id],
    };
    return { actor, token, input };
  },
  'POST customer-account/sso-domain-check': async (t) => {
    const { user, token, actor } = await administrator(t);
    const domain = `s-${randomUUID().slice(0, 8)}.example`;
    const body = {
      issuer: 'https://idp.example.com',
      client_id: 'portal',
      client_secret: 'secret',
      domains: [domain],
      grants: [user.customers[0]!.cu_id],
    };
    const saved = await t.call('customer-account/sso-config-update', { token, body });
    if (saved.code !== 0) throw new Error(`sso-config-update: ${saved.code} ${saved.message}`);
    // the record on the test DNS server the app asks (no-write-escapes.test.ts: `testDns`)
    await publishProof(t, token, domain);
    return { actor, token, input: { domain } };
  },
  'POST customer-account/sso-config-delete': async (t) => {
    const { user, token, actor } = await administrator(t);
    const body = {
      issuer: 'https://idp.example.com',
      client_id: 'portal',
      client_secret: 'secret',
      domains: [`s-${randomUUID().slice(0, 8)}.example`],
      grants: [user.customers[0]!.cu_id],
    };
    const saved = await t.call('customer-account/sso-config-update', { token, body });
    if (saved.code !== 0) throw new Error(`sso-config-update: ${saved.code} ${saved.message}`);
    return { actor, token, input: {} };
  },
  'POST customer-account/sso-identity-deactivate': async (t) => {
    const { user, token, actor } = await administrator(t);
    const cuId = user.customers[0]!.cu_id;
    const body = {
      issuer: 'https://idp.example.com',
      client_id: 'portal',
      client_secret: 'secret',
      domains: [`s-${randomUUID().slice(0, 8)}.example`],
      grants: [cuId],
    };
    await t.call('customer-account/sso-config-update', { token, body });
    const member = await createUser(t.deps.db);
    const identity = await t.deps.db
      .insertInto('sso_identities')
      .values({
        cu_id: cuId,
        issuer: body.issuer,
        subject: randomUUID(),
        uid: member.uid,
        email: `m@${body.domains[0]}`,
        deactivated_at: null,
        last_sign_in_at: null,
        created_at: t.deps.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { actor, token, input: { id: identity.id } };
  },
  'POST customer-account/scim-token-issue': async (t) => {
    const admin = await administrator(t);
    await ssoConfigured(t, admin);
    return { actor: admin.actor, token: admin.token, input: {} };
  },
  'POST customer-account/scim-token-revoke': async (t) => {
    const admin = await administrator(t);
    await ssoConfigured(t, admin);
    const issued = await t.call('customer-account/scim-token-issue', {
      token: admin.token,
      method: 'POST',
      body: {},
    });
    if (issued.code !== 0) throw new Error(`scim-token-issue: ${issued.code} ${issued.message}`);
    return { actor: admin.actor, token: admin.token, input: {} };
  },
  'POST customer-account/session-policy-update': async (t) => {
    const { token, actor } = await administrator(t);
    return { actor, token, input: { idle_minutes: 15, absolute_minutes: 480, max_sessions: 2 } };
  },
  'POST index/change-passwd': async (t) => {
    const { user, token, actor } = await account(t);
    const asked = { ur_account: user.username, mobile: user.mobile };
    const sent = await t.call('index/change-passwd', { token, body: { action: 'captcha', ...asked } });
    const captcha = await lastSmsCode(t, user.mobile);
    if (sent.code !== 0 || !captcha) throw new Error(`no SMS code: ${sent.code} ${sent.message}`);
    return { actor, token, input: { action: 'submit', ...asked, captcha, ur_passwd: NEW_PASSWORD } };
  },

  // master data: the address book
  'POST customer-address/adrcreate': async (t) => {
    const { token, actor } = await account(t);
    return { actor, token, input: await addressForm(t) };
  },
  'POST customer-address/adrupdate': async (t) => {
    const { user, token, actor } = await account(t);
    const made = await createAddress(t.deps.db, user.customers[0]!.cu_id, { kind: 'start' });
    return { actor, token, input: { ad_id: made.ad_id, version: 1, ...(await addressForm(t)) } };
  },
  'POST customer-address/del': async (t) => {
    const { user, token, actor } = await account(t);
    const made = await createAddress(t.deps.db, user.customers[0]!.cu_id);
    return { actor, token, input: { ad_id: made.ad_id, version: 1 } };
  },

  // inventory
  'POST provider/reorder-levels': async (t) => {
    const user = await createUser(t.deps.db);
    const line = await createStockLine(t.deps.db, user.customers[0]!.cu_id);
    return { actor: PROVIDER, input: { levels: [{ in_id: line.in_id, low_level: 12 }] } };
  },

  // orders: the editor and the customer's writes
  'POST customer-order/create': async (t) => {
    const setup = await readyToOrder(t);
    return { actor: asUser(setup.user), token: setup.token, input: orderForm(setup), ...idempotent() };
  },
  'POST customer-order/auditing': async (t) => {
    const { user, token, order, actor } = await withOrder(t, { status: 'pending_approval' }, true);
    return { actor, token, input: orderApprovalBody(user, order.id, 1) };
  },
  'POST customer-order/cancel': onOrder((o) => ({ ids: [o.id], reason: '项目暂停' })),
  'POST customer-order/apply-modify': onOrder(
    (o) => ({ id: o.id, kind: 'change', changes: { remark: '改送达时间' }, reason: '患者改期', version: 1 }),
    { status: 'not_finished' },
  ),
  'POST customer-order/remark': onOrder((o) => ({ id: o.id, text: '请上午送达', kind: 'remark' })),
  'POST customer-order/merge': async (t) => {
    const { token, cuId, user } = await signedIn(t);
    const project = await createProject(t.deps.db, cuId);
    const id = unique();
    const alike: FixtureOrderOptions = {
      pr_id: project.pr_id,
      from_company: `中心仓库${id}`,
      from_address: '上海市浦东新区1号',
      to_company: `医院${id}`,
      to_address: '北京市东城区帅府园1号',
    };
    const a = await createOrder(t.deps.db, cuId, alike);
    const b = await createOrder(t.deps.db, cuId, { ...alike, status: 'pending_approval' });
    return { actor: asUser(user), token, input: { ids: [a.id, b.id] }, ...idempotent() };
  },
  'POST customer-order/share-create': onOrder((o) => ({ id: o.id, days: 7 }), { status: 'not_finished' }),
  'POST customer-order/share-revoke': async (t) => {
    const { token, order, actor } = await withOrder(t, { status: 'not_finished' });
    const made = await t.call<Share>('customer-order/share-create', {
      token,
      body: { id: order.id, days: 7 },
    });
    if (made.code !== 0) throw new Error(`share-create failed: ${made.code} ${made.message}`);
    return { actor, token, input: { share_id: made.data.id } };
  },
  'POST common/printlog': onOrder((o) => ({ id: o.id })),
  'POST common/email': onOrder((o) => ({ id: o.id, to: ['qa@example.com'] })),

  // documents
  'POST customer-order/upload': onOrder(
    (o) => ({ id: o.id, kind: 'packing_list' }),
    {},
    {
      file: { name: '装箱单.pdf', content: SAMPLES.pdf() },
    },
  ),
  'POST customer-order/ss-upload-print': onOrder(
    (o) => ({ id: o.id }),
    {},
    {
      file: { name: 'scan.jpg', content: SAMPLES.jpg() },
    },
  ),
  'POST customer-order/attachment-audit': async (t) => {
    const { user, token, attachment, actor } = await pendingDocument(t, true);
    return { actor, token, input: attachmentApprovalBody(user, attachment.id) };
  },
  // the customer's audit trail: taking a copy is recorded
  'GET customer-audit/xlsx': async (t) => {
    const { token, actor } = await administrator(t);
    return { actor, token, input: {} };
  },
  'GET customer-audit/pdf': async (t) => {
    const { token, actor } = await administrator(t);
    return { actor, token, input: {} };
  },
  // the customer's API clients: made, changed, rotated and revoked by an administrator
  'POST api-client/create': async (t) => {
    const { token, actor } = await administrator(t);
    return { actor, token, input: { name: 'IRT', scopes: ['orders:read'] } };
  },
  'POST api-client/update': async (t) => {
    const { token, actor, id } = await withApiClient(t);
    return { actor, token, input: { id, scopes: ['orders:read', 'inventory:read'], rate_per_minute: 120 } };
  },
  'POST api-client/rotate': async (t) => {
    const { token, actor, id } = await withApiClient(t);
    return { actor, token, input: { id, grace_hours: 1 } };
  },
  'POST api-client/revoke': async (t) => {
    const { token, actor, id } = await withApiClient(t);
    return { actor, token, input: { id } };
  },
  // the customer's webhook endpoints: changed by an administrator, their secrets read by one
  'POST webhook/create': async (t) => {
    const { token, actor } = await administrator(t);
    return { actor, token, input: { url: WEBHOOK_URL, description: 'IRT', event_types: [] } };
  },
  'POST webhook/update': async (t) => {
    const { token, actor, id } = await withWebhook(t);
    return { actor, token, input: { id, description: 'ERP', enabled: false } };
  },
  'POST webhook/rotate': async (t) => {
    const { token, actor, id } = await withWebhook(t);
    return { actor, token, input: { id, keep_hours: 1 } };
  },
  'POST webhook/secret': async (t) => {
    const { token, actor, id } = await withWebhook(t);
    return { actor, token, input: { id } };
  },
  'POST webhook/delete': async (t) => {
    const { token, actor, id } = await withWebhook(t);
    return { actor, token, input: { id } };
  },

  'GET common/delete-file': async (t) => {
    const { token, attachment, actor } = await pendingDocument(t, false);
    return { actor, token, input: { file_id: attachment.file_id, reason: '上传错了订单' } };
  },
  'POST provider/document': providerOnOrder(
    (o) => ({ order_no: o.order_no, kind: 'pod' }),
    {},
    {
      file: { name: 'POD 签收单.pdf', content: SAMPLES.pdf() },
    },
  ),

  // the provider's signed calls
  'POST provider/confirm': providerOnOrder((o) => ({ order_no: o.order_no, operator: '调度 王' })),
  'POST provider/milestone': providerOnOrder(
    (o, t) => ({ order_no: o.order_no, milestone: 'picked_up', at: hoursAgo(t, 2) }),
    { status: 'not_finished' },
  ),
  'POST provider/readings': providerOnOrder(
    (o, t) => ({ order_no: o.order_no, logger_id: LOGGER, readings: [{ at: hoursAgo(t, 1), celsius: 4.5 }] }),
    { status: 'not_finished', boxes: [{ box_type: '2-8°C 保温箱', logger_id: LOGGER, weight_kg: 5 }] },
  ),
  'POST provider/track': providerOnOrder(
    (o, t) => ({ order_no: o.order_no, points: [{ at: hoursAgo(t, 1), lat: 31.2, lng: 121.5 }] }),
    { status: 'not_finished' },
  ),
  'POST provider/sign': providerOnOrder(
    (o, t) => ({ order_no: o.order_no, sign_name: '李药师', signed_at: hoursAgo(t, 1) }),
    { status: 'not_finished' },
  ),
  'POST provider/answer-modify': async (t) => {
    const user = await createUser(t.deps.db);
    const order = await createOrder(t.deps.db, user.customers[0]!.cu_id, { status: 'not_finished' });
    const id = await modificationRequest(t.deps.db, order.id, 'pending', null);
    return { actor: PROVIDER, input: { order_no: order.order_no, id, accept: true, answer: '已改' } };
  },

  // supplier links: the provider makes one, the carrier answers with it
  'POST provider/supplier-link': providerOnOrder((o) => ({
    order_no: o.order_no,
    task: 'pickup',
    party: '顺丰冷运',
  })),
  'POST supplier/answer': async (t) => {
    const user = await createUser(t.deps.db);
    const order = await createOrder(t.deps.db, user.customers[0]!.cu_id);
    const made = await issueLink(
      t.deps.db,
      { order_no: order.order_no, task: 'pickup', party: '顺丰冷运', hours: 24, operator: '' },
      t.deps.now(),
    );
    return { actor: PROVIDER, input: { link: made.link, decision: 'confirm' } };
  },

  // temperature excursion cases: the customer assesses and decides, the provider closes
  'POST excursion/assign': async (t) => {
    const w = await excursionWorld(t);
    const id = await openCase(t, await shipment(t, w), series('2026-11-20T00:00:00Z', [5, 9, 12, 6]));
    return { actor: asUser(w.user), token: w.token, input: { id, uid: w.user.uid } };
  },
  'POST excursion/comment': async (t) => {
    const w = await excursionWorld(t);
    const id = await openCase(t, await shipment(t, w), series('2026-11-20T00:00:00Z', [5, 9, 12, 6]));
    return { actor: asUser(w.user), token: w.token, input: { id, text: '已联系申办方质量部' } };
  },
  'POST excursion/decide': async (t) => {
    const w = await excursionWorld(t);
    const id = await assessedCase(t, w);
    return {
      actor: asUser(w.user),
      token: w.token,
      input: { id, decision: 'release', reason: '稳定性数据支持放行', signature: signatureOf(w.user) },
    };
  },
  'POST customer-project/stability-save': async (t) => {
    const w = await excursionWorld(t);
    return {
      actor: asUser(w.user),
      token: w.token,
      input: { pr_id: w.prId, code: w.stock.code, bands: [{ min: 8, max: 25, hours: 72 }] },
    };
  },
  'POST provider/excursion-close': async (t) => {
    const w = await excursionWorld(t);
    const id = await assessedCase(t, w);
    await t.deps.db
      .updateTable('excursion_cases')
      .set({ state: 'decided', decision: 'quarantine', decided_at: t.deps.now(), decision_reason: '待评估' })
      .where('id', '=', id)
      .execute();
    return { actor: PROVIDER, input: { case_no: caseNo(id), operator: '王师傅', note: '已隔离' } };
  },
};
