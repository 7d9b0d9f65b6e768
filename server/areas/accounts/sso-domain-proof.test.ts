import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoConfig, SsoFinishResponse } from '../../../src/contract/single-sign-on/schemas.ts';
import { startTestDnsServer, type TestDnsServer } from '../../testing/dns-test-server.ts';
import { createUser, type FixtureUser, loginAs } from '../../testing/fixtures.ts';
import { startTestProvider, type TestProvider } from '../../testing/oidc-test-provider.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { FLOW_COOKIE, redirectUri } from './single-sign-on.ts';
import { parseDnsServers, readDomainProof } from './sso-domain-proof.ts';

/**
 * The proof of a single sign-on domain (docs/decisions/single-sign-on.md, "Domain proof"): the
 * real app on the worker's PGlite asks a real DNS server on 127.0.0.1 (dns-test-server.ts, a free
 * port, started here) for the TXT record, through node:dns's Resolver, and a real OpenID provider
 * on the loopback signs people in. Nothing of the DNS or the protocol is mocked.
 */

const SECRET = 'client-secret-of-the-domain-proof-provider';
const id = randomBytes(4).toString('hex');
const domainOf = (name: string) => `${name}-${id}.example`;

let t: TestApp;
let dns: TestDnsServer;
let idp: TestProvider;

/** An administrator of a customer of their own, with its single sign-on saved for `domains`. */
async function customerWith(domains: string[]) {
  const user = await createUser(t.deps.db, { admin: true });
  const token = await loginAs(t, user);
  const saved = await save(token, user, domains);
  expect(saved.code, saved.message).toBe(0);
  return { user, token, cuId: user.customers[0]!.cu_id };
}

const save = (token: string, user: FixtureUser, domains: string[]) =>
  t.call<SsoConfig>('customer-account/sso-config-update', {
    token,
    body: {
      issuer: idp.issuer,
      client_id: 'portal',
      client_secret: SECRET,
      domains,
      grants: [user.customers[0]!.cu_id],
    },
  });

const read = async (token: string) =>
  (await t.call<SsoConfig>('customer-account/sso-config', { token })).data;
const proofOf = async (token: string, domain: string) => {
  const proof = (await read(token)).domain_proofs.find((p) => p.domain === domain);
  if (!proof) throw new Error(`no proof of ${domain}`);
  return proof;
};
const check = (token: string, domain: unknown) =>
  t.call<SsoConfig>('customer-account/sso-domain-check', { token, body: { domain } });
const lookup = async (username: string) =>
  (await t.call<{ sso: boolean }>('user/sso-lookup', { body: { username } })).data.sso;

/** Publishes the claim's own record (what its administrator does at their DNS host). */
async function publish(token: string, domain: string) {
  const proof = await proofOf(token, domain);
  dns.setTxt(proof.record_name, [proof.record_value]);
  return proof;
}

/** The customer's trail entries of record `sso_config` after entry `after`. */
const trail = (cuId: number, after = 0) =>
  t.deps.db
    .selectFrom('audit_entries')
    .select(['id', 'action', 'actor_id', 'changes'])
    .where('cu_id', '=', cuId)
    .where('record_type', '=', 'sso_config')
    .where('id', '>', after)
    .orderBy('id')
    .execute();

const lastEntry = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('audit_entries')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst()
    )?.id ?? 0,
  );

beforeAll(async () => {
  await testDatabase();
  dns = await startTestDnsServer();
  t = await testApp({ ssoDnsServers: [dns.server] });
  idp = await startTestProvider([
    { client_id: 'portal', client_secret: SECRET, redirect_uris: [redirectUri(t.deps.config.publicUrl)] },
  ]);
}, 30_000);

afterAll(async () => {
  await idp?.close();
  await dns?.close();
});

