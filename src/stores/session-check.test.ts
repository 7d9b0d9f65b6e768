import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUser, type FixtureUser } from '../../server/testing/fixtures.ts';
import { type Wired, wireClient } from '../../tests/wiring/client.ts';
import { login as loginElsewhere, logout as logoutCall } from '../api/user.ts';
import { t } from '../i18n/translate.ts';
import { $roles, $token } from './auth.ts';
import { $confirms, $toasts } from './notices.ts';
import { $signOutReason, login, prepareSession } from './session.ts';
import { checkSession, resetSessionCheck, SESSION_CHECK_MS, watchSession } from './session-check.ts';

let w: Wired;
let user: FixtureUser;
beforeEach(async () => {
  w = await wireClient();
  user = await createUser(w.t.deps.db);
});
afterEach(() => w.restore());

const userInfoCalls = () => w.requests.filter((r) => r.url.includes('/user/get-user-info')).length;
const credentials = () => ({ username: user.username, password: user.password });

/** Signed in and prepared, as a tab is after its first page. */
async function signedIn(): Promise<string> {
  const { access_token } = await login(credentials());
  expect(await prepareSession()).toBe(true);
  return access_token;
}

describe('finding out about a session replaced or ended elsewhere (spec §8)', () => {
  it('a check after a login elsewhere asks the 599 question on the page; Cancel stays, and it is not asked again', async () => {
    const token = await signedIn();
    await loginElsewhere(credentials());
    await checkSession(Date.now() + SESSION_CHECK_MS);
    expect($confirms.get().map((c) => c.message)).toEqual([t('api.loggedInElsewhere')]);
    $confirms.get()[0]!.resolve(false);
    expect($token.get()).toBe(token);
    expect(w.navigations).toEqual([]);
    const calls = userInfoCalls();
    await checkSession(Date.now() + 3 * SESSION_CHECK_MS);
    expect(userInfoCalls(), 'the user chose to stay: no background asking again').toBe(calls);
    expect($confirms.get()).toEqual([]);
  });

  it('a check after the session ended elsewhere (598) says so and goes to /login', async () => {
    const token = await signedIn();
    await logoutCall();
    expect($token.get()).toBe(token);
    await checkSession(Date.now() + SESSION_CHECK_MS);
    expect($toasts.get().map((toast) => toast.message)).toEqual([t('api.sessionExpired')]);
  });

  it('a live session is checked quietly, at most once a second, and not before it is prepared', async () => {
    await login(credentials());
    await checkSession();
    expect(userInfoCalls(), 'no check before the first entry prepared the session').toBe(0);
    await prepareSession();
    const afterEntry = userInfoCalls();
    const now = Date.now();
    await Promise.all([checkSession(now), checkSession(now)]);
    await checkSession(now + 10);
    expect(userInfoCalls(), 'one call for checks within a second').toBe(afterEntry + 1);
    await checkSession(now + SESSION_CHECK_MS);
    expect(userInfoCalls()).toBe(afterEntry + 2);
    expect($confirms.get()).toEqual([]);
    expect($toasts.get()).toEqual([]);
  });

  it('a network failure during a check shows nothing (the next real call will)', async () => {
    await signedIn();
    w.useFetch(async () => {
      throw new TypeError('offline');
    });
    await checkSession(Date.now() + SESSION_CHECK_MS);
    expect($toasts.get()).toEqual([]);
  });

  it('the tab checks when it is shown or focused again', async () => {
    await signedIn();
    await loginElsewhere(credentials());
    const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' });
    const win = Object.assign(new EventTarget(), { document: doc }) as unknown as Window;
    const stop = watchSession(win);
    resetSessionCheck();
    doc.dispatchEvent(new Event('visibilitychange'));
    expect($confirms.get()).toEqual([]);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    await expect.poll(() => $confirms.get().length).toBe(1);
    $confirms.get()[0]!.resolve(false);
    stop();
    resetSessionCheck();
    win.dispatchEvent(new Event('focus'));
    expect($confirms.get(), 'no check once unwatched').toEqual([]);
  });

  it('a page load whose session was replaced goes to login with the reason, without the confirm', async () => {
    await login(credentials());
    await loginElsewhere(credentials());
    $roles.set([]);
    expect(await prepareSession()).toBe(false);
    expect($confirms.get()).toEqual([]);
    expect($toasts.get()).toEqual([]);
    expect($token.get()).toBe('');
    expect($signOutReason.get()).toBe('elsewhere');
    await login(credentials());
    expect($signOutReason.get(), 'signing in again clears the reason').toBe(null);
  });
});
