import http from 'node:http';
import { percentile } from './measure.ts';

/**
 * A closed-loop HTTP load driver for `npm run bench:load` and `bench:soak`: `connections` virtual
 * users, each on its own keep-alive connection, send their next request as soon as the last one is
 * answered. Every answer is timed and judged per kind: a network failure, an HTTP status other
 * than 2xx, or an envelope whose `code` is not 0 is an error of that kind (named after what went
 * wrong, so a report says "create: code 409 ×3", not just "3 errors").
 *
 * node:http with one keep-alive agent, not autocannon: autocannon reports one histogram per run
 * (the mix needs one per kind) and replays fixed request lists, while a virtual user here builds
 * each request from the last answers (a draft saved at the version it got back, an order viewed
 * after it was created, a create retried with the same Idempotency-Key).
 */
export interface Shot {
  /** What the report groups it under (`list`, `view`, `create`…). */
  kind: string;
  method: 'GET' | 'POST';
  /** Path and query, e.g. `/api/customer-order/index.html?status=finished`. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * Called with the envelope's `data` of a successful answer; may return an error name when the
   * answer is wrong although it succeeded (an idempotent retry that made a second order).
   */
  onAnswer?: (data: unknown) => string | undefined;
}

/** One connection's user: the next request to send, or null when it has nothing more to do. */
export interface VirtualUser {
  next(): Shot | null;
}

export interface KindResult {
  kind: string;
  requests: number;
  /** Error name → count (`http 500`, `code 409`, `network ECONNRESET`, or a name from onAnswer). */
  errors: Record<string, number>;
  p50: number;
  p99: number;
  max: number;
}

export interface DriveResult {
  seconds: number;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
  kinds: KindResult[];
}

export interface DriveOptions {
  /** `http://host:port` of the server. */
  origin: string;
  /** One virtual user per connection. */
  users: readonly VirtualUser[];
  /** Stop sending after this long (each connection finishes the request it has in flight). */
  durationMs: number;
  /** Give up on one answer after this long (an error `timeout`). */
  timeoutMs?: number;
}

export interface Drive {
  /** Answers and errors so far (for progress lines while it runs). */
  progress(): { requests: number; errors: number };
  /** Stops early (as when the duration is over). */
  stop(): void;
  done: Promise<DriveResult>;
}

interface Tally {
  latencies: number[];
  errors: Map<string, number>;
}

interface Answer {
  status: number;
  body: string;
}

function send(agent: http.Agent, origin: URL, shot: Shot, timeoutMs: number): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...shot.headers };
    if (shot.body !== undefined) headers['content-length'] = Buffer.byteLength(shot.body);
    const req = http.request(
      {
        agent,
        hostname: origin.hostname,
        port: origin.port,
        method: shot.method,
        path: shot.path,
        headers,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'timeout' })));
    req.on('error', reject);
    req.end(shot.body);
  });
}

/** The error name of an answer, or undefined when it is a success (then `data` is handed on). */
function judge(answer: Answer, shot: Shot): string | undefined {
  if (answer.status < 200 || answer.status > 299) return `http ${answer.status}`;
  // Most answers need no parsing (a list page is large; the load generator shares the cores):
  // the envelope starts with its code.
  if (!shot.onAnswer && answer.body.startsWith('{"code":0,')) return undefined;
  let envelope: { code?: unknown; data?: unknown };
  try {
    envelope = JSON.parse(answer.body) as { code?: unknown; data?: unknown };
  } catch {
    return 'not json';
  }
  if (envelope.code !== 0) return `code ${String(envelope.code)}`;
  return shot.onAnswer?.(envelope.data);
}

const round = (n: number) => Math.round(n * 10) / 10;

/** Starts the load; `done` resolves with the figures once every connection has stopped. */
export function drive(options: DriveOptions): Drive {
  const origin = new URL(options.origin);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.users.length });
  const tallies = new Map<string, Tally>();
  let requests = 0;
  let errors = 0;
  let stopped = false;
  const started = performance.now();
  const timer = setTimeout(() => {
    stopped = true;
  }, options.durationMs);

  const tally = (kind: string): Tally => {
    let t = tallies.get(kind);
    if (!t) {
      t = { latencies: [], errors: new Map() };
      tallies.set(kind, t);
    }
    return t;
  };

  const loop = async (user: VirtualUser) => {
    while (!stopped) {
      const shot = user.next();
      if (!shot) return;
      const t = tally(shot.kind);
      const sent = performance.now();
      let error: string | undefined;
      try {
        error = judge(await send(agent, origin, shot, timeoutMs), shot);
      } catch (failure) {
        const code = (failure as NodeJS.ErrnoException).code;
        error = code === 'timeout' ? 'timeout' : `network ${code ?? (failure as Error).message}`;
      }
      t.latencies.push(performance.now() - sent);
      requests++;
      if (error) {
        errors++;
        t.errors.set(error, (t.errors.get(error) ?? 0) + 1);
      }
    }
  };

  const done = Promise.all(options.users.map(loop)).then((): DriveResult => {
    clearTimeout(timer);
    agent.destroy();
    const seconds = (performance.now() - started) / 1000;
    const all: number[] = [];
    const kinds = [...tallies.entries()].map(([kind, t]): KindResult => {
      const sorted = [...t.latencies].sort((a, b) => a - b);
      for (const l of sorted) all.push(l);
      return {
        kind,
        requests: sorted.length,
        errors: Object.fromEntries(t.errors),
        p50: round(percentile(sorted, 50)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted[sorted.length - 1] ?? 0),
      };
    });
    all.sort((a, b) => a - b);
    return {
      seconds: round(seconds),
      requests,
      errors,
      rps: Math.round(requests / seconds),
      p50: round(percentile(all, 50)),
      p99: round(percentile(all, 99)),
      kinds: kinds.sort((a, b) => b.requests - a.requests),
    };
  });
  return {
    progress: () => ({ requests, errors }),
    stop: () => {
      stopped = true;
    },
    done,
  };
}
