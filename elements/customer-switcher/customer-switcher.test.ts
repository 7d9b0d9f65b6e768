import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { apiBase, setApiBase } from '../../src/api/config.ts';
import { listCustomerAccounts } from '../../src/api/customer-account.ts';
import { $token, setToken } from '../../src/stores/auth.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { $toasts, showCarriedToasts } from '../../src/stores/notices.ts';
import { login } from '../../src/stores/session.ts';
import { followApiOutcomes } from '../../src/stores/api-outcomes.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { type FakeClock, fakeClock, until } from '../../src/ui/testing/clock.ts';
import { createTestUser, type TestUser } from '../../src/ui/testing/server.ts';
import { t } from '../../src/i18n/translate.ts';
import type { LpCustomerSwitcher } from './customer-switcher.ts';
import './customer-switcher.ts';

/** The five accounts of the test's own user, named so that text and pinyin initials find them. */
const FIVE = [
  '恒瑞医药-上海研发中心',
  '复星医药-成都分中心',
  '信达生物-直送患者项目',
  '石药集团-石家庄研究中心',
  '百济神州-广州中心',
];

const signIn = async (user: TestUser) =>
  login({ username: user.username, password: user.password, validate: '' });

/** Runs against the real API (vitest.config.ts); each test makes its own user. */
describe('<lp-customer-switcher>', () => {
  let reloads = 0;
  let navigations: string[] = [];
  let restoreNavigation: () => void = () => undefined;
  let clock: FakeClock | null = null;
  const placed: HTMLElement[] = [];

  beforeEach(() => {
    reloads = 0;
    navigations = [];
    restoreNavigation = setNavigation({
      reload: () => reloads++,
      navigate: (path) => navigations.push(path),
    });
  });
  afterEach(() => {
    clock?.uninstall();
    clock = null;
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    setApiBase('');
    // token, customer accounts, notices, a pending 598 departure, the login flags of spec §9
    resetStores();
  });

  function place(attributes: Record<string, string> = {}): LpCustomerSwitcher {
    const el = document.createElement('lp-customer-switcher');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const combobox = (el: HTMLElement) => root(el).querySelector<HTMLInputElement>('[role="combobox"]');
  const optionTexts = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll('[role="option"]'), (o) => o.textContent ?? '');

  it('lists the multi user’s five accounts, filters by pinyin initials and switches with the keyboard', async () => {
    const user = await createTestUser({ customerNames: FIVE });
    const sjz = user.customers[3]!;
    await signIn(user);
    const before = $token.get();
    const el = place({ locale: 'en' });
    await waitUntil(() => combobox(el), 'the switcher shows a combobox', { timeout: 15_000 });
    const input = combobox(el) as HTMLInputElement;
    const current = (await listCustomerAccounts()).identifier;
    expect(input.placeholder, 'the current customer is shown').to.contain(' / ');
    await expect(el).to.be.accessible();

    const currentLabel = input.value;
    input.focus();
    await sendKeys({ press: 'ArrowDown' });
    await waitUntil(() => optionTexts(el).length > 0);
    expect(optionTexts(el)).to.have.length(5);
    expect(input.getAttribute('aria-expanded')).to.equal('true');
    expect(input.value, 'the field is empty for searching').to.equal('');
    expect(input.placeholder, 'the current customer stays as placeholder').to.equal(currentLabel);

    await sendKeys({ type: 'sjz' });
    await waitUntil(() => optionTexts(el).length === 1, 'pinyin initials narrow the list');
    expect(optionTexts(el)[0]).to.contain('石药集团-石家庄研究中心');

    const changes: Array<{ identifier: string; cu_name: string }> = [];
    document.body.addEventListener('lp-customer-change', (event) => changes.push(event.detail), {
      once: true,
    });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => changes.length === 1, 'lp-customer-change reaches the page');

    expect(changes[0]).to.deep.equal({ identifier: sjz.identifier, cu_name: '石药集团-石家庄研究中心' });
    expect(current).to.not.equal(sjz.identifier);
    expect(reloads, 'the page reloads after the switch').to.equal(1);
    expect($token.get(), 'the new token is stored').to.not.equal(before);
    // Until the reload, the switcher says what it is doing instead of offering the list again.
    expect(root(el).querySelector('[role="status"]')?.textContent).to.contain('石药集团-石家庄研究中心');
    expect(combobox(el)).to.equal(null);
    // 'Switch success' waits for the reloaded page, which shows it once.
    expect($toasts.get()).to.deep.equal([]);
    showCarriedToasts();
    expect($toasts.get().map((t) => t.message)).to.deep.equal(['Customer account switched.']);
    showCarriedToasts();
    expect($toasts.get()).to.have.length(1);
    expect((await listCustomerAccounts()).identifier, 'the server moved the session').to.equal(
      sjz.identifier,
    );
  });

  it('filters by typed text and keeps the current customer on Escape', async () => {
    await signIn(await createTestUser({ customerNames: FIVE }));
    const el = place();
    await waitUntil(() => combobox(el), 'the switcher shows a combobox', { timeout: 15_000 });
    const input = combobox(el) as HTMLInputElement;
    input.focus();
    await sendKeys({ type: '成都' });
    await waitUntil(() => optionTexts(el).length === 1);
    expect(optionTexts(el)[0]).to.contain('复星医药-成都分中心');
    await sendKeys({ press: 'Escape' });
    expect(input.getAttribute('aria-expanded')).to.equal('false');
    expect(reloads).to.equal(0);
  });

  it('shows only the name, without a switch, for a user with one account', async () => {
    await signIn(await createTestUser({ customerNames: ['药明康德-苏州临床供应'], white: true }));
    const el = place({ 'api-base': `${location.origin}/api/` });
    await waitUntil(
      () => root(el).querySelector('[part="name"]'),
      `the name is shown: ${root(el).textContent}`,
      {
        timeout: 15_000,
      },
    );
    expect(root(el).querySelector('[part="name"]')?.textContent).to.contain('药明康德-苏州临床供应');
    expect(combobox(el)).to.equal(null);
    expect(apiBase(), 'api-base points the calls at that API').to.equal(`${location.origin}/api`);
    await expect(el).to.be.accessible();
  });

  it('says so when nobody is signed in', async () => {
    const el = place({ locale: 'en' });
    await waitUntil(() => root(el).textContent?.includes('Not signed in'));
    expect(combobox(el)).to.equal(null);
  });

  it('shows no message key, in Chinese and in English, signed out and with the list open', async () => {
    const el = place({ locale: 'zh-CN' });
    await waitUntil(() => root(el).textContent?.includes('未登录'), 'signed out, in Chinese');
    expect(rawKeys(el)).to.deep.equal([]);
    el.setAttribute('locale', 'en');
    await waitUntil(() => root(el).textContent?.includes('Not signed in'), 'signed out, in English');
    expect(rawKeys(el)).to.deep.equal([]);
    el.remove();

    await signIn(await createTestUser({ customerNames: FIVE }));
    for (const locale of ['zh-CN', 'en']) {
      const open = place({ locale });
      await waitUntil(() => combobox(open), `the combobox (${locale})`, { timeout: 15_000 });
      combobox(open)?.focus();
      await sendKeys({ press: 'ArrowDown' });
      await waitUntil(() => optionTexts(open).length === 5, 'the list');
      expect(rawKeys(open), locale).to.deep.equal([]);
      await sendKeys({ press: 'Escape' });
      open.remove();
    }
  });

  it('shows the failure with a retry when the session is gone (598); a partner page is not left', async () => {
    setToken('no-such-token');
    const el = place({ locale: 'en' });
    await until(() => root(el).querySelector('[role="alert"]'), 'the failure is shown');
    expect(root(el).querySelector('button')?.textContent).to.equal('Retry');
    expect(combobox(el)).to.equal(null);
    await expect(el).to.be.accessible();
    // nothing on this page shows notices: the 598 is the element's own business
    clock = fakeClock();
    await clock.tickAsync(10_000);
    expect(navigations).to.deep.equal([]);
    expect($toasts.get()).to.deep.equal([]);
  });

  it('on a page that shows notices, a 598 says so and goes to /login after 2 s', async () => {
    // As the portal (or <lp-notices>) does on its page.
    const stop = followApiOutcomes();
    try {
      setToken('no-such-token');
      clock = fakeClock();
      const el = place({ locale: 'en' });
      await until(() => root(el).querySelector('[role="alert"]'), 'the failure is shown');
      expect($toasts.get().map((toast) => toast.message)).to.deep.equal([t('api.sessionExpired')]);
      await clock.tickAsync(1999);
      expect(navigations, 'still here 1 ms before 2 s').to.deep.equal([]);
      await clock.tickAsync(1);
      expect(navigations).to.deep.equal(['/login']);
    } finally {
      stop();
    }
  });
});
