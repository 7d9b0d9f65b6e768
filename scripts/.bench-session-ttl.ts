// One-off measurement for docs/decisions/session-cache.md (not a committed script).
import autocannon from 'autocannon';
import { serve } from '@hono/node-server';
import { startThrowawayPostgres } from './postgres.mjs';
import { boot } from '../server/boot.ts';
import { loadConfig } from '../server/config.ts';
import { attachSessionCache } from '../server/areas/accounts/sessions.ts';
import { createUser } from '../server/testing/fixtures.ts';

const USERS = Number(process.env.USERS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 8);
const pg = await startThrowawayPostgres();
try {
  const b = await boot({ ...loadConfig({ DATABASE_URL: pg.url, NODE_ENV: 'test' }), distDir: '/nonexistent', rateLimits: false, filesDir: '/tmp/lp-bus/files' });
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const u = await createUser(b.deps.db);
    const res = await b.app.request('/api/user/login.html', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: u.username, password: u.password }) });
    tokens.push(((await res.json()) as { data: { access_token: string } }).data.access_token);
  }
  const server = serve({ fetch: b.app.fetch, port: 8621, hostname: '127.0.0.1' });
  for (const ttl of (process.env.ORDER ?? "0,1000,30000").split(",").map(Number)) {
    attachSessionCache(b.deps.db, b.deps.bus, ttl);
    let i = 0;
    const result = await autocannon({
      url: 'http://127.0.0.1:8621/api/user/get-user-info.html',
      connections: 50,
      duration: SECONDS,
      requests: [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-token': tokens[i++ % tokens.length] as string } }) }],
    });
    console.log(`TTL ${ttl} ms, ${USERS} sessions round robin: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non2xx ${result.non2xx}`);
  }
  server.close();
  await b.database.close();
} finally {
  await pg.stop();
}
