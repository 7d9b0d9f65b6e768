import { expect, test } from './fixtures.ts';
import { demoLogin, ghostUsername } from './helpers/accounts.ts';
import { expectNoAxeViolations } from './helpers/axe.ts';
import { look } from './helpers/look.ts';
import { LoginForm, zh } from './helpers/login-page.ts';
import { codeIn, textsOf } from './helpers/sms.ts';
import { t as translate } from '../../src/i18n/translate.ts';

const WRONG = 'Wrong#pass1';

test.describe('login page', () => {
  test('signs in (username trimmed) and goes back to the page that asked for it', async ({ page }) => {
    await page.goto('/customer-order/index');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fcustomer-order%2Findex$/);
    const form = new LoginForm(page);
    const demo = demoLogin('demo');
    await form.signIn({ ...demo, username: `  ${demo.username} ` });
    await expect(page).toHaveURL(/\/customer-order\/index$/);
    await expect(page.getByRole('button', { name: zh('host.login.submit'), exact: true })).toHaveCount(0);
  });

  test('a refused redirect to another site lands on the portal instead', async ({ page }) => {
    const form = new LoginForm(page);
    await form.goto('//evil.example/steal');
    await form.signIn(demoLogin('demo'));
    await expect(page).not.toHaveURL(/\/login/);
    expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
  });

  test('asks for both fields before sending anything', async ({ page }) => {
    const form = new LoginForm(page);
    await form.goto();
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/user/login.html')) calls++;
    });
    await form.username.fill('   ');
    await form.submit.click();
    await expect(page.getByText(zh('host.login.usernameRequired'))).toBeVisible();
    await expect(page.getByText(zh('host.login.passwordRequired'))).toBeVisible();
    await expect(form.username).toBeFocused();
    await expect(form.username).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  test('shows 406 in the form, not as a toast', async ({ page }) => {
    const form = new LoginForm(page);
    await form.goto();
    await form.signIn({ username: ghostUsername(), password: WRONG });
    await expect(form.formError).toHaveText(zh('host.login.wrongCredentials'));
    await expect(page.locator('.lp-toast')).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the password can be shown and hidden', async ({ page }) => {
    const form = new LoginForm(page);
    await form.goto();
    await form.password.fill('secret#1');
    const reveal = page.getByRole('button', { name: zh('host.login.showPassword') });
    await expect(form.password).toHaveAttribute('type', 'password');
    await reveal.click();
    await expect(reveal).toHaveAttribute('aria-pressed', 'true');
    await expect(form.password).toHaveAttribute('type', 'text');
    await reveal.click();
    await expect(form.password).toHaveAttribute('type', 'password');
  });

  test('after 3 failures a captcha image appears, refreshes on click and a wrong answer is refused', async ({
    page,
  }) => {
    const form = new LoginForm(page);
    await form.goto();
    const ghost = { username: ghostUsername(), password: WRONG };
    for (let i = 0; i < 3; i++) await form.signIn(ghost);
    await expect(form.formError).toHaveText(zh('host.login.wrongCredentials'));
    await expect(form.captcha).toBeVisible();
    await expect.poll(() => form.imageLoaded()).toBe(true);

    const first = await form.captchaImage.getAttribute('src');
    await form.captchaImage.click();
    await expect(form.captchaImage).not.toHaveAttribute('src', first!);
    await expect.poll(() => form.imageLoaded()).toBe(true);

    const before = await form.captchaImage.getAttribute('src');
    await form.signIn(ghost, 'WRONG');
    await expect(page.getByText(zh('host.login.captchaWrong'))).toBeVisible();
    await expect(form.captcha).toHaveValue('');
    await expect(form.captchaImage).not.toHaveAttribute('src', before!);
    await expect(page.locator('.lp-toast')).toHaveCount(0);
  });

  test('with the captcha answered, a user who failed 3 times signs in', async ({ page }) => {
    const form = new LoginForm(page);
    await form.goto('/home/index');
    const multi = demoLogin('multi');
    for (let i = 0; i < 3; i++) await form.signIn({ username: multi.username, password: WRONG });
    await expect(form.captcha).toBeVisible();
    expect(await form.signInWithCaptcha(multi)).toBe(0);
    await expect(page).toHaveURL(/\/home\/index$/);
  });

  test('after 5 failures the next try must wait (407): the form counts down, sends nothing, then lets the user try again', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const form = new LoginForm(page);
    await form.goto();
    const ghost = { username: ghostUsername('wait'), password: WRONG };
    for (let i = 0; i < 3; i++) await form.signIn(ghost);
    expect(await form.signInWithCaptcha(ghost)).toBe(406);
    expect(await form.signInWithCaptcha(ghost)).toBe(406);
    // From the 5th failure each wait doubles (1 s, 2 s, 4 s …). Try at once until a try comes too
    // early with a wait long enough to watch (after each shorter one, wait it out and fail again).
    const waitShown = async () => {
      const text = (await form.formError.textContent()) ?? '';
      const seconds = Number(text.match(/(\d+) 秒/)?.[1] ?? 0);
      if (seconds)
        expect(text).toBe(zh('host.login.locked', { wait: zh('host.login.waitSeconds', { seconds }) }));
      return seconds;
    };
    let seconds = 0;
    for (let i = 0; i < 10 && seconds < 3; i++) {
      if ((await form.signInWithCaptcha(ghost)) !== 407) continue;
      await expect(form.formError).toHaveText(/秒后再试/);
      seconds = await waitShown();
      if (seconds < 3) await expect(form.formError).toHaveText('', { timeout: (seconds + 2) * 1000 });
    }
    expect(seconds).toBeGreaterThanOrEqual(3);
    await expect(page.locator('.lp-toast')).toHaveCount(0);
    // It counts down.
    await expect.poll(waitShown).toBeLessThan(seconds);

    let sent = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/user/login.html')) sent++;
    });
    await form.submit.click();
    // The message goes away when the wait is over; nothing was sent meanwhile; then a try is.
    await expect(form.formError).toHaveText('', { timeout: (seconds + 2) * 1000 });
    expect(sent).toBe(0);
    expect(await form.signInWithCaptcha(ghost)).toBe(406);
    expect(sent).toBe(1);
  });

  test('switches language, and keeps the choice', async ({ page }) => {
    const form = new LoginForm(page);
    await form.goto();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Customer Sign-In');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await page.getByRole('button', { name: '中文' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh('host.login.heading'));
  });

  test('links to the service agreement and the privacy policy', async ({ page }) => {
    const form = new LoginForm(page);
    await form.goto();
    await page.getByRole('link', { name: zh('host.legal.agreement') }).click();
    await expect(page).toHaveURL(/\/service-agreement$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('服务协议');
    await page.getByRole('link', { name: zh('host.legal.back') }).click();
    await page.getByRole('link', { name: zh('host.legal.privacy') }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('隐私政策');
  });
});

