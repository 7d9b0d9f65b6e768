import { afterAll, describe, expect, it } from 'vitest';
import { type Booted, boot } from '../boot.ts';
import { loadConfig } from '../config.ts';
import { DEMO_USERNAMES, demoAccountsIn } from '../seed/demo.ts';
import { createUser } from '../testing/fixtures.ts';
import { postgresServerUrl } from '../testing/pg-database.ts';
import { loadMigrations } from './migrate.ts';

/**
 * The DATABASE_URL path: the same migrations, seed and calls on a real PostgreSQL server. Run by
 * `npm test`'s postgres step (vitest's postgres project: scripts/postgres-setup.mjs starts a throw-away cluster).
 */
const url = postgresServerUrl();

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
  it('migrates and seeds an empty database and serves the account, menu and chat calls; a second start migrates and seeds nothing and keeps the session', async () => {
    const b = await start();
    expect(b.database.kind).toBe('postgres');
    expect(b.seeded).toBe(true);
    expect(await demoAccountsIn(b.deps.db)).toEqual([...DEMO_USERNAMES].sort());
    const applied = await b.deps.db
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .execute();
    expect(applied).toHaveLength(Object.keys(await loadMigrations()).length);

    // a user of the test's own, with two customer accounts
    const user = await createUser(b.deps.db, { customers: 2 });
    const login = await call(b, 'user/login', { body: { username: user.username, password: user.password } });
    expect(login.code).toBe(0);
    const first = (login.data as { access_token: string }).access_token;
    const wrong = await call(b, 'user/login', { body: { username: user.username, password: 'not-it-2026' } });
    expect(wrong.code).toBe(406);

    const info = await call(b, 'user/get-user-info', { token: first });
    expect(info.code).toBe(0);
    const menu = await call(b, 'common/get-route', { token: first });
    expect(JSON.stringify(menu.data)).toContain('/customer-order');

    const accounts = await call(b, 'customer-account/index', { token: first });
    expect((accounts.data as { identifier: string }).identifier).toBe(user.customers[0]!.identifier);
    const target = user.customers[1]!.identifier;
    const switched = await call(b, 'customer-account/switch-customer', {
      token: first,
      body: { identifier: target },
    });
    expect(switched.code).toBe(0);
    const token = (switched.data as { access_token: string }).access_token;
    expect(token).not.toBe(first);
    expect((await call(b, 'user/get-user-info', { token: first })).code, 'the old token is ended').toBe(598);
    const after = await call(b, 'customer-account/index', { token });
    expect((after.data as { identifier: string }).identifier).toBe(target);

    const categories = await call(b, 'customer-service/cate-list');
    expect((categories.data as unknown[]).length).toBeGreaterThanOrEqual(5);
    const search = await call(b, 'customer-service/search', { query: { keyword: '温度' } });
    expect(search.code).toBe(0);

    // the second start, on the same database
    await b.database.close();
    open.splice(open.indexOf(b), 1);
    const again = await start();
    expect(again.seeded).toBe(false);
    expect((await call(again, 'user/get-user-info', { token })).code).toBe(0);
  });
});
