import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoConfig } from '../../../src/contract/single-sign-on/schemas.ts';
import { createUser, type FixtureUser, loginAs } from '../../testing/fixtures.ts';
import type { TestProvider } from '../../testing/oidc-test-provider.ts';
import { proveDomain, type SsoTestBed, ssoTestBed } from '../../testing/sso-fixtures.ts';
import { socketFrom, type TestApp, testApp } from '../../testing/test-app.ts';
import { SCIM_FAILURE_LIMIT } from './scim-endpoint.ts';

/**
 * SCIM 2.0 provisioning (scim.ts, scim-endpoint.ts) on the worker's PGlite, called as an identity
 * provider's SCIM client calls it (Entra ID's and Okta's request shapes): discovery, create, the
 * filter they look a person up with, PATCH `active`, PUT, DELETE, and what an ended account can
 * no longer do.
 */

const id = randomBytes(4).toString('hex');
let DOMAIN: string;
const address = (name: string) => bed.address(name);
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

let bed: SsoTestBed;
let t: TestApp;
let admin: FixtureUser;
let adminToken: string;
let scimToken: string;
let idp: TestProvider;

interface ScimUser {
  id: string;
  userName: string;
  active: boolean;
  externalId?: string;
  displayName?: string;
  emails?: { value: string }[];
  meta?: { location?: string; resourceType?: string };
}

async function scim<T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  options: { token?: string; ip?: string; type?: string } = {},
) {
  const headers: Record<string, string> = {};
  const token = options.token ?? scimToken;
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = options.type ?? 'application/scim+json';
  const res = await t.app.request(
    `/api/scim/v2${path}`,
    {
      method,
      headers,
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    },
    socketFrom(options.ip ?? t.address),
  );
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}

const newUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: [USER],
  userName,
  externalId: `ext-${randomBytes(3).toString('hex')}`,
  name: { givenName: 'Ada', familyName: 'Lovelace' },
  emails: [{ value: userName, type: 'work', primary: true }],
  active: true,
  ...extra,
});

const deactivate = (scimId: string) =>
  scim('PATCH', `/Users/${scimId}`, {
    schemas: [PATCH],
    // Entra ID sends the value as a string
    Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
  });

const account = (uid: number) =>
  t.deps.db
    .selectFrom('users')
    .select(['uid', 'ur_account', 'name', 'email', 'deactivated_at', 'password_hash'])
    .where('uid', '=', uid)
    .executeTakeFirstOrThrow();

const uidOf = async (scimId: string) =>
  (await t.deps.db.selectFrom('scim_users').select('uid').where('id', '=', scimId).executeTakeFirstOrThrow())
    .uid;

const trailOf = (uid: number) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['action', 'actor_kind', 'actor_name', 'changes', 'cu_id'])
    .where('record_type', '=', 'user')
    .where('record_id', '=', String(uid))
    .orderBy('seq')
    .execute();

beforeAll(async () => {
  bed = await ssoTestBed({ tag: 'scim' });
  ({ t, idp, admin, adminToken, domain: DOMAIN } = bed);
  const issued = await t.call<{ token: string }>('customer-account/scim-token-issue', {
    token: adminToken,
    method: 'POST',
    body: {},
  });
  if (issued.code !== 0) throw new Error(`scim-token-issue: ${issued.code} ${issued.message}`);
  scimToken = issued.data.token;
}, 30_000);

afterAll(async () => {
  await idp?.close();
});

/** A whole single sign-on of `login` at the test provider: the portal's answer. */
const ssoSignIn = (login: string) => bed.signIn(login);

