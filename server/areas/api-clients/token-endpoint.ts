import type { Context } from 'hono';
import { API_CLIENT_SCOPES, type ApiClientScope } from '../../../src/contract/api-clients/schemas.ts';
import { addressKey } from '../../core/address-key.ts';
import { ApiError } from '../../core/errors.ts';
import { apiAnswer } from '../../http/answer.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { readBodyText } from '../../http/input.ts';
import { countHit, hitsOf, windowStartOf } from '../../http/rate-limit.ts';
import { requestHeader } from '../../http/request-header.ts';
import { recordSecurityEvent } from '../accounts/security-events.ts';
import { addressAllowed } from './addresses.ts';
import { touchClient } from './bearer.ts';
import { secretMatches } from './secrets.ts';
import { issueToken, TOKEN_TTL_MS } from './tokens.ts';

/**
 * `POST /api/oauth/token`: OAuth 2.0 client credentials (RFC 6749 §4.4), outside the portal's
 * envelope, as OAuth clients expect. The client authenticates with HTTP Basic (client_secret_basic,
 * §2.3.1: `client_id:client_secret`, each form-urlencoded) or in the form body (client_secret_post),
 * never both; the body is `application/x-www-form-urlencoded` with `grant_type=client_credentials`
 * and an optional `scope` (space-separated, within the client's). The answer is
 * `{access_token, token_type: "Bearer", expires_in: 900, scope}` with `Cache-Control: no-store`;
 * errors are §5.2's `{error, error_description}`: `invalid_request` 400, `invalid_client` 401 with
 * `WWW-Authenticate: Basic`, `unsupported_grant_type` 400, `invalid_scope` 400, and
 * `invalid_grant` 400 when the client may not get tokens from this address.
 *
 * Limits: 60 requests a minute per address and 10 failed client authentications per address in
 * 15 minutes (then 429 with `Retry-After` until the window ends; one `api-client-auth` security
 * event when an address reaches it), both with the rate-limit switch; 20 tokens a minute per
 * client and address, always. A client is never locked out by others' failures (the count is the
 * address's, docs/decisions/login-abuse.md).
 */
const MINUTE = 60_000;
export const ADDRESS_LIMIT = 60;
export const FAILURE_LIMIT = 10;
export const FAILURE_WINDOW_MS = 15 * MINUTE;
export const CLIENT_TOKEN_LIMIT = 20;
const FORM = /^application\/x-www-form-urlencoded\s*(;|$)/i;

type OAuthError =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'invalid_scope'
  | 'unsupported_grant_type'
  | 'unauthorized_client';

/** A refusal as §5.2 has it; never cached. */
class Refusal extends Error {
  constructor(
    readonly error: OAuthError | 'too_many_requests',
    readonly description: string,
    readonly status: 400 | 401 | 429 = 400,
    readonly retryAfter?: number,
  ) {
    super(description);
  }
}

const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' };
const REALM = 'Basic realm="LP customer portal API", charset="UTF-8"';

function answer(deps: AppDeps, body: unknown, status: number, extra: Record<string, string> = {}): Response {
  return apiAnswer(
    deps.config,
    JSON.stringify(body),
    { 'content-type': 'application/json; charset=utf-8', ...NO_STORE, ...extra },
    status,
  );
}

/** The client's credentials from Basic or the body; null when it sent none. */
function credentialsOf(c: Context, form: URLSearchParams): { id: string; secret: string } | null {
  const header = requestHeader(c, 'authorization');
  const basic = header && /^basic\s/i.test(header) ? header.slice(6).trim() : undefined;
  const inBody = form.has('client_id') || form.has('client_secret');
  if (basic !== undefined && inBody)
    throw new Refusal('invalid_request', 'Use one way of client authentication: HTTP Basic or the form body');
  if (basic !== undefined) {
    const decoded = Buffer.from(basic, 'base64').toString('utf8');
    const cut = decoded.indexOf(':');
    if (!/^[A-Za-z0-9+/=]+$/.test(basic) || cut < 0)
      throw new Refusal('invalid_client', 'The Basic credentials are not client_id:client_secret', 401);
    try {
      const un = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
      return { id: un(decoded.slice(0, cut)), secret: un(decoded.slice(cut + 1)) };
    } catch {
      throw new Refusal('invalid_client', 'The Basic credentials are not client_id:client_secret', 401);
    }
  }
  if (!inBody) return null;
  return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
}

/** The form's parameters, each at most once (§3.2: "MUST NOT be included more than once"). */
async function formOf(c: Context, deps: AppDeps): Promise<URLSearchParams> {
  if (!FORM.test(requestHeader(c, 'content-type') ?? ''))
    throw new Refusal('invalid_request', 'The body must be application/x-www-form-urlencoded');
  let text: string;
  try {
    text = await readBodyText(c, deps.config);
  } catch (error) {
    if (error instanceof ApiError) throw new Refusal('invalid_request', 'The body must be UTF-8 form data');
    throw error;
  }
  const form = new URLSearchParams(text);
  const seen = new Set<string>();
  for (const key of form.keys()) {
    if (seen.has(key)) throw new Refusal('invalid_request', `The parameter ${key.slice(0, 40)} is repeated`);
    seen.add(key);
  }
  return form;
}

