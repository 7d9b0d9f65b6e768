import { atom, computed, map } from 'nanostores';
import { reportError } from '../api/telemetry.ts';
import {
  customerLogin,
  getUserInfo,
  jumpLogin,
  login as loginCall,
  logout as logoutCall,
  newLogin,
} from '../api/user.ts';
import { announce } from '../api/outcomes.ts';
import type { CallOptions } from '../api/transport.ts';
import { isApiError } from '../api/errors.ts';
import { Code } from '../contract/codes.ts';
import type { LoginRequest, LoginResponse, NewLoginItem, UserInfo } from '../contract/accounts/schemas.ts';
import { t } from '../i18n/translate.ts';
import { $identity, $roles, clearAuth, setToken } from './auth.ts';
import { navigate } from './navigation.ts';
import { toast } from './notices.ts';
import { shared } from './registry.ts';
import { storeFlags } from './password-flags.ts';
import { loadRoutes, resetRoutes } from './routes.ts';
import { pageIsLeaving, whenStaying } from './page-leaving.ts';
import { readJson, session, writeJson } from './storage.ts';
import { broadcast, onSync, startSync } from './sync.ts';
import { closeAllViews } from './tabs.ts';

export { $roles, $token, clearAuth, setToken, TOKEN_COOKIE } from './auth.ts';
export { $passwordFlags, type PasswordFlags } from './password-flags.ts';

/** What the order editor is doing (the create tab's title follows it). */
export type OrderStatus = 'add' | 'edit' | 'copy';

/** The rest of the session of spec §3 (token and roles live in auth.ts). */
export interface SessionState {
  /** The user info (also kept in sessionStorage as `userInfo`). */
  userInfo: UserInfo | null;
  selectedInventory: string;
  viewRoute: string;
  indexRoute: string;
  nowOrderStatus: OrderStatus;
  indexData: unknown;
  oldCustomerButton: boolean;
  newLogin: NewLoginItem | null;
  currentStep: number;
}

export const USER_INFO_KEY = 'userInfo';

function initial(): SessionState {
  return {
    userInfo: readJson<UserInfo | null>(session, USER_INFO_KEY, null),
    selectedInventory: '',
    viewRoute: '',
    indexRoute: '',
    nowOrderStatus: 'add',
    indexData: null,
    oldCustomerButton: false,
    newLogin: null,
    currentStep: 0,
  };
}

/** Why this tab's session ended without the user signing out ('elsewhere': a newer login, 599). */
/** Why the login page shows: signed in elsewhere (599), or signed out after the idle time. */
export type SignOutReason = 'elsewhere' | 'idle';

const state = shared('session', () => ({
  session: map<SessionState>(initial()),
  signOutReason: atom<SignOutReason | null>(null),
}));

export const $session = state.session;
/** Set when a page load found the session replaced; the login page says so, once signed in it clears. */
export const $signOutReason = state.signOutReason;
/** The customer account the session is in (from the user info). */
export const $customer = shared('session.customer', () =>
  computed(state.session, (value) => value.userInfo?.customer ?? null),
);

function identify(info: UserInfo | null): void {
  $identity.set({
    account: info?.user.ur_account ?? '',
    customer: info?.customer?.cu_name ?? '',
    role: info?.role_label ?? '',
  });
}
identify($session.get().userInfo);

export function updateSession(patch: Partial<SessionState>): void {
  $session.set({ ...$session.get(), ...patch });
}

/** Logs in: stores the token (cookie) and the password flags. Errors reach the caller (406/407/475 inline). */
export const login = async (request: LoginRequest): Promise<LoginResponse> =>
  // a 478 is the login page's enrolment step, not a failure to announce
  signedIn(await loginCall(request, { silentCodes: [Code.secondFactorEnrolmentRequired] }));

/** A sign-in's answer (the password's, or its second step's after a 477): the token and the flags stored. */
export function signedIn(answer: LoginResponse): LoginResponse {
  setToken(answer.access_token);
  $signOutReason.set(null);
  storeFlags(answer);
  return answer;
}

/** Enters with a one-time code from another provider system (`user/jump-login`); stores the token. */
export async function enterWithJumpCode(code: string): Promise<void> {
  const { access_token } = await jumpLogin(code);
  setToken(access_token);
}

/**
 * Enters with a token of another provider system (`user/new-login`): stores the first item's
 * token and keeps the item (flag 1: the user should pick one of several customer accounts).
 */
export async function enterWithNewLogin(token: string): Promise<NewLoginItem> {
  const [first] = await newLogin(token);
  if (!first) throw new Error(t('session.verificationFailed'));
  setToken(first.ur_token);
  updateSession({ newLogin: first });
  return first;
}

