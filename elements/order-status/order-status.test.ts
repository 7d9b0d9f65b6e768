import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { executeServerCommand, sendKeys, setViewport } from '../../src/ui/testing/commands.ts';
import { setApiFetch } from '../../src/api/config.ts';
import { $locale } from '../../src/i18n/locale.ts';
import { type FakeClock, fakeClock, until as frames } from '../../src/ui/testing/clock.ts';
import { deepActive } from '../../src/ui/testing/mount.tsx';
import {
  createTestOrder,
  createTestUser,
  lastSmsCode,
  type TestOrderOptions,
  trackingFailures,
} from '../../src/ui/testing/server.ts';
import { CAPTCHA_ANSWER } from '../../scripts/test-captcha.mjs';
import { POLL_MS } from './follow.ts';
import './order-status.ts';

/** Element tests against the real API server (vitest.config.ts hands /api to it; scripts/browser-test-api.mjs). */

type El = HTMLElementTagNameMap['lp-order-status'];
const made: Element[] = [];
function element(attrs: Record<string, string> = {}): El {
  const el = document.createElement('lp-order-status');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  document.body.append(el);
  made.push(el);
  return el;
}

const $ = <E extends Element = HTMLElement>(el: HTMLElement, selector: string) =>
  el.shadowRoot?.querySelector<E>(selector) ?? null;
const $$ = <E extends Element = HTMLElement>(el: HTMLElement, selector: string) =>
  Array.from(el.shadowRoot?.querySelectorAll<E>(selector) ?? []);
const text = (el: HTMLElement, selector: string) =>
  $(el, selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

const until = <T>(read: () => T | null | undefined | false | '' | 0, what: string): Promise<T> =>
  frames(read, what, 8000);

const PHONE = '138-1234-5678';

/** An order under way of a new customer: stop phone ending 5678, confirmed and picked up (08:10 and 08:11 UTC). */
async function trackedOrder(options: Partial<TestOrderOptions> = {}) {
  const user = await createTestUser();
  const cuId = user.customers[0]?.cu_id as number;
  const order = await createTestOrder({
    cuId,
    readingsFrom: '2026-03-01T08:00:00Z',
    events: [{ kind: 'confirmed' }, { kind: 'picked_up' }],
    ...options,
    order: {
      status: 'not_finished',
      milestone: 'picked_up',
      to_phone: PHONE,
      deliver_by: '2026-03-02T08:00:00Z',
      ...options.order,
    },
  });
  return { user, order };
}

/** The code the server texted to `mobile` (it goes out just after the answer). */
async function textedCode(mobile: string): Promise<string> {
  const end = performance.now() + 10_000;
  for (;;) {
    const code = await lastSmsCode(mobile);
    if (code) return code;
    if (performance.now() > end) throw new Error(`no code texted to ${mobile}`);
  }
}

/** An order of a new customer whose recipient's mobile is `mobile`, failed often enough that its lookups need the captcha. */
async function guardedOrder(mobile: string) {
  const made = await trackedOrder({ order: { to_phone: mobile } });
  // from other addresses than the page's (the failures of one address would ask every other test for a captcha)
  await trackingFailures(made.order.order_no, 5);
  return made;
}

/** A share of the order made by its owner in the portal (signs in with plain fetch: the page keeps no session). */
async function shareOf(user: { username: string; password: string }, id: number) {
  const login = await fetch('/api/user/login.html', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password, validate: '' }),
  }).then((r) => r.json() as Promise<{ data: { access_token: string } }>);
  const token = login.data.access_token;
  const share = await fetch('/api/customer-order/share-create.html', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Token': token },
    body: JSON.stringify({ id, days: 7 }),
  }).then((r) => r.json() as Promise<{ code: number; data: { id: number; token: string; code: string } }>);
  expect(share.code).to.equal(0);
  return { ...share.data, ownerToken: token };
}

/** The paths of the calls the page makes from now on. */
function recordCalls(): string[] {
  const seen: string[] = [];
  setApiFetch((input, init) => {
    const request = new Request(input, init);
    seen.push(new URL(request.url).pathname);
    return fetch(request);
  });
  return seen;
}

