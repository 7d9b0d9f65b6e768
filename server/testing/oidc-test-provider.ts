import { generateKeyPairSync, type KeyObject, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, importJWK, SignJWT } from 'jose';
import Provider, { type Context } from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`) on the loopback, for the single sign-on tests and the
 * dev setup (`npm run idp`): its own RSA key, clients registered with their redirect URIs, the
 * development login form (any password; the login is the person's e-mail, prefilled from the
 * `login_hint`), consent granted without a page. People are whatever e-mail signs in, verified,
 * unless `people` says otherwise (another subject, an unverified address, a name).
 *
 * Tests only: `tamper` re-signs the ID token the token endpoint answers with the provider's own
 * key after changing its claims (a wrong audience, nonce, issuer, a stale `auth_time`): what a
 * misconfigured or hostile provider would send, checked by the relying party as it is.
 */
export interface TestProvider {
  issuer: string;
  people: Map<string, { sub?: string; email_verified?: boolean; name?: string; email?: string }>;
  tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | null;
  /** The lifetime of the ID tokens it issues, in seconds (an hour unless a test shortens it). */
  idTokenTtl: number;
  /**
   * Goes through the provider's pages as a browser would (cookies kept): opens `authorizationUrl`,
   * signs in as `login` (or aborts: `deny`), and answers the query it sends the browser back with.
   */
  /**
   * A logout token of this provider (Back-Channel Logout 1.0) for `client_id`, signed with its
   * key unless `key` is another's: `claims` are added to (or, as `undefined`, taken from) the
   * good ones (`iss`, `aud`, `iat` now, a new `jti`, the logout event).
   */
  logoutToken(
    client_id: string,
    claims: Record<string, unknown>,
    options?: { key?: CryptoKey | KeyObject; kid?: string; alg?: string },
  ): Promise<string>;
  /** The provider's end-session address (RP-initiated logout; its page asks to confirm). */
  endSessionUrl: string;
  signIn(
    authorizationUrl: string,
    login: string,
    options?: { deny?: boolean; jar?: CookieJar },
  ): Promise<string>;
  close(): Promise<void>;
}

export interface TestClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Where the provider posts logout tokens when a person signs out at it (with `sid` in them). */
  backchannel_logout_uri?: string;
}

/** Cookies per name, as one browser keeps them for the provider (path and expiry aside). */
export type CookieJar = Map<string, string>;

export async function startTestProvider(
  clients: TestClient[],
  options: { port?: number; host?: string } = {},
): Promise<TestProvider> {
  const host = options.host ?? '127.0.0.1';
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://${host}:${port}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: randomUUID(), alg: 'RS256', use: 'sig' };
  const signingKey = await importJWK(jwk, 'RS256');
  const people: TestProvider['people'] = new Map();

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      ...(c.backchannel_logout_uri ? { backchannel_logout_session_required: true } : {}),
    })),
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    claims: { openid: ['sub', 'auth_time'], email: ['email', 'email_verified'], profile: ['name'] },
    cookies: { keys: [randomUUID()] },
    features: { devInteractions: { enabled: true }, backchannelLogout: { enabled: true } },
    // its calls out (the back-channel logout) go to the portal on the loopback, which the
    // provider's own guard against special-use addresses would refuse: a plain fetch here
    fetch: (url: string | URL, init: RequestInit & { dispatcher?: unknown }) => {
      const { dispatcher: _guard, ...rest } = init;
      return fetch(url, rest);
    },
    async findAccount(_ctx: Context, id: string) {
      const person = people.get(id) ?? {};
      return {
        accountId: id,
        claims: async () => ({
          sub: person.sub ?? `sub-${id}`,
          email: person.email ?? id,
          email_verified: person.email_verified ?? true,
          name: person.name ?? id.split('@')[0],
        }),
      };
    },
    // consent without a page: the portal's clients are the operator's own
    async loadExistingGrant(ctx: Context) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: {
      IdToken: () => result.idTokenTtl,
      AccessToken: 3600,
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  });
  provider.proxy = false;
  const result: TestProvider = {
    issuer,
    people,
    tamper: null,
    idTokenTtl: 3600,
    endSessionUrl: `${issuer}/session/end`,
    logoutToken: async (client_id, claims, o = {}) => {
      const good: Record<string, unknown> = {
        iss: issuer,
        aud: client_id,
        iat: Math.floor(Date.now() / 1000),
        jti: randomUUID(),
        events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
      };
      for (const [k, v] of Object.entries(claims)) {
        if (v === undefined) delete good[k];
        else good[k] = v;
      }
      return new SignJWT(good)
        .setProtectedHeader({ alg: o.alg ?? 'RS256', kid: o.kid ?? jwk.kid, typ: 'logout+jwt' })
        .sign(o.key ?? signingKey);
    },
    signIn: (url, login, o) => browse(url, login, o ?? {}),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  // the hook of `tamper`, after the token endpoint has answered
  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path === '/token' && result.tamper && body && typeof body.id_token === 'string') {
      const claims = result.tamper({ ...decodeJwt(body.id_token) });
      body.id_token = await new SignJWT(claims as Record<string, unknown>)
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
        .sign(signingKey);
    }
  });
  // a logout token the portal did not take is a failure of the test, not the provider's to hide
  provider.on('backchannel.error', (_ctx: unknown, error: Error) =>
    console.error(`oidc test provider: back-channel logout failed: ${error.message}`),
  );
  server.on('request', provider.callback());

  async function browse(url: string, login: string, o: { deny?: boolean; jar?: CookieJar }): Promise<string> {
    const jar: CookieJar = o.jar ?? new Map();
    let next: string | null = url;
    let form: { login: string; password: string; prompt: string } | null = null;
    for (let hop = 0; hop < 20 && next; hop += 1) {
      const target: URL = new URL(next, issuer);
      if (target.origin !== issuer) return target.search.slice(1);
      const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const answer: Response = await fetch(target, {
        method: form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          ...(cookie ? { cookie } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
      });
      for (const set of answer.headers.getSetCookie()) {
        const [pair] = set.split(';');
        const [name, ...value] = (pair ?? '').split('=');
        if (name) jar.set(name.trim(), value.join('='));
      }
      form = null;
      const location = answer.headers.get('location');
      if (location) {
        next = location;
        continue;
      }
      const html = await answer.text();
      const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
      if (!action)
        throw new Error(`the provider answered ${answer.status} without a form: ${html.slice(0, 300)}`);
      if (o.deny) {
        const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
        if (!abort) throw new Error('no abort link');
        next = abort;
        continue;
      }
      form = { prompt: 'login', login, password: 'any password' };
      next = action.replaceAll('&amp;', '&');
    }
    throw new Error('the provider never sent the browser back');
  }

  return result;
}
