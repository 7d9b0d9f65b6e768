import { type Context, Hono } from 'hono';
import SCIMMY from 'scimmy';
import { addressKey } from '../../core/address-key.ts';
import { ApiError } from '../../core/errors.ts';
import { isDatabaseUnavailable } from '../../db/database.ts';
import { apiAnswer } from '../../http/answer.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { readBodyText } from '../../http/input.ts';
import { countHit, hitsOf, windowStartOf } from '../../http/rate-limit.ts';
import { requestHeader } from '../../http/request-header.ts';
import { recordSecurityEvent } from './security-events.ts';
import { declareScim, MAX_RESULTS, type ScimContext, ScimFault } from './scim.ts';
import { scimCaller } from './scim-tokens.ts';

/**
 * The SCIM 2.0 service provider at `/api/scim/v2` (RFC 7644 §3; scim.ts is what its User resource
 * is). Outside the portal's envelope, as SCIM clients (Entra ID, Okta, OneLogin…) expect:
 * `application/scim+json`, HTTP statuses, SCIM error messages. Every request carries the
 * customer's provisioning token (`Authorization: Bearer …`, scim-tokens.ts), the discovery
 * resources too.
 *
 * Limits: 600 requests a minute per address (a provider's full sync is bursts of single-user
 * requests) and 10 failed authentications per address in 15 minutes (then 429 with `Retry-After`
 * until the window ends, and one `scim-auth` security event), both with the rate-limit switch.
 */
const MINUTE = 60_000;
export const SCIM_ADDRESS_LIMIT = 600;
export const SCIM_FAILURE_LIMIT = 10;
const FAILURE_WINDOW_MS = 15 * MINUTE;
const SCIM_TYPE = { 'content-type': 'application/scim+json; charset=utf-8', 'cache-control': 'no-store' };
const JSON_BODY = /^application\/(scim\+)?json\s*(;|$)/i;

type ScimErrorType = InstanceType<typeof SCIMMY.Types.Error>;
/** A PATCH body as SCIMMY types it; SCIMMY checks its shape (400 invalidSyntax otherwise). */
type PatchMessage = NonNullable<ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0]>;

function answer(deps: AppDeps, body: unknown, status: number, extra: Record<string, string> = {}): Response {
  return apiAnswer(
    deps.config,
    body === null ? null : JSON.stringify(body),
    { ...SCIM_TYPE, ...extra },
    status,
  );
}

/**
 * A SCIM error message (RFC 7644 §3.12). Written here, not with SCIMMY's ErrorResponse: that one
 * refuses the statuses the RFC does not list, and a rate limit's 429 or an outage's 503 are ours.
 */
function errorAnswer(deps: AppDeps, error: ScimErrorType, extra: Record<string, string> = {}): Response {
  const status = Number(error.status) || 500;
  const body = {
    schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
    status: String(status),
    ...(error.scimType ? { scimType: error.scimType } : {}),
    detail: error.message,
  };
  return answer(deps, body, status, extra);
}

const fail = (status: number, scimType: string | null, detail: string): ScimErrorType =>
  new SCIMMY.Types.Error(status, scimType as string, detail);

/** The query's list parameters (RFC 7644 §3.4.2), as SCIMMY's resource config takes them. */
function listConfig(c: Context, one = false) {
  const q = (name: string) => c.req.query(name);
  const int = (name: string) => {
    const value = q(name);
    if (value === undefined) return undefined;
    if (!/^\d{1,9}$/.test(value)) throw fail(400, 'invalidValue', `${name} must be a non-negative integer`);
    return Number(value);
  };
  const count = int('count');
  return {
    ...(q('filter') !== undefined ? { filter: q('filter') } : {}),
    ...(q('attributes') !== undefined ? { attributes: q('attributes') } : {}),
    ...(q('excludedAttributes') !== undefined ? { excludedAttributes: q('excludedAttributes') } : {}),
    ...(q('sortBy') !== undefined ? { sortBy: q('sortBy') } : {}),
    ...(q('sortOrder') !== undefined ? { sortOrder: q('sortOrder') } : {}),
    ...(int('startIndex') !== undefined ? { startIndex: int('startIndex') } : {}),
    ...(one ? {} : { count: Math.min(count ?? MAX_RESULTS, MAX_RESULTS) }),
  };
}

