import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { register } from 'tsx/esm/api';

/**
 * The real API server for element tests: the Hono app is booted in-process (migrated and seeded
 * PGlite in a throw-away folder) and the test runner's dev server hands every `/api/*` request to
 * it, so elements under test talk to the real server on their own origin.
 */
export function realApi() {
  let booted;
  let dataDir;
  const app = () => {
    booted ??= (async () => {
      register();
      const { boot } = await import('../server/boot.ts');
      const { loadConfig } = await import('../server/config.ts');
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-wtr-'));
      return boot({ ...loadConfig({}), dataDir, distDir: path.resolve('dist') });
    })();
    return booted;
  };

  return {
    name: 'lp-real-api',
    async serverStart() {
      await app();
    },
    async serverStop() {
      if (!booted) return;
      const { database } = await booted;
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
    /**
     * Test commands on the real database, so each browser test makes its own data
     * (`executeServerCommand`, typed in src/ui/testing/server.ts):
     * `lp-create-user` (options of server/testing/fixtures.ts `createUser`) → the fixture user;
     * `lp-last-sms-code` ({ mobile }) → the 6-digit code last sent to it, or null.
     */
    async executeCommand({ command, payload }) {
      if (command !== 'lp-create-user' && command !== 'lp-last-sms-code') return undefined;
      const { deps } = await app();
      if (command === 'lp-create-user') {
        const { createUser } = await import('../server/testing/fixtures.ts');
        return createUser(deps.db, payload ?? {});
      }
      const { lastSmsCode } = await import('../server/testing/accounts.ts');
      return (await lastSmsCode({ deps }, payload.mobile)) ?? null;
    },
    /** Koa middleware: `/api/*` → the real app. */
    middleware: async (ctx, next) => {
      if (!ctx.url.startsWith('/api/')) return next();
      const { app: hono } = await app();
      const chunks = [];
      for await (const chunk of ctx.req) chunks.push(chunk);
      const body = chunks.length ? Buffer.concat(chunks) : undefined;
      const headers = new Headers();
      for (const [key, value] of Object.entries(ctx.req.headers)) {
        if (typeof value === 'string') headers.set(key, value);
      }
      const request = new Request(`http://${ctx.host}${ctx.url}`, {
        method: ctx.method,
        headers,
        ...(body && ctx.method !== 'GET' && ctx.method !== 'HEAD' ? { body } : {}),
      });
      const response = await hono.fetch(request);
      ctx.status = response.status;
      for (const [key, value] of response.headers) ctx.set(key, value);
      // The test runner's own cache middleware (outside this one) marks every path with an
      // extension `public, max-age=31536000`, which would let the browser answer a later GET of
      // the same `*.html` call from its cache (a stale customer list after a switch): keep ours.
      const set = ctx.response.set.bind(ctx.response);
      ctx.response.set = (key, value) => {
        if (typeof key === 'string' && key.toLowerCase() === 'cache-control') return;
        set(key, value);
      };
      ctx.body = Buffer.from(await response.arrayBuffer());
    },
  };
}