for (const locale of ['zh-CN', 'en'] as const) {
  test(`without the image: a code by SMS to the account's own mobile stands in for the captcha (${locale})`, async ({
    browser,
    request,
  }) => {
    const say = (key: Parameters<typeof translate>[0], params?: Record<string, string | number>) =>
      translate(key, params, locale);
    const context = await browser.newContext({ bypassCSP: true });
    await context.addInitScript((l) => localStorage.setItem('lp-locale', l), locale);
    const page = await context.newPage();
    await page.goto('/login');
    const user = demoLogin(locale === 'en' ? 'demo' : 'multi');
    const submit = page.getByRole('button', { name: say('host.login.submit'), exact: true });
    await page.getByRole('textbox', { name: say('host.login.username'), exact: true }).fill(user.username);
    const password = page.getByRole('textbox', { name: say('host.login.password'), exact: true });
    for (let i = 0; i < 3; i++) {
      await password.fill(WRONG);
      const answered = page.waitForResponse((r) => r.url().includes('/api/user/login.html'));
      await submit.click();
      await answered;
    }
    await expect(page.getByRole('img', { name: say('host.login.captchaAlt') })).toBeVisible();
    await page.getByRole('button', { name: say('host.login.useSms') }).click();
    await expect(page.getByRole('img', { name: say('host.login.captchaAlt') })).toHaveCount(0);

    // a number that is not the account's: the same words, and no text is sent
    const mobile = page.getByRole('textbox', { name: say('host.login.mobile'), exact: true });
    const send = page.getByRole('button', { name: say('host.login.sendCode') });
    await mobile.fill('13700000009');
    await send.click();
    await expect(page.getByRole('status').filter({ hasText: '137****0009' })).toHaveText(
      say('host.login.codeSent', { mobile: '137****0009' }),
    );
    const own = await textsOf(request, user.username);
    expect(own.body).toBeNull();

    // the account's own number: a code arrives; the button waits a minute for that number
    await mobile.fill(own.mobile);
    await send.click();
    const masked = `${own.mobile.slice(0, 3)}****${own.mobile.slice(-4)}`;
    await expect(page.getByRole('status').filter({ hasText: masked })).toBeVisible();
    await expect(page.getByRole('button', { name: /60|59|58/ })).toBeDisabled();
    const code = page.getByRole('textbox', { name: say('host.login.smsCode'), exact: true });
    await expect(code).toBeFocused();
    // (the text goes out in the background: it may come a moment after the answer)
    await expect.poll(async () => codeIn((await textsOf(request, user.username)).body)).toMatch(/^\d{6}$/);
    const sent = codeIn((await textsOf(request, user.username)).body);

    // a wrong code is refused under its field; the right one signs in
    await password.fill(user.password);
    await code.fill(sent === '000000' ? '000001' : '000000');
    await submit.click();
    await expect(page.getByText(say('host.login.codeWrong'))).toBeVisible();
    await expect(code).toHaveValue('');
    if (locale === 'en') await expectNoAxeViolations(page);
    await look(page, `login-sms-${locale}`, { fullPage: true });
    await code.fill(sent);
    await submit.click();
    await expect(page).not.toHaveURL(/\/login/);
    await context.close();
  });
}

test.describe('login page layout and accessibility', () => {
  test('no axe violation, in both languages and with the captcha shown', async ({ browser }) => {
    const context = await browser.newContext({ bypassCSP: true });
    const page = await context.newPage();
    const form = new LoginForm(page);
    await form.goto();
    await expectNoAxeViolations(page);
    await look(page, 'login-zh', { fullPage: true });

    const ghost = { username: ghostUsername(), password: WRONG };
    for (let i = 0; i < 3; i++) await form.signIn(ghost);
    await expect.poll(() => form.imageLoaded()).toBe(true);
    await expectNoAxeViolations(page);
    await look(page, 'login-captcha', { fullPage: true });

    await page.getByRole('button', { name: 'English' }).click();
    await expectNoAxeViolations(page);
    await look(page, 'login-en', { fullPage: true });
    await context.close();
  });

  test('fits a 360 px wide phone without sideways scrolling', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, bypassCSP: true });
    const page = await context.newPage();
    const form = new LoginForm(page);
    await form.goto();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(form.submit).toBeInViewport();
    await expectNoAxeViolations(page);
    await look(page, 'login-360', { fullPage: true });
    await context.close();
  });
});
