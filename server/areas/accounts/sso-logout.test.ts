import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from './tokens.ts';
import type { TestProvider } from '../../testing/oidc-test-provider.ts';
import { type SsoTestBed, ssoTestBed } from '../../testing/sso-fixtures.ts';
import type { TestApp } from '../../testing/test-app.ts';

/**
 * Back-Channel Logout 1.0 against a real OpenID provider on the loopback (oidc-provider) and the
 * real app on the worker's PGlite. The good tokens are the provider's own kind, signed with its
 * key; the bad ones are what a forger or a broken provider would send (another key, another
 * audience or issuer, an old `iat`, no event, a `nonce`, no `sub` nor `sid`, a replay).
 */

const email = (name: string) => bed.address(name);
const EVENT = 'http://schemas.openid.net/event/backchannel-logout';

let bed: SsoTestBed;
let t: TestApp;
let idp: TestProvider;

/** A sign-in with the organisation: the portal session's token, and the ID token's `sid`. */
async function signIn(login: string) {
  const res = await bed.signIn(login);
  if (res.code !== 0) throw new Error(`sso-finish: ${res.code} ${res.message}`);
  const token = res.data.access_token;
  const link = await t.deps.db
    .selectFrom('sso_session_links as l')
    .innerJoin('sessions as s', 's.token_hash', 'l.token_hash')
    .innerJoin('sso_identities as i', 'i.uid', 's.uid')
    .select(['l.sid', 's.uid', 'i.subject'])
    .where('l.token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return { token, sid: link.sid, uid: link.uid, sub: link.subject };
}

const live = async (token: string) => (await t.call('user/get-user-info', { token })).code === 0;
const logout = (logout_token: string) => t.call('user/sso-backchannel-logout', { body: { logout_token } });

beforeAll(async () => {
  bed = await ssoTestBed({
    tag: 'bcl',
    // with it the provider puts `sid` into its ID tokens (never called here: nobody ends a session at it)
    client: { backchannel_logout_uri: 'http://127.0.0.1:9/unused' },
  });
  ({ t, idp } = bed);
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
