import { $roles, $token } from '../../src/stores/auth.ts';
import { prefetchCustomerAccounts } from '../../src/stores/customers.ts';
import { $menu, $pages, loadRoutes } from '../../src/stores/routes.ts';
import { checkSession } from '../../src/stores/session-check.ts';
import { prepareSession, sessionPreparing } from '../../src/stores/session.ts';
import { normalizePath, resolvePath } from './match.ts';
import { FIRST_PAGE, JUMP_PATH, LOGIN_PATH, NOT_FOUND_PATH, PUBLIC_PATHS } from './static-routes.ts';

export type Decision = { allow: true } | { allow: false; redirect: string };

const allow: Decision = { allow: true };
const redirect = (to: string): Decision => ({ allow: false, redirect: to });

export const loginRedirect = (fullPath: string) => `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;

/**
 * Where the first entry of a page load goes once roles and routes are loaded. The spec sends the
 * user to the attachment list; a user who asked for a particular page they may open (a reload, a
 * bookmark, the login page's redirect) lands on that page instead, and a path that is no page at
 * all goes to /404 as any unknown path does (docs/decisions/0003).
 */
export function firstEntryTarget(fullPath: string): string {
  const resolved = resolvePath(fullPath, $pages.get());
  // Menu pages and the shell's own pages (error pages, agreements, hand-over pages) open as asked.
  if (resolved.kind === 'page' || resolved.kind === 'static') return fullPath;
  if (resolved.kind === 'unknown') return NOT_FOUND_PATH;
  // The portal root (`/`, `/home`) and a refresh (`/redirect/…`) start on the first page.
  return FIRST_PAGE;
}

/** True when `fullPath` opens only after the session's first calls (a token, not a public page). */
const needsSession = (path: string) =>
  Boolean($token.get()) && path !== LOGIN_PATH && !PUBLIC_PATHS.includes(path) && path !== JUMP_PATH;

/** The first entry started before the first draw, until the guard's first run takes it. */
let early: Promise<boolean> | null = null;

/**
 * Starts the first entry's calls for `fullPath` before React draws anything (main.tsx), so that
 * their round trips overlap the loading of the layout's code; the guard's first run joins them.
 */
export function startFirstEntry(fullPath: string): void {
  if (!needsSession(normalizePath(fullPath)) || $roles.get().length > 0) return;
  prefetchCustomerAccounts();
  early = prepareSession();
}

/**
 * The route guard of spec §2, run before every navigation:
 * - without a token only the public paths open; everything else goes to /login?redirect=…
 * - with a token /login goes to /
 * - first entry with a token and no roles: roles admin, user info and server routes loaded, then
 *   the first page; on failure the token is cleared, the error shown, and the user sent to login.
 * - later navigations check the session in the background (a login elsewhere is found out).
 */
export async function guard(fullPath: string): Promise<Decision> {
  // A first entry started early is still this page load's first entry, even when its calls have
  // already answered (then roles are set and nothing is under way any more).
  const started = early;
  early = null;
  const path = normalizePath(fullPath);
  if (!$token.get()) return PUBLIC_PATHS.includes(path) ? allow : redirect(loginRedirect(fullPath));
  if (path === LOGIN_PATH) return redirect('/');
  // The hand-over pages replace the session with the one they carry, and the agreements need
  // none: they open without checking the current token first (a stale token must not send a
  // fresh one-time code to the login page).
  if (PUBLIC_PATHS.includes(path) || path === JUMP_PATH) return allow;
  if (started || $roles.get().length === 0 || sessionPreparing()) {
    // The header's customer switcher draws from this answer (it would otherwise ask only once the
    // layout and its element have loaded: the last call before the page is complete).
    prefetchCustomerAccounts();
    const ok = await (started ?? prepareSession());
    if (!ok) return redirect(loginRedirect(fullPath));
    const target = firstEntryTarget(fullPath);
    return target === fullPath ? allow : redirect(target);
  }
  // Between pages, find out whether the session was replaced or ended elsewhere: the catalogue's
  // confirm or notice then appears on the page the user goes to. The page does not wait for it.
  void checkSession();
  if ($menu.get().length === 0) {
    try {
      await loadRoutes();
    } catch {
      // the API client has told the user; the layout shows what it can
    }
  }
  return allow;
}