describe('a claimed domain', () => {
  it('is pending, with a TXT record of its own to publish, and is not routed: the login page knows nothing of it', async () => {
    const domain = domainOf('pending');
    const a = await customerWith([domain]);
    const proof = await proofOf(a.token, domain);
    expect(proof).toMatchObject({
      domain,
      state: 'pending',
      record_name: `_lp-portal-verification.${domain}`,
      verified_at: null,
      checked_at: null,
      check_result: null,
    });
    expect(proof.record_value).toMatch(/^lp-portal-verification=[0-9a-f]{40}$/);
    expect(await lookup(`ana@${domain}`)).toBe(false);
    const start = await t.call('user/sso-start', { body: { username: `ana@${domain}` } });
    expect(start.code).toBe(404);
    // another customer's claim of the same domain has a token of its own
    const b = await customerWith([domain]);
    expect((await proofOf(b.token, domain)).record_value).not.toBe(proof.record_value);
  });

  it('refuses a missing record, a record of another token, and a DNS that fails; it stays pending, each check audited', async () => {
    const domain = domainOf('refused');
    const a = await customerWith([domain]);
    const proof = await proofOf(a.token, domain);
    const before = await lastEntry();

    const missing = await check(a.token, domain);
    expect(missing.code).toBe(422);
    expect(missing.message).toContain(proof.record_name);
    expect(missing.message).toContain(proof.record_value);

    dns.setTxt(proof.record_name, [
      'v=spf1 -all',
      'lp-portal-verification=0123456789abcdef0123456789abcdef01234567',
    ]);
    const wrong = await check(a.token, domain);
    expect(wrong.code).toBe(422);
    expect(wrong.message).toMatch(/holds another value/);

    dns.fail(proof.record_name);
    const down = await check(a.token, domain);
    expect(down.code).toBe(422);
    expect(down.message).toMatch(/could not be asked/);
    dns.remove(proof.record_name);

    const now = await proofOf(a.token, domain);
    expect(now).toMatchObject({ state: 'pending', verified_at: null, check_result: 'unreachable' });
    expect(now.checked_at).not.toBeNull();
    expect(await lookup(`ana@${domain}`)).toBe(false);
    const entries = await trail(a.cuId, before);
    expect(entries.map((e) => [e.action, e.actor_id, e.changes])).toEqual([
      ['update', a.user.uid, [{ field: `domains.${domain}.check`, old: null, new: 'missing' }]],
      ['update', a.user.uid, [{ field: `domains.${domain}.check`, old: 'missing', new: 'mismatch' }]],
      ['update', a.user.uid, [{ field: `domains.${domain}.check`, old: 'mismatch', new: 'unreachable' }]],
    ]);
    // the resolver asked the loopback server, over the wire, for the record's name
    expect(dns.asked.some((q) => q.name === proof.record_name && q.type === 'TXT')).toBe(true);
  });

  it('is verified by its own record, audited pending → verified, and then routes the login page', async () => {
    const domain = domainOf('proven');
    const a = await customerWith([domain]);
    const before = await lastEntry();
    // among other TXT records of the name, as a real zone has them
    const proof = await proofOf(a.token, domain);
    dns.setTxt(proof.record_name, ['google-site-verification=x', proof.record_value]);
    const res = await check(a.token, domain);
    expect(res.code, res.message).toBe(0);
    expect(res.message).toBe(`The domain ${domain} is verified`);
    const verified = res.data.domain_proofs.find((p) => p.domain === domain);
    expect(verified).toMatchObject({ state: 'verified', check_result: 'verified' });
    expect(Date.parse(verified?.verified_at ?? '')).toBeLessThanOrEqual(t.deps.now().getTime());
    expect(await trail(a.cuId, before)).toEqual([
      expect.objectContaining({
        action: 'update',
        actor_id: a.user.uid,
        changes: [
          { field: `domains.${domain}.check`, old: null, new: 'verified' },
          { field: `domains.${domain}.state`, old: 'pending', new: 'verified' },
        ],
      }),
    ]);
    expect(await lookup(`ana@${domain}`)).toBe(true);
    expect((await t.call('user/sso-start', { body: { username: `ana@${domain}` } })).code).toBe(0);
  });

  it('stays verified when the record goes (no lock-out by a DNS change), and when the configuration is saved again', async () => {
    const domain = domainOf('kept');
    const other = domainOf('added');
    const a = await customerWith([domain]);
    const proof = await publish(a.token, domain);
    expect((await check(a.token, domain)).code).toBe(0);
    dns.remove(proof.record_name);
    const gone = await check(a.token, domain);
    expect(gone.code).toBe(422);
    expect(await proofOf(a.token, domain)).toMatchObject({ state: 'verified', check_result: 'missing' });
    expect(await lookup(`ana@${domain}`)).toBe(true);
    // a save that keeps the domain keeps its token and proof; the new one starts pending
    expect((await save(a.token, a.user, [domain, other])).code).toBe(0);
    const kept = await proofOf(a.token, domain);
    expect(kept).toMatchObject({ state: 'verified', record_value: proof.record_value });
    expect(await proofOf(a.token, other)).toMatchObject({ state: 'pending' });
    // removed and claimed again, it is a new claim: a new token, pending
    expect((await save(a.token, a.user, [other])).code).toBe(0);
    expect(await lookup(`ana@${domain}`)).toBe(false);
    expect((await save(a.token, a.user, [domain, other])).code).toBe(0);
    const again = await proofOf(a.token, domain);
    expect(again.state).toBe('pending');
    expect(again.record_value).not.toBe(proof.record_value);
  });
});

