import { expect, type Locator, type Page } from '@playwright/test';
// The specs read the strings of every page they drive: the host's and the elements' areas.
import '../../../src/i18n/areas/chat.ts';
import '../../../src/i18n/areas/host.ts';
import '../../../src/i18n/areas/password.ts';
import '../../../src/i18n/areas/switcher.ts';
import { type MessageKey, t as translate } from '../../../src/i18n/translate.ts';
import type { Login } from './accounts.ts';
import { readCaptcha } from './captcha.ts';

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
  /** Captcha images the page loaded, by URL (their text is read from the response). */
  private readonly images = new Map<string, Promise<string>>();
  /** The image whose text was last used: an answer is good once, the next read waits for a new one. */
  private used = '';

  constructor(readonly page: Page) {
    this.username = page.getByRole('textbox', { name: zh('host.login.username'), exact: true });
    this.password = page.getByRole('textbox', { name: zh('host.login.password'), exact: true });
    this.captcha = page.getByRole('textbox', { name: zh('host.login.captcha'), exact: true });
    this.captchaImage = page.getByRole('img', { name: zh('host.login.captchaAlt') });
    this.submit = page.getByRole('button', { name: zh('host.login.submit'), exact: true });
    this.formError = page.locator('#lp-login-form-error');
    page.on('response', (response) => {
      if (response.url().includes('/api/user/captcha.html')) this.images.set(response.url(), response.text());
    });
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

  /** The text of the captcha image on screen, read from the image the page loaded. */
  async captchaText(): Promise<string> {
    await expect(this.captchaImage).toBeVisible();
    const current = () => this.captchaImage.evaluate((img) => (img as HTMLImageElement).currentSrc);
    await expect.poll(current).not.toBe(this.used);
    await expect.poll(() => this.imageLoaded()).toBe(true);
    const src = await current();
    await expect.poll(() => this.images.has(src)).toBe(true);
    this.used = src;
    return readCaptcha(await this.images.get(src)!);
  }

  async imageLoaded(): Promise<boolean> {
    return this.captchaImage.evaluate(
      (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    );
  }

  /**
   * Signs in with a solved captcha; a misread (about 1 in 1,000 images) is refused with 475 and
   * a new image, so it reads again, at most 3 times. Resolves with the last envelope code.
   */
  async signInWithCaptcha(login: Login): Promise<number> {
    let code = 475;
    for (let attempt = 0; attempt < 3 && code === 475; attempt++) {
      const text = await this.captchaText();
      const answered = this.page.waitForResponse((r) => r.url().includes('/api/user/login.html'));
      await this.username.fill(login.username);
      await this.password.fill(login.password);
      await this.captcha.fill(text);
      await this.submit.click();
      code = ((await (await answered).json()) as { code: number }).code;
      if (code === 475) await expect(this.captcha).toHaveValue('');
    }
    return code;
  }
}
