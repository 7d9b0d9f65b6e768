import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drive, type Shot, type VirtualUser } from './load-driver.ts';

/** A server that answers by path: an envelope, another code, a 500, or a cut connection. */
let server: http.Server;
let origin: string;
const seenConnections = new Set<string>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seenConnections.add(`${req.socket.remotePort}`);
    const path = req.url ?? '';
    if (path.startsWith('/cut')) return req.socket.destroy();
    if (path.startsWith('/fail')) {
      res.writeHead(500).end('{}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (path.startsWith('/conflict')) return res.end('{"code":409,"message":"stale","data":null}');
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => res.end(JSON.stringify({ code: 0, message: '', data: { echo: body || path } })));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A user that sends `shots` once each, in order. */
const scripted = (shots: Shot[]): VirtualUser => {
  let i = 0;
  return { next: () => shots[i++] ?? null };
};

describe('drive', () => {
  it('counts each answer under its kind, errors by what went wrong, and hands data on', async () => {
    const echoed: unknown[] = [];
    const user = scripted([
      { kind: 'read', method: 'GET', path: '/ok' },
      {
        kind: 'write',
        method: 'POST',
        path: '/ok',
        body: 'saved',
        onAnswer: (data) => {
          echoed.push(data);
          return undefined;
        },
      },
      { kind: 'write', method: 'POST', path: '/conflict', body: 'x' },
      { kind: 'write', method: 'GET', path: '/ok', onAnswer: () => 'second order' },
      { kind: 'read', method: 'GET', path: '/fail' },
      { kind: 'read', method: 'GET', path: '/cut' },
      { kind: 'read', method: 'GET', path: '/ok' },
    ]);
    const result = await drive({ origin, users: [user], durationMs: 60_000 }).done;
    expect(echoed).toEqual([{ echo: 'saved' }]);
    expect(result.requests).toBe(7);
    expect(result.errors).toBe(4);
    const byKind = Object.fromEntries(result.kinds.map((k) => [k.kind, k]));
    expect(byKind.write).toMatchObject({ requests: 3, errors: { 'code 409': 1, 'second order': 1 } });
    expect(byKind.read?.requests).toBe(4);
    expect(byKind.read?.errors['http 500']).toBe(1);
    expect(Object.keys(byKind.read?.errors ?? {}).some((name) => name.startsWith('network'))).toBe(true);
    expect(result.p99).toBeGreaterThanOrEqual(result.p50);
  });

  it('keeps one connection per virtual user and stops every user when told', async () => {
    seenConnections.clear();
    const endless = (): VirtualUser => ({ next: () => ({ kind: 'read', method: 'GET', path: '/ok' }) });
    const run = drive({ origin, users: [endless(), endless(), endless()], durationMs: 60_000 });
    while (run.progress().requests < 30) await new Promise((resolve) => setImmediate(resolve));
    run.stop();
    const result = await run.done;
    expect(result.errors).toBe(0);
    expect(result.requests).toBeGreaterThanOrEqual(30);
    expect(seenConnections.size).toBe(3);
  });
});
