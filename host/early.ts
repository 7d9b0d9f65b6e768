import { startEarlyCalls } from '../src/api/early-calls.ts';
import { readCookie } from '../src/lib/read-cookie.ts';
import { savedLocale } from '../src/i18n/saved-locale.ts';
import { TOKEN_COOKIE } from '../src/stores/token-cookie.ts';

/**
 * The first script of a signed-in page (dist/host/portal.html, before the portal's own): starts
 * the session's first calls (user info, menu, customer accounts), which the portal's code would
 * otherwise send only once it has loaded and run. On a phone on a slow network that is a round
 * trip less before the first page draws. Built on its own, a few hundred bytes, with nothing
 * shared with the portal's chunks (rollup.config.mjs); what it sends is exactly what the transport
 * would send, and the transport takes each answer once (src/api/early-calls.ts).
 */
const token = readCookie(document.cookie, TOKEN_COOKIE);
if (token && location.pathname !== '/login') {
  startEarlyCalls(
    ['/api/user/get-user-info.html', '/api/common/get-route.html', '/api/customer-account/index.html'],
    token,
    savedLocale(),
  );
}