/** Enters one customer account (`user/customer-login`) and stores the token it answers. */
export async function enterCustomer(identifier: string): Promise<void> {
  const { access_token } = await customerLogin(identifier);
  setToken(access_token);
}

/** Loads the user info; roles are then fixed to ['admin'] (spec §6, the info's roles are replaced). */
export async function loadUserInfo(options: CallOptions = {}): Promise<UserInfo> {
  const info = await getUserInfo(options);
  if (!info) throw new Error(t('session.verificationFailed'));
  if (!Array.isArray(info.roles) || info.roles.length === 0) throw new Error(t('session.rolesRequired'));
  writeJson(session, USER_INFO_KEY, info);
  updateSession({ userInfo: info });
  if (typeof info.is_weak_password === 'boolean') storeFlags(info);
  identify(info);
  $roles.set(['admin']);
  return info;
}

const isLoggedInElsewhere = (error: unknown) => isApiError(error) && error.code === Code.loggedInElsewhere;

/**
 * The first calls of a page load. A session replaced by a login elsewhere (599) leaves no page to
 * stay on, so the catalogue's confirm ("cancel to stay on this page") is not asked: the caller
 * sends the user to the login page, which says why. Every other failure is announced as usual.
 */
async function onEntry<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isApiError(error) && !isLoggedInElsewhere(error)) announce(error);
    throw error;
  }
}

/** The session's first entry under way (shared by every bundle of the page). */
const preparing = shared('session.preparing', () => ({ pending: null as Promise<boolean> | null }));

/**
 * First entry with a token and no roles (spec §2 guard): roles become admin, the user info and
 * the server's routes are loaded. On failure the token is cleared, the error is shown (unless
 * the API client already did) and reported as 'getRouter api'; resolves false. A session
 * replaced elsewhere (599) sets `$signOutReason` for the login page instead of asking. Calls
 * made while one is under way join it (main.tsx starts it before the first draw, the guard waits).
 */
export function prepareSession(): Promise<boolean> {
  const state = preparing;
  if (state.pending) return state.pending;
  const pending = enterSession().finally(() => {
    if (state.pending === pending) state.pending = null;
  });
  state.pending = pending;
  return pending;
}

/** True while `prepareSession` is under way (a second caller joins it instead of skipping it). */
export const sessionPreparing = (): boolean => preparing.pending !== null;

async function enterSession(): Promise<boolean> {
  try {
    $roles.set(['admin']);
    // Both calls go at once (one round trip less before the first page can draw); the menu's
    // answer counts only once the user info stands, and a failure is announced once.
    const routes = loadRoutes({ quiet: true });
    routes.catch(() => undefined);
    await onEntry(loadUserInfo({ quiet: true }));
    await onEntry(routes);
    return true;
  } catch (error) {
    // Cut off by the page's own navigation (a reload, another address): the session is not in
    // question and the next page prepares it with the same token. Nothing is cleared or said;
    // should the page stay after all, it tries once more.
    if (pageIsLeaving()) {
      await whenStaying();
      return enterSession();
    }
    clearAuth();
    resetRoutes();
    if (isLoggedInElsewhere(error)) {
      $signOutReason.set('elsewhere');
      return false;
    }
    const message = error instanceof Error && error.message ? error.message : t('session.hasError');
    if (!isApiError(error)) toast(message, 'error');
    void reportError({ url: globalThis.location?.href ?? '', message, tag: 'getRouter api', type: 'api' });
    return false;
  }
}

/** Forgets the session in this tab only: token, roles, cookie, user info, routes, tabs. */
export function forgetSession(): void {
  clearAuth();
  session.remove(USER_INFO_KEY);
  $session.set(initial());
  identify(null);
  resetRoutes();
  closeAllViews();
}

/** Logs out here and in every other tab of the origin. */
export async function logout(): Promise<void> {
  try {
    await logoutCall({ quiet: true });
  } catch {
    // the session ends here whatever the server says
  }
  forgetSession();
  broadcast({ type: 'logout' });
}

/** Switch role (spec §4): a token derived from the role name, routes rebuilt, all tabs closed. */
export function switchRole(role: string): void {
  setToken(`${role}-token`);
  $roles.set([role]);
  closeAllViews();
}

/** Follows logouts of other tabs (customer switches are followed in customers.ts). */
export function followOtherTabs(): () => void {
  const stopSync = startSync();
  const off = onSync((message) => {
    if (message.type !== 'logout') return;
    forgetSession();
    navigate('/login');
  });
  return () => {
    off();
    stopSync();
  };
}

if (typeof window !== 'undefined') shared('session.follow', followOtherTabs);
