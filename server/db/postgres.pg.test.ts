import { afterAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { loadMigrations } from './migrate.ts';

/**
 * The DATABASE_URL path: the same migrations, seed and calls on a real PostgreSQL server. Run by
 * `npm test`'s postgres step (scripts/test-postgres.mjs), which starts a throw-away cluster.
 */
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is not set: run these through scripts/test-postgres.mjs');

const config = { ...loadConfig({ DATABASE_URL: url }), distDir: '/nonexistent-dist' };
const open: Booted[] = [];
afterAll(async () => {
  for (const b of open) await b.database.close();
});

async function start(): Promise<Booted> {
  const booted = await boot(config, { seedDemo: true });
  open.push(booted);
  return booted;
}

async function call(
  b: Booted,
  name: string,
  init: { body?: unknown; token?: string; query?: Record<string, string> } = {},
) {
  const qs = init.query ? `?${new URLSearchParams(init.query)}` : '';
  const res = await b.app.request(`/api/${name}.html${qs}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { 'X-Token': init.token } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return (await res.json()) as { code: number; message: string; data: never };
}

describe('PostgreSQL (DATABASE_URL)', () => {
  let token = '';

  it('migrates and seeds an empty database, then serves the account, menu and chat calls', async () => {
    const b = await start();
    expect(b.database.kind).toBe('postgres');
    expect(b.seeded).toBe(true);
    const applied = await b.deps.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .execute();
    expect(applied).toHaveLength(Object.keys(await loadMigrations()).length);

    const login = await call(b, 'user/login', { body: { username: 'demo', password: 'Demo@2026pass' } });
    expect(login.code).toBe(0);
    token = (login.data as { access_token: string }).access_token;
    const wrong = await call(b, 'user/login', { body: { username: 'demo', password: 'not-it-2026' } });
    expect(wrong.code).toBe(406);

    const info = await call(b, 'user/get-user-info', { token });
    expect(info.code).toBe(0);
    const menu = await call(b, 'common/get-route', { token });
    expect(JSON.stringify(menu.data)).toContain('/customer-order');

    const accounts = await call(b, 'customer-account/index', { token });
    const list = (accounts.data as { list: Array<{ identifier: string }>; identifier: string }).list;
    expect(list.length).toBeGreaterThan(1);
    const other = list.find((c) => c.identifier !== (accounts.data as { identifier: string }).identifier);
    const switched = await call(b, 'customer-account/switch-customer', {
      token,
      body: { identifier: other!.identifier },
    });
    expect(switched.code).toBe(0);
    const newToken = (switched.data as { access_token?: string }).access_token;
    if (newToken) token = newToken;
    const after = await call(b, 'customer-account/index', { token });
    expect((after.data as { identifier: string }).identifier).toBe(other!.identifier);

    const categories = await call(b, 'customer-service/cate-list');
    expect((categories.data as unknown[]).length).toBeGreaterThanOrEqual(5);
    const search = await call(b, 'customer-service/search', { query: { keyword: '温度' } });
    expect(search.code).toBe(0);
  });

  it('a second start on the same database migrates nothing, seeds nothing and keeps the session', async () => {
    await open[0]?.database.close();
    open.shift();
    const b = await start();
    expect(b.seeded).toBe(false);
    const info = await call(b, 'user/get-user-info', { token });
    expect(info.code).toBe(0);
  });
});
