import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type Serving, startServing } from './serving.ts';

/**
 * One process's HTTP server (server/serving.ts): how it drains on SIGTERM and how it treats slow
 * clients. A small fetch handler stands in for the app: `/slow` answers when the test opens its
 * gate, anything else at once.
 */
let gate: () => void = () => {};
let reached = false;
const opened = () =>
  new Promise<void>((resolve) => {
    gate = resolve;
  });

async function handler(request: Request): Promise<Response> {
  if (new URL(request.url).pathname === '/slow') {
    reached = true;
    await opened();
  }
  return new Response('answered');
}

const running: Serving[] = [];
afterEach(async () => {
  gate();
  reached = false;
  for (const s of running.splice(0)) await s.drain(100);
});

async function serve(headersTimeoutMs = 10_000): Promise<Serving> {
  const serving = await startServing(handler, { port: 0, host: '127.0.0.1', tls: null, headersTimeoutMs });
  running.push(serving);
  return serving;
}

interface Answer {
  status: number;
  body: string;
  connection: string | undefined;
}

/** A GET over `agent` (keep-alive when the agent keeps connections). */
function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
        );
      })
      .on('error', reject);
  });
}

/** Resolves once `check` holds (polled every 10 ms), failing after `ms`. */
async function until(check: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const connects = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('draining (SIGTERM)', () => {
  it('answers the request in flight, closes idle keep-alive connections at once, and accepts no new connection', async () => {
    const s = await serve();
    const { port } = s.address;
    // An idle keep-alive connection (a browser between two calls)…
    const idleAgent = new http.Agent({ keepAlive: true });
    expect((await get(port, '/', idleAgent)).status).toBe(200);
    const idle = Object.values(idleAgent.freeSockets).flat()[0]!;
    const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));
    // …and a request being worked on, on a keep-alive connection of its own.
    const agent = new http.Agent({ keepAlive: true });
    const slow = get(port, '/slow', agent);
    await until(() => reached);

    const drained = s.drain(5_000);
    await idleClosed;
    expect(await connects(port)).toBe(false);
    gate();
    const answer = await slow;
    expect(answer).toEqual({ status: 200, body: 'answered', connection: 'close' });
    expect(await drained).toEqual({ cut: 0 });
    agent.destroy();
    idleAgent.destroy();
  });

  it('closes a request still running at the deadline, and says so', async () => {
    const s = await serve();
    const agent = new http.Agent({ keepAlive: true });
    const slow = get(s.address.port, '/slow', agent);
    const failed = slow.then(
      () => 'answered',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await until(() => reached);
    const started = Date.now();
    expect(await s.drain(300)).toEqual({ cut: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await failed).toBe('ECONNRESET');
    agent.destroy();
  });
});

describe('slow clients', () => {
  it('a client dribbling its headers does not delay other calls, and gets 408 after HEADERS_TIMEOUT_MS', async () => {
    const s = await serve(1_500);
    const { port } = s.address;
    // Twenty clients that send a header line every 100 ms and never finish the head.
    const slowClients = Array.from({ length: 20 }, () => {
      const socket = net.connect(port, '127.0.0.1');
      let received = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        received += chunk;
      });
      socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      let n = 0;
      const drip = setInterval(() => socket.write(`X-Drip-${n++}: 1\r\n`), 100);
      const closed = new Promise<string>((resolve) =>
        socket.once('close', () => {
          clearInterval(drip);
          resolve(received);
        }),
      );
      socket.on('error', () => {});
      let open = true;
      void closed.then(() => {
        open = false;
      });
      return { closed, started: Date.now(), isOpen: () => open };
    });

    const agent = new http.Agent({ keepAlive: false });
    for (let i = 0; i < 10; i++) {
      const started = performance.now();
      expect((await get(port, '/', agent)).body).toBe('answered');
      // (a shared two-core machine: a generous bound, far below the slow clients' 1.5 s)
      expect(performance.now() - started).toBeLessThan(500);
    }
    expect(
      slowClients.every((c) => c.isOpen()),
      'the slow clients were still sending meanwhile',
    ).toBe(true);
    for (const client of slowClients) {
      expect(await client.closed).toMatch(/^HTTP\/1\.1 408 /);
      // the timeout, checked every second: never the 60 s of Node's default
      expect(Date.now() - client.started).toBeLessThan(4_000);
    }
  });
});
