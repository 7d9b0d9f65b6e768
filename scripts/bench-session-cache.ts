// The session cache's TTL on PostgreSQL: `npm run bench:session-cache` (docs/decisions/session-cache.md).
// A throw-away PostgreSQL, one server instance in this process (boot() as main.ts does), USERS
// sessions used in turn by 50 autocannon connections on `user/get-user-info`, SECONDS per TTL,
// for each TTL of TTLS (ms, comma-separated; 0 = no cache, as while the bus is down).
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createRequire } from 'node:module';
import { attachSessionCache } from '../server/areas/accounts/sessions.ts';
import { boot } from '../server/boot.ts';
import { loadConfig } from '../server/config.ts';
import { createUser } from '../server/testing/fixtures.ts';
import { startThrowawayPostgres } from './postgres.mjs';

/** What this script uses of autocannon (the package has no types). */
interface Request {
  headers?: Record<string, string>;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  requests: Array<{ setupRequest: (req: Request) => Request }>;
}) => Promise<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
}>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const USERS = Number(process.env.USERS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 8);
const TTLS = (process.env.TTLS ?? '0,1000,30000').split(',').map(Number);

const pg = await startThrowawayPostgres();
const files = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-sessions-'));
try {
  const config = {
    ...loadConfig({ DATABASE_URL: pg.url, NODE_ENV: 'test' }),
    rateLimits: false,
    filesDir: files,
  };
  const b = await boot({ ...config, distDir: '/nonexistent-dist' });
  const tokens: string[] = [];
  for (let i = 0; i < USERS; i++) {
    const user = await createUser(b.deps.db);
    const res = await b.app.request('/api/user/login.html', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: user.username, password: user.password }),
    });
    tokens.push(((await res.json()) as { data: { access_token: string } }).data.access_token);
  }
  const server = serve({ fetch: b.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  for (const ttl of TTLS) {
    attachSessionCache(b.deps.db, b.deps.bus, ttl);
    let i = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/api/user/get-user-info.html`,
      connections: 50,
      duration: SECONDS,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, 'x-token': tokens[i++ % tokens.length] as string },
          }),
        },
      ],
    });
    console.log(
      `TTL ${ttl} ms, ${USERS} sessions in turn: ${Math.round(result.requests.average)} req/s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, non-2xx ${result.non2xx}`,
    );
  }
  server.close();
  await b.database.close();
} finally {
  await pg.stop();
  fs.rmSync(files, { recursive: true, force: true });
}
