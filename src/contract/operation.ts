import type * as v from 'valibot';
import { Code } from './codes.ts';
import type { SignatureMeaning } from './signatures/schemas.ts';

/**
 * Who may call an operation:
 * - `public`: anybody.
 * - `optional`: anybody; a valid `X-Token` adds the user (an invalid one is ignored, never 598).
 * - `account`: a live session (598/599 otherwise), also one whose password must be changed first:
 *   only the calls that the forced password change itself needs (user info, logout, customer
 *   accounts, the menu, the password calls).
 * - `session`: a live session with a current password; 463 while a change is forced. Every data
 *   call is `session`: it is the safe default, and no data call can forget it.
 * - `chat`: the chat session of `common/get-qa-config` in `X-Chat-Session`, plus an optional token.
 * - `signed`: another provider system, signing with the shared secret (`X-Timestamp`, `X-Signature`).
 */
export type Auth = 'public' | 'optional' | 'account' | 'session' | 'chat' | 'signed';

/**
 * How a POST body is encoded: JSON (the default), a form, or either (the spec's clients vary); or
 * `multipart/form-data` with one file (`upload` names its field and limit): the other fields are
 * the input, validated by `input`, and the file is streamed to storage, never held in memory.
 */
export type Encoding = 'json' | 'form' | 'json-or-form' | 'multipart';

/** The file of a `multipart` operation: its form field and the most bytes it may have. */
export interface UploadSpec {
  field: string;
  maxBytes: number;
}

/**
 * A rate limit: at most `limit` calls per `windowMs`, counted per client address (`ip`), per
 * signed-in user (`user`), or per value of an input field (`field`, e.g. the username of a login).
 * Calls that name the same `bucket` share one counter (all chat reads count together).
 */
export interface RateLimit {
  by: 'ip' | 'user' | 'field';
  /** The input field whose value is counted (with `by: 'field'`). */
  field?: string;
  limit: number;
  windowMs: number;
  /** The counter's name; defaults to the operation's path. */
  bucket?: string;
}

/** The kinds of record the audit trail holds entries for (21 CFR Part 11 §11.10(e)). */
export type AuditRecordType =
  | 'order'
  | 'address'
  | 'inventory'
  | 'user'
  | 'excursion'
  | 'product'
  | 'api_client'
  | 'webhook_endpoint'
  | 'session_policy'
  | 'sso_config';

/**
 * What a successful call leaves in the audit trail (docs/decisions/audit-trail.md, "No write
 * escapes"): `records`, the kinds of record its entries are of (a contract-wide test calls each
 * such operation and proves it leaves one); or `none`, why it leaves none (it only reads, or what
 * it writes is no GxP record: a preference, an unsent draft, telemetry). Every POST says which; a
 * GET only when it writes. Whatever a call declares, the database guard refuses a transaction of
 * it that writes a GxP record without an entry (server/db/audit-guard.ts).
 */
export type AuditDeclaration = { readonly records: readonly AuditRecordType[] } | { readonly none: string };

/** A call that reads and writes nothing of a record. */
export const READS: AuditDeclaration = { none: 'reads only' };

