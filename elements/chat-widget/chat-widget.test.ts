import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetMouse, sendKeys, sendMouse, setViewport } from '../../src/ui/testing/commands.ts';
import { createTestUser } from '../../src/ui/testing/server.ts';
import { setApiFetch } from '../../src/api/config.ts';
import { $chat, CHAT_STORAGE_KEY, resetChat } from '../../src/features/chat/chat-store.ts';
import { $identity, setToken } from '../../src/stores/auth.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { $locale } from '../../src/i18n/translate.ts';
import { sanitizeAnswer } from '../../src/features/chat/answer-html.tsx';
import { CHAT_CLICK_GUARD_MS } from '../../src/lib/click-guard.ts';
import { type FakeClock, fakeClock, until as frames } from '../../src/ui/testing/clock.ts';
import { deepActive, settle } from '../../src/ui/testing/mount.tsx';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { POSITION_KEY } from './launcher-position.ts';
import './chat-widget.ts';

/** Element tests against the real API server (vitest.config.ts hands /api to it). */

const made: Element[] = [];
function widget(attrs: Record<string, string> = {}): HTMLElementTagNameMap['lp-chat-widget'] {
  const el = document.createElement('lp-chat-widget');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  made.push(el);
  return el;
}

const $ = <E extends Element = HTMLElement>(el: HTMLElement, selector: string) =>
  el.shadowRoot?.querySelector<E>(selector) ?? null;
const $$ = <E extends Element = HTMLElement>(el: HTMLElement, selector: string) =>
  Array.from(el.shadowRoot?.querySelectorAll<E>(selector) ?? []);

/** Waits frame by frame for what the browser and the server do (works with the fake clock too). */
const until = <T>(read: () => T | null | undefined | false | '', what: string): Promise<T> =>
  frames(read, what, 8000);

const launcher = (el: HTMLElement) => $<HTMLButtonElement>(el, '.launcher') as HTMLButtonElement;
const messages = (el: HTMLElement, kind: string) => $$(el, `.lp-chat__message[data-kind="${kind}"]`);
const lastOf = (el: HTMLElement, kind: string) => messages(el, kind).at(-1) ?? null;

async function openChat(el: HTMLElementTagNameMap['lp-chat-widget']) {
  await el.updateComplete;
  launcher(el).click();
  await until(() => $(el, '.lp-chat__field'), 'the panel');
  return until(() => lastOf(el, 'welcome'), 'the welcome message');
}

/** Waits until the ongoing call has finished (the loading line is gone). */
const idle = (el: HTMLElement) =>
  until(() => !$(el, '[data-kind="loading"]') && !$(el, '.lp-chat__log[aria-busy="true"]'), 'idle');

/** Signs a new test user in (the page's token store, as the host's login does); returns the token. */
async function signIn(): Promise<string> {
  const user = await createTestUser();
  const login = await fetch('/api/user/login.html', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password, validate: '' }),
  }).then((r) => r.json() as Promise<{ code: number; data: { access_token: string } }>);
  expect(login.code).to.equal(0);
  setToken(login.data.access_token);
  return login.data.access_token;
}

/** The chat calls the page made, with their X-Chat-Session header (from now on). */
function recordCalls(): { path: string; chatSession: string | null }[] {
  const seen: { path: string; chatSession: string | null }[] = [];
  setApiFetch((input, init) => {
    const request = new Request(input, init);
    seen.push({ path: new URL(request.url).pathname, chatSession: request.headers.get('X-Chat-Session') });
    return fetch(request);
  });
  return seen;
}