async function bodyOf(c: Context, deps: AppDeps): Promise<unknown> {
  if (!JSON_BODY.test(requestHeader(c, 'content-type') ?? ''))
    throw fail(400, 'invalidSyntax', 'The body must be application/scim+json');
  let body: string;
  try {
    body = await readBodyText(c, deps.config);
  } catch (error) {
    if (error instanceof ApiError) throw fail(400, 'invalidSyntax', 'The body must be UTF-8 JSON');
    throw error;
  }
  try {
    return JSON.parse(body);
  } catch {
    throw fail(400, 'invalidSyntax', 'The body is not JSON');
  }
}

const BOOLEAN_TEXT = /^(true|false)$/i;
const asBoolean = (value: unknown) =>
  typeof value === 'string' && BOOLEAN_TEXT.test(value) ? value.toLowerCase() === 'true' : value;

/**
 * Entra ID sends `active` in a PATCH as the text "True" or "False" (a known departure from RFC
 * 7643, which it keeps for its older apps): taken as the boolean it means, whether the operation
 * names the path or carries `{active: …}` as its value. Anything else goes to SCIMMY as it came.
 */
export function entraBooleans(body: unknown): unknown {
  if (
    typeof body !== 'object' ||
    body === null ||
    !Array.isArray((body as { Operations?: unknown }).Operations)
  )
    return body;
  const operations = (body as { Operations: unknown[] }).Operations.map((op) => {
    if (typeof op !== 'object' || op === null) return op;
    const { path, value } = op as { path?: unknown; value?: unknown };
    if (typeof path === 'string' && path.toLowerCase() === 'active')
      return { ...op, value: asBoolean(value) };
    if (path === undefined && typeof value === 'object' && value !== null && 'active' in value)
      return { ...op, value: { ...value, active: asBoolean((value as { active: unknown }).active) } };
    return op;
  });
  return { ...body, Operations: operations };
}

/** The Users resource of a request, parsing its id and list parameters (a 400 when they are bad). */
function usersOf(id: string | undefined, config?: ReturnType<typeof listConfig>) {
  try {
    return new SCIMMY.Resources.User(id as string, config ?? {});
  } catch (error) {
    if (error instanceof SCIMMY.Types.Error) throw error;
    throw fail(400, 'invalidFilter', error instanceof Error ? error.message : 'Bad list parameters');
  }
}

