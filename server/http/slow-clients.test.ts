import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES } from '../testing/file-fixtures.ts';
import { createUser, loginAs } from '../testing/fixtures.ts';
import { createOrder } from '../testing/order-fixtures.ts';
import { type ServedTestApp, serveTestApp, testApp, testDatabase, unique } from '../testing/test-app.ts';

/**
 * Slow clients against the served app over real sockets from several loopback addresses
 * (127.0.0.2 and up reach a server on 127.0.0.1; the server sees each as the client's address):
 * a body that falls behind its pace is answered 408 with nothing done, and one address cannot
 * hold more than its share of requests in progress.
 */
const served: ServedTestApp[] = [];
beforeAll(() => testDatabase());
afterAll(async () => {
  for (const s of served) await s.close();
});

interface Answer {
  status: number;
  code: number | null;
  retryAfter: string | undefined;
  connection: string | undefined;
}

/** A request whose body the test sends piece by piece; `answer` settles when the server answers. */
interface Pending {
  req: http.ClientRequest;
  answer: Promise<Answer>;
  /** Whether an answer (or an error) has come. */
  settled(): boolean;
}

function open(
  port: number,
  options: { from: string; path: string; method?: string; headers?: Record<string, string | number> },
): Pending {
  let settled = false;
  const req = http.request({
    host: '127.0.0.1',
    port,
    localAddress: options.from,
    agent: false,
    method: options.method ?? 'POST',
    path: options.path,
    headers: { 'accept-language': 'en', ...options.headers },
  });
  const answer = new Promise<Answer>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        settled = true;
        let code: number | null = null;
        try {
          code = (JSON.parse(text) as { code: number }).code;
        } catch {
          // not an envelope
        }
        resolve({
          status: res.statusCode ?? 0,
          code,
          retryAfter: res.headers['retry-after'],
          connection: res.headers.connection,
        });
      });
    });
    req.on('error', (error) => {
      settled = true;
      reject(error);
    });
  });
  answer.catch(() => {});
  req.flushHeaders();
  return { req, answer, settled: () => settled };
}

/** Sends `chunk` every `ms` until the request has its answer; resolves with how long it took. */
function drip(pending: Pending, chunk: string | Buffer, ms: number): Promise<number> {
  const started = performance.now();
  const timer = setInterval(() => {
    if (!pending.settled()) pending.req.write(chunk);
  }, ms);
  return pending.answer.then(
    () => {
      clearInterval(timer);
      return performance.now() - started;
    },
    (error: unknown) => {
      clearInterval(timer);
      throw error;
    },
  );
}

/** Resolves once `check` holds (polled), failing after `ms`. */
async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a request body that falls behind its pace', () => {
  it('is answered 408 and nothing of it is done, while a body at the pace goes through', async () => {
    // 6 s plus a second per 500 bytes: a client sending 100 bytes a second falls behind in about
    // 10 s, while the paced one below has about 10 s for what it sends in under 1 s (room for a
    // machine so busy that timers fire seconds late)
    const t = await testApp({ bodyTimeoutMs: 6_000, bodyMinRate: 500 });
    const s = await serveTestApp(t);
    served.push(s);
    const user = await createUser(t.deps.db);
    const token = await loginAs(t, user);
    const order = await createOrder(t.deps.db, user.customers[0]!.cu_id);

    // An upload of a 64 kB PDF whose file dribbles in after its first kilobyte.
    const boundary = 'lp-slow-7c1';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n${order.id}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nother\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n';
    const file = Buffer.alloc(64 * 1024, 0x20);
    SAMPLES.pdf().copy(file, 0);
    const upload = open(s.port, {
      from: '127.0.0.2',
      path: '/api/customer-order/upload.html',
      headers: {
        'x-token': token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + file.length + boundary.length + 8,
      },
    });
    upload.req.write(head);
    upload.req.write(file.subarray(0, 1024));
    // An error report (a write) whose JSON dribbles in: 10 bytes every 100 ms.
    const marker = unique('slow');
    const remarkBody = JSON.stringify({ message: marker, url: '/', tag: marker });
    const remark = open(s.port, {
      from: '127.0.0.3',
      path: '/api/common/error-log.html',
      headers: { 'content-type': 'application/json', 'content-length': remarkBody.length + 10_000 },
    });
    remark.req.write(remarkBody.slice(0, 10));
    // A client above the pace, from a third address: 1 kB at once, then 200 bytes every 100 ms.
    const pacedBody = JSON.stringify({ message: `${marker}-paced`, url: `/${'x'.repeat(1900)}` });
    const paced = open(s.port, {
      from: '127.0.0.4',
      path: '/api/common/error-log.html',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(pacedBody) },
    });
    paced.req.write(pacedBody.slice(0, 1000));
    let sent = 1000;
    const pacer = setInterval(() => {
      paced.req.write(pacedBody.slice(sent, sent + 200));
      sent += 200;
      if (sent >= pacedBody.length) {
        clearInterval(pacer);
        paced.req.end();
      }
    }, 100);

    const [uploadMs, remarkMs] = await Promise.all([
      drip(upload, Buffer.alloc(10, 0x20), 100),
      drip(remark, ' '.repeat(10), 100),
    ]);
    for (const answer of [await upload.answer, await remark.answer]) {
      expect(answer).toMatchObject({ status: 408, code: 408, connection: 'close' });
    }
    // cut after the pace's seconds, never the 5 minutes of the whole request
    expect(uploadMs).toBeLessThan(60_000);
    expect(remarkMs).toBeLessThan(60_000);
    expect((await paced.answer).code).toBe(0);

    const attachments = await t.deps.db
      .selectFrom('order_attachments')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(attachments).toEqual([]);
    const logs = await t.deps.db
      .selectFrom('error_logs')
      .select('message')
      .where('message', 'like', `${marker}%`)
      .execute();
    expect(logs.map((l) => l.message)).toEqual([`${marker}-paced`]);
  }, 120_000);
});

