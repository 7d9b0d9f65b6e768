import type { LiveTicket } from '../../src/contract/live/schemas.ts';
import { socketFrom, type TestApp } from './test-app.ts';

/** One server-sent event as read off a stream. */
export interface ReadEvent {
  event: string;
  id: string | null;
  data: string;
}

/** How long a test waits for an event before it fails (a bound, never a sleep). */
const WAIT_MS = 10_000;

/**
 * A live stream opened the way the portal opens it (a ticket, then the stream), read in the test:
 * `next` waits for the next event (or one that `match` accepts), `close` lets the stream go.
 */
export interface LiveClient {
  status: number;
  next(match?: (e: ReadEvent) => boolean, waitMs?: number): Promise<ReadEvent>;
  /** The events read so far and not yet taken by `next`. */
  pending(): ReadEvent[];
  /** Every event read so far, taken or not. */
  history(): ReadEvent[];
  close(): Promise<void>;
}

export async function ticketFor(t: TestApp, token: string): Promise<LiveTicket> {
  const answer = await t.call<LiveTicket>('live/ticket', { token, body: {} });
  if (answer.code !== 0) throw new Error(`live/ticket answered ${answer.code}: ${answer.message}`);
  return answer.data;
}

/** How a stream is asked for: a `fetch`-like call (an app in-process, another process's app, a real socket). */
export type StreamFetch = (
  url: string,
  init: { headers: Record<string, string> },
) => Response | Promise<Response>;

export function openStream(
  t: TestApp,
  url: string,
  headers: Record<string, string> = {},
): Promise<LiveClient> {
  return openStreamWith((path, init) => t.app.request(path, init, socketFrom(t.address)), url, headers);
}

/** A stream asked for through `fetch` (e.g. one of several app instances, as their own processes). */
export async function openStreamWith(
  fetch: StreamFetch,
  url: string,
  headers: Record<string, string> = {},
): Promise<LiveClient> {
  const response = await fetch(url, { headers });
  const queue: ReadEvent[] = [];
  const all: ReadEvent[] = [];
  const waiters: Array<() => void> = [];
  let ended = false;
  const reader = response.body?.getReader();
  if (response.status === 200 && reader) {
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const e: ReadEvent = { event: 'message', id: null, data: '' };
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const [field, ...rest] = line.split(':');
              const value = rest.join(':').replace(/^ /, '');
              if (field === 'event') e.event = value;
              else if (field === 'id') e.id = value;
              else if (field === 'data') data.push(value);
            }
            if (data.length === 0 && e.event === 'message') continue;
            e.data = data.join('\n');
            queue.push(e);
            all.push(e);
            for (const wake of waiters.splice(0)) wake();
          }
        }
      } catch {
        // cancelled by close()
      } finally {
        ended = true;
        for (const wake of waiters.splice(0)) wake();
      }
    })();
  }
  return {
    status: response.status,
    pending: () => [...queue],
    history: () => [...all],
    async next(match = () => true, waitMs = WAIT_MS) {
      const deadline = Date.now() + waitMs;
      for (;;) {
        const at = queue.findIndex(match);
        if (at >= 0) return queue.splice(0, at + 1)[at]!;
        if (ended) throw new Error(`the stream ended; read: ${JSON.stringify(queue)}`);
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no such event within ${waitMs} ms; read: ${JSON.stringify(queue)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    async close() {
      await reader?.cancel().catch(() => undefined);
    },
  };
}

/** A stream of the session of `token`, opened with a fresh ticket. */
export async function liveClient(t: TestApp, token: string, after?: string): Promise<LiveClient> {
  const { url } = await ticketFor(t, token);
  return openStream(t, after ? `${url}&after=${encodeURIComponent(after)}` : url);
}
