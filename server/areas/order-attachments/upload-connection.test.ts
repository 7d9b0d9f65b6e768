import http from 'node:http';
import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../../../src/contract/order-attachments/schemas.ts';
import { fetchInChild } from '../../testing/fetch-in-child.ts';
import { SAMPLES } from '../../testing/file-fixtures.ts';
import { createUser, loginAs } from '../../testing/fixtures.ts';
import { createOrder } from '../../testing/order-fixtures.ts';
import {
  type ServedTestApp,
  serveTestApp,
  UNHURRIED_LINGER,
  type TestApp,
  testApp,
  testDatabase,
} from '../../testing/test-app.ts';

/**
 * Uploads over a real socket, as a keep-alive client sends them: a file over 20 MB is refused
 * with 413 and the client's next requests still get their answers; a 20 MB file is streamed to
 * storage and kept.
 */
let t: TestApp;
let served: ServedTestApp;
let port = 0;
let token = '';
let orderId = 0;

beforeAll(async () => {
  await testDatabase();
  t = await testApp();
  const user = await createUser(t.deps.db);
  token = await loginAs(t, user);
  orderId = (await createOrder(t.deps.db, user.customers[0]!.cu_id)).id;
  served = await serveTestApp(t, { linger: UNHURRIED_LINGER });
  port = served.port;
});
afterAll(() => served.close());

interface Answer {
  status: number;
  code: number | null;
  socket: number;
}

/** A multipart upload of `file` (PDF-headed, `size` bytes) over `agent`; `chunked` leaves out Content-Length. */
function send(
  agent: http.Agent,
  sockets: net.Socket[],
  size: number,
  options: { chunked?: boolean; token?: string } = {},
): Promise<Answer> {
  const boundary = '----lp-test-boundary-7d1f';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${orderId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nother\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const pdf = SAMPLES.pdf();
  const file = Buffer.alloc(size, 0x20);
  pdf.copy(file, 0);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-token': options.token ?? token,
    };
    if (!options.chunked) headers['content-length'] = head.length + file.length + tail.length;
    const req = http.request(
      { host: '127.0.0.1', port, path: '/api/customer-order/upload.html', method: 'POST', agent, headers },
      (res) => answer(req, res, sockets, resolve),
    );
    req.on('error', reject);
    req.write(head);
    // in 1 MB pieces, as a client on a network sends it
    for (let at = 0; at < file.length; at += 1 << 20) req.write(file.subarray(at, at + (1 << 20)));
    req.end(tail);
  });
}

function answer(
  req: http.ClientRequest,
  res: http.IncomingMessage,
  sockets: net.Socket[],
  resolve: (a: Answer) => void,
) {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => {
    let code: number | null = null;
    try {
      code = (JSON.parse(Buffer.concat(chunks).toString()) as { code: number }).code;
    } catch {
      // not an envelope
    }
    if (!sockets.includes(req.socket!)) sockets.push(req.socket!);
    resolve({ status: res.statusCode ?? 0, code, socket: sockets.indexOf(req.socket!) });
  });
}

/** A small JSON call (the landing page) over `agent`. */
function landing(agent: http.Agent, sockets: net.Socket[]): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/customer-order/attachment.html',
        agent,
        headers: { 'x-token': token },
      },
      (res) => answer(req, res, sockets, resolve),
    );
    req.on('error', reject);
    req.end();
  });
}

const filesCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('uploads over a keep-alive connection', () => {
  it('a file of 20 MB is streamed and kept; one byte more is 413 and the client’s next calls still work', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets: net.Socket[] = [];
    try {
      const started = performance.now();
      const kept = await send(agent, sockets, ATTACHMENT_MAX_BYTES);
      const ms = performance.now() - started;
      expect([kept.status, kept.code]).toEqual([200, 0]);
      console.info(`[upload] 20 MB over a local socket: ${Math.round(ms)} ms`);
      const before = await filesCount();

      const over = await send(agent, sockets, ATTACHMENT_MAX_BYTES + 1);
      expect([over.status, over.code]).toEqual([413, 413]);
      for (let i = 0; i < 3; i++)
        expect(await landing(agent, sockets)).toMatchObject({ status: 200, code: 0 });

      // the same without a Content-Length: refused while streaming, nothing kept
      const chunked = await send(agent, sockets, ATTACHMENT_MAX_BYTES + 100_000, { chunked: true });
      expect([chunked.status, chunked.code]).toEqual([413, 413]);
      expect(await landing(agent, sockets)).toMatchObject({ status: 200, code: 0 });
      expect(await filesCount()).toBe(before);
    } finally {
      agent.destroy();
    }
  }, 60_000);

  it('Node’s fetch reads the 413 of every oversize upload: the rest of the body is read and thrown away', async () => {
    // Node's fetch (undici) sends the whole body before it reads the answer; a server that closed
    // with the body unread reset the connection under it (EPIPE, 17 of 20 in issue 27).
    const before = await filesCount();
    const results = await fetchInChild(
      {
        url: `${served.url}/api/customer-order/upload.html`,
        headers: { 'x-token': token },
        body: {
          kind: 'multipart',
          fields: { id: String(orderId), kind: 'other' },
          file: 'file',
          bytes: ATTACHMENT_MAX_BYTES + 5 * 1024 * 1024,
        },
      },
      // (eight of 25 MB: before the lingering close none of them was read)
      8,
    );
    expect(results).toEqual(Array.from({ length: 8 }, () => ({ status: 413, code: 413 })));
    expect(await filesCount()).toBe(before);
  }, 180_000);

  it('an upload refused before its body is read (no session) leaves the connection usable', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets: net.Socket[] = [];
    try {
      for (const chunked of [false, true]) {
        const refused = await send(agent, sockets, 5 * 1024 * 1024, { chunked, token: 'not-a-token' });
        expect([refused.status, refused.code]).toEqual([200, 598]);
        expect(await landing(agent, sockets)).toMatchObject({ status: 200, code: 0 });
      }
    } finally {
      agent.destroy();
    }
  });

  it('a declared length far over the limit is refused before the body is read', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const sockets: net.Socket[] = [];
    try {
      const res = await new Promise<Answer>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/customer-order/upload.html',
            method: 'POST',
            agent,
            headers: {
              'content-type': 'multipart/form-data; boundary=x',
              'content-length': 500 * 1024 * 1024,
              'x-token': token,
            },
          },
          (r) => answer(req, r, sockets, resolve),
        );
        req.on('error', reject);
        req.write('--x\r\n'); // and nothing more: the answer must not wait for 500 MB
      });
      expect([res.status, res.code]).toEqual([413, 413]);
      expect(await landing(agent, sockets)).toMatchObject({ status: 200, code: 0 });
    } finally {
      agent.destroy();
    }
  });
});
