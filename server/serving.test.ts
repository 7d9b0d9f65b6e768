import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LingerBounds } from './http/lingering-close.ts';
import { KEEP_ALIVE_MS, type Serving, startServing } from './serving.ts';

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
  // A refusal before the body is read, as the app's 413 is: the body is still arriving.
  if (new URL(request.url).pathname === '/refuse') {
    return new Response('refused', { status: 413, headers: { connection: 'close' } });
  }
  // An answer that does not read the body either (a 598 before an upload is read), keep-alive.
  if (new URL(request.url).pathname === '/early') return new Response('refused', { status: 200 });
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

async function serve(headersTimeoutMs = 10_000, linger?: LingerBounds): Promise<Serving> {
  const serving = await startServing(handler, {
    port: 0,
    host: '127.0.0.1',
    tls: null,
    headersTimeoutMs,
    ...(linger ? { linger } : {}),
    overrideGlobalObjects: false,
  });
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

describe('keep-alive', () => {
  it('holds an idle connection longer than clients hold theirs, and says so in the answer', async () => {
    const { address, server } = await serve();
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_MS);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    const agent = new http.Agent({ keepAlive: true });
    try {
      const headers = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port: address.port, path: '/', agent }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.headers));
          })
          .on('error', reject);
      });
      expect(headers.connection).toBe('keep-alive');
      expect(headers['keep-alive']).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
    } finally {
      agent.destroy();
    }
  });
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

/**
 * A client posting a body of `declared` bytes to `/refuse` (answered 413 before its body is read):
 * it sends a first piece, waits for the whole answer, then runs `after` with the socket. Resolves
 * when the server has closed the connection: what was answered, how it ended, how many bytes the
 * client had handed to the network after the answer, and how long after the answer it ended.
 */
function postRefused(
  port: number,
  declared: number,
  after: (socket: net.Socket) => void,
  path = '/refuse',
): Promise<{ answer: string; error: string | null; sentAfter: number; msAfter: number }> {
  return new Promise((resolve) => {
    // (half-open: the server's end of the answer does not end the client's sending)
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    let answeredAt = 0;
    let writtenAtAnswer = 0;
    let error: string | null = null;
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
      if (!answeredAt && answer.endsWith('refused')) {
        answeredAt = performance.now();
        writtenAtAnswer = socket.bytesWritten;
        after(socket);
      }
    });
    socket.on('error', (e: NodeJS.ErrnoException) => {
      error = e.code ?? e.message;
    });
    socket.on('close', () =>
      resolve({
        answer,
        error,
        sentAfter: socket.bytesWritten - writtenAtAnswer,
        msAfter: answeredAt ? performance.now() - answeredAt : -1,
      }),
    );
    socket.write(`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${declared}\r\n\r\n`);
    socket.write(Buffer.alloc(64 * 1024, 0x61));
  });
}

/** Writes `chunk` again and again while the socket takes it, until it closes. */
function sendForever(socket: net.Socket, chunk: Buffer): void {
  const more = () => {
    while (!socket.destroyed && socket.write(chunk));
    if (!socket.destroyed) socket.once('drain', more);
  };
  more();
}

describe('closing with a body still arriving (lingering close)', () => {
  it('reads the rest of the body after a refusal, so the client reads the answer and the connection ends cleanly', async () => {
    const s = await serve();
    const declared = 8 * 1024 * 1024;
    const result = await postRefused(s.address.port, declared, (socket) => {
      // the rest of the body, sent after the answer came (as Node's fetch and curl do)
      socket.end(Buffer.alloc(declared - 64 * 1024, 0x61));
    });
    expect(result.answer).toMatch(/^HTTP\/1\.1 413 /);
    // nothing unread was left when the server closed: no reset under the client's writes
    expect(result.error).toBeNull();
    expect(result.sentAfter).toBe(declared - 64 * 1024);
  });

  it('closes the connection of an answer sent before its body came, and reads the rest of the body', async () => {
    const s = await serve();
    const declared = 8 * 1024 * 1024;
    const result = await postRefused(
      s.address.port,
      declared,
      (socket) => socket.end(Buffer.alloc(declared - 64 * 1024, 0x61)),
      '/early',
    );
    // not kept alive: the rest of the body is not read at the client's pace as part of the connection
    expect(result.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(result.answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(result.error).toBeNull();
  });

  it('cuts a client that keeps sending once it has sent the most bytes a closing connection reads', async () => {
    const maxBytes = 40 * 1024 * 1024;
    const s = await serve(10_000, { totalMs: 120_000, idleMs: 60_000, maxBytes });
    const result = await postRefused(s.address.port, 10 * 1024 ** 3, (socket) =>
      sendForever(socket, Buffer.alloc(256 * 1024, 0x61)),
    );
    expect(result.answer).toMatch(/^HTTP\/1\.1 413 /);
    // it was read up to the bound, then cut (the time bounds are far: only the bytes can cut it)
    expect(result.sentAfter).toBeGreaterThan(maxBytes);
    expect(result.error).not.toBeNull();
  }, 60_000);

  it('cuts a client that trickles forever after the longest a closing connection lingers', async () => {
    const totalMs = 3_000;
    const s = await serve(10_000, { totalMs, idleMs: 60_000, maxBytes: 64 * 1024 * 1024 });
    const result = await postRefused(s.address.port, 10 * 1024 ** 3, (socket) => {
      const drip = setInterval(() => socket.write('a'.repeat(100)), 50);
      socket.once('close', () => clearInterval(drip));
    });
    expect(result.answer).toMatch(/^HTTP\/1\.1 413 /);
    // not before the bound (the client was still sending; the client reads the answer a little
    // after the server starts counting, hence the margin), and not long after it
    expect(result.msAfter).toBeGreaterThanOrEqual(totalMs - 1_000);
    expect(result.msAfter).toBeLessThan(15_000);
  });

  it('cuts a client that stops sending after the longest wait for its next byte', async () => {
    const idleMs = 2_000;
    const s = await serve(10_000, { totalMs: 60_000, idleMs, maxBytes: 64 * 1024 * 1024 });
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        s.server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
      );
    let answeredAt = 0;
    let client: net.Socket | undefined;
    const answer = postRefused(s.address.port, 10 * 1024 ** 3, (socket) => {
      // sends nothing more, and leaves its side open: only the server can end this
      answeredAt = performance.now();
      client = socket;
    });
    await until(() => answeredAt > 0, 10_000);
    const end = Date.now() + 15_000;
    while ((await connections()) > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    const msAfter = performance.now() - answeredAt;
    client?.destroy();
    expect((await answer).answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(await connections()).toBe(0);
    expect(msAfter).toBeGreaterThanOrEqual(idleMs - 1_000);
    expect(msAfter).toBeLessThan(15_000);
  });
});
