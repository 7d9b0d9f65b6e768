/**
 * The session's first calls, started by the page before the portal's code has loaded
 * (host/early.ts, the first script of a signed-in page): they travel beside the scripts instead
 * of after them. The transport takes each answer once (`takeEarlyCall`, through `apiFetch`), and
 * only for the same request: a GET of the same address, with the same token and language, within
 * a few seconds of the page's start. Anything else goes to the network as usual.
 */

/** Where the page keeps them: one registry for the page, whichever bundle asks. */
const KEY = Symbol.for('lp.early-calls');
/** An answer older than this (after the page started) is not taken: the call is made again. */
export const EARLY_CALL_MAX_AGE_MS = 10_000;

interface EarlyCall {
  token: string;
  language: string;
  answer: Promise<Response>;
}

const registry = (): Map<string, EarlyCall> => {
  const holder = globalThis as unknown as Record<symbol, Map<string, EarlyCall> | undefined>;
  holder[KEY] ??= new Map();
  return holder[KEY];
};

/** Starts a GET of each address with the session's headers, as the transport sends them. */
export function startEarlyCalls(urls: string[], token: string, language: string): void {
  const calls = registry();
  for (const url of urls) {
    const absolute = new URL(url, location.href).href;
    const answer = fetch(absolute, { headers: { 'X-Token': token, 'Accept-Language': language } });
    // not taken (another page, a failed first entry): nobody waits for it
    answer.catch(() => undefined);
    calls.set(absolute, { token, language, answer });
  }
}

/** The early answer to this request, once; null when there is none that fits. */
export function takeEarlyCall(request: Request, now = performance.now()): Promise<Response> | null {
  // read without creating the registry: a page with no early calls (every embed) keeps none
  const calls = (globalThis as unknown as Record<symbol, Map<string, EarlyCall> | undefined>)[KEY];
  const call = calls?.get(request.url);
  if (!calls || !call || request.method !== 'GET') return null;
  calls.delete(request.url);
  const same =
    request.headers.get('X-Token') === call.token && request.headers.get('Accept-Language') === call.language;
  if (same && now <= EARLY_CALL_MAX_AGE_MS) return call.answer;
  // not taken: its body is let go rather than left unread (an unread answer stays open until the
  // page goes, and is then reported as aborted)
  call.answer.then((response) => response.body?.cancel()).catch(() => undefined);
  return null;
}
