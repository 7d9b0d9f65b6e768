import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoFinishResponse } from '../../../src/contract/single-sign-on/schemas.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { startTestProvider, type TestProvider } from '../../testing/oidc-test-provider.ts';
import { proveDomain, testDns } from '../../testing/sso-fixtures.ts';
import { type TestApp, testApp, testDatabase } from '../../testing/test-app.ts';
import { FLOW_COOKIE, redirectUri } from './single-sign-on.ts';

/**
 * Back-Channel Logout 1.0 against a real OpenID provider on the loopback (oidc-provider) and the
 * real app on the worker's PGlite. The good tokens are the provider's own kind, signed with its
 * key; the bad ones are what a forger or a broken provider would send (another key, another
 * audience or issuer, an old `iat`, no event, a `nonce`, no `sub` nor `sid`, a replay).
 */

const SECRET = 'client-secret-of-the-logout-provider-9a4c';
const DOMAIN = `bcl-${randomBytes(4).toString('hex')}.example`;
const email = (name: string) => `${name}-${randomBytes(3).toString('hex')}@${DOMAIN}`;
const EVENT = 'http://schemas.openid.net/event/backchannel-logout';

let t: TestApp;
let idp: TestProvider;

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .find((c) => c.startsWith(`${FLOW_COOKIE}=`))
    ?.split(';')[0] ?? '';

/** A sign-in with the organisation: the portal session's token, and the ID token's `sid`. */
async function signIn(login: string) {
  const start = await t.call<{ url: string }>('user/sso-start', { body: { username: login } });
  if (start.code !== 0) throw new Error(`sso-start: ${start.code} ${start.message}`);
  const query = await idp.signIn(start.data.url, login);
  const res = await t.call<SsoFinishResponse>('user/sso-finish', {
    body: { query },
    headers: { cookie: cookieOf(start.headers) },
  });
  if (res.code !== 0) throw new Error(`sso-finish: ${res.code} ${res.message}`);
  const token = res.data.access_token;
  const link = await t.deps.db
    .selectFrom('sso_session_links as l')
    .innerJoin('sessions as s', 's.token_hash', 'l.token_hash')
    .innerJoin('sso_identities as i', 'i.uid', 's.uid')
    .select(['l.sid', 's.uid', 'i.subject'])
    .orderBy('s.id', 'desc')
    .executeTakeFirstOrThrow();
  return { token, sid: link.sid, uid: link.uid, sub: link.subject };
}

const live = async (token: string) => (await t.call('user/get-user-info', { token })).code === 0;
const logout = (logout_token: string) => t.call('user/sso-backchannel-logout', { body: { logout_token } });

beforeAll(async () => {
  await testDatabase();
  t = await testApp({ ssoDnsServers: [(await testDns()).server] });
  idp = await startTestProvider([
    {
      client_id: 'portal',
      client_secret: SECRET,
      redirect_uris: [redirectUri(t.deps.config.publicUrl)],
      // with it the provider puts `sid` into its ID tokens (never called here: nobody ends a session at it)
      backchannel_logout_uri: 'http://127.0.0.1:9/unused',
    },
  ]);
  const admin = await createUser(t.deps.db, { admin: true });
  const adminToken = await loginAs(t, admin);
  const saved = await t.call('customer-account/sso-config-update', {
    token: adminToken,
    body: {
      issuer: idp.issuer,
      client_id: 'portal',
      client_secret: SECRET,
      domains: [DOMAIN],
      grants: [admin.customers[0]!.cu_id],
    },
  });
  if (saved.code !== 0) throw new Error(`sso-config-update: ${saved.code} ${saved.message}`);
  // only a verified domain signs in: its TXT record, found on the loopback DNS server
  await proveDomain(t, adminToken, DOMAIN);
}, 30_000);

afterAll(async () => {
  await idp?.close();
});

describe('back-channel logout', () => {
  it('a token naming the provider’s session (`sid`) ends the portal session begun with it, once', async () => {
    const person = email('sid');
    const { token, sid, uid, sub } = await signIn(person);
    expect(sid).toMatch(/\S/);
    expect(await live(token)).toBe(true);
    const logoutToken = await idp.logoutToken('portal', { sub, sid });
    const res = await logout(logoutToken);
    expect(res.code, res.message).toBe(0);
    expect(await live(token)).toBe(false);
    const ended = await t.deps.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('uid', '=', uid)
      .executeTakeFirstOrThrow();
    expect(ended.end_reason).toBe('sso_logout');
    const entry = await t.deps.db
      .selectFrom('audit_entries')
      .select(['action', 'actor_kind', 'changes'])
      .where('record_type', '=', 'user')
      .where('record_id', '=', String(uid))
      .where('action', '=', 'sso_logout')
      .executeTakeFirstOrThrow();
    expect(entry.actor_kind).toBe('system');
    expect(JSON.stringify(entry.changes)).toContain(sid);
    // the same token again: taken once
    expect((await logout(logoutToken)).code).toBe(406);
  });

  it('a token naming only the person (`sub`) ends every session of theirs, and no one else’s', async () => {
    const person = email('sub');
    const first = await signIn(person);
    const bystander = await signIn(email('bystander'));
    const res = await logout(await idp.logoutToken('portal', { sub: first.sub }));
    expect(res.code, res.message).toBe(0);
    expect(await live(first.token)).toBe(false);
    expect(await live(bystander.token)).toBe(true);
    // someone the portal never saw: nothing to end, and the provider is told it went well
    expect((await logout(await idp.logoutToken('portal', { sub: 'sub-nobody' }))).code).toBe(0);
  });

  it('refuses forged and broken tokens, and ends nothing', async () => {
    const person = email('forged');
    const { token, sid, sub } = await signIn(person);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const old = Math.floor(Date.now() / 1000) - 600;
    const tries: Array<[string, Promise<string> | string]> = [
      ['another key', idp.logoutToken('portal', { sub }, { key: privateKey })],
      ['another audience', idp.logoutToken('someone-else', { sub })],
      ['another issuer', idp.logoutToken('portal', { sub, iss: 'http://127.0.0.1:1' })],
      ['issued 10 minutes ago', idp.logoutToken('portal', { sub, iat: old })],
      ['expired', idp.logoutToken('portal', { sub, exp: old })],
      ['no logout event', idp.logoutToken('portal', { sub, events: { [`${EVENT}-x`]: {} } })],
      ['a nonce (an ID token)', idp.logoutToken('portal', { sub, nonce: 'n' })],
      ['neither sub nor sid', idp.logoutToken('portal', {})],
      ['no jti', idp.logoutToken('portal', { sub, jti: undefined })],
      [
        'unsigned',
        unsigned({ iss: idp.issuer, aud: 'portal', sub, sid, jti: 'x', iat: now(), events: { [EVENT]: {} } }),
      ],
      ['not a JWT', 'not.a.jwt'],
    ];
    for (const [why, made] of tries) {
      const res = await logout(await made);
      expect(res.code, why).toBe(406);
      expect(res.message, why).not.toMatch(/jws|jwt|signature|claim/i);
    }
    expect(await live(token)).toBe(true);
    // an empty token is the schema's 422
    expect((await logout('')).code).toBe(422);
  });
});

const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** `alg: none`: what jose refuses whatever the algorithms allowed. */
const unsigned = (claims: Record<string, unknown>) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