export interface OperationSpec<I extends v.GenericSchema, O extends v.GenericSchema, A extends Auth = Auth> {
  method: 'GET' | 'POST';
  /** Path below /api without `.html`: `user/login`. The area is its first segment's owner, see `area`. */
  path: string;
  /** The contract area that declares it (`accounts`, `chat` …): its OpenAPI tag and server folder. */
  area: string;
  summary: string;
  auth: A;
  /** The query (GET) or body (POST). Objects are strict: an unknown field is refused. */
  input: I;
  /** Schema of `data` in a success envelope (or of the body, for a `media` answer). */
  output: O;
  /** POST body encoding (default json). */
  encoding?: Encoding;
  /** The file of a `multipart` operation (required with that encoding). */
  upload?: UploadSpec;
  /** The POST body may be left out (every field is optional). */
  bodyOptional?: boolean;
  /** Open to the configured partner origins (CORS). */
  cors?: boolean;
  rateLimits?: readonly RateLimit[];
  /**
   * A background call (telemetry): a failure to do its work answers 543, which clients keep
   * silent, instead of 500.
   */
  background?: boolean;
  /** The answer is not an envelope but a file of this media type (the captcha image). */
  media?: string;
  /** Envelope codes the call itself answers, besides those implied by auth, input and limits. */
  codes?: readonly number[];
  /**
   * What `data` a refusal of the call carries, by envelope code, where it is more than `null`: a
   * 409's record as it is now, a 429's wait. The OpenAPI document describes each code's answer
   * with it; a code not named carries `null`, except what every call's does (a 422 its
   * `{field: message}` map, a 407 `{retry_after}`).
   */
  refusals?: Readonly<Partial<Record<number, v.GenericSchema>>>;
  /**
   * The call takes the caller's `Idempotency-Key` header (required, 8–128 visible characters):
   * the same key with the same body answers the first call's answer again and does nothing more;
   * with another body it is a 422.
   */
  idempotencyKey?: boolean;
  /** What its success leaves in the audit trail (required of every POST; see AuditDeclaration). */
  audit?: AuditDeclaration;
  /**
   * The call is an electronic signature (21 CFR Part 11): its input carries `signature` (the
   * password again and a meaning, src/contract/signatures), which the server checks before the
   * handler runs, whoever is signed in; a wrong password answers 422 on `signature`, counts
   * towards the account's lock-out (407) and is recorded.
   */
  signature?: { readonly meanings: readonly SignatureMeaning[] };
}

/** A declared operation; the input and answer types follow from its schemas. */
export type Operation<
  I extends v.GenericSchema = v.GenericSchema,
  O extends v.GenericSchema = v.GenericSchema,
  A extends Auth = Auth,
> = Readonly<OperationSpec<I, O, A>> & { readonly id: string };

export type InputOf<Op> = Op extends Operation<infer I, v.GenericSchema, Auth> ? v.InferInput<I> : never;
export type ParsedInputOf<Op> =
  Op extends Operation<infer I, v.GenericSchema, Auth> ? v.InferOutput<I> : never;
export type AnswerOf<Op> = Op extends Operation<v.GenericSchema, infer O, Auth> ? v.InferOutput<O> : never;

/** Declares an operation (its `id` is `METHOD path`, unique across the API). */
export function operation<I extends v.GenericSchema, O extends v.GenericSchema, A extends Auth>(
  spec: OperationSpec<I, O, A>,
): Operation<I, O, A> {
  return Object.freeze({ ...spec, id: `${spec.method} ${spec.path}` });
}

/** Every envelope code an operation may answer: its own and those its declaration implies. */
export function codesOf(op: Operation): number[] {
  const codes = new Set<number>(op.codes ?? []);
  codes.add(Code.invalid);
  // a reserved name (`__proto__` …) in the query or body, on every call (server/http/reserved-keys.ts)
  // (and an idempotent call's missing or malformed Idempotency-Key)
  codes.add(Code.badRequest);
  if (op.method === 'POST') {
    // a body too large, too slow, or in another charset than UTF-8
    codes.add(Code.tooLarge);
    codes.add(Code.requestTimeout);
    codes.add(Code.unsupportedMedia);
  }
  if (op.auth === 'account' || op.auth === 'session') {
    codes.add(Code.sessionExpired);
    codes.add(Code.loggedInElsewhere);
  }
  if (op.auth === 'session') codes.add(Code.mustChangePassword);
  if (op.auth === 'signed') codes.add(Code.forbidden);
  if (op.rateLimits?.length) codes.add(Code.tooManyRequests);
  if (op.background) codes.add(Code.backgroundFailed);
  if (op.signature) {
    codes.add(Code.locked);
    codes.add(Code.secondFactorRequired);
  }
  return [...codes].sort((a, b) => a - b);
}

/** The operations a contract area module exports (its `operations.ts`), as a list. */
export function operationsIn(module: Record<string, unknown>): Operation[] {
  return Object.values(module).filter(
    (value): value is Operation =>
      typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'input' in value,
  );
}
