import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a test receiver got. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/** How the receiver answers a request (the default: 200 `ok`). */
export type Answer =
  | { status: number; body?: string; headers?: Record<string, string> }
  /** Never answers (a timeout on the sender's side). */
  | 'hang'
  /** Holds its answer (200 `ok`) until the test calls `release()`: a slow receiver, no clock. */
  | 'hold';

/**
 * A webhook receiver on the loopback (a real node:http server on a free port of 127.0.0.1): keeps
 * what it got, answers as the test says (`answer`, per request), and tells when `n` have come.
 */
export async function webhookReceiver(answer: (r: Received) => Answer = () => ({ status: 200, body: 'ok' })) {
  const received: Received[] = [];
  const waiters: Array<{ n: number; done: () => void }> = [];
  const hanging = new Set<http.ServerResponse>();
  const held = new Set<http.ServerResponse>();
  let respond = answer;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: performance.now(),
      };
      received.push(r);
      for (const w of waiters.splice(0)) {
        if (received.length >= w.n) w.done();
        else waiters.push(w);
      }
      const a = respond(r);
      if (a === 'hang') {
        hanging.add(res);
        return;
      }
      if (a === 'hold') {
        held.add(res);
        return;
      }
      res.writeHead(a.status, { 'content-type': 'text/plain', ...a.headers });
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    /** Answers from now on as `a` says. */
    answer(a: (r: Received) => Answer) {
      respond = a;
    },
    /** How many answers are held now. */
    get holding() {
      return held.size;
    },
    /** Answers every held request (200 `ok`). */
    release() {
      for (const res of held) {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      }
      held.clear();
    },
    /** Resolves once `n` requests have come in all. */
    got(n: number): Promise<void> {
      if (received.length >= n) return Promise.resolve();
      return new Promise((done) => waiters.push({ n, done }));
    },
    async close() {
      for (const res of [...hanging, ...held]) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof webhookReceiver>>;

/** A loopback port nothing listens on (a server opened and closed at once): connection refused. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
