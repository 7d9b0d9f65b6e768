import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { openApiTypes } from '../../scripts/openapi-types/generate.mjs';
import { Code } from '../../src/contract/codes.ts';
import { createUser } from '../testing/fixtures.ts';
import { AnswerChecker } from '../testing/openapi-answers.ts';
import { socketFrom, type TestApp, testApp, testDatabase } from '../testing/test-app.ts';

/**
 * A client generated from the document by third-party tools, as a partner would make one:
 * openapi-typescript writes the types (into typed-client/portal-api.d.ts, ignored by git), the
 * project's tsc checks typed-client/calls.ts against them (its type-level assertions: each code's
 * `data`), and openapi-fetch makes its calls against the real app, every answer checked against
 * the document too.
 */

const FOLDER = path.join(import.meta.dirname, 'typed-client');
const run = promisify(execFile);

/**
 * What the test calls of typed-client/calls.ts. The module is imported by its path at run time:
 * the project's tsc would otherwise follow the import into it, and it compiles only against the
 * types made here (its own check is the first test).
 */
interface Calls {
  portalClient(fetch: (request: Request) => Promise<Response>, token?: string): unknown;
  login(portal: unknown, username: string, password: string): Promise<string>;
  wrongLogin(portal: unknown, username: string): Promise<unknown>;
  userInfo(portal: unknown): Promise<unknown>;
  orders(portal: unknown, limit: number): Promise<unknown>;
  merge(portal: unknown, ids: number[], key: string): Promise<unknown>;
  tooLarge(portal: unknown, size: number): Promise<unknown>;
}
let calls: Calls;

let t: TestApp;
let checker: AnswerChecker;

/** The app as openapi-fetch's `fetch`, each answer checked against the document. */
const fetchOf = (app: TestApp) => async (request: Request) => {
  const res = await app.app.fetch(request, socketFrom(app.address));
  await checker.check(request.method, request.url, res.clone());
  return res;
};

beforeAll(async () => {
  await testDatabase();
  t = await testApp();
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as Record<string, unknown>;
  checker = new AnswerChecker(doc);
  await writeFile(path.join(FOLDER, 'portal-api.d.ts'), await openApiTypes(doc));
  calls = (await import(/* @vite-ignore */ path.join(FOLDER, 'calls.ts'))) as Calls;
}, 60_000);

describe('a typed client generated from /api/openapi.json', () => {
  it('compiles: the generated types type each answer’s data by its code', async () => {
    const tsc = path.join(import.meta.dirname, '../../node_modules/.bin/tsc');
    const result = await run(tsc, ['-p', path.join(FOLDER, 'tsconfig.json'), '--noEmit'], {
      encoding: 'utf8',
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(result.stdout).toBe('');
  }, 60_000);

  it('makes real calls, and reads the success and the refusals as typed', async () => {
    const user = await createUser(t.deps.db);
    const anonymous = calls.portalClient(fetchOf(t));
    const token = await calls.login(anonymous, user.username, user.password);
    const portal = calls.portalClient(fetchOf(t), token);
    expect(await calls.userInfo(portal)).toMatchObject({ code: 0, uid: user.uid });
    expect(await calls.userInfo(anonymous)).toEqual({ code: Code.sessionExpired, data: null });
    expect(await calls.wrongLogin(anonymous, user.username)).toEqual({
      code: Code.wrongCredentials,
      captcha: false,
    });
    expect(await calls.orders(portal, 5)).toEqual({ code: 0, total: 0 });
    expect(await calls.merge(portal, [2147483000, 2147483001], 'typed-client-0001')).toMatchObject({
      code: Code.notFound,
    });
    const small = await testApp({ bodyLimit: 1000 });
    expect(await calls.tooLarge(calls.portalClient(fetchOf(small), token), 2000)).toEqual({
      status: 413,
      code: Code.tooLarge,
    });
    expect(checker.problems).toEqual([]);
    expect(checker.checked.length).toBe(7);
  });
});
