import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, setViewport } from '../../src/ui/testing/commands.ts';
import { $chat, resetChat } from '../../src/features/chat/chat-store.ts';
import { RATED_KEY } from '../../src/features/help-center/index.ts';
import { $locale } from '../../src/i18n/translate.ts';
import { type FakeClock, fakeClock, until as frames } from '../../src/ui/testing/clock.ts';
import { SEARCH_DEBOUNCE_MS } from '../../src/features/help-center/help-center-store.ts';
import '../chat-widget/chat-widget.ts';
import type { LpHelpCenter } from './help-center.ts';
import './help-center.ts';

/** Element tests against the real API server and its seeded knowledge base (both languages). */

const made: Element[] = [];
const page = `${location.pathname}${location.search}`;

function place(attrs: Record<string, string> = {}): LpHelpCenter {
  const el = document.createElement('lp-help-center');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  made.push(el);
  return el;
}

const $ = <E extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot?.querySelector<E>(selector) ?? null;
const $$ = <E extends Element = HTMLElement>(el: Element, selector: string) =>
  Array.from(el.shadowRoot?.querySelectorAll<E>(selector) ?? []);
const until = <T>(read: () => T | null | undefined | false | '', what: string): Promise<T> =>
  frames(read, what, 8000);
const byText = (el: Element, selector: string, text: string) =>
  $$(el, selector).find((e) => e.textContent?.trim() === text) ?? null;
const link = (el: Element, text: string) =>
  until(() => byText(el, 'a', text) as HTMLAnchorElement | null, `the link “${text}”`);
const title = (el: Element) => $(el, '.help__answer-title')?.textContent ?? '';
const qOf = () => new URLSearchParams(location.search).get('q');

