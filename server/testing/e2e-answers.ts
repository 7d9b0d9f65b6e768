import { AnswerChecker } from './openapi-answers.ts';

/** The test server's call that reports the answers checked so far (tests/e2e/answers-teardown.ts). */
export const ANSWERS_PATH = '/__e2e/answers';

type Fetch = (request: Request, env?: unknown) => Response | Promise<Response>;

/** What the end-to-end run's answers came to: how many were checked, and those outside the document. */
export interface AnswerReport {
  checked: number;
  operations: number;
  problems: string[];
}

/**
 * Every answer of the end-to-end run's API calls checked against the app's own
 * `/api/openapi.json` (openapi-answers.ts: status, content type, headers, JSON body), as a
 * validating proxy in front of a client would check them: the caller gets the answer as sent, the
 * check reads a copy after it. Not checked: CORS preflights, the event stream (an answer that never ends) and the
 * document and its reference page themselves. The problems are kept (the first 200) for
 * `report()`, which the run reads at its end.
 */
export function answerWatch(fetch: Fetch) {
  let checker: Promise<AnswerChecker> | null = null;
  const pending = new Set<Promise<unknown>>();
  /** Checks that failed to run (not an answer outside the document: the checker's own trouble). */
  const failures: string[] = [];
  const load = () =>
    (checker ??= Promise.resolve(fetch(new Request('http://127.0.0.1/api/openapi.json')))
      .then((res) => res.json())
      .then((doc) => new AnswerChecker(doc as Record<string, unknown>)));
  const watched = (request: Request, res: Response) => {
    // a CORS preflight is the browser's question about a call, answered by the HTTP layer, not one
    // of the document's operations (a validating proxy answers it itself)
    if (request.method === 'OPTIONS') return false;
    const path = new URL(request.url).pathname;
    if (!path.startsWith('/api/') || /^\/api\/(openapi\.json|docs(\.css)?)$/.test(path)) return false;
    return !(res.headers.get('content-type') ?? '').startsWith('text/event-stream');
  };
  return {
    /** `fetch`, its API answers checked. */
    fetch: async (request: Request, env?: unknown): Promise<Response> => {
      const method = request.method;
      const url = request.url;
      const res = await fetch(request, env);
      if (!watched(request, res)) return res;
      const copy = res.clone();
      const check = load()
        .then((c) => c.check(method, url, copy))
        .catch((error: unknown) => {
          // a copy cut short (the browser closed the page mid-answer) is not the document's fault
          const message = error instanceof Error ? error.message : String(error);
          if (!/abort|terminated|cancel/i.test(message))
            failures.push(`${method} ${new URL(url).pathname}: not checked: ${message}`);
        })
        .finally(() => pending.delete(check));
      pending.add(check);
      return res;
    },
    /** The answers checked once those in progress are: how many, over how many operations, and the problems. */
    async report(): Promise<AnswerReport> {
      await Promise.allSettled([...pending]);
      const c = await load();
      return {
        checked: c.checked.length,
        operations: new Set(c.checked.map((x) => x.operationId)).size,
        problems: [...new Set([...failures, ...c.problems])].slice(0, 200),
      };
    },
  };
}
