import { expect, type Locator, type Page } from '@playwright/test';
// The specs read the strings of every page they drive: the host's and the elements' areas.
import '../../../src/i18n/areas/chat.ts';
import '../../../src/i18n/areas/host.ts';
import '../../../src/i18n/areas/password.ts';
import '../../../src/i18n/areas/switcher.ts';
import { type MessageKey, t as translate } from '../../../src/i18n/translate.ts';
import type { Login } from './accounts.ts';
import { CAPTCHA_ANSWER } from './captcha.ts';

/** A message of the portal's default language (what the pages show before a switch). */
export const zh = (key: MessageKey, params?: Record<string, string | number>) =>
  translate(key, params, 'zh-CN');

/** The sign-in form, found the way a user finds it: by its labels. */
export class LoginForm {
  readonly username: Locator;
  readonly password: Locator;
  readonly captcha: Locator;
  readonly captchaImage: Locator;
  readonly submit: Locator;
  readonly formError: Locator;
  /** The image last answered: an answer is good once, the next answer waits for a new image. */
  private used = '';

  constructor(readonly page: Page) {
    this.username = page.getByRole('textbox', { name: zh('host.login.username'), exact: true });
    this.password = page.getByRole('textbox', { name: zh('host.login.password'), exact: true });
    this.captcha = page.getByRole('textbox', { name: zh('host.login.captcha'), exact: true });
    this.captchaImage = page.getByRole('img', { name: zh('host.login.captchaAlt') });
    this.submit = page.getByRole('button', { name: zh('host.login.submit'), exact: true });
    this.formError = page.locator('#lp-login-form-error');
  }

  async goto(redirect?: string): Promise<void> {
    await this.page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
    await expect(this.submit).toBeVisible();
  }

  /** Fills and submits; waits for the answer of `user/login`. */
  async signIn(login: Login, captcha = ''): Promise<void> {
    await this.username.fill(login.username);
    await this.password.fill(login.password);
    if (captcha) await this.captcha.fill(captcha);
    const answered = this.page.waitForResponse((r) => r.url().includes('/api/user/login.html'));
    await this.submit.click();
    await answered;
  }

  /**
   * The answer to the captcha image on screen, once a new image has loaded (loading it is what
   * puts the answer in place on the server): the fixed CAPTCHA_TEST_ANSWER of the e2e server.
   */
  async captchaAnswer(): Promise<string> {
    await expect(this.captchaImage).toBeVisible();
    const current = () => this.captchaImage.evaluate((img) => (img as HTMLImageElement).currentSrc);
    await expect.poll(current).not.toBe(this.used);
    await expect.poll(() => this.imageLoaded()).toBe(true);
    this.used = await current();
    return CAPTCHA_ANSWER;
  }

  async imageLoaded(): Promise<boolean> {
    return this.captchaImage.evaluate(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    );
  }

  /**
   * Signs in answering the captcha; resolves with the envelope code. A 407 checks nothing, so
   * the image on screen and its answer stay good for the next try.
   */
  async signInWithCaptcha(login: Login): Promise<number> {
    const answer = await this.captchaAnswer();
    const answered = this.page.waitForResponse((r) => r.url().includes('/api/user/login.html'));
    await this.username.fill(login.username);
    await this.password.fill(login.password);
    await this.captcha.fill(answer);
    await this.submit.click();
    const { code } = (await (await answered).json()) as { code: number };
    if (code === 407) this.used = '';
    return code;
  }
}
