import { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, loginAs } from '../testing/fixtures.ts';
import { testApp, testDatabase } from '../testing/test-app.ts';
import { optionalSession, requirePasswordCurrent, requireSession } from './auth.ts';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';

// The worker's database is created once (seconds); do it outside any test's time limit.
beforeAll(() => testDatabase());

/** Probe routes over the real database that use the middlewares as the data areas will. */
async function appWithProbes() {
  const t = await testApp();
  const probes = new Hono<AppEnv>();
  probes.get('/data.html', requireSession(), requirePasswordCurrent(), (c) =>
    c.json({ code: 0, message: 'ok', data: { uid: c.var.session.uid, cu_id: c.var.session.cuId } }),
  );
  probes.get('/open.html', optionalSession(), (c) =>
    c.json({ code: 0, message: 'ok', data: { uid: c.get('session')?.uid ?? null } }),
  );
  const outer = new Hono<AppEnv>();
  outer.use('*', async (c, next) => {
    c.set('deps', t.deps);
    await next();
  });
  outer.route('/probe', probes);
  outer.onError((err, c) =>
    c.json({ code: err instanceof ApiError ? err.code : 500, message: err.message, data: null }),
  );
  const call = async (path: string, token?: string) => {
    const res = await outer.request(`/probe/${path}.html`, { headers: token ? { 'x-token': token } : {} });
    return (await res.json()) as { code: number; data: { uid: number | null; cu_id?: number } };
  };
  return { t, call };
}

describe('auth middlewares', () => {
  it('requirePasswordCurrent answers 463 to a pass_flag 1 session and lets others through', async () => {
    const { t, call } = await appWithProbes();
    const forced = await createUser(t.deps.db, { passFlag: 1 });
    const normal = await createUser(t.deps.db, { passFlag: 2 });
    expect((await call('data', await loginAs(t, forced))).code).toBe(463);
    const res = await call('data', await loginAs(t, normal));
    expect(res.code).toBe(0);
    expect(res.data).toEqual({ uid: normal.uid, cu_id: normal.customers[0]!.cu_id });
    expect((await call('data')).code).toBe(598);
  });

  it('a forced-change session can still use user/* and customer-account/*', async () => {
    const t = await testApp();
    const forced = await createUser(t.deps.db, { passFlag: 1, customers: 2 });
    const token = await loginAs(t, forced);
    expect((await t.call('user/get-user-info', { token })).code).toBe(0);
    expect((await t.call('customer-account/index', { token })).code).toBe(0);
  });

  it('optionalSession sets the session for a valid token and ignores a bad one', async () => {
    const { t, call } = await appWithProbes();
    const u = await createUser(t.deps.db);
    const token = await loginAs(t, u);
    expect((await call('open', token)).data.uid).toBe(u.uid);
    expect(await call('open', 'not-a-token')).toMatchObject({ code: 0, data: { uid: null } });
    expect(await call('open')).toMatchObject({ code: 0, data: { uid: null } });
    await loginAs(t, u);
    expect(await call('open', token)).toMatchObject({ code: 0, data: { uid: null } });
  });
});
