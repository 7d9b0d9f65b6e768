import { execFile } from 'node:child_process';

/** One request a child process sends with Node's own `fetch` (undici). */
export interface ChildRequest {
  url: string;
  headers?: Record<string, string>;
  /** The body: JSON of one string field of `bytes` characters, or a multipart upload of `bytes`. */
  body:
    | { kind: 'json'; field: string; bytes: number; extra?: Record<string, string> }
    | { kind: 'multipart'; fields: Record<string, string>; file: string; bytes: number };
}

/** What the child saw of one request: the HTTP status and envelope code, or the error's code. */
export type ChildResult = { status: number; code: number | null } | { error: string };

/**
 * The child's program: sends the request `times` times, one after another, and prints what each
 * answered. A process of its own, so that the server under test and the client do not take turns
 * on one event loop (in one process the server reads as fast as the client writes, and a client
 * cut off mid-body is never seen).
 */
const PROGRAM = `
const { request, times } = JSON.parse(process.env.LP_CHILD_FETCH);
const body = () => {
  const b = request.body;
  if (b.kind === 'json') return JSON.stringify({ ...(b.extra ?? {}), [b.field]: 'x'.repeat(b.bytes) });
  const form = new FormData();
  for (const [k, v] of Object.entries(b.fields)) form.set(k, v);
  const bytes = new Uint8Array(b.bytes).fill(0x20);
  bytes.set(new TextEncoder().encode('%PDF-1.4\\n'), 0);
  form.set(b.file, new Blob([bytes], { type: 'application/pdf' }), 'big.pdf');
  return form;
};
const results = [];
for (let i = 0; i < times; i++) {
  try {
    const headers = { ...(request.headers ?? {}) };
    if (request.body.kind === 'json') headers['content-type'] = 'application/json';
    const res = await fetch(request.url, { method: 'POST', headers, body: body() });
    const text = await res.text();
    let code = null;
    try { code = JSON.parse(text).code; } catch {}
    results.push({ status: res.status, code });
  } catch (error) {
    results.push({ error: String(error?.cause?.code ?? error?.code ?? error?.message ?? error) });
  }
}
process.stdout.write(JSON.stringify(results));
`;

/** Sends `request` `times` times from a child Node process; resolves with what each answered. */
export function fetchInChild(request: ChildRequest, times: number): Promise<ChildResult[]> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '-e', PROGRAM],
      {
        env: { ...process.env, LP_CHILD_FETCH: JSON.stringify({ request, times }) },
        maxBuffer: 1 << 20,
        timeout: 170_000,
      },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`the fetch child failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout) as ChildResult[]);
      },
    );
  });
}
