import { $locale, t } from '../i18n/translate.ts';
import { $token } from '../stores/auth.ts';
import { announce } from './outcomes.ts';
import type { CallOptions } from './transport.ts';
import { apiBase } from './config.ts';
import { ApiError, TransportCode } from './errors.ts';

/** Spec §7: a call gives up after 50 s (here: 50 s without any progress). */
export const UPLOAD_IDLE_TIMEOUT_MS = 50_000;

export interface UploadProgress {
  /** Bytes of the request body sent so far. */
  loaded: number;
  /** Bytes of the whole request body (file and fields). */
  total: number;
}

export interface UploadOptions extends Pick<CallOptions, 'quiet' | 'silentCodes'> {
  file: Blob;
  /** The form field of the file. Default `file`. */
  field?: string;
  /** The file name sent (default: the File's own name, else `blob`). */
  fileName?: string;
  /** Further multipart fields (`id`, `kind`, …). */
  fields?: Record<string, string | number>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /**
   * Gives up when nothing moved (no bytes sent, nothing received) for this long. An idle limit,
   * not a total one, so a 20 MB file on a slow line is not cut off while it is still moving.
   * Default 50 s (spec §7).
   */
  timeout?: number;
}

/** The multipart body: the fields first, then the file (servers that stream read them in order). */
function body(options: UploadOptions): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? {})) form.append(key, String(value));
  const name = options.fileName ?? (options.file instanceof File ? options.file.name : 'blob');
  form.append(options.field ?? 'file', options.file, name);
  return form;
}

function parse(status: number, text: string): ApiError | { data: unknown } {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'number') {
      const { code, message, data } = body as { code: number; message?: unknown; data?: unknown };
      if (code === 0) return { data: data ?? null };
      return new ApiError(code, typeof message === 'string' ? message : '', data ?? null);
    }
  } catch {
    // not JSON: below
  }
  return new ApiError(status >= 400 ? status : 500, t('api.badResponse'));
}

/**
 * Uploads a file to `/api/<path>.html` as multipart with upload progress. XMLHttpRequest, not
 * ky: fetch has no upload progress (ky's needs streaming request bodies, which Chromium allows
 * only over HTTP/2 and other browsers not at all). Sends `X-Token` and `Accept-Language` like
 * every call; resolves with the envelope's `data` when `code` is 0; otherwise shows the error
 * catalogue's notice (unless `quiet`) and rejects with an `ApiError` (negative codes for network
 * failure, timeout and abort, as the API client's).
 */
export function upload<T = unknown>(path: string, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal } = options;
    const xhr = new XMLHttpRequest();
    const idle = options.timeout ?? UPLOAD_IDLE_TIMEOUT_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let done = false;

    const finish = (outcome: ApiError | { data: unknown }) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (outcome instanceof ApiError) {
        if (!options.quiet) announce(outcome, options.silentCodes);
        reject(outcome);
      } else resolve(outcome.data as T);
    };
    const fail = (code: number, message: string) => () => {
      xhr.abort();
      finish(new ApiError(code, message));
    };
    const onAbort = fail(TransportCode.aborted, t('api.unknownError'));
    const onIdle = fail(TransportCode.timeout, t('api.network'));
    const moved = () => {
      clearTimeout(timer);
      if (!done) timer = setTimeout(onIdle, idle);
    };

    if (signal?.aborted) {
      finish(new ApiError(TransportCode.aborted, t('api.unknownError')));
      return;
    }
    signal?.addEventListener('abort', onAbort);
    xhr.open('POST', `${apiBase()}/${path.replace(/^\/+/, '')}.html`);
    xhr.responseType = 'text';
    const token = $token.get();
    if (token) xhr.setRequestHeader('X-Token', token);
    xhr.setRequestHeader('Accept-Language', $locale.get());
    xhr.upload.onprogress = (event) => {
      moved();
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    xhr.onprogress = moved;
    xhr.onload = () => finish(parse(xhr.status, xhr.responseText));
    xhr.onerror = () => finish(new ApiError(TransportCode.network, t('api.network')));
    xhr.send(body(options));
    moved();
  });
}
