import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../server/testing/fixtures.ts';
import { type Wired, wireClient } from '../../tests/wiring/client.ts';
import { login } from '../../src/api/user.ts';
import { t } from '../../src/i18n/translate.ts';
import { $roles, $token, setToken } from '../../src/stores/auth.ts';
import {
  $customerAccounts,
  customerAccountsCurrent,
  loadCustomerAccounts,
  prefetchCustomerAccounts,
} from '../../src/stores/customers.ts';
import { $confirms } from '../../src/stores/notices.ts';
import { resetRoutes } from '../../src/stores/routes.ts';
import { $signOutReason, prepareSession, sessionPreparing } from '../../src/stores/session.ts';
import { guard, startFirstEntry } from './guard.ts';
import { resolvePath } from './match.ts';

let w: Wired;
beforeEach(async () => {
  w = await wireClient();
});
afterEach(() => w.restore());

let credentials = { username: '', password: '' };
async function signIn(): Promise<string> {
  const user = await createUser(w.t.deps.db);
  credentials = { username: user.username, password: user.password };
  const { access_token } = await login(credentials);
  setToken(access_token);
  return access_token;
}

describe('route guard (spec §2) against the real server', () => {
  it('without a token opens only the public pages and sends the rest to login with a redirect', async () => {
    for (const path of ['/login', '/auth-redirect?code=x', '/service-agreement', '/privacy-policy']) {
      expect(await guard(path)).toEqual({ allow: true });
    }
    expect(await guard('/customer-order/index?page=2')).toEqual({
      allow: false,
      redirect: '/login?redirect=%2Fcustomer-order%2Findex%3Fpage%3D2',
    });
    expect(await guard('/jump?token=x')).toMatchObject({ allow: false });
  });

  it('the tracking page opens without a session, with or without a share link, and asks the server nothing', async () => {
    for (const path of ['/track', '/track?share=eyJzIjoxfQ.c2lnbmF0dXJlLXNpZ25hdHVyZQ', '/track/']) {
      expect(await guard(path)).toEqual({ allow: true });
    }
    expect(resolvePath('/track?share=x', [])).toMatchObject({
      kind: 'static',
      route: { page: 'track', inLayout: false },
    });
    // a signed-in user opening a share link gets the same page at once (no session check first)
    await signIn();
    $roles.set([]);
    w.requests.length = 0;
    startFirstEntry('/track?share=x');
    expect(sessionPreparing()).toBe(false);
    expect(await guard('/track?share=x')).toEqual({ allow: true });
    expect(w.requests).toEqual([]);
    // and paths that only start like it are not public
    expect(await guard('/tracking')).toMatchObject({ allow: false });
  });

  // The public pages besides /track: each opens without a session, and with one without waiting
  // for the session (nor asking the server anything); paths that only start like it are not public.
  const publicPages = [
    {
      page: 'station',
      paths: ['/station', '/station/', '/station?q=sh'],
      route: { page: 'station', inLayout: false, title: 'host.station.title' },
      near: '/stations',
    },
    {
      page: 'supplier',
      paths: ['/supplier-allback', '/supplier-allback?link=MTIuMzQ1.c2lnbmF0dXJlLXNpZ25hdHVyZQ'],
      route: { page: 'supplier', inLayout: false, title: 'host.supplier.title' },
      near: '/supplier-allbacks',
    },
  ];
  for (const { page, paths, route, near } of publicPages) {
    it(`the ${page} page opens without a session, and with one without waiting for the session`, async () => {
      for (const path of paths) expect(await guard(path)).toEqual({ allow: true });
      expect(resolvePath(paths[0]!, [])).toMatchObject({ kind: 'static', route });
      await signIn();
      $roles.set([]);
      w.requests.length = 0;
      startFirstEntry(paths[1]!);
      expect(sessionPreparing()).toBe(false);
      expect(await guard(paths[1]!)).toEqual({ allow: true });
      expect(w.requests).toEqual([]);
      expect(await guard(near)).toMatchObject({ allow: false });
    });
  }

  it('first entry loads roles and routes, then goes to the attachment list', async () => {
    await signIn();
    expect(await guard('/')).toEqual({ allow: false, redirect: '/customer-order/attachment' });
    expect($roles.get()).toEqual(['admin']);
    expect(await guard('/customer-order/attachment')).toEqual({ allow: true });
  });

  it('a first entry started before the first draw is joined by the guard: each call goes once', async () => {
    await signIn();
    $roles.set([]);
    w.requests.length = 0;
    startFirstEntry('/customer-order/index');
    expect(sessionPreparing()).toBe(true);
    expect(await guard('/customer-order/index')).toEqual({ allow: true });
    expect($roles.get()).toEqual(['admin']);
    const count = (path: string) => w.requests.filter((r) => new URL(r.url).pathname === path).length;
    expect(count('/api/user/get-user-info.html')).toBe(1);
    expect(count('/api/common/get-route.html')).toBe(1);
    // the header's switcher joins the list's request instead of asking again
    await loadCustomerAccounts();
    expect(count('/api/customer-account/index.html')).toBe(1);
    expect($customerAccounts.get().loaded).toBe(true);
    expect(customerAccountsCurrent()).toBe(true);
  });

  it('a list the page load’s prefetch has already answered is not asked again by the switcher', async () => {
    await signIn();
    w.requests.length = 0;
    prefetchCustomerAccounts();
    await loadCustomerAccounts();
    // answered now: the next load (the header's switcher drawing late) takes what the store holds
    await loadCustomerAccounts();
    const asked = w.requests.filter((r) => new URL(r.url).pathname === '/api/customer-account/index.html');
    expect(asked).toHaveLength(1);
    expect(customerAccountsCurrent()).toBe(true);
  });

  it('a first entry started early is still the first entry when its calls answered before the guard ran', async () => {
    await signIn();
    $roles.set([]);
    startFirstEntry('/');
    expect(await prepareSession(), 'joined: the same entry, answered').toBe(true);
    expect(sessionPreparing()).toBe(false);
    const before = w.requests.length;
    // the portal root of a first entry starts on the first page (spec §2), not as a later navigation
    expect(await guard('/')).toEqual({ allow: false, redirect: '/customer-order/attachment' });
    expect(w.requests.length - before, 'no session check on top').toBe(0);
  });

  it('a first entry is not started without a token, nor for the login page or a hand-over page', async () => {
    startFirstEntry('/customer-order/index');
    expect(sessionPreparing()).toBe(false);
    await signIn();
    $roles.set([]);
    startFirstEntry('/login');
    startFirstEntry('/jump?token=x');
    startFirstEntry('/privacy-policy');
    expect(sessionPreparing()).toBe(false);
    await Promise.resolve();
    expect(w.requests.filter((r) => !r.url.includes('/user/login'))).toEqual([]);
  });

  it('first entry on a page the user may open (reload, bookmark) stays on it', async () => {
    await signIn();
    expect(await guard('/customer-order/view/12')).toEqual({ allow: true });
  });

  it('first entry on a path that is no page goes to /404, not to the first page (spec §2)', async () => {
    await signIn();
    expect(await guard('/no/such/page')).toEqual({ allow: false, redirect: '/404' });
    expect(await guard('/404')).toEqual({ allow: true });
  });

  it('first entry on an unknown path under a menu area, or with a non-numeric id, goes to /404', async () => {
    await signIn();
    expect(await guard('/customer-order/no-such-page?x=1')).toEqual({ allow: false, redirect: '/404' });
    resetRoutes();
    $roles.set([]);
    expect(await guard('/customer-order/view/abc')).toEqual({ allow: false, redirect: '/404' });
  });

  it('first entry on the portal root still starts on the attachment list', async () => {
    await signIn();
    expect(await guard('/home')).toEqual({ allow: false, redirect: '/customer-order/attachment' });
  });

  it('with a token, the hand-over, error and agreement pages open as asked on first entry', async () => {
    await signIn();
    expect(await guard('/jump?token=abc')).toEqual({ allow: true });
    expect(await guard('/auth-redirect?code=abc')).toEqual({ allow: true });
    expect($roles.get()).toEqual([]);
    expect(await guard('/404')).toEqual({ allow: true });
    expect(await guard('/privacy-policy')).toEqual({ allow: true });
  });

  it('a stale token does not keep a one-time code from its hand-over page', async () => {
    setToken('not-a-real-token');
    expect(await guard('/auth-redirect?code=abc')).toEqual({ allow: true });
    expect(await guard('/jump?token=abc')).toEqual({ allow: true });
  });

  it('with a token, /login goes to /', async () => {
    await signIn();
    await guard('/');
    expect(await guard('/login')).toEqual({ allow: false, redirect: '/' });
  });

  it('a token the server refuses is cleared and the user is sent to login', async () => {
    setToken('not-a-real-token');
    expect(await guard('/customer-order/index')).toEqual({
      allow: false,
      redirect: '/login?redirect=%2Fcustomer-order%2Findex',
    });
    expect($token.get()).toBe('');
    expect($roles.get()).toEqual([]);
  });

  it('between pages, a session replaced elsewhere is found out and asked about on the new page', async () => {
    const token = await signIn();
    await guard('/');
    await login(credentials); // the same account, in another browser
    expect(await guard('/customer-order/index')).toEqual({ allow: true });
    await expect.poll(() => $confirms.get().map((c) => c.message)).toEqual([t('api.loggedInElsewhere')]);
    expect($token.get(), 'nothing ends before the user answers').toBe(token);
  });

  it('a reload with a session replaced elsewhere goes to login and says why, without the confirm', async () => {
    await signIn();
    await login(credentials);
    expect(await guard('/customer-order/index')).toEqual({
      allow: false,
      redirect: '/login?redirect=%2Fcustomer-order%2Findex',
    });
    expect($confirms.get()).toEqual([]);
    expect($signOutReason.get()).toBe('elsewhere');
    expect($token.get()).toBe('');
  });
});
