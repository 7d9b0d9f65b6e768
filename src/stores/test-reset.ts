import { resetApiNotices } from './api-outcomes.ts';
import { $device, $sidebar, SIDEBAR_COOKIE } from './app.ts';
import { TOKEN_COOKIE } from './auth.ts';
import { resetCustomerAccounts } from './customers.ts';
import { CARRIED_TOASTS_KEY, clearNotices } from './notices.ts';
import { $passwordFlags } from './password-flags.ts';
import { $scrollPositions } from './scroll.ts';
import { $signOutReason, forgetSession } from './session.ts';
import { resetSessionCheck } from './session-check.ts';
import { resetSettings, SETTINGS_KEY } from './settings.ts';
import { cookies, local, session } from './storage.ts';
import { SYNC_STORAGE_KEY } from './sync.ts';
import { $views, VIEWS_KEY } from './tabs.ts';

/**
 * Test wiring only (never part of a bundle): puts every page store back to how a fresh page
 * starts, and forgets what the stores keep in cookies and web storage, so that a test sees
 * nothing an earlier one left (node tests of one worker share their modules, see vitest.config.ts).
 * Call it in `beforeEach` (and `afterEach`, to leave nothing behind).
 */
export function resetStores(): void {
  resetApiNotices();
  clearNotices();
  session.remove(CARRIED_TOASTS_KEY);
  forgetSession(); // token, roles, cookie, user info, identity, routes
  $signOutReason.set(null);
  $views.set([]);
  session.remove(VIEWS_KEY);
  resetCustomerAccounts();
  resetSessionCheck();
  resetSettings();
  local.remove(SETTINGS_KEY);
  for (const key of ['is_weak_password', 'is_white_customer', 'pass_flag']) local.remove(key);
  $passwordFlags.set({ isWeakPassword: false, isWhiteCustomer: false, passFlag: 0 });
  $scrollPositions.set({});
  local.remove(SYNC_STORAGE_KEY);
  $sidebar.set({ opened: true, withoutAnimation: false });
  $device.set('desktop');
  for (const key of [TOKEN_COOKIE, SIDEBAR_COOKIE]) cookies.remove(key);
}