describe('<lp-help-center>', () => {
  let clock: FakeClock | null = null;
  beforeEach(() => {
    resetChat();
    $locale.set('zh-CN');
    localStorage.removeItem(RATED_KEY);
    sessionStorage.clear();
  });
  afterEach(async () => {
    clock?.uninstall();
    clock = null;
    for (const el of made.splice(0)) el.remove();
    history.replaceState(null, '', page);
    $locale.set('zh-CN');
    localStorage.removeItem(RATED_KEY);
    resetChat();
    await setViewport({ width: 800, height: 600 });
  });

  it('in English: browses a topic, opens an answer and puts it in the address', async () => {
    const el = place({ locale: 'en' });
    await link(el, 'Cancelling Orders').then((a) => a.click());
    const question = await link(el, 'How do I cancel an order?');
    expect($(el, '.help__topic-link[aria-current="page"]')?.textContent).to.equal('Cancelling Orders');
    expect(new URLSearchParams(location.search).get('c')).to.match(/^\d+$/);
    question.click();
    await until(() => title(el) === 'How do I cancel an order?', 'the answer');
    expect($(el, '.lp-chat__answer-html')?.textContent).to.contain('Select the order in the order list');
    expect(qOf()).to.match(/^\d+$/);
    // focus moves to the answer's title, for keyboard and screen-reader users
    expect(el.shadowRoot?.activeElement?.classList.contains('help__answer-title')).to.equal(true);
    expect($(el, '.help__related')?.textContent).to.contain('Is there a fee for cancelling an order?');
    await expect(el).to.be.accessible();
  });

  it('opens the answer a link names, and walks back and forward through what was opened', async () => {
    const first = place({ locale: 'en' });
    await link(first, 'Account and Password').then((a) => a.click());
    await link(first, 'How do I change my sign-in password?').then((a) => a.click());
    await until(() => title(first) === 'How do I change my sign-in password?', 'the answer');
    const shared = location.search;
    first.remove();
    history.replaceState(null, '', page);
    // a reload or a shared link: the address alone opens the answer
    history.replaceState(null, '', `${location.pathname}${shared}`);
    const el = place({ locale: 'en' });
    await until(() => title(el) === 'How do I change my sign-in password?', 'the linked answer');
    await until(
      () => $(el, '.help__back')?.textContent?.includes('Back to “Account and Password”'),
      'the way back',
    );
    await link(el, 'What are the password requirements?').then((a) => a.click());
    await until(() => title(el) === 'What are the password requirements?', 'the related answer');
    history.back();
    await until(() => title(el) === 'How do I change my sign-in password?', 'the answer again after back');
    history.forward();
    await until(() => title(el) === 'What are the password requirements?', 'the answer after forward');
  });

  it('shows Chinese content by default and searches as the user types (debounced)', async () => {
    clock = fakeClock();
    const el = place();
    const input = await until(() => $<HTMLInputElement>(el, 'input[type="search"]'), 'the search box');
    await link(el, '取消订单');
    input.focus();
    await sendKeys({ type: '温度' });
    await clock.tickAsync(SEARCH_DEBOUNCE_MS - 50);
    expect($(el, '.help__results')).to.equal(null);
    await sendKeys({ type: '偏离' });
    await clock.tickAsync(SEARCH_DEBOUNCE_MS);
    const found = await link(el, '收到货物时发现温度偏离（超温）怎么处理？');
    found.click();
    await until(() => title(el) === '收到货物时发现温度偏离（超温）怎么处理？', 'the answer');
    expect($(el, '.help__results')).to.equal(null);
  });

  it('searches English text in the English portal, and says when nothing matches', async () => {
    const el = place({ locale: 'en' });
    const input = await until(() => $<HTMLInputElement>(el, 'input[type="search"]'), 'the search box');
    input.focus();
    await sendKeys({ type: 'dry ice' });
    await link(el, 'Are there special requirements for shipping on dry ice?');
    await sendKeys({ press: 'Escape' });
    expect(input.value).to.equal('');
    await sendKeys({ type: 'zzqqxx' });
    await sendKeys({ press: 'Enter' });
    await until(
      () => $(el, '.help__results')?.textContent?.includes('No questions match “zzqqxx”'),
      'no results',
    );
    await expect(el).to.be.accessible();
  });

  it('asks "was this helpful" once per answer, thanks, and remembers it', async () => {
    const el = place({ locale: 'en' });
    await link(el, 'Inventory').then((a) => a.click());
    await link(el, 'How do I check drug stock?').then((a) => a.click());
    const yes = await until(() => byText(el, 'button', 'Yes') as HTMLButtonElement | null, 'the Yes button');
    yes.click();
    await until(() => $(el, '.help__thanks')?.textContent === 'Thank you for your feedback!', 'the thanks');
    expect(byText(el, 'button', 'No')).to.equal(null);
    const aId = Object.keys(JSON.parse(localStorage.getItem(RATED_KEY) ?? '{}'))[0];
    expect(aId).to.match(/^\d+$/);
    // the same answer in a new element (a reload): no second vote offered
    el.remove();
    const again = place({ locale: 'en' });
    await until(() => title(again) === 'How do I check drug stock?', 'the answer after a reload');
    expect(byText(again, 'button', 'Yes')).to.equal(null);
    expect($(again, '.help__thanks')?.textContent).to.equal('Thank you for your feedback!');
    // this browser forgot it, the server did not (same chat session): told, not counted twice
    again.remove();
    localStorage.removeItem(RATED_KEY);
    const third = place({ locale: 'en' });
    const yesAgain = await until(
      () => byText(third, 'button', 'Yes') as HTMLButtonElement | null,
      'Yes again',
    );
    yesAgain.click();
    await until(
      () =>
        $(third, '.help__thanks')?.textContent ===
        'You have already rated this answer. Thank you for your feedback!',
      'already rated',
    );
  });

  it('opens the page’s chat with the question shown', async () => {
    const chat = document.createElement('lp-chat-widget');
    document.body.append(chat);
    made.push(chat);
    const el = place({ locale: 'en' });
    await link(el, 'Direct-to-Patient (DTP)').then((a) => a.click());
    await link(el, 'What is the direct-to-patient (DTP) service?').then((a) => a.click());
    await until(() => title(el) === 'What is the direct-to-patient (DTP) service?', 'the answer');
    const ask = await until(
      () => byText(el, 'button', 'Ask Customer Service') as HTMLButtonElement | null,
      'the chat button',
    );
    ask.click();
    await until(() => chat.hasAttribute('open'), 'the chat open');
    await until(() => $chat.get().messages.some((m) => m.kind === 'answer'), 'the answer in the chat');
    const kinds = $chat.get().messages.map((m) => m.kind);
    expect(kinds.slice(0, 3)).to.deep.equal(['welcome', 'user', 'answer']);
    const asked = $chat.get().messages[1];
    expect(asked?.kind === 'user' && asked.text).to.equal('What is the direct-to-patient (DTP) service?');
  });

  it('puts the topics above the content on a 320 px screen', async () => {
    await setViewport({ width: 320, height: 640 });
    const el = place({ locale: 'en' });
    await link(el, 'Ordering').then((a) => a.click());
    await link(el, 'How do I create a shipping order?');
    const topics = $(el, '.help__topics')!.getBoundingClientRect();
    const content = $(el, '.help__content')!.getBoundingClientRect();
    expect(topics.bottom).to.be.at.most(content.top);
    expect(el.scrollWidth).to.be.at.most(320);
    await expect(el).to.be.accessible();
  });
});