/** The scopes asked for: none named, every one of the client's; otherwise each must be its own. */
function scopesAsked(form: URLSearchParams, held: readonly string[]): ApiClientScope[] {
  const text = (form.get('scope') ?? '').trim();
  const mine = API_CLIENT_SCOPES.filter((s) => held.includes(s));
  if (text === '') return mine;
  const asked = [...new Set(text.split(/ +/))];
  const foreign = asked.find((s) => !(mine as readonly string[]).includes(s));
  if (foreign !== undefined)
    throw new Refusal('invalid_scope', `The client does not hold the scope ${foreign.slice(0, 40)}`);
  return mine.filter((s) => asked.includes(s));
}

const clientRow = (deps: AppDeps, clientId: string) =>
  deps.db
    .selectFrom('api_clients')
    .select([
      'id',
      'cu_id',
      'scopes',
      'allowed_addresses',
      'secret_hash',
      'secret_generation',
      'previous_secret_hash',
      'previous_secret_until',
      'revoked_at',
      'last_used_at',
    ])
    .where('client_id', '=', clientId)
    .executeTakeFirst();

export function tokenEndpoint(deps: AppDeps) {
  return async (c: Context<AppEnv>): Promise<Response> => {
    const now = deps.now();
    const address = clientIp(c, deps.config.trustedProxies);
    const place = addressKey(address);
    const failures = `oauth/token:failed:${place}`;
    const limited = deps.config.rateLimits;
    try {
      if (limited) {
        if ((await countHit(deps.db, `oauth/token:ip:${place}`, MINUTE, now)) > ADDRESS_LIMIT)
          throw tooMany(now, MINUTE);
        if ((await hitsOf(deps.db, failures, FAILURE_WINDOW_MS, now)) >= FAILURE_LIMIT)
          throw tooMany(now, FAILURE_WINDOW_MS, 'Too many failed client authentications from this address');
      }
      const form = await formOf(c, deps);
      const credentials = credentialsOf(c, form);
      if (!credentials) throw new Refusal('invalid_client', 'The client did not authenticate', 401);
      const { id, secret } = credentials;
      const row = id.length > 0 && id.length <= 64 ? await clientRow(deps, id) : undefined;
      // the same hashing and comparing whether or not the client exists
      const current = secretMatches(secret, row?.secret_hash ?? null);
      const previous =
        !current &&
        row?.previous_secret_until != null &&
        new Date(row.previous_secret_until) > now &&
        secretMatches(secret, row.previous_secret_hash);
      if (!row || row.revoked_at || !(current || previous)) {
        if (limited) await countFailure(deps, failures, id, address, now);
        throw new Refusal('invalid_client', 'The client is unknown, revoked, or its secret is wrong', 401);
      }
      const grant = form.get('grant_type');
      if (!grant) throw new Refusal('invalid_request', 'grant_type is required');
      if (grant !== 'client_credentials')
        throw new Refusal('unsupported_grant_type', 'Only grant_type=client_credentials is supported');
      const scopes = scopesAsked(form, row.scopes);
      if (!addressAllowed(address, row.allowed_addresses))
        throw new Refusal('invalid_grant', 'This client may not obtain tokens from this address');
      if (
        (await countHit(deps.db, `oauth/token:client:${row.id}:${place}`, MINUTE, now)) > CLIENT_TOKEN_LIMIT
      )
        throw tooMany(now, MINUTE);
      const generation = current ? row.secret_generation : row.secret_generation - 1;
      const accessToken = await issueToken(
        deps.db,
        { client: row.id, cuId: row.cu_id, generation, scopes },
        now,
      );
      await touchClient(deps.db, row.id, row.last_used_at, now);
      return answer(
        deps,
        {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: TOKEN_TTL_MS / 1000,
          scope: scopes.join(' '),
        },
        200,
      );
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      const extra: Record<string, string> = {};
      // §5.2: the scheme the client used (Basic); said to a client_secret_post client too
      if (error.status === 401) extra['www-authenticate'] = REALM;
      if (error.retryAfter !== undefined) extra['retry-after'] = String(error.retryAfter);
      return answer(deps, { error: error.error, error_description: error.description }, error.status, extra);
    }
  };
}

function tooMany(
  now: Date,
  windowMs: number,
  description = 'Too many token requests: try again later',
): Refusal {
  const end = windowStartOf(windowMs, now).getTime() + windowMs;
  return new Refusal(
    'too_many_requests',
    description,
    429,
    Math.max(1, Math.ceil((end - now.getTime()) / 1000)),
  );
}

/** One more failure of the address; the one that reaches the limit is a security event. */
async function countFailure(deps: AppDeps, key: string, clientId: string, address: string, now: Date) {
  const hits = await countHit(deps.db, key, FAILURE_WINDOW_MS, now);
  if (hits === FAILURE_LIMIT)
    await recordSecurityEvent(
      deps.db,
      { kind: 'api-client-auth', subject: clientId.slice(0, 64), address, failures: hits },
      now,
    );
}