describe('one customer holds a domain', () => {
  it('refuses another customer’s claim of a verified domain (409); a pending claim blocks nobody: the proof wins', async () => {
    const domain = domainOf('contested');
    // the first to claim it never proves it
    const squatter = await customerWith([domain]);
    const owner = await customerWith([domain]);
    await publish(owner.token, domain);
    expect((await check(owner.token, domain)).code).toBe(0);
    const late = await createUser(t.deps.db, { admin: true });
    const lateToken = await loginAs(t, late);
    const refused = await save(lateToken, late, [domain]);
    expect(refused.code).toBe(409);
    expect(refused.message).toContain(domain);
    expect((await read(lateToken)).configured).toBe(false);
    // the squatter's own record, were it published, proves nothing now: the domain is held
    await publish(squatter.token, domain);
    const held = await check(squatter.token, domain);
    expect(held.code).toBe(409);
    expect(await proofOf(squatter.token, domain)).toMatchObject({ state: 'pending' });
    const holders = await t.deps.db
      .selectFrom('sso_domains')
      .select('cu_id')
      .where('domain', '=', domain)
      .where('verified_at', 'is not', null)
      .execute();
    expect(holders).toEqual([{ cu_id: owner.cuId }]);
  });

  it('makes or links accounts just in time only for a verified domain of the flow’s customer', async () => {
    const verified = domainOf('jit');
    const pending = domainOf('jit-pending');
    const a = await customerWith([verified, pending]);
    await publish(a.token, verified);
    expect((await check(a.token, verified)).code).toBe(0);
    const cookieOf = (headers: Headers) =>
      headers
        .getSetCookie()
        .find((c) => c.startsWith(`${FLOW_COOKIE}=`))
        ?.split(';')[0] ?? '';
    const signIn = async (login: string) => {
      const start = await t.call<{ url: string }>('user/sso-start', { body: { username: login } });
      if (start.code !== 0) throw new Error(`sso-start: ${start.code}`);
      const query = await idp.signIn(start.data.url, login);
      return t.call<SsoFinishResponse>('user/sso-finish', {
        body: { query },
        headers: { cookie: cookieOf(start.headers) },
      });
    };
    const ok = await signIn(`ana@${verified}`);
    expect(ok.code, ok.message).toBe(0);
    // the provider vouches for an address of the customer's pending domain: no account is made
    const login = `bo@${verified}`;
    idp.people.set(login, { email: `bo@${pending}` });
    const refused = await signIn(login);
    expect(refused.code).toBe(406);
    expect(refused.message).toMatch(/not one of this organisation’s domains/);
    const made = await t.deps.db
      .selectFrom('users')
      .select('uid')
      .where('ur_account', '=', `bo@${pending}`)
      .execute();
    expect(made).toEqual([]);
  });
});