function fill(el: El, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    const input = $<HTMLInputElement>(el, `input[name="${name}"]`);
    if (!input) throw new Error(`no field ${name}`);
    input.value = value;
  }
}
const submit = (el: El) => $<HTMLFormElement>(el, 'form')?.requestSubmit();
const shown = (el: El) => until(() => $(el, '[part="status"]'), 'the status');

/** Makes `document.hidden` say `hidden` and tells the page, as a switch of tabs does. */
function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('<lp-order-status>', () => {
  let clock: FakeClock | null = null;
  beforeEach(() => {
    $locale.set('zh-CN');
  });
  afterEach(async () => {
    clock?.uninstall();
    clock = null;
    setApiFetch(null);
    Reflect.deleteProperty(document, 'hidden');
    for (const el of made.splice(0)) el.remove();
    $locale.set('zh-CN');
    await setViewport({ width: 800, height: 600 });
  });

  it('checks the lookup form before asking: required fields, formats, the second factor chosen', async () => {
    const calls = recordCalls();
    const el = element({ locale: 'en' });
    await el.updateComplete;
    expect($(el, '[part="form"]')).to.not.equal(null);
    submit(el);
    await el.updateComplete;
    expect(text(el, '#order_no-error')).to.equal('Please fill in the Order number');
    expect(text(el, '#phone4-error')).to.equal('Please fill in the Last 4 phone digits');
    expect($(el, '#order_no')?.getAttribute('aria-invalid')).to.equal('true');
    expect($(el, '#order_no')?.getAttribute('aria-describedby')).to.contain('order_no-error');
    expect(deepActive(), 'the first wrong field has the focus').to.equal($(el, '#order_no'));
    fill(el, { order_no: 'LP123', phone4: '12a4' });
    submit(el);
    await el.updateComplete;
    expect(text(el, '#order_no-error')).to.equal('An order number is LP followed by 14 digits');
    expect(text(el, '#phone4-error')).to.equal('Enter 4 digits');
    // the other factor: a share code instead of the phone digits
    $<HTMLInputElement>(el, 'input[value="code"]')?.click();
    await el.updateComplete;
    expect($(el, '#phone4')).to.equal(null);
    fill(el, { order_no: 'lp20260301000123' });
    submit(el);
    await el.updateComplete;
    expect(text(el, '#order_no-error')).to.equal('');
    expect(text(el, '#share_code-error')).to.equal('Please fill in the Share code');
    expect(
      calls.filter((p) => p.includes('tracking/')),
      'nothing was sent',
    ).to.deep.equal([]);
    await expect(el).to.be.accessible();
  });

  it('looks an order up by number and phone digits: status, timeline, parties; a load event; the focus on the status', async () => {
    const { order } = await trackedOrder();
    const el = element({ locale: 'en', 'time-zone': 'Asia/Shanghai' });
    const loads: Array<{ order_no: string; status: string }> = [];
    el.addEventListener('lp-order-status-load', (e) => loads.push(e.detail));
    await el.updateComplete;
    fill(el, { order_no: order.order_no.toLowerCase(), phone4: '5678' });
    submit(el);
    await shown(el);
    expect(text(el, 'h2')).to.equal(`Order Tracking ${order.order_no}`);
    expect(text(el, '.headline')).to.contain('In Progress').and.contain('Picked Up');
    expect(text(el, '.badge.excursion-none')).to.contain('Temperature OK');
    const steps = $$(el, '.step').map((s) => s.textContent?.replace(/\s+/g, ' ').trim());
    expect(steps).to.have.length(5);
    expect(steps[0]).to.match(/^Confirmed 2026-03-01 16:10/);
    expect(steps[1]).to.match(/^Picked Up 2026-03-01 16:11/);
    expect(steps[2]).to.equal('In Transit not yet');
    expect($(el, '.step[aria-current="step"]')?.textContent).to.contain('Picked Up');
    expect(text(el, 'dl.facts')).to.contain('Expected delivery').and.contain('2026-03-02 16:00');
    expect(text(el, 'dl.facts'), 'no signer for a visitor').to.not.contain('Signed by');
    expect(loads).to.deep.equal([{ order_no: order.order_no, status: 'not_finished' }]);
    await until(() => deepActive() === $(el, 'h2'), 'the focus on the status heading');
    await expect(el).to.be.accessible();
  });

  it('says one thing for a wrong number or code, never which one was wrong', async () => {
    const { order } = await trackedOrder();
    const el = element({ locale: 'en' });
    await el.updateComplete;
    fill(el, { order_no: order.order_no, phone4: '0000' });
    submit(el);
    await until(() => text(el, '.notice'), 'the message');
    expect(text(el, '.notice')).to.equal('No order matches this number and code');
    expect($(el, '.notice')?.getAttribute('role')).to.equal('alert');
    expect($(el, '[part="status"]')).to.equal(null);
    // what the user typed stays, to correct it
    expect($<HTMLInputElement>(el, '#order_no')?.value).to.equal(order.order_no);
  });

  it('asks for the captcha after repeated failures: its image, a new image, the field focused; the answer lets the lookup through', async () => {
    const { order } = await trackedOrder();
    let answered = 0;
    setApiFetch(async (input, init) => {
      const response = await fetch(new Request(input, init));
      if (response.url.endsWith('/tracking/lookup.html')) answered += 1;
      return response;
    });
    const el = element({ locale: 'en' });
    await el.updateComplete;
    // five wrong digits for this order number (server/areas/tracking/failures.ts PER_ORDER)
    for (let i = 1; i <= 5; i++) {
      fill(el, { order_no: order.order_no, phone4: `000${i}` });
      submit(el);
      await until(
        () => answered === i && $(el, 'form')?.getAttribute('aria-busy') === 'false',
        `lookup ${i} answered`,
      );
      expect(text(el, '.notice')).to.equal('No order matches this number and code');
    }
    expect($(el, '.captcha'), 'no captcha before the limit').to.equal(null);
    fill(el, { order_no: order.order_no, phone4: '5678' });
    submit(el);
    const image = await until(() => $<HTMLImageElement>(el, '.captcha img'), 'the captcha');
    expect(text(el, '.notice')).to.equal('Too many attempts. Type the characters in the image.');
    expect(image.alt).to.equal('Captcha image');
    await until(() => image.complete && image.naturalWidth > 0, 'the image loads');
    // shown as large as the sign-in's captcha, not a 120 × 40 thumbnail of it
    expect([image.getBoundingClientRect().width, image.getBoundingClientRect().height]).to.deep.equal([
      180, 60,
    ]);
    await until(() => deepActive() === $(el, '#captcha'), 'the captcha field has the focus');
    const first = image.src;
    expect(new URL(first).searchParams.get('order_no')).to.equal(order.order_no);
    $<HTMLButtonElement>(el, '.captcha .refresh')!.click();
    await el.updateComplete;
    expect($<HTMLImageElement>(el, '.captcha img')!.src, 'a new image').to.not.equal(first);

    // the right digits are still refused without the captcha's answer, and with a wrong one
    submit(el);
    await el.updateComplete;
    expect(text(el, '#captcha-error')).to.equal('Please fill in the Captcha');
    const beforeWrong = $<HTMLImageElement>(el, '.captcha img')!.src;
    fill(el, { captcha: 'AAAA' });
    submit(el);
    await until(
      () => text(el, '.notice') === 'The captcha is wrong or expired. Please try again.',
      'wrong answer',
    );
    expect($(el, '[part="status"]')).to.equal(null);
    // a wrong answer ends that captcha: the answer goes to the new image's once it has loaded (on a
    // busy machine the answer could otherwise reach the server before the new image was issued)
    await until(() => {
      const now = $<HTMLImageElement>(el, '.captcha img');
      return now && now.src !== beforeWrong && now.complete && now.naturalWidth > 0;
    }, 'the new image loads');
    fill(el, { captcha: CAPTCHA_ANSWER.toLowerCase() });
    submit(el);
    await shown(el);
    expect(text(el, 'h2')).to.equal(`Order Tracking ${order.order_no}`);
  });

  it('offers a code by SMS instead of the image: to the recipient’s number, in the answer’s field, the digits from the number', async () => {
    const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const { order } = await guardedOrder(mobile);
    const el = element({ locale: 'en' });
    await el.updateComplete;
    fill(el, { order_no: order.order_no, phone4: mobile.slice(-4) });
    submit(el);
    await until(() => $(el, '.captcha img'), 'the captcha');
    $<HTMLButtonElement>(el, '.captcha .link')!.click();
    await until(() => deepActive() === $(el, '#sms-mobile'), 'the number’s field has the focus');
    expect($(el, '.captcha img'), 'no image meanwhile').to.equal(null);
    expect(text(el, '.notice')).to.equal('Too many attempts. Get a code by SMS.');
    expect(text(el, 'label[for="captcha"]')).to.equal('SMS code');

    $<HTMLButtonElement>(el, '.captcha .send')!.click();
    await until(() => text(el, '#sms-mobile-error'), 'no number');
    expect(text(el, '#sms-mobile-error')).to.equal('Please enter the recipient’s mobile number');

    // typed as people write it; the digits typed apart are not needed then
    const typed = `+86 ${mobile.slice(0, 3)} ${mobile.slice(3, 7)} ${mobile.slice(7)}`;
    const field = $<HTMLInputElement>(el, '#sms-mobile')!;
    field.value = typed;
    field.dispatchEvent(new Event('input'));
    fill(el, { phone4: '' });
    $<HTMLButtonElement>(el, '.captcha .send')!.click();
    await until(() => text(el, '.captcha [role="status"]'), 'sent');
    expect(text(el, '.captcha [role="status"]')).to.equal(
      `If ${mobile.slice(0, 3)}****${mobile.slice(-4)} is the recipient’s mobile number, a code valid for 5 minutes has been sent to it`,
    );
    const send = $<HTMLButtonElement>(el, '.captcha .send')!;
    expect([send.disabled, /^Send again in \d+ s$/.test(text(el, '.captcha .send'))]).to.deep.equal([
      true,
      true,
    ]);
    await until(() => deepActive() === $(el, '#captcha'), 'the code’s field has the focus');

    const code = await textedCode(mobile);
    fill(el, { captcha: code });
    submit(el);
    await shown(el);
    expect(text(el, 'h2')).to.equal(`Order Tracking ${order.order_no}`);
  });

  it('says a wrong code is wrong and keeps the SMS fields; the image comes back when asked for', async () => {
    const mobile = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const { order } = await guardedOrder(mobile);
    const el = element({ locale: 'zh-CN' });
    await el.updateComplete;
    fill(el, { order_no: order.order_no, phone4: mobile.slice(-4) });
    submit(el);
    await until(() => $(el, '.captcha .link'), 'the captcha');
    expect(text(el, '.captcha .link')).to.equal('看不清图片？改用短信验证码');
    $<HTMLButtonElement>(el, '.captcha .link')!.click();
    await until(() => $(el, '#sms-mobile'), 'the SMS fields');
    const field = $<HTMLInputElement>(el, '#sms-mobile')!;
    field.value = mobile;
    field.dispatchEvent(new Event('input'));
    $<HTMLButtonElement>(el, '.captcha .send')!.click();
    await until(() => text(el, '.captcha [role="status"]'), 'sent');
    const code = await textedCode(mobile);
    fill(el, { captcha: String((Number(code) + 1) % 1_000_000).padStart(6, '0') });
    submit(el);
    await until(() => text(el, '.notice') === '验证码错误或已失效，请重新获取', 'wrong code');
    expect($(el, '#sms-mobile'), 'still the SMS fields').to.not.equal(null);

    // the image takes the code's place: back to SMS, nothing says a code is on its way, and the
    // button still waits out the minute
    $<HTMLButtonElement>(el, '.captcha .link')!.click();
    await until(() => $(el, '.captcha img'), 'the image');
    $<HTMLButtonElement>(el, '.captcha .link')!.click();
    await until(() => $(el, '#sms-mobile'), 'the SMS fields again');
    expect(text(el, '.captcha [role="status"]')).to.equal('');
    expect($<HTMLButtonElement>(el, '.captcha .send')!.disabled).to.equal(true);
    expect(text(el, '.captcha .send')).to.match(/^\d+ 秒后可重新获取$/);

    $<HTMLButtonElement>(el, '.captcha .link')!.click();
    const image = await until(() => $<HTMLImageElement>(el, '.captcha img'), 'the image again');
    await until(() => deepActive() === $(el, '#captcha'), 'its field has the focus');
    await until(() => image.complete && image.naturalWidth > 0, 'the image loads');
    fill(el, { captcha: CAPTCHA_ANSWER });
    submit(el);
    await shown(el);
  });

  it('opens a share link’s token without asking anything; the order number with a short code looks it up', async () => {
    const { user, order } = await trackedOrder();
    const share = await shareOf(user, order.id);
    const loads: string[] = [];
    document.addEventListener('lp-order-status-load', (e) => loads.push(e.detail.order_no), { once: true });
    const el = element({ 'share-code': share.token });
    await el.updateComplete;
    expect($(el, '[part="form"]'), 'no form while the link opens').to.equal(null);
    await shown(el);
    expect(text(el, 'h2')).to.contain(order.order_no);
    expect(loads).to.deep.equal([order.order_no]);
    const byCode = element({ 'order-no': order.order_no, 'share-code': share.code.toLowerCase() });
    await shown(byCode);
    expect(text(byCode, 'h2')).to.contain(order.order_no);
  });

  it('says a revoked link no longer works and offers the lookup form', async () => {
    const { user, order } = await trackedOrder();
    const share = await shareOf(user, order.id);
    await fetch('/api/customer-order/share-revoke.html', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Token': share.ownerToken },
      body: JSON.stringify({ share_id: share.id }),
    });
    const el = element({ locale: 'en', 'share-code': share.token });
    await until(() => $(el, '[part="form"]'), 'the form');
    expect(text(el, '.notice')).to.equal(
      'This tracking link no longer works (expired or revoked). Look the order up by its number.',
    );
  });

  it('follows the status while shown and announces a change politely', async () => {
    const { order } = await trackedOrder();
    const el = element({ locale: 'en', 'order-no': order.order_no });
    await el.updateComplete;
    fill(el, { phone4: '5678' });
    clock = fakeClock();
    submit(el);
    await shown(el);
    const changes: Array<{ order_no: string; status: string; milestone: string }> = [];
    el.addEventListener('lp-order-status-change', (e) => changes.push(e.detail));
    const live = $(el, '[aria-live="polite"]') as HTMLElement;
    expect(live.textContent?.trim()).to.equal('');
    await executeServerCommand('lp-tracking-step', { id: order.id, milestone: 'in_transit' });
    await clock.tickAsync(POLL_MS);
    await until(() => live.textContent?.trim(), 'the announcement');
    expect(live.textContent?.trim()).to.equal('Status changed: In Transit');
    expect(changes).to.deep.equal([
      { order_no: order.order_no, status: 'not_finished', milestone: 'in_transit' },
    ]);
    expect($(el, '.step[aria-current="step"]')?.textContent).to.contain('In Transit');
  });

  it('stops reading while the page is hidden, reads again when it shows, and stops when removed', async () => {
    const { order } = await trackedOrder();
    const calls = recordCalls();
    const reads = () => calls.filter((p) => p.endsWith('/tracking/status.html')).length;
    const el = element({ 'order-no': order.order_no });
    await el.updateComplete;
    fill(el, { phone4: '5678' });
    clock = fakeClock();
    submit(el);
    await shown(el);
    await clock.tickAsync(POLL_MS);
    await until(() => reads() === 1, 'the first read');
    setHidden(true);
    await clock.tickAsync(10 * 60_000);
    expect(reads(), 'no read while hidden').to.equal(1);
    setHidden(false);
    await until(() => reads() === 2, 'a read as soon as the page shows');
    el.remove();
    await clock.tickAsync(10 * 60_000);
    expect(reads(), 'no read once removed').to.equal(2);
  });

  it('formats every time in the chosen time zone and says which', async () => {
    const { order } = await trackedOrder();
    const el = element({ 'order-no': order.order_no, 'time-zone': 'Asia/Shanghai' });
    await el.updateComplete;
    fill(el, { phone4: '5678' });
    submit(el);
    await shown(el);
    const confirmed = () => text(el, '.step:first-child .step-when');
    expect(confirmed()).to.equal('2026-03-01 16:10');
    const select = $<HTMLSelectElement>(el, 'select') as HTMLSelectElement;
    expect(select.value).to.equal('Asia/Shanghai');
    expect(select.selectedOptions[0]?.textContent).to.contain('Asia/Shanghai (GMT+8)');
    expect(Array.from(select.options).map((o) => o.value)).to.include('UTC');
    select.value = 'UTC';
    select.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(confirmed()).to.equal('2026-03-01 08:10');
    expect(text(el, 'dl.facts')).to.contain('2026-03-02 08:00');
    expect($(el, '.step:first-child time')?.getAttribute('datetime')).to.equal('2026-03-01T08:10:00.000Z');
  });

  it('loads the temperature only when asked: chart, limits and readings in words and a table', async () => {
    const { order } = await trackedOrder({
      readings: [
        [0, 5],
        [30, 9.5],
        [60, 9.8],
        [90, 6],
      ],
    });
    const calls = recordCalls();
    const el = element({ locale: 'en', 'order-no': order.order_no });
    await el.updateComplete;
    fill(el, { phone4: '5678' });
    submit(el);
    await shown(el);
    const button = $<HTMLButtonElement>(el, '.show-temp') as HTMLButtonElement;
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    expect(calls.some((p) => p.endsWith('/tracking/temperature.html'))).to.equal(false);
    expect($(el, '.chart-box')).to.equal(null);
    button.click();
    await until(() => $(el, '.chart-box canvas'), 'the chart');
    expect(calls.filter((p) => p.endsWith('/tracking/temperature.html'))).to.have.length(1);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(text(el, '.temp-summary')).to.equal('4 readings from 5 °C to 9.8 °C; allowed range 2 – 8 °C');
    expect($$(el, '.excursions li')).to.have.length(1);
    expect($$(el, '.readings tbody tr')).to.have.length(4);
    expect(text(el, '.badge[class*="excursion-"]')).to.match(/excursion/i);
    await expect(el).to.be.accessible();
  });

  it('works from the keyboard alone: fields in order, Enter sends, the status takes the focus', async () => {
    const { order } = await trackedOrder();
    const el = element({ locale: 'en' });
    await el.updateComplete;
    $<HTMLInputElement>(el, '#order_no')?.focus();
    await sendKeys({ type: order.order_no });
    await sendKeys({ press: 'Tab' });
    expect(deepActive()).to.equal($(el, 'input[value="phone"]'));
    await sendKeys({ press: 'Tab' });
    expect(deepActive()).to.equal($(el, '#phone4'));
    await sendKeys({ type: '5678' });
    await sendKeys({ press: 'Enter' });
    await shown(el);
    await until(() => deepActive() === $(el, 'h2'), 'the focus on the status');
    // "Track another order" brings the form back with the focus in it
    $<HTMLButtonElement>(el, '.another')?.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => deepActive() === $(el, '#order_no'), 'the focus in the form');
  });

  it('keeps its sizes under a hostile page (global font sizes and a large root rem)', async () => {
    const el = element({ locale: 'en' });
    await el.updateComplete;
    const field = () => $(el, '#order_no')?.getBoundingClientRect().height;
    const label = () => getComputedStyle($(el, 'label') as Element).fontSize;
    const plain = [field(), label()];
    const style = document.createElement('style');
    style.textContent =
      'html { font-size: 40px } * { font-size: 30px !important; line-height: 3 !important }';
    document.head.append(style);
    try {
      expect([field(), label()]).to.deep.equal(plain);
      expect(label()).to.equal('14px');
    } finally {
      style.remove();
    }
  });
});