describe('<lp-chat-widget>', () => {
  let clock: FakeClock | null = null;
  /** Lets the click guard of chat buttons (1 s) pass, on the fake clock. */
  const guard = async () => {
    if (!clock) throw new Error('install the fake clock first');
    await clock.tickAsync(CHAT_CLICK_GUARD_MS);
  };
  beforeEach(() => {
    resetChat();
    $locale.set('zh-CN');
    sessionStorage.clear();
    localStorage.removeItem(POSITION_KEY);
    localStorage.removeItem('lp-locale');
  });
  afterEach(async () => {
    clock?.uninstall();
    clock = null;
    setApiFetch(null);
    setToken('');
    $identity.set({ account: '', customer: '', role: '' });
    for (const el of made.splice(0)) el.remove();
    await resetMouse();
    await setViewport({ width: 800, height: 600 });
  });

  it('renders only the launcher until the first open, and keeps its size under hostile page CSS', async () => {
    const el = widget();
    await el.updateComplete;
    expect($(el, '.lp-chat')).to.equal(null);
    expect($(el, '.panel')?.hidden).to.equal(true);
    const plain = launcher(el).getBoundingClientRect();
    expect([plain.width, plain.height]).to.deep.equal([56, 56]);
    const style = document.createElement('style');
    style.textContent = 'html { font-size: 40px } * { font-size: 30px !important; line-height: 3 }';
    document.head.append(style);
    try {
      const hostile = launcher(el).getBoundingClientRect();
      expect([hostile.width, hostile.height, hostile.right, hostile.bottom]).to.deep.equal([
        plain.width,
        plain.height,
        plain.right,
        plain.bottom,
      ]);
    } finally {
      style.remove();
    }
  });

  it('welcomes with hot questions and at most 5 categories, lists a category 5 at a time and changes the batch', async () => {
    const el = widget();
    const welcome = await openChat(el);
    expect(welcome.textContent).to.contain('在线客服');
    const categories = $$(el, '.lp-chat__category');
    expect(categories.length).to.be.within(1, 5);
    expect(welcome.querySelectorAll('.lp-chat__question').length).to.be.greaterThan(0);
    const name = categories[0]?.textContent ?? '';
    categories[0]?.click();
    categories[0]?.click(); // a double click acts once (1 s guard)
    await until(() => lastOf(el, 'questions'), 'the category questions');
    await idle(el);
    expect(messages(el, 'user').map((m) => m.textContent)).to.deep.equal([`我: ${name}`]);
    expect(messages(el, 'questions').length).to.equal(1);
    const list = lastOf(el, 'questions') as HTMLElement;
    const first = $$(el, '[data-kind="questions"] .lp-chat__question').map((b) => b.textContent);
    expect(first.length).to.be.within(1, 5);
    // the first category of the knowledge base has more than 5 questions: another batch is offered
    const batch = list.querySelector<HTMLElement>('.lp-chat__batch');
    expect(batch, 'a "change batch" button').to.not.equal(null);
    batch?.click();
    await until(
      () => $$(el, '[data-kind="questions"] .lp-chat__question')[0]?.textContent !== first[0],
      'another batch',
    );
    expect(messages(el, 'questions').length, 'the batch is changed in place').to.equal(1);
    const second = $$(el, '[data-kind="questions"] .lp-chat__question').map((b) => b.textContent);
    expect(second.length).to.be.within(1, 5);
    expect(
      second.filter((q) => first.includes(q)),
      'a batch of other questions',
    ).to.deep.equal([]);
  });

  it('answers a picked question with sanitized HTML; solved is sent once and thanked', async () => {
    clock = fakeClock();
    const el = widget();
    const welcome = await openChat(el);
    welcome.querySelector<HTMLElement>('.lp-chat__question')?.click();
    const answer = await until(() => lastOf(el, 'answer'), 'the answer');
    expect(answer.querySelector('.lp-chat__answer-html')?.innerHTML).to.match(/<(p|ol|ul)>/);
    // the polite live region reads the new answer
    const live = $(el, '[aria-live="polite"]');
    const firstLine = answer.querySelector('.lp-chat__answer-html')?.textContent?.trim().slice(0, 10) ?? '';
    await until(() => live?.textContent?.includes(firstLine), 'the announcement');
    expect(live?.textContent).to.match(/^客服：/);
    answer.querySelector<HTMLElement>('.lp-chat__solved')?.click();
    await until(() => lastOf(el, 'thanks'), 'the thanks');
    await idle(el);
    const solved = answer.querySelector<HTMLButtonElement>('.lp-chat__solved');
    const unsolved = answer.querySelector<HTMLButtonElement>('.lp-chat__unsolved');
    expect(solved?.disabled).to.equal(true);
    expect(unsolved?.disabled).to.equal(true);
    expect(solved?.getAttribute('aria-pressed')).to.equal('true');
    await guard();
    unsolved?.click();
    solved?.click();
    await settle();
    expect(messages(el, 'thanks').length).to.equal(1);
    expect(messages(el, 'feedback').length).to.equal(0);
  });

  it('takes unsolved feedback (reasons, description with a 200-character counter) once', async () => {
    const el = widget({ locale: 'en' });
    const welcome = await openChat(el);
    welcome.querySelector<HTMLElement>('.lp-chat__question')?.click();
    const answer = await until(() => lastOf(el, 'answer'), 'the answer');
    answer.querySelector<HTMLElement>('.lp-chat__unsolved')?.click();
    const form = await until(() => lastOf(el, 'feedback'), 'the feedback form');
    const labels = Array.from(form.querySelectorAll('.lp-chat__reason')).map((l) => l.textContent);
    expect(labels).to.deep.equal([
      'Off-topic',
      'Inaccurate answer',
      'Answer too simple',
      'Answer not understandable',
      'Problem not solved',
      'Other',
    ]);
    form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')[1]?.click();
    const text = form.querySelector<HTMLTextAreaElement>('textarea') as HTMLTextAreaElement;
    expect(text.maxLength).to.equal(200);
    text.focus();
    await sendKeys({ type: 'Too vague' });
    await until(() => form.querySelector('.lp-chat__counter')?.textContent === '9/200', 'the counter');
    form.querySelector<HTMLElement>('.lp-chat__submit')?.click();
    await until(() => lastOf(el, 'thanks'), 'the thanks');
    await idle(el);
    expect(lastOf(el, 'thanks')?.textContent).to.contain('Thank you');
    expect(form.querySelector<HTMLButtonElement>('.lp-chat__submit')?.disabled).to.equal(true);
    expect(text.disabled).to.equal(true);
  });

  it('searches a typed question, says when nothing is found (with the service phone), and keeps the conversation across a re-mount', async () => {
    clock = fakeClock();
    const el = widget();
    await openChat(el);
    const field = $<HTMLInputElement>(el, '.lp-chat__field') as HTMLInputElement;
    expect(deepActive()).to.equal(field);
    await sendKeys({ type: '草稿' });
    await sendKeys({ press: 'Enter' });
    const answer = await until(() => lastOf(el, 'answer'), 'the answer of the typed question');
    expect(lastOf(el, 'user')?.textContent).to.contain('草稿');
    expect(answer.textContent).to.contain('草稿');
    await idle(el);
    await guard(); // Enter submits through the send button, which keeps the chat's 1 s guard
    await sendKeys({ type: 'qqqxyzzy' });
    await sendKeys({ press: 'Enter' });
    const none = await until(() => lastOf(el, 'not-found'), 'answer temporarily not found');
    expect(none.textContent).to.contain('答案暂时未找到');
    expect(none.querySelector('a[href^="tel:"]')?.textContent).to.match(/\d/);
    const count = $$(el, '.lp-chat__message').length;
    // an SPA route change: the element goes away and a new one comes (the panel stays open)
    el.remove();
    await settle();
    const again = widget();
    await until(() => $$(again, '.lp-chat__message').length === count, 'the restored conversation');
    expect(again.open).to.equal(true);
  });

  it('opens from the keyboard, moves focus in, closes on Esc and gives focus back', async () => {
    const el = widget();
    await el.updateComplete;
    launcher(el).focus();
    await sendKeys({ press: 'Enter' });
    await until(() => $(el, '.lp-chat__field'), 'the panel');
    await until(() => deepActive() === $(el, '.lp-chat__field'), 'focus in the panel');
    expect(launcher(el).getAttribute('aria-expanded')).to.equal('true');
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect($(el, '.panel')?.hidden).to.equal(true);
    expect(deepActive()).to.equal(launcher(el));
    expect(launcher(el).getAttribute('aria-expanded')).to.equal('false');
  });

  it('moves with the arrow keys and remembers where it was put', async () => {
    const el = widget();
    await el.updateComplete;
    const before = launcher(el).getBoundingClientRect();
    launcher(el).focus();
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowUp' });
    await el.updateComplete;
    const after = launcher(el).getBoundingClientRect();
    expect([after.left, after.top]).to.deep.equal([before.left - 10, before.top - 10]);
    expect(JSON.parse(localStorage.getItem(POSITION_KEY) ?? 'null')).to.deep.equal({
      x: after.left,
      y: after.top,
    });
    el.remove();
    const again = widget();
    await again.updateComplete;
    const restored = launcher(again).getBoundingClientRect();
    expect([restored.left, restored.top]).to.deep.equal([after.left, after.top]);
  });

  it('is dragged with the pointer but never out of the viewport, also when the window shrinks', async () => {
    await setViewport({ width: 800, height: 600 });
    const el = widget({ position: 'bottom-left' });
    await el.updateComplete;
    const start = launcher(el).getBoundingClientRect();
    expect(start.left).to.equal(24);
    const x = Math.round(start.left + 28);
    const y = Math.round(start.top + 28);
    await sendMouse({ type: 'move', position: [x, y] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x + 200, y - 100] });
    await sendMouse({ type: 'move', position: [x + 5000, y - 5000] });
    await sendMouse({ type: 'up' });
    await el.updateComplete;
    const r = launcher(el).getBoundingClientRect();
    const width = document.documentElement.clientWidth;
    expect([r.right, r.top]).to.deep.equal([width, 0]);
    // the drag was not a click: the panel stays closed
    expect(el.open).to.equal(false);
    // the panel opens on the side the launcher was put on
    el.open = true;
    await el.updateComplete;
    expect($(el, '.panel')?.getBoundingClientRect().right).to.equal(width - 24);
    el.open = false;
    await setViewport({ width: 400, height: 500 });
    await until(
      () => launcher(el).getBoundingClientRect().right <= document.documentElement.clientWidth,
      'clamp',
    );
    expect(launcher(el).getBoundingClientRect().right).to.equal(document.documentElement.clientWidth);
  });

  it('fills the screen below 600 px width', async () => {
    await setViewport({ width: 480, height: 700 });
    const el = widget();
    await openChat(el);
    const panel = $(el, '.panel')?.getBoundingClientRect();
    expect([panel?.left, panel?.top, panel?.width, panel?.height]).to.deep.equal([
      0,
      0,
      document.documentElement.clientWidth,
      700,
    ]);
  });

  it('opens when the page sets the open attribute or calls show(), without an lp-chat-toggle event', async () => {
    const events: boolean[] = [];
    const listen = (e: CustomEvent<{ open: boolean }>) => events.push(e.detail.open);
    document.addEventListener('lp-chat-toggle', listen);
    try {
      const el = widget({ open: '' });
      await until(() => lastOf(el, 'welcome'), 'the welcome');
      expect($(el, '.panel')?.hidden).to.equal(false);
      expect(events).to.deep.equal([]);
      $<HTMLElement>(el, '.lp-chat__close')?.click();
      await el.updateComplete;
      expect(el.hasAttribute('open')).to.equal(false);
      expect(events).to.deep.equal([false]);
      expect(deepActive()).to.equal(launcher(el));
      // the page's own show() and close() change the state without an event either
      await el.show();
      expect($(el, '.panel')?.hidden).to.equal(false);
      el.close();
      await el.updateComplete;
      expect(el.open).to.equal(false);
      expect(events).to.deep.equal([false]);
    } finally {
      document.removeEventListener('lp-chat-toggle', listen);
    }
  });

  it('stays closed under open="false", as Vue 3 and Svelte 5 write it before the element is defined', async () => {
    // made in a document without our definitions, so the attribute is there before the upgrade
    const inert = document.implementation.createHTMLDocument('');
    const el = inert.createElement('lp-chat-widget') as HTMLElementTagNameMap['lp-chat-widget'];
    el.setAttribute('open', 'false');
    document.body.append(document.adoptNode(el));
    made.push(el);
    await until(() => (el.shadowRoot && launcher(el) ? true : null), 'the launcher');
    await el.updateComplete;
    expect(el.open).to.equal(false);
    expect($(el, '.lp-chat'), 'no chat mounted').to.equal(null);
    expect($(el, '.panel')?.hidden).to.equal(true);
    el.setAttribute('open', 'FALSE');
    await el.updateComplete;
    expect(el.open).to.equal(false);
    expect($(el, '.lp-chat')).to.equal(null);
    // any other value opens it, and closing removes the attribute
    el.setAttribute('open', 'true');
    await until(() => lastOf(el, 'welcome'), 'the welcome');
    expect(el.open).to.equal(true);
    el.open = false;
    await el.updateComplete;
    expect(el.hasAttribute('open')).to.equal(false);
  });

  it('takes the properties a page set before the element was defined, and reflects them', async () => {
    // made in a document without our definitions: the properties sit on the instance until the upgrade
    const inert = document.implementation.createHTMLDocument('');
    const el = inert.createElement('lp-chat-widget') as HTMLElementTagNameMap['lp-chat-widget'];
    el.position = 'bottom-left';
    el.open = false;
    document.body.append(document.adoptNode(el));
    made.push(el);
    await until(() => (el.shadowRoot && launcher(el) ? true : null), 'the launcher');
    await el.updateComplete;
    expect(el.position).to.equal('bottom-left');
    expect(el.getAttribute('position')).to.equal('bottom-left');
    expect(el.hasAttribute('open')).to.equal(false);
    expect(launcher(el).getBoundingClientRect().left).to.equal(24);
    // and the attribute, set later, sets the property
    el.setAttribute('position', 'bottom-right');
    await el.updateComplete;
    expect(el.position).to.equal('bottom-right');
  });

  it('stacks above the page through --lp-chat-z-index', async () => {
    const el = widget();
    await el.updateComplete;
    expect(getComputedStyle(launcher(el)).zIndex).to.equal('2147483000');
    el.style.setProperty('--lp-chat-z-index', '5');
    expect(getComputedStyle(launcher(el)).zIndex).to.equal('5');
  });

  it('says so when the service cannot be reached, and starts again on retry', async () => {
    setApiFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const el = widget();
    await el.updateComplete;
    launcher(el).click();
    const error = await until(() => lastOf(el, 'error'), 'the error message');
    expect(error.textContent).to.contain('网络');
    setApiFetch(null);
    error.querySelector<HTMLElement>('.lp-chat__retry')?.click();
    await until(() => lastOf(el, 'welcome'), 'the welcome after retry');
  });

  it('sends the portal token with its calls when the page is signed in', async () => {
    const token = await signIn();
    const seen: { path: string; token: string | null }[] = [];
    setApiFetch((input, init) => {
      const request = new Request(input, init);
      seen.push({ path: new URL(request.url).pathname, token: request.headers.get('X-Token') });
      return fetch(request);
    });
    const el = widget();
    const welcome = await openChat(el);
    welcome.querySelector<HTMLElement>('.lp-chat__question')?.click();
    const answer = await until(() => lastOf(el, 'answer'), 'the answer');
    answer.querySelector<HTMLElement>('.lp-chat__solved')?.click();
    await until(() => lastOf(el, 'thanks'), 'the thanks');
    const comment = seen.find((s) => s.path.endsWith('/customer-service/add-comment.html'));
    expect(comment?.token).to.equal(token);
    expect(seen.every((s) => s.token === token)).to.equal(true);
  });

  it('follows portal links of an answer through the app navigation (same origin)', async () => {
    const went: string[] = [];
    const restore = setNavigation({ navigate: (path) => went.push(path) });
    try {
      const el = widget();
      await openChat(el);
      const field = $<HTMLInputElement>(el, '.lp-chat__field') as HTMLInputElement;
      field.focus();
      await sendKeys({ type: '创建运输订单' });
      await sendKeys({ press: 'Enter' });
      const answer = await until(() => lastOf(el, 'answer'), 'the answer');
      const link = await until(
        () => answer.querySelector<HTMLAnchorElement>('.lp-chat__answer-html a'),
        'a link',
      );
      expect(link.target).to.equal('');
      expect(new URL(link.href).origin).to.equal(location.origin);
      link.click();
      expect(went).to.deep.equal([new URL(link.href).pathname]);
    } finally {
      restore();
    }
  });

  it('follows a language switch of the page at once, and its locale attribute switches the page', async () => {
    const el = widget();
    await el.updateComplete;
    expect(launcher(el).getAttribute('aria-label')).to.equal('在线客服');
    $locale.set('en');
    await el.updateComplete;
    expect(launcher(el).getAttribute('aria-label')).to.equal('Online Customer Service');
    expect($(el, '.hint')?.textContent).to.equal('Arrow keys move this button');
    el.setAttribute('locale', 'zh-CN');
    await el.updateComplete;
    expect($locale.get()).to.equal('zh-CN');
    expect(launcher(el).getAttribute('aria-label')).to.equal('在线客服');
    el.setAttribute('locale', 'fr');
    await el.updateComplete;
    expect($locale.get(), 'an unknown locale changes nothing').to.equal('zh-CN');
  });

  it('closes and forgets the conversation when the page signs out; the next chat gets a new session', async () => {
    await signIn();
    const el = widget();
    const welcome = await openChat(el);
    welcome.querySelector<HTMLElement>('.lp-chat__question')?.click();
    await until(() => lastOf(el, 'answer'), 'the answer');
    await idle(el);
    const first = $chat.get().session;
    expect(first).to.match(/^[\w-]{22}$/);
    const toggles: boolean[] = [];
    el.addEventListener('lp-chat-toggle', (e) => toggles.push(e.detail.open));
    const seen = recordCalls();

    setToken('');
    await el.updateComplete;
    expect(el.open, 'closed at once').to.equal(false);
    expect($(el, '.panel')?.hidden).to.equal(true);
    expect(toggles, 'no event: the user did not toggle the chat').to.deep.equal([]);
    expect($chat.get().messages).to.deep.equal([]);
    expect(sessionStorage.getItem(CHAT_STORAGE_KEY) ?? '').not.to.contain(first);

    launcher(el).click();
    await until(() => lastOf(el, 'welcome'), 'a new welcome');
    expect(messages(el, 'answer')).to.deep.equal([]);
    const config = seen.find((c) => c.path.endsWith('/common/get-qa-config.html'));
    expect(config?.chatSession ?? null, 'asked without the old session').to.equal(null);
    expect($chat.get().session).to.match(/^[\w-]{22}$/);
    expect($chat.get().session).not.to.equal(first);
  });

  it('starts over, still open, when another account signs in; a sign-in after a visit keeps it', async () => {
    const el = widget();
    const welcome = await openChat(el);
    welcome.querySelector<HTMLElement>('.lp-chat__question')?.click();
    await until(() => lastOf(el, 'answer'), 'the answer');
    await idle(el);
    // the visitor signs in: the same person, the conversation stays
    $identity.set({ account: 'first', customer: 'A', role: 'admin' });
    await settle();
    expect(messages(el, 'answer').length).to.equal(1);
    // someone else signs in on this page
    $identity.set({ account: 'second', customer: 'B', role: 'admin' });
    await until(() => messages(el, 'answer').length === 0 && lastOf(el, 'welcome'), 'a fresh conversation');
    expect(el.open).to.equal(true);
  });

  it('shows no message key, in Chinese and in English, before and after a language switch', {
    timeout: 30000,
  }, async () => {
    for (const locale of ['zh-CN', 'en']) {
      resetChat();
      const el = widget({ locale });
      await el.updateComplete;
      expect(rawKeys(el), `${locale} launcher`).to.deep.equal([]);
      const welcome = await openChat(el);
      welcome.querySelector<HTMLElement>('.lp-chat__question')?.click();
      const answer = await until(() => lastOf(el, 'answer'), 'the answer');
      answer.querySelector<HTMLElement>('.lp-chat__unsolved')?.click();
      await until(() => lastOf(el, 'feedback'), 'the feedback form');
      await idle(el);
      expect(rawKeys(el), `${locale} conversation`).to.deep.equal([]);
      $locale.set(locale === 'en' ? 'zh-CN' : 'en');
      await el.updateComplete;
      await settle();
      expect(rawKeys(el), `${locale} switched`).to.deep.equal([]);
      el.remove();
    }
  });

  it('sanitizes answers again in the browser', () => {
    const dirty =
      '<p onclick="x()">ok<script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>';
    const clean = sanitizeAnswer(dirty);
    expect(clean).not.to.match(/script|onclick|onerror|javascript|<img/);
    expect(clean).to.contain('ok');
  });

  it('is accessible with an answer on screen', async () => {
    const el = widget();
    const welcome = await openChat(el);
    welcome.querySelector<HTMLElement>('.lp-chat__question')?.click();
    await until(() => lastOf(el, 'answer'), 'the answer');
    await idle(el);
    await expect(el).to.be.accessible();
  });
});
