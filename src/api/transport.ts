import ky, { type KyInstance, type Options } from 'ky';
import { $token } from '../stores/auth.ts';
import { t } from '../i18n/translate.ts';
import { type NoticeOptions, announce } from './catalogue.ts';
import { apiBase, apiFetch } from './config.ts';
import { ApiError, TransportCode } from './errors.ts';

/** Spec §7: every call gives up after 50 s. */
export const REQUEST_TIMEOUT_MS = 50_000;
/** GETs are retried this many times on network failure; POSTs never (they may have happened). */
export const GET_RETRIES = 2;

export type Query = Record<string, string | number | boolean | undefined>;

export interface CallOptions extends NoticeOptions {
  query?: Query;
  /** JSON body (POST). */
  body?: unknown;
  /** `application/x-www-form-urlencoded` body (POST), where the spec says "form". */
  form?: Record<string, string>;
  /** Multipart body (uploads). */
  multipart?: FormData;
  signal?: AbortSignal;
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
      },
    ],
  },
});

function url(path: string): string {
  return `${apiBase()}/${path.replace(/^\/+/, '')}.html`;
}

function transportError(error: unknown, signal?: AbortSignal): ApiError {
  if (signal?.aborted) return new ApiError(TransportCode.aborted, t('api.unknownError'));
  if (error instanceof Error && error.name === 'TimeoutError')
    return new ApiError(TransportCode.timeout, t('api.network'));
  return new ApiError(TransportCode.network, t('api.network'));
}

async function envelope(response: Response): Promise<{ code: number; message: string; data: unknown }> {
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

/**
 * Calls `/api/<path>.html` and unwraps the envelope: resolves with `data` when `code` is 0,
 * otherwise shows the catalogue's notice (spec §8) and rejects with an ApiError.
 */
export async function call<T>(method: 'get' | 'post', path: string, options: CallOptions = {}): Promise<T> {
  const init: Options = { method };
  if (options.query) init.searchParams = clean(options.query);
  if (options.signal) init.signal = options.signal;
  if (options.form) init.body = new URLSearchParams(options.form);
  else if (options.multipart) init.body = options.multipart;
  else if (options.body !== undefined) init.json = options.body;
  let failure: ApiError;
  try {
    const answer = await envelope(await http(url(path), init));
    if (answer.code === 0) return answer.data as T;
    failure = new ApiError(answer.code, answer.message, answer.data);
  } catch (error) {
    failure = transportError(error, options.signal);
  }
  announce(failure, options);
  throw failure;
}

function clean(query: Query): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) out[key] = String(value);
  return out;
}

export const get = <T>(path: string, query?: Query, options: Omit<CallOptions, 'query'> = {}): Promise<T> =>
  call<T>('get', path, query ? { ...options, query } : options);

export const post = <T>(path: string, body?: unknown, options: Omit<CallOptions, 'body'> = {}): Promise<T> =>
  call<T>('post', path, body === undefined ? options : { ...options, body });
