import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET_RETRIES } from '../api/transport.ts';
import { createUser } from '../../server/testing/fixtures.ts';
import type { UserInfo } from '../contract/accounts/schemas.ts';
import { type Wired, wireClient } from '../../tests/wiring/client.ts';
import { t } from '../i18n/translate.ts';
import { $roles, $token, TOKEN_COOKIE } from './auth.ts';
import {
  $customerAccounts,
  customerAccountsCurrent,
  loadCustomerAccounts,
  switchCustomer,
} from './customers.ts';
import { $toasts, showCarriedToasts } from './notices.ts';
import { $menu, $pages, $routes } from './routes.ts';
import {
  $passwordFlags,
  $session,
  enterCustomer,
  enterWithJumpCode,
  enterWithNewLogin,
  followOtherTabs,
  loadUserInfo,
  login,
  logout,
  prepareSession,
  switchRole,
  USER_INFO_KEY,
} from './session.ts';
import { cookies, local, session } from './storage.ts';
import { SYNC_CHANNEL, type SyncMessage } from './sync.ts';
import { $views, addView } from './tabs.ts';
import { followLeaving } from './page-leaving.ts';

let w: Wired;
beforeEach(async () => {
  w = await wireClient();
});
afterEach(() => w.restore());

const home = {
  path: '/home/index',
  name: 'Home',
  title: 'route.home',
  meta: { title: 'route.home', affix: true },
};
const orders = {
  path: '/customer-order/index',
  name: 'OrderIndex',
  title: 'x',
  meta: { title: 'route.orderIndex' },
};

/** Another tab: a BroadcastChannel of the same name, collecting what it hears. */
function otherTab() {
  const channel = new BroadcastChannel(SYNC_CHANNEL);
  const heard: SyncMessage[] = [];
  channel.onmessage = (event: MessageEvent<SyncMessage>) => heard.push(event.data);
  return { channel, heard };
}

