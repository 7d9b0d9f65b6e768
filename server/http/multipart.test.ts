import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '../../src/contract/codes.ts';
import { Text } from '../../src/contract/fields.ts';
import { operation } from '../../src/contract/operation.ts';
import { type TestApp, testApp, testDatabase } from '../testing/test-app.ts';
import { boundaryOf } from './multipart.ts';
import { handle } from './route.ts';

beforeAll(() => testDatabase());

/** A public multipart probe that answers what arrived (and removes the stored file). */
const probe = operation({
  area: 'probe',
  method: 'POST',
  path: '__probe/upload',
  summary: 'probe',
  auth: 'public',
  input: v.strictObject({ note: Text(100) }),
  output: v.unknown(),
  encoding: 'multipart',
  upload: { field: 'file', maxBytes: 1000 },
});

const routes = [
  handle(probe, async ({ input, file, deps }) => {
    const answer = { input, name: file!.name, size: file!.size, sha256: file!.sha256 };
    await deps.storage.remove(file!.key);
    return answer;
  }),
];

let t: TestApp;
beforeAll(async () => {
  t = await testApp({}, { routes });
});

/** Sends `body` in pieces of `piece` bytes (a slow network splits a body anywhere). */
async function send(body: string | Uint8Array, boundary: string, piece: number) {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < bytes.length; at += piece) controller.enqueue(bytes.slice(at, at + piece));
      controller.close();
    },
  });
  const res = await t.app.request('/api/__probe/upload.html', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'en' },
    body: stream,
    duplex: 'half',
  } as RequestInit);
  return { status: res.status, ...((await res.json()) as { code: number; message: string; data: unknown }) };
}

const form = (boundary: string, content: string, disposition = 'filename="a.txt"') =>
  `preamble to skip\r\n--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\n备注 note\r\n` +
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: text/plain\r\n\r\n` +
  `${content}\r\n--${boundary}--\r\n`;

describe('multipart bodies', () => {
  it('reads fields and the file whatever the pieces the body arrives in, even a boundary split across them', async () => {
    const boundary = 'b0undary';
    // content that almost contains the delimiter, and ends with most of it
    const content = `line\r\n--b0undar\r\n-b0undary-not\r\n\r\n--b0undar`;
    for (const piece of [1, 2, 3, 7, 64, 4096]) {
      const res = await send(form(boundary, content), boundary, piece);
      expect([res.code, res.message], `pieces of ${piece}`).toEqual([0, 'ok']);
      expect(res.data).toEqual({
        input: { note: '备注 note' },
        name: 'a.txt',
        size: Buffer.byteLength(content),
        sha256: createHash('sha256').update(content).digest('hex'),
      });
    }
  });

  it('takes the UTF-8 name of filename* and the browsers’ %22 in a quoted name', async () => {
    const star = await send(
      form('x1', 'abc', `filename="fallback.txt"; filename*=UTF-8''${encodeURIComponent('装箱单.pdf')}`),
      'x1',
      5,
    );
    expect((star.data as { name: string }).name).toBe('装箱单.pdf');
    const quoted = await send(form('x1', 'abc', 'filename="say %22hi%22.txt"'), 'x1', 5);
    expect((quoted.data as { name: string }).name).toBe('say "hi".txt');
  });

  it('refuses a file over the limit (HTTP 413, connection closed), a truncated body (400), a bad field (422)', async () => {
    const over = await send(form('b', 'x'.repeat(1001)), 'b', 100);
    expect([over.status, over.code]).toEqual([413, Code.tooLarge]);
    const truncated = await send(form('b', 'abc').slice(0, -12), 'b', 10);
    expect(truncated.code).toBe(Code.badRequest);
    const bad = await send(form('b', 'abc').replace('备注 note', 'x'.repeat(101)), 'b', 10);
    expect(bad.code).toBe(Code.invalid);
    expect(bad.data).toHaveProperty('note');
    const second = form('b', 'abc').replace(
      '--b--',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="two.txt"\r\n\r\nzz\r\n--b--',
    );
    expect((await send(second, 'b', 10)).code).toBe(Code.badRequest);
  });

  it('knows a boundary when it sees one', () => {
    expect(boundaryOf('multipart/form-data; boundary=----WebKitFormBoundaryAbc123')).toBe(
      '----WebKitFormBoundaryAbc123',
    );
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="quoted value"')).toBe('quoted value');
    expect(boundaryOf('multipart/form-data')).toBeNull();
    expect(boundaryOf('application/json; boundary=x')).toBeNull();
    expect(boundaryOf(`multipart/form-data; boundary=${'x'.repeat(71)}`)).toBeNull();
  });
});
