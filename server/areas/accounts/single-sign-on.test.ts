import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../src/contract/accounts/schemas.ts';
import type { SsoConfig, SsoFinishResponse } from '../../../src/contract/single-sign-on/schemas.ts';
import { checkSigner } from '../signatures/check.ts';
import { createUser, type FixtureUser, loginAs } from '../../testing/fixtures.ts';
import type { TestProvider } from '../../testing/oidc-test-provider.ts';
import { flowCookieOf, ssoTestBed } from '../../testing/sso-fixtures.ts';
import { type TestApp, testApp } from '../../testing/test-app.ts';
import { sameOriginPath } from './single-sign-on.ts';

/**
 * Single sign-on against a real OpenID provider (oidc-provider on 127.0.0.1, a free port) and the
 * real app on the worker's PGlite: no part of the protocol is mocked. What a hostile or broken
 * provider would send (another audience, nonce, issuer, an old `auth_time`) is the provider's own
 * token re-signed with its own key (oidc-test-provider.ts `tamper`); time is the app's clock.
 */

const MINUTE = 60_000;
const id = randomBytes(4).toString('hex');
let SECRET: string;
let DOMAIN: string;
const email = (name: string) => `${name}-${randomBytes(3).toString('hex')}@${DOMAIN}`;

let t: TestApp;
let idp: TestProvider;
let admin: FixtureUser;
let adminToken: string;
/** A second customer the administrator administers too (granted to just-in-time users). */
let second: number;

async function begin(username: string, to?: string) {
  const res = await t.call<{ url: string }>('user/sso-start', { body: { username, ...(to ? { to } : {}) } });
  if (res.code !== 0) throw new Error(`sso-start: ${res.code} ${res.message}`);
  return { url: res.data.url, cookie: flowCookieOf(res.headers) };
}

const finish = (query: string, cookie: string, ip?: string) =>
  t.call<SsoFinishResponse>('user/sso-finish', {
    body: { query },
    headers: cookie ? { cookie } : {},
    ...(ip ? { ip } : {}),
  });

/** The whole sign-in: start, the provider's pages, finish. */
async function signIn(login: string, to?: string) {
  const flow = await begin(login, to);
  const query = await idp.signIn(flow.url, login);
  return finish(query, flow.cookie);
}

/**
 * Runs `work` with the app's clock `ms` ahead, then puts it back: the provider keeps the real
 * clock, and the tests after this one need the two to agree again.
 */
async function later<T>(ms: number, work: () => Promise<T>): Promise<T> {
  t.advance(ms);
  try {
    return await work();
  } finally {
    t.advance(-ms);
  }
}

const info = (token: string) => t.call<UserInfo>('user/get-user-info', { token });

beforeAll(async () => {
  // the administrator administers both customers, and both are granted to just-in-time users
  ({
    t,
    idp,
    admin,
    adminToken,
    domain: DOMAIN,
    secret: SECRET,
  } = await ssoTestBed({ tag: 'acme', customers: 2 }));
  second = admin.customers[1]!.cu_id;
}, 30_000);

afterAll(async () => {
  await idp?.close();
});

describe('the configuration', () => {
  it('is read by the customer’s administrator, never with the secret; others get 403', async () => {
    const read = await t.call<SsoConfig>('customer-account/sso-config', { token: adminToken });
    expect(read.data).toMatchObject({
      configured: true,
      issuer: idp.issuer,
      client_id: 'portal',
      domains: [DOMAIN],
    });
    expect(JSON.stringify(read.data)).not.toContain(SECRET);
    const row = await t.deps.db
      .selectFrom('sso_configs')
      .select('secret_sealed')
      .where('cu_id', '=', admin.customers[0]!.cu_id)
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(SECRET);
    const trail = await t.deps.db
      .selectFrom('audit_entries')
      .select(['changes'])
      .where('record_type', '=', 'sso_config')
      .execute();
    expect(trail.length).toBeGreaterThan(0);
    expect(JSON.stringify(trail)).not.toContain(SECRET);
    const member = await createUser(t.deps.db);
    const token = await loginAs(t, member);
    expect((await t.call('customer-account/sso-config', { token })).code).toBe(403);
    const update = await t.call('customer-account/sso-config-update', {
      token,
      body: { issuer: idp.issuer, client_id: 'x', client_secret: 'y', domains: ['x.example'], grants: [1] },
    });
    expect(update.code).toBe(403);
  });

  it('refuses an http issuer off the loopback, a domain of another customer, grants not administered', async () => {
    const other = await createUser(t.deps.db, { admin: true });
    const token = await loginAs(t, other);
    const base = { client_id: 'c', client_secret: 's', grants: [other.customers[0]!.cu_id] };
    const http = await t.call('customer-account/sso-config-update', {
      token,
      body: { ...base, issuer: 'http://idp.example.com', domains: [`o-${id}.example`] },
    });
    expect(http.code).toBe(422);
    const taken = await t.call('customer-account/sso-config-update', {
      token,
      body: { ...base, issuer: 'https://idp.example.com', domains: [DOMAIN] },
    });
    expect(taken.code).toBe(409);
    const foreign = await t.call('customer-account/sso-config-update', {
      token,
      body: { ...base, issuer: 'https://idp.example.com', domains: [`o-${id}.example`], grants: [second] },
    });
    expect(foreign.code).toBe(422);
  });
});

