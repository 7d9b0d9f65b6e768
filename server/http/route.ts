import type { Context, Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import * as v from 'valibot';
import { CHAT_SESSION_HEADER } from '../../src/contract/chat/schemas.ts';
import { Code } from '../../src/contract/codes.ts';
import { type Lang, langOf, type Params } from '../../src/contract/messages.ts';
import type { AnswerOf, Operation, ParsedInputOf } from '../../src/contract/operation.ts';
import type { SessionRecord } from '../core/session.ts';
import type { Signer, SignerRequest } from '../core/signer.ts';
import { ApiError, say } from '../core/errors.ts';
import type { ServerMessage } from '../core/messages.ts';
import { inRequest } from '../core/request-scope.ts';
import { discardUpload } from '../core/storage-cleanup.ts';
import { jsonAnswer } from './answer.ts';
import { checkSigned, type SessionFor, sessionFor, startSignedBody } from './auth.ts';
import { paceOf } from './body.ts';
import { clientIp } from './client-ip.ts';
import { requestHeader } from './request-header.ts';
import type { ServerConfig } from '../config.ts';
import type { AppDeps, AppEnv } from './env.ts';
import { readBody, readBodyText, readQuery, validateInput } from './input.ts';
import { readMultipart, type UploadedFile } from './multipart.ts';
import { invalidField } from '../core/errors.ts';
import { applyRateLimits, rateCaller } from './rate-limit.ts';

/** What a handler is given: the validated input, the session its `auth` implies, and the rest. */
export interface Call<Op extends Operation> {
  input: ParsedInputOf<Op>;
  session: SessionFor<Op['auth']>;
  deps: AppDeps;
  /** The request's clock reading (the app's clock: tests move it). */
  now: Date;
  /** The caller's language (`Accept-Language`: en, else zh-CN). */
  lang: Lang;
  /** The client's address (the socket's). */
  ip: string;
  /**
   * The stored file of a `multipart` operation (always there: a call without it is refused with
   * 422 first). The handler keeps it (a `files` row) or removes it; when the handler fails, the
   * pipeline removes it unless a committed row names it (core/storage-cleanup.ts).
   */
  file: UploadedFile | null;
  /**
   * The signer of a signing call (its `signature` checked before the handler runs: the contract's
   * `signature` declaration); null for every other call.
   */
  signer: Signer | null;
  c: Context<AppEnv>;
}

/** A call's context, a class so that a handler's `ip` is read from the socket only when asked. */
class CallOf {
  constructor(
    readonly input: Record<string, unknown>,
    readonly session: SessionRecord | null,
    readonly deps: AppDeps,
    readonly now: Date,
    readonly lang: Lang,
    readonly c: Context<AppEnv>,
    readonly file: UploadedFile | null,
    readonly signer: Signer | null,
  ) {}

  get ip(): string {
    return clientIp(this.c, this.deps.config.trustedProxies);
  }
}

/** The signer of a call its contract declares signed (the route pipeline checked it first). */
export function signerOf(call: { signer: Signer | null }): Signer {
  if (!call.signer) throw new Error('a signing call has no signer: its operation declares no signature');
  return call.signer;
}

const REPLY = Symbol('reply');

/** A success answer with a message other than `ok`. */
export interface Reply<T> {
  readonly [REPLY]: true;
  readonly data: T;
  readonly message: ServerMessage;
  readonly params: Params | undefined;
  /** `Set-Cookie` values the answer carries (the sign-ins' device cookie: areas/accounts/devices.ts). */
  readonly cookies?: readonly string[];
}

export const reply = <T>(data: T, message: ServerMessage, params?: Params): Reply<T> => ({
  [REPLY]: true,
  data,
  message,
  params,
});

/** A success answer (`ok`) that sets cookies too, one `Set-Cookie` each. */
export const withCookies = <T>(data: T, cookies: readonly string[]): Reply<T> => ({
  [REPLY]: true,
  data,
  message: 'ok',
  params: undefined,
  cookies,
});

type Answer<Op extends Operation> = AnswerOf<Op> | Reply<AnswerOf<Op>> | Response;

/** An operation's handler: returns `data` (the envelope is added), a `reply()`, or a Response of its own. */
export type Handler<Op extends Operation> = (call: Call<Op>) => Promise<Answer<Op>> | Answer<Op>;

/** An operation with its handler: what an area's `routes.ts` exports, a list of these. */
export interface Route {
  readonly op: Operation;
  readonly handler: Handler<Operation>;
}

export function handle<Op extends Operation>(op: Op, handler: Handler<Op>): Route {
  return { op, handler: handler as unknown as Handler<Operation> };
}

/** Languages of the `Accept-Language` values seen (a browser sends the same one every time). */
const langs = new Map<string, Lang>();

/** The caller's language: `Accept-Language` names English first → en, otherwise zh-CN. */
export function requestLang(c: Context): Lang {
  return langOfHeader(requestHeader(c, 'accept-language'));
}

/** The language of an `Accept-Language` value (English first → en, otherwise zh-CN). */
export function langOfHeader(header: string | undefined): Lang {
  if (!header) return langOf(undefined);
  let lang = langs.get(header);
  if (!lang) {
    if (langs.size >= 256) langs.clear();
    lang = parseLang(header);
    langs.set(header, lang);
  }
  return lang;
}

function parseLang(header: string): Lang {
  let best: { tag: string; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const q = Number(
      params
        .find((p) => p.trim().startsWith('q='))
        ?.trim()
        .slice(2) ?? 1,
    );
    const lower = tag.toLowerCase();
    if (!(lower.startsWith('en') || lower.startsWith('zh')) || !(q > 0)) continue;
    if (!best || q > best.q) best = { tag: lower, q };
  }
  return langOf(best?.tag);
}

const isReply = (value: unknown): value is Reply<unknown> =>
  typeof value === 'object' && value !== null && REPLY in value;

/** The JSON envelope of a success. */
function success(deps: AppDeps, data: unknown, message: string): Response {
  return jsonAnswer(deps.config, { code: Code.ok, message, data: data === undefined ? null : data });
}

/**
 * The Hono handler of one route: everything the declaration says happens here, in this order, so
 * that no call can skip a step: per-address limits (before any other work), the session its
 * `auth` asks for (598/599/463), per-user limits, reading and validating the input (400/415/422),
 * per-field limits, the handler, the envelope. A `background` call answers 543 for any failure
 * that is not a refusal of its input.
 */
function routeHandler(route: Route, deps: AppDeps) {
  const { op, handler } = route;
  const limits = op.rateLimits ?? [];
  const ipLimits = limits.filter((r) => r.by === 'ip');
  const userLimits = limits.filter((r) => r.by === 'user');
  const fieldLimits = limits.filter((r) => r.by === 'field');
  const needsSession = op.auth !== 'public' && op.auth !== 'signed';
  const upload = op.encoding === 'multipart' ? op.upload : undefined;
  if (op.encoding === 'multipart' && !upload) throw new Error(`${op.id}: a multipart call names its upload`);
  // each call runs in its own scope: its audit entries' request id, the audit guard (db/audit-guard.ts)
  return (c: Context<AppEnv>): Promise<Response> => inRequest({ opId: op.id }, () => serve(c));
  async function serve(c: Context<AppEnv>): Promise<Response> {
    const now = deps.now();
    const lang = requestLang(c);
    const limited = deps.config.rateLimits;
    let file: UploadedFile | null = null;
    try {
      if (limited && ipLimits.length)
        await applyRateLimits(
          deps.db,
          ipLimits,
          op.path,
          { ip: clientIp(c, deps.config.trustedProxies), uid: null, input: null },
          now,
        );
      let raw: string | undefined;
      if (op.auth === 'signed' && !upload) {
        raw = await readBodyText(c, deps.config);
        await checkSigned(c, deps, raw, now);
      }
      const session = needsSession
        ? ((await sessionFor(c, op, deps, now, () =>
            clientIp(c, deps.config.trustedProxies),
          )) as SessionRecord | null)
        : null;
      if (limited && userLimits.length) {
        await applyRateLimits(
          deps.db,
          userLimits,
          op.path,
          { ip: clientIp(c, deps.config.trustedProxies), ...rateCaller(session), input: null },
          now,
        );
      }
      let given: unknown;
      if (op.method === 'GET') given = readQuery(c);
      else if (upload) {
        const signed = op.auth === 'signed' ? startSignedBody(c, deps, now) : null;
        const body = await readMultipart(c, upload, deps.storage, paceOf(deps.config), signed?.update);
        file = body.file;
        await signed?.finish();
        given = body.fields;
      } else given = await readBody(c, op, deps.config, raw);
      const input = validateInput(op.input, given, lang) as Record<string, unknown>;
      if (upload && !file) throw invalidField(upload.field, 'Please choose a file to upload');
      if (limited && fieldLimits.length) {
        await applyRateLimits(
          deps.db,
          fieldLimits,
          op.path,
          { ip: clientIp(c, deps.config.trustedProxies), ...rateCaller(session), input },
          now,
        );
      }
      // a signature's credentials, once the input is known to be whole (areas/signatures/check.ts)
      const signer =
        op.signature && session
          ? await deps.checkSigner({
              db: deps.db,
              sms: deps.sms,
              session,
              signature: input.signature as SignerRequest['signature'],
              meanings: op.signature.meanings,
              opId: op.id,
              address: clientIp(c, deps.config.trustedProxies),
              now,
              perAddress: deps.config.rateLimits,
              secondFactorKey: deps.config.secondFactorKey,
              publicUrl: deps.config.publicUrl,
            })
          : null;
      const answer = await handler(
        new CallOf(input, session, deps, now, lang, c, file, signer) as unknown as Call<Operation>,
      );
      if (answer instanceof Response) return answer;
      if (!isReply(answer)) {
        if (deps.config.checkAnswers) checkAnswer(op, answer);
        return success(deps, answer, say('ok', lang));
      }
      if (deps.config.checkAnswers) checkAnswer(op, answer.data);
      const answered = success(deps, answer.data, say(answer.message, lang, answer.params));
      for (const cookie of answer.cookies ?? []) answered.headers.append('set-cookie', cookie);
      return answered;
    } catch (error) {
      // removed unless a committed row names it (the handler may have failed after its commit)
      if (file) await discardUpload(deps.db, deps.storage, file.key, error);
      // (a body too large or too slow is a transport fault, answered as such)
      if (op.background && !(error instanceof ApiError) && !(error instanceof HTTPException)) {
        console.error(`[server] ${op.id} failed:`, error instanceof Error ? error.message : error);
        throw new ApiError(Code.backgroundFailed, '{what} could not be stored', null, {
          params: { what: op.path },
        });
      }
      throw error;
    }
  }
}

/**
 * In tests and development every answer is checked against the operation's answer schema, so
 * the contract cannot drift from what the server really sends (a mismatch is a server fault).
 */
function checkAnswer(op: Operation, data: unknown): void {
  if (op.media) return;
  const result = v.safeParse(op.output, data);
  if (!result.success) {
    const where = result.issues.map((i) => `${v.getDotPath(i) ?? '(answer)'}: ${i.message}`).join('; ');
    throw new Error(`${op.id} answered outside its contract: ${where}`);
  }
}

/**
 * CORS for the operations open to partner pages: only the origins of `config.corsOrigins` get
 * Access-Control-Allow-Origin (no credentials: the token travels in X-Token, never a cookie).
 * Preflights are answered with 204 before any limit or validation.
 */
function partnerCors(config: ServerConfig) {
  return cors({
    origin: (origin) => (config.corsOrigins.includes(origin) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'X-Token', 'Accept-Language', CHAT_SESSION_HEADER],
    maxAge: 600,
  });
}

/**
 * Mounts every route on `api` (the `/api` sub-app) at `/<path>.html`; one id once. Each route is
 * the one handler its path matches (no middleware in front: Hono answers a single match without
 * composing a chain), and knows the app's dependencies from here.
 */
export function mountRoutes(api: Hono<AppEnv>, routes: readonly Route[], deps: AppDeps): void {
  const seen = new Set<string>();
  const withCors = new Set<string>();
  for (const route of routes) {
    const { op } = route;
    if (seen.has(op.id)) throw new Error(`${op.id} is mounted twice`);
    seen.add(op.id);
    const path = `/${op.path}.html`;
    if (op.cors && !withCors.has(path)) {
      withCors.add(path);
      api.use(path, partnerCors(deps.config));
    }
    api.on(op.method, path, routeHandler(route, deps));
  }
}