describe('session actions against the real server', () => {
  it('login stores the token cookie and the password flags', async () => {
    const user = await createUser(w.t.deps.db, { password: '12345678', passFlag: 2 });
    const answer = await login({ username: user.username, password: user.password });
    expect($token.get()).toBe(answer.access_token);
    expect(cookies.get(TOKEN_COOKIE)).toBe(answer.access_token);
    expect(local.get('is_weak_password')).toBe('true');
    expect(local.get('is_white_customer')).toBe('false');
    expect(local.get('pass_flag')).toBe('2');
    expect($passwordFlags.get()).toEqual({ isWeakPassword: true, isWhiteCustomer: false, passFlag: 2 });
  });

  it('prepareSession loads user info (roles fixed to admin) and the permitted routes', async () => {
    const user = await createUser(w.t.deps.db);
    await login({ username: user.username, password: user.password });
    expect(await prepareSession()).toBe(true);
    expect($roles.get()).toEqual(['admin']);
    expect($session.get().userInfo?.user.ur_account).toBe(user.username);
    expect(JSON.parse(session.get(USER_INFO_KEY) ?? 'null')?.uid).toBe(user.uid);
    expect($routes.get().length).toBeGreaterThan(0);
    expect($pages.get().map((p) => p.path)).toContain('/customer-order/index');
    expect($pages.get().map((p) => p.path)).toContain('/customer-order/view/:id');
  });

  it('prepareSession with a dead token clears it and resolves false', async () => {
    w.useFetch(async () => {
      throw new TypeError('offline');
    });
    $roles.set([]);
    expect(await prepareSession()).toBe(false);
    expect($token.get()).toBe('');
    expect($roles.get()).toEqual([]);
  });

  it('prepareSession cut off by the page leaving keeps the token, says nothing, and tries again if the page stays', async () => {
    const page = new EventTarget();
    followLeaving(page);
    const user = await createUser(w.t.deps.db);
    const { access_token } = await login({ username: user.username, password: user.password });
    let cutOff = true;
    let calls = 0;
    w.useFetch(async () => {
      calls++;
      // the navigation has begun: the browser cuts the calls off (net::ERR_ABORTED)
      page.dispatchEvent(new Event('beforeunload'));
      throw new TypeError('Failed to fetch');
    });
    $roles.set([]);
    const toasts = $toasts.get().length;
    const prepared = prepareSession().then((ok) => {
      cutOff = false;
      return ok;
    });
    // Both calls (user info, routes) and their retries have failed.
    await vi.waitFor(() => expect(calls).toBe(2 * (GET_RETRIES + 1)), { timeout: 15_000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cutOff, 'waits while the page leaves').toBe(true);
    expect($token.get()).toBe(access_token);
    expect(cookies.get(TOKEN_COOKIE)).toBe(access_token);
    expect($toasts.get().length).toBe(toasts);
    // The navigation did not replace the page (shown again): the session is prepared after all.
    w.useFetch(null);
    page.dispatchEvent(new Event('pageshow'));
    expect(await prepared).toBe(true);
    expect($token.get()).toBe(access_token);
  });

  it('logout clears token, roles, cookie, routes and tabs (affix kept) and tells other tabs', async () => {
    const user = await createUser(w.t.deps.db);
    await login({ username: user.username, password: user.password });
    await prepareSession();
    addView(home);
    addView(orders);
    const tab = otherTab();
    await logout();
    expect([$token.get(), $roles.get(), cookies.get(TOKEN_COOKIE)]).toEqual(['', [], null]);
    expect($routes.get()).toEqual([]);
    expect($session.get().userInfo).toBeNull();
    expect($views.get().map((v) => v.path)).toEqual(['/home/index']);
    await expect.poll(() => tab.heard).toEqual([{ type: 'logout' }]);
    tab.channel.close();
    expect($toasts.get()).toEqual([]);
  });

  it('a logout in another tab ends the session here and goes to /login', async () => {
    const user = await createUser(w.t.deps.db);
    await login({ username: user.username, password: user.password });
    await loadUserInfo();
    const stop = followOtherTabs();
    const tab = otherTab();
    tab.channel.postMessage({ type: 'logout' });
    await expect.poll(() => w.navigations).toEqual(['/login']);
    expect($token.get()).toBe('');
    tab.channel.close();
    stop();
  });

  it('switchCustomer stores the new token, says so, tells other tabs and reloads', async () => {
    const user = await createUser(w.t.deps.db, { customers: 2 });
    const { access_token: before } = await login({ username: user.username, password: user.password });
    const accounts = await loadCustomerAccounts();
    expect(accounts.list.map((c) => c.identifier)).toEqual(user.customers.map((c) => c.identifier));
    expect(accounts.list.every((c) => c.pinyin.length > 0)).toBe(true);
    const tab = otherTab();
    const target = user.customers[1]!.identifier;
    await switchCustomer(target);
    // The server answers a new token on a switch and ends the old one: the new one is stored.
    const after = $token.get();
    expect(after).not.toBe(before);
    expect(after).toMatch(/^[\w-]{20,}$/);
    expect(cookies.get(TOKEN_COOKIE)).toBe(after);
    expect((await w.t.call('user/get-user-info', { token: before })).code, 'the old token is ended').toBe(
      598,
    );
    const live = await w.t.call<UserInfo>('user/get-user-info', { token: after });
    expect([live.code, live.data.customer?.identifier], 'the new token is live on the target').toEqual([
      0,
      target,
    ]);
    expect($customerAccounts.get().identifier).toBe(target);
    expect(customerAccountsCurrent(), 'the list stands for the new token: no switcher asks again').toBe(true);
    // 'Switch success' is for the reloaded page: nothing now, once after the reload.
    expect($toasts.get()).toEqual([]);
    expect(w.reloads.count).toBe(1);
    showCarriedToasts();
    expect($toasts.get()).toEqual([
      expect.objectContaining({ kind: 'success', message: t('session.switchSuccess') }),
    ]);
    showCarriedToasts();
    expect($toasts.get(), 'shown once').toHaveLength(1);
    await expect.poll(() => tab.heard).toEqual([{ type: 'customer' }]);
    tab.channel.close();
  });

  it("switching to an account that is not the user's is refused (403, no toast)", async () => {
    const user = await createUser(w.t.deps.db);
    const other = await createUser(w.t.deps.db);
    await login({ username: user.username, password: user.password });
    await expect(switchCustomer(other.customers[0]!.identifier)).rejects.toMatchObject({ code: 403 });
    expect(w.reloads.count).toBe(0);
    expect($toasts.get()).toEqual([]);
  });

  it('switchRole derives the token from the role, filters routes by it and closes tabs', () => {
    $menu.set([
      {
        path: '/a',
        name: 'A',
        component: 'layout',
        hidden: false,
        meta: { title: 'a' },
        children: [
          { path: 'open', name: 'Open', component: 'lp-x', hidden: false, meta: { title: 'open' } },
          {
            path: 'ed',
            name: 'Ed',
            component: 'lp-y',
            hidden: false,
            meta: { title: 'ed', roles: ['editor'] },
          },
          {
            path: 'bo',
            name: 'Bo',
            component: 'lp-z',
            hidden: false,
            meta: { title: 'bo', roles: ['boss'] },
          },
        ],
      },
    ]);
    addView(home);
    addView(orders);
    switchRole('editor');
    expect($token.get()).toBe('editor-token');
    expect($roles.get()).toEqual(['editor']);
    expect($pages.get().map((p) => p.path)).toEqual(['/a/open', '/a/ed']);
    expect($views.get().map((v) => v.path)).toEqual(['/home/index']);
    switchRole('admin');
    expect($pages.get().map((p) => p.path)).toEqual(['/a/open', '/a/ed', '/a/bo']);
  });
});

describe('entering from another provider system', () => {
  it('jump-login and new-login codes store the token they answer, once', async () => {
    const { issueOneTimeCode } = await import('../../server/areas/accounts/one-time-codes.ts');
    const user = await createUser(w.t.deps.db, { customers: 2 });
    const jump = await issueOneTimeCode(w.t.deps.db, { username: user.username, kind: 'jump' }, new Date());
    if (!jump.ok) throw new Error('no code');
    await enterWithJumpCode(jump.code);
    expect((await loadUserInfo()).user.ur_account).toBe(user.username);
    await expect(enterWithJumpCode(jump.code)).rejects.toMatchObject({ code: expect.any(Number) });

    const fresh = await issueOneTimeCode(w.t.deps.db, { username: user.username, kind: 'new' }, new Date());
    if (!fresh.ok) throw new Error('no code');
    const item = await enterWithNewLogin(fresh.code);
    expect(item.flag).toBe(1);
    expect($token.get()).toBe(item.ur_token);
    expect($session.get().newLogin).toEqual(item);

    await enterCustomer(user.customers[1]!.identifier);
    expect((await loadUserInfo()).customer?.identifier).toBe(user.customers[1]!.identifier);
  });
});
