import ky, { type KyInstance, type Options } from 'ky';
import type { InputOf, Operation, AnswerOf } from '../contract/operation.ts';
import { $locale, t } from '../i18n/translate.ts';
import { $token } from '../stores/auth.ts';
import { apiBase, apiFetch } from './config.ts';
import { ApiError, TransportCode } from './errors.ts';
import { emitOutcome, outcomeOf } from './outcomes.ts';

/** Spec §7: every call gives up after 50 s. */
export const REQUEST_TIMEOUT_MS = 50_000;
/** GETs are retried this many times on network failure; POSTs never (they may have happened). */
export const GET_RETRIES = 2;

export interface CallOptions {
  /** No outcome at all for a failure (background calls, widgets that say it inline). */
  quiet?: boolean;
  /** Further codes this caller shows itself (a form's 422, the customer-add call's 402). */
  silentCodes?: readonly number[];
  signal?: AbortSignal;
  /** Extra request headers (the chat session). */
  headers?: Record<string, string>;
}

const http: KyInstance = ky.create({
  timeout: REQUEST_TIMEOUT_MS,
  throwHttpErrors: false,
  retry: {
    limit: GET_RETRIES,
    methods: ['get'],
    statusCodes: [],
    retryOnTimeout: false,
    delay: (attempt) => 300 * 2 ** (attempt - 1),
  },
  fetch: (input, init) => apiFetch(input, init),
  hooks: {
    beforeRequest: [
      (request) => {
        const token = $token.get();
        if (token) request.headers.set('X-Token', token);
        // The server answers messages in the user's language (zh-CN unless English).
        request.headers.set('Accept-Language', $locale.get());
      },
    ],
  },
});

/** `/api/<path>.html` under the page's API base. */
export const apiUrl = (path: string): string => `${apiBase()}/${path.replace(/^\/+/, '')}.html`;

function transportError(error: unknown, signal?: AbortSignal): ApiError {
  if (signal?.aborted) return new ApiError(TransportCode.aborted, t('api.unknownError'));
  if (error instanceof Error && error.name === 'TimeoutError') {
    return new ApiError(TransportCode.timeout, t('api.network'));
  }
  return new ApiError(TransportCode.network, t('api.network'));
}

/** The envelope of an answer, or a typed failure when the body is not one (a proxy's error page). */
export async function readEnvelope(
  response: Response,
): Promise<{ code: number; message: string; data: unknown }> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number') {
      const { code, message, data } = body as { code: number; message?: unknown; data?: unknown };
      return { code, message: typeof message === 'string' ? message : '', data: data ?? null };
    }
  } catch {
    // not JSON: handled below
  }
  return { code: response.status >= 400 ? response.status : 500, message: t('api.badResponse'), data: null };
}

type Plain = Record<string, unknown>;

function searchParams(input: Plain): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) if (value !== undefined) out[key] = String(value);
  return out;
}

function requestInit(op: Operation, input: Plain, options: CallOptions): Options {
  const init: Options = { method: op.method.toLowerCase() };
  if (options.signal) init.signal = options.signal;
  if (options.headers) init.headers = options.headers;
  if (op.method === 'GET') {
    init.searchParams = searchParams(input);
  } else if (!(op.bodyOptional && Object.keys(input).length === 0)) {
    // The spec's "form" calls go as forms; everything else as JSON.
    if (op.encoding === 'form' || op.encoding === 'json-or-form')
      init.body = new URLSearchParams(searchParams(input));
    else init.json = input;
  }
  return init;
}

/**
 * Emits a failure's outcome (with when its call was sent) unless the caller takes it on
 * (`quiet`), and rejects with it.
 */
function fail(failure: ApiError, options: CallOptions, sentAt: number): never {
  if (!options.quiet) {
    const outcome = outcomeOf(failure, options.silentCodes);
    if (outcome) emitOutcome({ ...outcome, sentAt });
  }
  throw failure;
}

/**
 * Calls an operation of the contract and unwraps the envelope: resolves with `data` (typed by
 * the operation's answer schema) when `code` is 0; otherwise emits the failure's outcome (spec
 * §8 catalogue; see outcomes.ts) unless the caller takes it on, and rejects with an ApiError.
 */
export async function call<Op extends Operation>(
  op: Op,
  input: InputOf<Op>,
  options: CallOptions = {},
): Promise<AnswerOf<Op>> {
  let failure: ApiError;
  const sentAt = performance.now();
  try {
    const answer = await readEnvelope(await http(apiUrl(op.path), requestInit(op, input as Plain, options)));
    if (answer.code === 0) return answer.data as AnswerOf<Op>;
    failure = new ApiError(answer.code, answer.message, answer.data);
  } catch (error) {
    failure = transportError(error, options.signal);
  }
  return fail(failure, options, sentAt);
}

/**
 * A `media` operation (a file answered directly, such as the inventory export): the file as a
 * Blob. A failure comes as an envelope and is handled as `call` handles it.
 */
export async function callFile<Op extends Operation>(
  op: Op,
  input: InputOf<Op>,
  options: CallOptions = {},
): Promise<Blob> {
  let failure: ApiError;
  const sentAt = performance.now();
  try {
    const response = await http(apiUrl(op.path), requestInit(op, input as Plain, options));
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && op.media && type.startsWith(op.media)) return await response.blob();
    const answer = await readEnvelope(response);
    failure = new ApiError(answer.code === 0 ? 500 : answer.code, answer.message, answer.data);
  } catch (error) {
    failure = transportError(error, options.signal);
  }
  return fail(failure, options, sentAt);
}