describe('the lookup', () => {
  it('says only whether the domain signs in with its organisation', async () => {
    const yes = await t.call<unknown>('user/sso-lookup', { body: { username: `nobody@${DOMAIN}` } });
    expect(yes.data).toEqual({ sso: true });
    for (const username of [admin.username, `nobody@other-${id}.example`, 'no-at-sign', `@${DOMAIN}`]) {
      const no = await t.call<unknown>('user/sso-lookup', { body: { username } });
      expect(no.data, username).toEqual({ sso: false });
    }
  });

  it('is rate-limited per address', async () => {
    const limited = await testApp({ rateLimits: true });
    const codes: number[] = [];
    for (let i = 0; i < 31; i += 1)
      codes.push((await limited.call('user/sso-lookup', { body: { username: `a@${DOMAIN}` } })).code);
    expect(codes.slice(0, 30).every((c) => c === 0)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});

describe('sign-in', () => {
  it('first sign-in creates the account just in time, in the granted customers, without a password', async () => {
    const login = email('new');
    const res = await signIn(login, '/orders?tab=2');
    expect(res.code, res.message).toBe(0);
    expect(res.data.to).toBe('/orders?tab=2');
    const me = await info(res.data.access_token);
    expect(me.data.user.ur_account).toBe(login);
    const user = await t.deps.db
      .selectFrom('users')
      .select(['uid', 'password_hash', 'email'])
      .where('ur_account', '=', login)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).toBe('');
    expect(user.email).toBe(login);
    const memberships = await t.deps.db
      .selectFrom('user_customers')
      .select('cu_id')
      .where('uid', '=', user.uid)
      .orderBy('cu_id')
      .execute();
    expect(memberships.map((m) => m.cu_id)).toEqual([admin.customers[0]!.cu_id, second]);
    // no password signs it in
    const pw = await t.call('user/login', { body: { username: login, password: '' } });
    expect(pw.code).not.toBe(0);
    // the second sign-in is the same person
    const again = await signIn(login);
    expect(again.code).toBe(0);
    expect((await info(again.data.access_token)).data.uid).toBe(me.data.uid);
  });

  it('links an existing account by its verified e-mail when all its customers are granted', async () => {
    const user = await createUser(t.deps.db);
    const address = email('linked');
    await t.deps.db.updateTable('users').set({ email: address }).where('uid', '=', user.uid).execute();
    await t.deps.db
      .insertInto('user_customers')
      .values({ uid: admin.uid, cu_id: user.customers[0]!.cu_id, is_admin: true, position: 9 })
      .execute();
    const grants = [admin.customers[0]!.cu_id, second, user.customers[0]!.cu_id];
    await t.call('customer-account/sso-config-update', {
      token: adminToken,
      body: { issuer: idp.issuer, client_id: 'portal', domains: [DOMAIN], grants },
    });
    const res = await signIn(address);
    expect(res.code, res.message).toBe(0);
    expect((await info(res.data.access_token)).data.uid).toBe(user.uid);
  });

  it('does not link an account of a customer the configuration does not grant', async () => {
    const user = await createUser(t.deps.db);
    const address = email('foreign-customer');
    await t.deps.db.updateTable('users').set({ email: address }).where('uid', '=', user.uid).execute();
    const res = await signIn(address);
    expect(res.code).toBe(406);
    expect(res.message).toMatch(/customers your organisation does not grant/);
  });

  it('signs out as any session does', async () => {
    const res = await signIn(email('out'));
    const token = res.data.access_token;
    expect((await t.call('user/logout', { token, body: {} })).code).toBe(0);
    expect((await info(token)).code).toBe(598);
  });

  it('refuses a replayed callback, and a replayed code with a new flow', async () => {
    const login = email('replay');
    const flow = await begin(login);
    const query = await idp.signIn(flow.url, login);
    expect((await finish(query, flow.cookie)).code).toBe(0);
    expect((await finish(query, flow.cookie)).code).toBe(476);
    // the used code with the state of a new flow of this browser: the provider refuses the code
    const other = await begin(login);
    const state = new URL(other.url).searchParams.get('state') ?? '';
    const mixed = new URLSearchParams(query);
    mixed.set('state', state);
    const res = await finish(mixed.toString(), other.cookie);
    expect(res.code).toBe(406);
  });

  it('refuses a wrong state, a missing or another browser’s cookie, another address, an expired flow', async () => {
    const login = email('state');
    const flow = await begin(login);
    const query = await idp.signIn(flow.url, login);
    const wrong = new URLSearchParams(query);
    wrong.set('state', 'not-the-state');
    expect((await finish(wrong.toString(), flow.cookie)).code).toBe(476);
    expect((await finish(query, '')).code).toBe(476);
    const otherBrowser = await begin(login);
    expect((await finish(query, otherBrowser.cookie)).code).toBe(476);
    expect((await finish(query, flow.cookie, '10.250.0.9')).code).toBe(476);
    // still good after all that: each refusal took nothing
    expect((await finish(query, flow.cookie)).code).toBe(0);

    const late = await begin(login);
    const lateQuery = await idp.signIn(late.url, login);
    expect((await later(10 * MINUTE + 1000, () => finish(lateQuery, late.cookie))).code).toBe(476);
  });

  it('refuses a wrong audience, a wrong nonce, a wrong issuer (the provider’s key, checked claims)', async () => {
    const cases: Array<[string, (c: Record<string, unknown>) => Record<string, unknown>]> = [
      ['audience', (c) => ({ ...c, aud: 'another-client' })],
      ['nonce', (c) => ({ ...c, nonce: 'another-nonce' })],
      ['issuer', (c) => ({ ...c, iss: 'http://127.0.0.1:1' })],
    ];
    for (const [what, tamper] of cases) {
      const login = email(what);
      const flow = await begin(login);
      const query = await idp.signIn(flow.url, login);
      idp.tamper = tamper;
      try {
        const res = await finish(query, flow.cookie);
        expect(res.code, what).toBe(406);
      } finally {
        idp.tamper = null;
      }
    }
    const refusals = await t.deps.db
      .selectFrom('audit_entries')
      .select('changes')
      .where('action', '=', 'sign_in_failed')
      .where('record_id', '=', `sso:${admin.customers[0]!.cu_id}`)
      .execute();
    expect(refusals.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses an expired ID token (the app’s clock, not a sleep)', async () => {
    const login = email('expired');
    const flow = await begin(login);
    idp.idTokenTtl = 60;
    try {
      const query = await idp.signIn(flow.url, login);
      expect((await later(3 * MINUTE, () => finish(query, flow.cookie))).code).toBe(406);
    } finally {
      idp.idTokenTtl = 3600;
    }
  });

  it('refuses when the provider refuses (the person aborts)', async () => {
    const login = email('deny');
    const flow = await begin(login);
    const query = await idp.signIn(flow.url, login, { deny: true });
    expect(new URLSearchParams(query).get('error')).toBe('access_denied');
    expect((await finish(query, flow.cookie)).code).toBe(406);
  });

  it('refuses an unverified e-mail and an e-mail of another domain', async () => {
    const unverified = email('unverified');
    idp.people.set(unverified, { email_verified: false });
    const a = await signIn(unverified);
    expect(a.code).toBe(406);
    expect(a.message).toMatch(/not verified/);
    const foreign = email('foreign');
    idp.people.set(foreign, { email: `someone@other-${id}.example` });
    const b = await signIn(foreign);
    expect(b.code).toBe(406);
    expect(b.message).toMatch(/not one of this organisation’s domains/);
  });

  it('a deactivated identity cannot sign in, and its sessions end', async () => {
    const login = email('leaver');
    const res = await signIn(login);
    const token = res.data.access_token;
    const config = await t.call<SsoConfig>('customer-account/sso-config', { token: adminToken });
    const identity = config.data.identities.find((i) => i.email === login);
    expect(identity?.active).toBe(true);
    const off = await t.call<SsoConfig>('customer-account/sso-identity-deactivate', {
      token: adminToken,
      body: { id: identity?.id },
    });
    expect(off.code).toBe(0);
    expect(off.data.identities.find((i) => i.email === login)?.active).toBe(false);
    expect((await info(token)).code).toBe(598);
    const again = await signIn(login);
    expect(again.code).toBe(406);
    expect(again.message).toMatch(/deactivated/);
  });

  it('sends the browser back to a path of the portal only', async () => {
    const base = t.deps.config.publicUrl;
    const tries = [
      '//evil.example/x',
      'https://evil.example/',
      '/\\evil.example',
      'javascript:alert(1)',
      `${base}.evil.example/`,
      '/%0d%0aLocation:%20https://evil.example',
      ' //evil.example',
      '\t/\\/evil.example',
      '/login?redirect=//evil.example',
    ];
    for (const to of tries) {
      const path = sameOriginPath(to, base);
      expect(path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\'), to).toBe(true);
      expect(new URL(path, base).origin, to).toBe(new URL(base).origin);
    }
    expect(sameOriginPath('//evil.example/x', base)).toBe('/');
    expect(sameOriginPath('/orders?x=1#top', base)).toBe('/orders?x=1#top');
    const res = await signIn(email('redirect'), 'https://evil.example/');
    expect(res.data.to).toBe('/');
  });
});

describe('signing: re-authentication at the provider', () => {
  async function ssoPerson() {
    const login = email('signer');
    const res = await signIn(login);
    const token = res.data.access_token;
    const session = await t.deps.authenticate(t.deps.db, token, t.deps.now());
    return { login, token, session };
  }

  async function reauth(
    token: string,
    login: string,
    tamper?: (c: Record<string, unknown>) => Record<string, unknown>,
  ) {
    const start = await t.call<{ url: string }>('user/sso-reauth-start', { token, body: {} });
    expect(start.code, start.message).toBe(0);
    const url = new URL(start.data.url);
    // its window knows the answer by the state (src/lib/sso-reauth-channel.ts)
    expect(url.searchParams.get('state')).toMatch(/^reauth\.[\w-]{43}$/);
    expect(url.searchParams.get('prompt')).toBe('login');
    expect(url.searchParams.get('max_age')).toBe('0');
    const query = await idp.signIn(start.data.url, login);
    idp.tamper = tamper ?? null;
    try {
      return await t.call<{ proof: string }>('user/sso-reauth-finish', {
        token,
        body: { query },
        headers: { cookie: flowCookieOf(start.headers) },
      });
    } finally {
      idp.tamper = null;
    }
  }

  const sign = (session: Awaited<ReturnType<typeof ssoPerson>>['session'], proof: string) =>
    checkSigner({
      db: t.deps.db,
      sms: t.deps.sms,
      session,
      signature: { meaning: 'approval', sso_proof: proof },
      meanings: ['approval'],
      opId: 'test',
      address: t.address,
      now: t.deps.now(),
      perAddress: false,
      secondFactorKey: t.deps.config.secondFactorKey,
      publicUrl: t.deps.config.publicUrl,
    });

  it('a fresh re-authentication gives a proof that signs once, as `sso-reauth`, within 5 minutes', async () => {
    const { login, token, session } = await ssoPerson();
    const res = await reauth(token, login);
    expect(res.code, res.message).toBe(0);
    await expect(sign(session, res.data.proof)).resolves.toMatchObject({ method: 'sso-reauth' });
    await expect(sign(session, res.data.proof)).rejects.toMatchObject({ code: 422 });
    const again = await reauth(token, login);
    await expect(later(5 * MINUTE + 1000, () => sign(session, again.data.proof))).rejects.toMatchObject({
      code: 422,
    });
  });

  it('the user info says who signs at the organisation; a sign-in’s state is no re-authentication’s', async () => {
    const { token } = await ssoPerson();
    expect((await info(token)).data.sso).toBe(true);
    expect((await info(adminToken)).data.sso).toBe(false);
    const start = await t.call<{ url: string }>('user/sso-start', { body: { username: email('x') } });
    expect(new URL(start.data.url).searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    // a re-authentication's answer does not sign anyone in (the kinds of flow are apart)
    const re = await t.call<{ url: string }>('user/sso-reauth-start', { token, body: {} });
    const query = await idp.signIn(re.data.url, email('signer'));
    const crossed = await t.call('user/sso-finish', {
      body: { query },
      headers: { cookie: flowCookieOf(re.headers) },
    });
    expect(crossed.code).toBe(476);
  });

  it('refuses a stale auth_time, an answer too late for max_age=0, and another person', async () => {
    const { login, token } = await ssoPerson();
    const stale = await reauth(token, login, (c) => ({
      ...c,
      auth_time: Math.floor(Date.now() / 1000) - 3600,
    }));
    expect(stale.code).toBe(406);
    // the provider's sign-in is fresh, but its answer comes 2 minutes later (max_age=0, 30 s leeway)
    const start = await t.call<{ url: string }>('user/sso-reauth-start', { token, body: {} });
    const query = await idp.signIn(start.data.url, login);
    const late = await later(2 * MINUTE, () =>
      t.call('user/sso-reauth-finish', {
        token,
        body: { query },
        headers: { cookie: flowCookieOf(start.headers) },
      }),
    );
    expect(late.code).toBe(406);
    // someone else signs in at the provider
    const other = email('someone-else');
    expect((await signIn(other)).code).toBe(0);
    const freshToken = (await signIn(login)).data.access_token;
    const wrong = await reauth(freshToken, other);
    expect(wrong.code).toBe(406);
    expect(wrong.message).toMatch(/not you/);
  });
});