describe('the provisioning token', () => {
  it('is answered once, kept only as a hash, and shown in the form without its value', async () => {
    expect(scimToken).toMatch(/^lp_scim_[A-Za-z0-9_-]{43}$/);
    const rows = await t.deps.db.selectFrom('scim_tokens').select('token_hash').execute();
    expect(JSON.stringify(rows)).not.toContain(scimToken);
    const read = await t.call<SsoConfig>('customer-account/sso-config', { token: adminToken });
    expect(read.data.provisioning).toMatchObject({
      base_url: `${t.deps.config.publicUrl}/api/scim/v2`,
      token_issued: true,
      token_issued_by: admin.username.length > 0 ? expect.any(String) : '',
    });
    expect(JSON.stringify(read.data)).not.toContain(scimToken);
  });

  it('is issued and revoked by the customer’s administrator only (403), and a revoked one is a 401', async () => {
    const member = await createUser(t.deps.db);
    const token = await loginAs(t, member);
    expect(
      (await t.call('customer-account/scim-token-issue', { token, method: 'POST', body: {} })).code,
    ).toBe(403);
    expect(
      (await t.call('customer-account/scim-token-revoke', { token, method: 'POST', body: {} })).code,
    ).toBe(403);
    // another administrator without single sign-on: nothing to provision for
    const other = await createUser(t.deps.db, { admin: true });
    const otherToken = await loginAs(t, other);
    const none = await t.call('customer-account/scim-token-issue', {
      token: otherToken,
      method: 'POST',
      body: {},
    });
    expect(none.code).toBe(404);

    const rotated = await t.call<{ token: string }>('customer-account/scim-token-issue', {
      token: adminToken,
      method: 'POST',
      body: {},
    });
    expect(rotated.code).toBe(0);
    expect((await scim('GET', '/Users')).status).toBe(401);
    expect((await scim('GET', '/Users', undefined, { token: rotated.data.token })).status).toBe(200);
    const revoked = await t.call('customer-account/scim-token-revoke', {
      token: adminToken,
      method: 'POST',
      body: {},
    });
    expect(revoked.code).toBe(0);
    expect((await scim('GET', '/Users', undefined, { token: rotated.data.token })).status).toBe(401);
    const again = await t.call<{ token: string }>('customer-account/scim-token-issue', {
      token: adminToken,
      method: 'POST',
      body: {},
    });
    scimToken = again.data.token;
    const trail = await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'changes'])
      .where('record_type', '=', 'sso_config')
      .where('record_id', '=', String(admin.customers[0]!.cu_id))
      .orderBy('seq')
      .execute();
    expect(trail.map((e) => e.action)).toEqual(expect.arrayContaining(['create', 'rotate', 'revoke']));
    expect(JSON.stringify(trail)).not.toContain(rotated.data.token);
  });

  it('is required on every endpoint: none, a wrong one, another scheme get a SCIM 401', async () => {
    for (const token of ['', 'lp_scim_wrong', 'not-even-ours']) {
      const res = await scim('GET', '/ServiceProviderConfig', undefined, { token: token || ' ' });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/scim+json');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(res.body).toMatchObject({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
        status: '401',
      });
    }
  });

  it('is refused to an address after SCIM_FAILURE_LIMIT failures (429 with Retry-After), others unaffected', async () => {
    const limited = await testApp({ rateLimits: true });
    const ip = `10.250.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const call = (token: string, from: string) =>
      limited.app.request(
        '/api/scim/v2/Users',
        { headers: { authorization: `Bearer ${token}` } },
        socketFrom(from),
      );
    for (let i = 0; i < SCIM_FAILURE_LIMIT; i++) expect((await call('lp_scim_guess', ip)).status).toBe(401);
    const refused = await call(scimToken, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call(scimToken, limited.address)).status).toBe(200);
    const events = await limited.deps.db
      .selectFrom('security_events')
      .select('kind')
      .where('address', '=', ip)
      .execute();
    expect(events.map((e) => e.kind)).toEqual(['scim-auth']);
  });
});

describe('discovery', () => {
  it('says what is supported: PATCH and filters, not bulk; the User resource type and schema', async () => {
    const config = await scim<{
      patch: { supported: boolean };
      bulk: { supported: boolean };
      filter: { supported: boolean; maxResults: number };
    }>('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(config.body.patch.supported).toBe(true);
    expect(config.body.bulk.supported).toBe(false);
    expect(config.body.filter).toEqual({ supported: true, maxResults: 200 });
    const types = await scim<{ Resources: { name: string; endpoint: string }[] }>('GET', '/ResourceTypes');
    expect(types.body.Resources.map((r) => [r.name, r.endpoint])).toEqual([['User', '/Users']]);
    const schema = await scim<{ id: string }>('GET', `/Schemas/${USER}`);
    expect(schema.body.id).toBe(USER);
    expect((await scim('GET', '/Groups')).status).toBe(404);
  });
});

describe('a person provisioned', () => {
  it('is created as an account of the granted customers without a password, and found by userName', async () => {
    const userName = address('ada');
    const made = await scim<ScimUser>('POST', '/Users', newUser(userName));
    expect(made.status).toBe(201);
    expect(made.headers.get('location')).toBe(`${t.deps.config.publicUrl}/api/scim/v2/Users/${made.body.id}`);
    expect(made.body).toMatchObject({ userName, active: true, displayName: 'Ada Lovelace' });
    const uid = await uidOf(made.body.id);
    expect(await account(uid)).toMatchObject({
      ur_account: userName,
      email: userName,
      password_hash: '',
      deactivated_at: null,
    });
    const customers = await t.deps.db
      .selectFrom('user_customers')
      .select('cu_id')
      .where('uid', '=', uid)
      .execute();
    expect(customers.map((c) => c.cu_id)).toEqual([admin.customers[0]!.cu_id]);

    const found = await scim<{ totalResults: number; Resources: ScimUser[] }>(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`,
    );
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0]?.id).toBe(made.body.id);
    const none = await scim<{ totalResults: number }>(
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "nobody@${DOMAIN}"`)}`,
    );
    expect(none.body.totalResults).toBe(0);

    const trail = await trailOf(uid);
    expect(trail.map((e) => [e.action, e.actor_kind, e.actor_name])).toEqual([
      ['scim_created', 'system', 'SCIM provisioning'],
    ]);
    // a second POST of the same person: 409 uniqueness (what Okta and Entra then look up)
    const twice = await scim<{ scimType: string }>('POST', '/Users', newUser(userName.toUpperCase()));
    expect(twice.status).toBe(409);
    expect(twice.body.scimType).toBe('uniqueness');
  });

  it('links an existing account whose customers are all granted, and refuses one with others', async () => {
    const existing = await createUser(t.deps.db);
    const userName = address('grace');
    await t.deps.db
      .updateTable('users')
      .set({ ur_account: userName })
      .where('uid', '=', existing.uid)
      .execute();
    await t.deps.db
      .updateTable('user_customers')
      .set({ cu_id: admin.customers[0]!.cu_id })
      .where('uid', '=', existing.uid)
      .execute();
    const linked = await scim<ScimUser>('POST', '/Users', newUser(userName));
    expect(linked.status).toBe(201);
    expect(await uidOf(linked.body.id)).toBe(existing.uid);
    expect((await trailOf(existing.uid)).map((e) => e.action)).toEqual(['scim_linked']);

    const foreign = await createUser(t.deps.db);
    const foreignName = address('hedy');
    await t.deps.db.updateTable('users').set({ email: foreignName }).where('uid', '=', foreign.uid).execute();
    const refused = await scim<{ scimType: string }>('POST', '/Users', newUser(foreignName));
    expect(refused.status).toBe(409);
    expect(
      await t.deps.db.selectFrom('scim_users').select('id').where('uid', '=', foreign.uid).execute(),
    ).toEqual([]);
  });

  it('must be of one of the customer’s domains; bad bodies are a 400 and change nothing', async () => {
    const before = await t.deps.db.selectFrom('scim_users').select('id').execute();
    const cases: [unknown, string?][] = [
      [newUser('someone@elsewhere.example')],
      [newUser(address('x'), { emails: [{ value: 'x@elsewhere.example', primary: true }] })],
      [{ schemas: [USER] }],
      ['{not json'],
      [newUser(address('y')), 'text/plain'],
    ];
    for (const [body, type] of cases) {
      const res = await scim<{ status: string }>('POST', '/Users', body, type ? { type } : {});
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.status).toBe('400');
    }
    expect(await t.deps.db.selectFrom('scim_users').select('id').execute()).toHaveLength(before.length);
    const badFilter = await scim('GET', `/Users?filter=${encodeURIComponent('userName zz "x"')}`);
    expect(badFilter.status).toBe(400);
    expect((await scim('GET', '/Users?count=-1')).status).toBe(400);
  });

  it('is only the token’s customer’s: another customer’s token sees and changes none of them', async () => {
    const made = await scim<ScimUser>('POST', '/Users', newUser(address('ida')));
    const other = await createUser(t.deps.db, { admin: true });
    const otherToken = await loginAs(t, other);
    const otherDomain = `other-${id}.example`;
    await t.call('customer-account/sso-config-update', {
      token: otherToken,
      body: {
        issuer: 'http://127.0.0.1:9/',
        client_id: 'other',
        client_secret: 'other-secret',
        domains: [otherDomain],
        grants: [other.customers[0]!.cu_id],
      },
    });
    const theirs = await t.call<{ token: string }>('customer-account/scim-token-issue', {
      token: otherToken,
      method: 'POST',
      body: {},
    });
    const as = { token: theirs.data.token };
    // a domain merely claimed (its TXT record not found yet) provisions nobody
    const unproven = await scim<{ scimType: string }>('POST', '/Users', newUser(`ida@${otherDomain}`), as);
    expect(unproven.status).toBe(400);
    expect(unproven.body.scimType).toBe('invalidValue');
    await proveDomain(t, otherToken, otherDomain);
    expect((await scim('POST', '/Users', newUser(`ida@${otherDomain}`), as)).status).toBe(201);
    expect((await scim<{ totalResults: number }>('GET', '/Users', undefined, as)).body.totalResults).toBe(1);
    expect((await scim('GET', `/Users/${made.body.id}`, undefined, as)).status).toBe(404);
    expect((await scim('DELETE', `/Users/${made.body.id}`, undefined, as)).status).toBe(404);
    const patched = await scim(
      'PATCH',
      `/Users/${made.body.id}`,
      { schemas: [PATCH], Operations: [{ op: 'replace', path: 'active', value: false }] },
      as,
    );
    expect(patched.status).toBe(404);
    expect((await account(await uidOf(made.body.id))).deactivated_at).toBeNull();
  });
});

