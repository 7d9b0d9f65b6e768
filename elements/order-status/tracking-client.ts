import { apiBase, apiFetch } from '../../src/api/config.ts';
import { ApiError, TransportCode } from '../../src/api/errors.ts';
import type { AnswerOf, InputOf, Operation } from '../../src/contract/operation.ts';
import { $locale } from '../../src/i18n/locale.ts';
import { $token } from '../../src/stores/auth.ts';

/**
 * The tracking calls of `<lp-order-status>`, without the portal's transport: `call()` of
 * src/api/transport.ts brings ky, the shared message catalogue and the outcome notices (~8 KB
 * brotli, half the element's 15 KB first-load budget), and a partner page has no notices to show
 * them in. This keeps what the element needs of it: the page's API base and `fetch`
 * (`api-base`, `setApiFetch`), the portal session's `X-Token` when there is one (the signer is
 * shown to the order's own customer), `Accept-Language`, the 50 s limit, and the envelope: code
 * 0 resolves with `data`, any other code (or a body that is not an envelope) rejects with an
 * ApiError carrying the code, as the transport does; nothing is ever shown by this module.
 */
const TIMEOUT_MS = 50_000;

/** `<api-base>/<path>.html` (`query` for GETs). */
export function trackingUrl(path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `${apiBase()}/${path}.html${search ? `?${search}` : ''}`;
}

export async function trackingCall<Op extends Operation>(
  op: Op,
  input: InputOf<Op>,
  signal?: AbortSignal,
): Promise<AnswerOf<Op>> {
  const headers: Record<string, string> = { 'Accept-Language': $locale.get() };
  const token = $token.get();
  if (token) headers['X-Token'] = token;
  const plain = input as Record<string, string | undefined>;
  const defined = Object.fromEntries(
    Object.entries(plain).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const get = op.method === 'GET';
  if (!get) headers['Content-Type'] = 'application/json';
  const timeout = AbortSignal.timeout(TIMEOUT_MS);
  let response: Response;
  try {
    response = await apiFetch(trackingUrl(op.path, get ? defined : {}), {
      method: op.method,
      headers,
      body: get ? null : JSON.stringify(defined),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch {
    const code = signal?.aborted
      ? TransportCode.aborted
      : timeout.aborted
        ? TransportCode.timeout
        : TransportCode.network;
    throw new ApiError(code, '');
  }
  type Envelope = { code?: unknown; message?: unknown; data?: unknown };
  const body = (await response.json().catch(() => null)) as Envelope | null;
  // not an envelope (a proxy's error page): the HTTP status stands for the code
  if (body && typeof body.code === 'number') {
    if (body.code === 0) return body.data as AnswerOf<Op>;
    throw new ApiError(body.code, typeof body.message === 'string' ? body.message : '', body.data ?? null);
  }
  throw new ApiError(response.status >= 400 ? response.status : 500, '');
}