/** The SCIM sub-app, mounted at `/api/scim/v2` (app.ts). */
export function scimApp(deps: AppDeps): Hono<AppEnv> {
  declareScim();
  const app = new Hono<AppEnv>();
  const base = `${deps.config.publicUrl}/api/scim/v2`;

  /** Runs `work` for an authenticated caller; every error becomes a SCIM error message. */
  const serve =
    (work: (c: Context<AppEnv>, ctx: ScimContext) => Promise<Response>) =>
    async (c: Context<AppEnv>): Promise<Response> => {
      const now = deps.now();
      const address = clientIp(c, deps.config.trustedProxies);
      const place = addressKey(address);
      const failures = `scim:failed:${place}`;
      const limited = deps.config.rateLimits;
      try {
        if (limited) {
          if ((await countHit(deps.db, `scim:ip:${place}`, MINUTE, now)) > SCIM_ADDRESS_LIMIT)
            return tooMany(now, MINUTE);
          if ((await hitsOf(deps.db, failures, FAILURE_WINDOW_MS, now)) >= SCIM_FAILURE_LIMIT)
            return tooMany(now, FAILURE_WINDOW_MS);
        }
        const header = requestHeader(c, 'authorization') ?? '';
        const token = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, '').trim() : '';
        const caller = await scimCaller(deps.db, token, now);
        if (!caller) {
          if (limited) await countFailure(place, address, now);
          return errorAnswer(deps, fail(401, null, 'The provisioning token is missing, unknown or revoked'), {
            'www-authenticate': 'Bearer realm="LP customer portal SCIM"',
          });
        }
        SCIMMY.Resources.User.basepath(base);
        return await work(c, { db: deps.db, now, ...caller });
      } catch (error) {
        if (error instanceof ScimFault) return faultAnswer(c, error.fault);
        if (error instanceof SCIMMY.Types.Error) return errorAnswer(deps, error);
        return faultAnswer(c, error);
      }
    };

  const faultAnswer = (c: Context, fault: unknown) => {
    if (isDatabaseUnavailable(fault)) {
      console.warn(`[server] ${c.req.method} ${c.req.path}: the database is unavailable`);
      return errorAnswer(deps, fail(503, null, 'The service is unavailable: try again later'), {
        'retry-after': '5',
      });
    }
    console.error(`[server] ${c.req.method} ${c.req.path}:`, fault);
    return errorAnswer(deps, fail(500, null, 'The request could not be completed'));
  };

  const tooMany = (now: Date, windowMs: number) => {
    const end = windowStartOf(windowMs, now).getTime() + windowMs;
    const retry = Math.max(1, Math.ceil((end - now.getTime()) / 1000));
    return errorAnswer(deps, fail(429, null, 'Too many requests: try again later'), {
      'retry-after': String(retry),
    });
  };

  const countFailure = async (place: string, address: string, now: Date) => {
    const n = await countHit(deps.db, `scim:failed:${place}`, FAILURE_WINDOW_MS, now);
    if (n === SCIM_FAILURE_LIMIT)
      await recordSecurityEvent(deps.db, { kind: 'scim-auth', subject: '', address, failures: n }, now);
  };

  app.get(
    '/ServiceProviderConfig',
    serve(async () => answer(deps, await new SCIMMY.Resources.ServiceProviderConfig().read(), 200)),
  );
  for (const path of ['/ResourceTypes', '/ResourceTypes/:id'])
    app.get(
      path,
      serve(async (c) =>
        answer(deps, await new SCIMMY.Resources.ResourceType(c.req.param('id')).read(), 200),
      ),
    );
  for (const path of ['/Schemas', '/Schemas/:id'])
    app.get(
      path,
      serve(async (c) => answer(deps, await new SCIMMY.Resources.Schema(c.req.param('id')).read(), 200)),
    );
  app.get(
    '/Users',
    serve(async (c, ctx) => answer(deps, await usersOf(undefined, listConfig(c)).read(ctx), 200)),
  );
  app.get(
    '/Users/:id',
    serve(async (c, ctx) => {
      return answer(deps, await usersOf(c.req.param('id'), listConfig(c, true)).read(ctx), 200);
    }),
  );
  app.post(
    '/Users',
    serve(async (c, ctx) => {
      const made = (await usersOf(undefined).write(await bodyOf(c, deps), ctx)) as { id: string };
      return answer(deps, made, 201, { location: `${base}/Users/${made.id}` });
    }),
  );
  app.put(
    '/Users/:id',
    serve(async (c, ctx) =>
      answer(deps, await usersOf(c.req.param('id')).write(await bodyOf(c, deps), ctx), 200),
    ),
  );
  app.patch(
    '/Users/:id',
    serve(async (c, ctx) => {
      const message = entraBooleans(await bodyOf(c, deps)) as PatchMessage;
      const patched = await usersOf(c.req.param('id')).patch(message, ctx);
      return patched === undefined ? answer(deps, null, 204) : answer(deps, patched, 200);
    }),
  );
  app.delete(
    '/Users/:id',
    serve(async (c, ctx) => {
      await usersOf(c.req.param('id')).dispose(ctx);
      return answer(deps, null, 204);
    }),
  );
  app.all(
    '*',
    serve(async (c) => {
      throw fail(404, null, `No such SCIM endpoint: ${c.req.method} ${c.req.path.slice(0, 100)}`);
    }),
  );
  return app;
}