describe('a person who leaves', () => {
  it('is ended by PATCH active=false: sessions end (598), no password sign-in; true restores it', async () => {
    const person = await createUser(t.deps.db);
    const userName = address('katherine');
    await t.deps.db
      .updateTable('users')
      .set({ ur_account: userName })
      .where('uid', '=', person.uid)
      .execute();
    await t.deps.db
      .updateTable('user_customers')
      .set({ cu_id: admin.customers[0]!.cu_id })
      .where('uid', '=', person.uid)
      .execute();
    const made = await scim<ScimUser>('POST', '/Users', newUser(userName));
    const session = await loginAs(t, { username: userName, password: person.password });
    expect((await t.call('user/get-user-info', { token: session })).code).toBe(0);

    const ended = await deactivate(made.body.id);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((ended.body as unknown as ScimUser).active).toBe(false);
    expect((await account(person.uid)).deactivated_at).not.toBeNull();
    expect((await t.call('user/get-user-info', { token: session })).code).toBe(598);
    const login = await t.call('user/login', { body: { username: userName, password: person.password } });
    expect(login.code).not.toBe(0);
    // the same answer as a wrong password: an ended account is not told apart
    const wrong = await t.call('user/login', { body: { username: userName, password: 'Wrong#123456a' } });
    expect(login.code).toBe(wrong.code);

    const back = await scim<ScimUser>('PATCH', `/Users/${made.body.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', value: { active: true } }],
    });
    expect(back.body.active).toBe(true);
    expect((await account(person.uid)).deactivated_at).toBeNull();
    expect(
      (await t.call('user/login', { body: { username: userName, password: person.password } })).code,
    ).toBe(0);
    expect((await trailOf(person.uid)).map((e) => e.action)).toEqual(
      expect.arrayContaining(['scim_linked', 'scim_deactivated', 'scim_reactivated']),
    );
  });

  it('is ended by DELETE too: the resource is gone (404), the account and its trail stay, deactivated', async () => {
    const made = await scim<ScimUser>('POST', '/Users', newUser(address('margaret')));
    const uid = await uidOf(made.body.id);
    const gone = await scim('DELETE', `/Users/${made.body.id}`);
    expect(gone.status).toBe(204);
    expect((await scim('GET', `/Users/${made.body.id}`)).status).toBe(404);
    expect((await scim('DELETE', `/Users/${made.body.id}`)).status).toBe(404);
    expect((await account(uid)).deactivated_at).not.toBeNull();
    expect((await trailOf(uid)).map((e) => e.action)).toEqual(['scim_created', 'scim_deleted']);
  });

  it('is renamed by PUT: name and e-mail follow, the audit entry says old and new', async () => {
    const first = address('dorothy');
    const made = await scim<ScimUser>('POST', '/Users', newUser(first));
    const second = address('dorothy.h');
    const put = await scim<ScimUser>(
      'PUT',
      `/Users/${made.body.id}`,
      newUser(second, { displayName: 'Dorothy Hodgkin', externalId: made.body.externalId }),
    );
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ userName: second, displayName: 'Dorothy Hodgkin' });
    const uid = await uidOf(made.body.id);
    expect(await account(uid)).toMatchObject({ ur_account: second, email: second, name: 'Dorothy Hodgkin' });
    const last = (await trailOf(uid)).at(-1);
    expect(last?.action).toBe('scim_updated');
    expect(last?.changes).toEqual(
      expect.arrayContaining([
        { field: 'scim_user', old: first, new: second },
        { field: 'name', old: 'Ada Lovelace', new: 'Dorothy Hodgkin' },
      ]),
    );
  });
});

describe('a provisioned person of single sign-on', () => {
  it('signs in at the organisation; once ended, that sign-in is refused and their session over; restored, it works again', async () => {
    const userName = address('mary');
    const made = await scim<ScimUser>('POST', '/Users', newUser(userName));
    const first = await ssoSignIn(userName);
    expect(first.code).toBe(0);
    const uid = await uidOf(made.body.id);
    const identity = await t.deps.db
      .selectFrom('sso_identities')
      .select('uid')
      .where('email', '=', userName)
      .executeTakeFirstOrThrow();
    expect(identity.uid).toBe(uid);

    await deactivate(made.body.id);
    expect((await t.call('user/get-user-info', { token: first.data.access_token })).code).toBe(598);
    const refused = await ssoSignIn(userName);
    expect(refused.code).toBe(406);
    expect(refused.message).toMatch(/deactivated/);

    await scim('PATCH', `/Users/${made.body.id}`, {
      schemas: [PATCH],
      Operations: [{ op: 'replace', path: 'active', value: true }],
    });
    expect((await ssoSignIn(userName)).code).toBe(0);
  });
});
