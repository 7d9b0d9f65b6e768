import {
  test,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';
import { type MessageKey, t as translate } from '../../../src/i18n/translate.ts';
import { demoLogin, type Login } from './accounts.ts';
import { apiLogin } from './api.ts';

export const TOKEN_COOKIE = 'Admin-Token';

/**
 * A browser context that is already signed in (the token cookie set as the portal sets it), for
 * tests about what comes after the login page.
 */
export async function signedInContext(
  browser: Browser,
  baseURL: string,
  login: Login,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; token: string }> {
  const context = await browser.newContext({ ...options, baseURL });
  return { context, token: await signContextIn(context, baseURL, login) };
}

/** Logs in through the API and sets the token cookie in `context`, as the portal sets it. */
async function signContextIn(context: BrowserContext, url: string, login: Login): Promise<string> {
  const token = await apiLogin(context.request, login);
  await context.addCookies([{ name: TOKEN_COOKIE, value: token, url, sameSite: 'Lax' }]);
  return token;
}

/**
 * Signs the page's browser in without its login page (login.spec.ts drives that page): the API's
 * login, and the token cookie set as the portal sets it. The page stays where it is; the next
 * `page.goto` opens the portal signed in, so a test that starts on one page loads that page only
 * (the login page and the page after it cost the browser 1.5–2 core-s). Resolves with the token.
 */
export async function signInByApi(page: Page, login: Login): Promise<string> {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('signInByApi: the project has no baseURL');
  return signContextIn(page.context(), url, login);
}

/** The token the page holds now ('' when signed out). */
export async function pageToken(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies();
  return decodeURIComponent(cookies.find((c) => c.name === TOKEN_COOKIE)?.value ?? '');
}

/**
 * Opens the portal (the guard sends a first entry to the first page) and waits until the
 * session is ready, so that later navigations are the in-app kind.
 */
export async function enterPortal(page: Page): Promise<void> {
  await page.goto('/home/index');
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.locator('#app')).not.toBeEmpty();
  // The portal's frame stands in while the session is prepared: wait for the real page.
  await expect(page.locator('.lp-boot')).toHaveCount(0);
}

/** Follows a link inside the page, as a click on a portal link does (the router takes it over). */
export async function followLink(page: Page, path: string): Promise<void> {
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    document.body.append(a);
    a.click();
    a.remove();
  }, path);
}

/** A page of its own, in `locale` (the user's saved choice), signed in as demo; `say` reads that language. */
export async function localeSession(browser: Browser, locale: 'zh-CN' | 'en') {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await context.addInitScript((l) => localStorage.setItem('lp-locale', l), locale);
  const page = await context.newPage();
  await signInByApi(page, demoLogin('demo'));
  const say = (key: MessageKey, params?: Record<string, string | number>) => translate(key, params, locale);
  return { context, page, say };
}