describe('requests in progress per client address', () => {
  it('one address holds at most its share (429 beyond it, at once) and cannot starve another', async () => {
    // bodies may take a minute here: the held requests stay held while the test looks
    const t = await testApp({ maxRequestsPerAddress: 4, bodyTimeoutMs: 60_000 });
    const s = await serveTestApp(t);
    served.push(s);
    const attacker = '127.0.0.5';
    const slowLogin = () =>
      open(s.port, {
        from: attacker,
        path: '/api/user/login.html',
        headers: { 'content-type': 'application/json', 'content-length': 10_000 },
      });
    const held: Pending[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        const pending = slowLogin();
        pending.req.write('{"username"');
        held.push(pending);
      }
      // Six of the ten are refused at once; four are in progress, waiting for their bodies.
      await until(() => held.filter((p) => p.settled()).length >= 6, 15_000);
      const refused = held.filter((p) => p.settled());
      expect(refused).toHaveLength(6);
      for (const p of refused) {
        expect(await p.answer).toEqual({ status: 429, code: 429, retryAfter: '1', connection: 'close' });
      }

      // Meanwhile other addresses are served, each within its own share.
      for (const from of ['127.0.0.6', '127.0.0.7']) {
        const answers = await Promise.all(
          Array.from({ length: 4 }, () => {
            const p = open(s.port, { from, method: 'GET', path: '/api/common/get-qa-config.html' });
            p.req.end();
            return p.answer;
          }),
        );
        expect(answers.map((a) => [a.status, a.code])).toEqual(Array(4).fill([200, 0]));
      }
      expect(held.filter((p) => p.settled())).toHaveLength(6);
    } finally {
      for (const p of held) p.req.destroy();
    }
    // Once its held requests are gone, the address is served again.
    let answer: Answer | undefined;
    const end = Date.now() + 30_000;
    while (Date.now() < end) {
      const p = open(s.port, { from: attacker, method: 'GET', path: '/api/common/get-qa-config.html' });
      p.req.end();
      answer = await p.answer;
      if (answer.code === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(answer?.code).toBe(0);
  }, 90_000);

  it('behind a trusted proxy, counts the forwarded client, not the proxy', async () => {
    const t = await testApp({
      maxRequestsPerAddress: 2,
      bodyTimeoutMs: 60_000,
      trustedProxies: ['127.0.0.8'],
    });
    const s = await serveTestApp(t);
    served.push(s);
    const via = (client: string) => {
      const p = open(s.port, {
        from: '127.0.0.8',
        path: '/api/user/login.html',
        headers: { 'content-type': 'application/json', 'content-length': 10_000, 'x-forwarded-for': client },
      });
      p.req.write('{"username"');
      return p;
    };
    const pending = [via('203.0.113.9'), via('203.0.113.9'), via('203.0.113.9')];
    try {
      await until(() => pending[2]!.settled(), 15_000);
      expect((await pending[2]!.answer).code).toBe(429);
      // another client behind the same proxy has its own share
      const other = open(s.port, {
        from: '127.0.0.8',
        method: 'GET',
        path: '/api/common/get-qa-config.html',
        headers: { 'x-forwarded-for': '203.0.113.10' },
      });
      other.req.end();
      expect((await other.answer).code).toBe(0);
      expect(pending[0]!.settled() || pending[1]!.settled()).toBe(false);
    } finally {
      for (const p of pending) p.req.destroy();
    }
  }, 60_000);
});