describe('the check call', () => {
  it('refuses bad input (422, 400), a domain not claimed (404), a member (403), and changes nothing', async () => {
    const domain = domainOf('input');
    const a = await customerWith([domain]);
    await publish(a.token, domain);
    const before = await lastEntry();
    const rows = () => t.deps.db.selectFrom('sso_domains').selectAll().where('cu_id', '=', a.cuId).execute();
    const was = await rows();
    for (const body of [
      { domain: 'not a domain' },
      { domain: '' },
      { domain: 42 },
      {},
      { domain, extra: 1 },
    ]) {
      const res = await t.call('customer-account/sso-domain-check', { token: a.token, body });
      expect(res.code, JSON.stringify(body)).toBe(422);
    }
    const raw = await t.call('customer-account/sso-domain-check', { token: a.token, raw: '{"domain":' });
    expect(raw.code).toBe(400);
    expect((await check(a.token, domainOf('unclaimed'))).code).toBe(404);
    const member = await createUser(t.deps.db);
    expect((await check(await loginAs(t, member), domain)).code).toBe(403);
    expect(await rows()).toEqual(was);
    expect(await trail(a.cuId, before)).toEqual([]);
    // upper case and spaces are the same domain (the shared schema lower-cases and trims)
    const res = await check(a.token, `  ${domain.toUpperCase()} `);
    expect(res.code, res.message).toBe(0);
  });

  it('is rate-limited per user: 10 a minute', async () => {
    const limited = await testApp({ rateLimits: true, ssoDnsServers: [dns.server] });
    const user = await createUser(limited.deps.db, { admin: true });
    const token = await loginAs(limited, user);
    const domain = domainOf('limited');
    const saved = await limited.call('customer-account/sso-config-update', {
      token,
      body: {
        issuer: idp.issuer,
        client_id: 'portal',
        client_secret: SECRET,
        domains: [domain],
        grants: [user.customers[0]!.cu_id],
      },
    });
    expect(saved.code).toBe(0);
    const codes: number[] = [];
    for (let i = 0; i < 11; i += 1)
      codes.push((await limited.call('customer-account/sso-domain-check', { token, body: { domain } })).code);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(codes[10]).toBe(429);
  });
});

describe('the resolver', () => {
  it('reads the record from the servers of SSO_DNS_SERVERS; a server that does not answer is "unreachable"', async () => {
    dns.setTxt(`_lp-portal-verification.${domainOf('direct')}`, ['lp-portal-verification=abc']);
    expect(await readDomainProof([dns.server], domainOf('direct'), 'abc')).toBe('verified');
    expect(await readDomainProof([dns.server], domainOf('direct'), 'abd')).toBe('mismatch');
    expect(await readDomainProof([dns.server], domainOf('none'), 'abc')).toBe('missing');
    // a port nobody listens on: refused at once on the loopback, no wait
    const closed = await startTestDnsServer();
    await closed.close();
    expect(await readDomainProof([closed.server], domainOf('direct'), 'abc')).toBe('unreachable');
  });

  it('takes IP addresses with optional ports, and refuses anything else', () => {
    expect(parseDnsServers(undefined)).toEqual([]);
    expect(parseDnsServers(' 1.1.1.1, 127.0.0.1:5353 ,[::1]:53,2001:db8::1 ')).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '[::1]:53',
      '2001:db8::1',
    ]);
    for (const bad of [
      'dns.example.com',
      '1.1.1.1:0',
      '1.1.1.1:70000',
      '300.1.1.1',
      '[::1',
      'https://1.1.1.1',
    ])
      expect(() => parseDnsServers(bad), bad).toThrow(/SSO_DNS_SERVERS/);
  });
});
