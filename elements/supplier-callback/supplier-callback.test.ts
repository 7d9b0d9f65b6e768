import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys, setViewport, waitUntil } from '../../src/ui/testing/commands.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { CLICK_GUARD_MS } from '../../src/ui/button/use-click-guard.ts';
import { type FakeClock, fakeClock, until as frames } from '../../src/ui/testing/clock.ts';
import { deepActive } from '../../src/ui/testing/mount.tsx';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import {
  createTestUser,
  expireSupplierLink,
  type ListOrderOptions,
  makeTestOrders,
  providerCall,
} from '../../src/ui/testing/server.ts';
import type { LpSupplierCallback } from './supplier-callback.ts';
import './supplier-callback.ts';

/** Runs against the real API (vitest.config.ts); each test makes its own order and link. */
describe('<lp-supplier-callback>', () => {
  const placed: HTMLElement[] = [];
  let clock: FakeClock | null = null;
  afterEach(async () => {
    clock?.uninstall();
    clock = null;
    for (const el of placed.splice(0)) el.remove();
    resetStores();
    await setViewport({ width: 800, height: 600 });
  });

  function place(attributes: Record<string, string>): LpSupplierCallback {
    const el = document.createElement('lp-supplier-callback');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const $ = <E extends Element = HTMLElement>(el: HTMLElement, selector: string) =>
    root(el).querySelector<E>(selector);
  const text = (el: HTMLElement) => (root(el).textContent ?? '').replace(/\s+/g, ' ');
  const until = (read: () => unknown, what: string) => waitUntil(read, what, { timeout: 10_000 });

  /** An order of a new customer and a signed link for one of its tasks, made as the provider makes it. */
  async function linkFor(order: ListOrderOptions = {}, task: 'pickup' | 'delivery' = 'pickup') {
    const user = await createTestUser();
    const { orders } = await makeTestOrders(user.customers[0]!.cu_id, [order]);
    const made = orders[0]!;
    const res = await providerCall('supplier-link', { order_no: made.order_no, task, party: '顺丰冷运' });
    expect(res.code, res.message).to.equal(0);
    const { link } = res.data as { link: string };
    const id = Number(atob(link.split('.')[0]!.replace(/-/g, '+').replace(/_/g, '/')).split('.')[0]);
    return { order: made, link, id };
  }

  /** Sets the time field as a person picking a date and time does (the input's own value setter). */
  function typeTime(input: HTMLInputElement, value: string) {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }

  it('shows the task in Chinese and in English with no raw key, and is accessible', async () => {
    const { order, link } = await linkFor();
    for (const locale of ['zh-CN', 'en'] as const) {
      const el = place({ link, locale });
      await until(() => $(el, '.supplier__form'), `${locale}: the form`);
      const shown = text(el);
      expect(shown).to.contain(order.order_no).and.contain('顺丰冷运').and.contain(order.from_company);
      expect(shown).to.contain(locale === 'en' ? 'Pickup Task' : '提货任务');
      expect(shown).to.contain(locale === 'en' ? 'Chilled 2–8 °C' : '冷藏 2–8 °C');
      expect(rawKeys(el), locale).to.deep.equal([]);
      await expect(el).to.be.accessible();
      el.remove();
    }
  });

  it("hides the patient's side as the server sends it and says why", async () => {
    const { link } = await linkFor(
      {
        is_dtp: 1,
        to_goodstype: 1,
        to_company: '王芳',
        to_contact: '王芳',
        to_address: '南京市鼓楼区中山路 1 号',
      },
      'delivery',
    );
    const el = place({ link, locale: 'en' });
    await until(() => $(el, '.supplier__masked'), 'the masked note');
    const to = root(el).querySelectorAll('.supplier__party')[1]!;
    expect(to.textContent).to.contain("hidden to protect the patient's privacy").and.contain('******');
    expect(text(el)).not.to.contain('王芳');
    expect(to.querySelector('a[href^="tel:"]')).to.equal(null);
    expect(text(el)).to.contain('Delivery Task');
  });

  it('proposes another time by keyboard: the answer is announced and focused, fired once, and a reload shows it as used', async () => {
    const { order, link } = await linkFor();
    const el = place({ link, locale: 'en' });
    const answered: Array<{ order_no: string; decision: string }> = [];
    el.addEventListener('lp-supplier-answer', (e) => answered.push(e.detail));
    await until(() => $(el, 'input[value="confirm"]'), 'the choices');
    clock = fakeClock();
    $<HTMLInputElement>(el, 'input[value="confirm"]')!.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(deepActive()?.getAttribute('value')).to.equal('propose');
    await frames(() => $(el, 'input[type="datetime-local"]'), 'the time field', 10_000);
    // Enter on the choice sends the form: nothing typed, both fields say so and the first is focused
    await sendKeys({ press: 'Enter' });
    await frames(
      () => root(el).querySelectorAll('.lp-field__error').length === 2,
      'two field messages',
      10_000,
    );
    expect(deepActive()?.getAttribute('name')).to.equal('proposed_at');
    expect(answered).to.deep.equal([]);
    // the send button rests for the click guard's time after that first send (spec §5)
    await clock.tickAsync(CLICK_GUARD_MS);

    // (the date picker's own segments are the browser's: the value is set as a pick sets it)
    typeTime($<HTMLInputElement>(el, 'input[type="datetime-local"]')!, '2030-05-06T14:30');
    $<HTMLTextAreaElement>(el, 'textarea')!.focus();
    await sendKeys({ type: '司机明早才能到' });
    await sendKeys({ press: 'Tab' });
    expect(deepActive()?.textContent).to.equal('Send Proposed Time');
    await sendKeys({ press: 'Enter' });
    await frames(() => $(el, '.supplier__notice--ok'), 'the answer is recorded', 10_000);
    clock.uninstall();
    clock = null;
    expect(deepActive()?.className).to.contain('supplier__result');
    expect(text(el))
      .to.contain('You proposed 2030-05-06 14:30 (China time) instead.')
      .and.contain('Reason: 司机明早才能到');
    expect($(el, '.supplier__form')).to.equal(null);
    expect(answered).to.deep.equal([{ order_no: order.order_no, decision: 'propose' }]);
    await expect(el).to.be.accessible();

    el.remove();
    const again = place({ link, locale: 'zh-CN' });
    await until(() => $(again, '.supplier__notice--info'), 'the used link');
    expect(text(again)).to.contain('此链接已使用过').and.contain('您已建议改为 2030-05-06 14:30');
    expect($(again, '.supplier__form')).to.equal(null);
  });

  it('a second answer from another open page reads "already used" with the first answer', async () => {
    const { link } = await linkFor();
    const first = place({ link, locale: 'en' });
    const second = place({ link, locale: 'en' });
    await until(() => $(first, '.supplier__form') && $(second, '.supplier__form'), 'both forms');
    $<HTMLButtonElement>(first, '.supplier__send')!.click();
    await until(() => $(first, '.supplier__notice--ok'), 'the first answer');

    $<HTMLInputElement>(second, 'input[value="decline"]')!.click();
    await until(() => $(second, 'textarea'), 'the reason field');
    $<HTMLTextAreaElement>(second, 'textarea')!.focus();
    await sendKeys({ type: 'No truck free' });
    $<HTMLButtonElement>(second, '.supplier__send')!.click();
    await until(() => $(second, '.supplier__notice--info'), 'the refusal');
    expect(text(second)).to.contain('This Link Was Already Used').and.contain('You confirmed this task.');
    expect(text(second)).not.to.contain('No truck free');
    expect($(second, '.supplier__form')).to.equal(null);
  });

  it('an expired link shows nothing of the order; a forged or missing one says it is not valid', async () => {
    const { order, link, id } = await linkFor();
    expect(await expireSupplierLink(id)).to.equal(true);
    const expired = place({ link, locale: 'en' });
    await until(() => text(expired).includes('This Link Has Expired'), 'expired');
    expect(text(expired)).not.to.contain(order.order_no);
    expect(rawKeys(expired)).to.deep.equal([]);

    const [payload, signature] = link.split('.') as [string, string];
    const forged = place({
      link: `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      locale: 'en',
    });
    await until(() => text(forged).includes('This Link Is Not Valid'), 'forged');
    const missing = place({ locale: 'zh-CN' });
    await until(() => text(missing).includes('缺少链接参数'), 'missing');
    await expect(forged).to.be.accessible();
  });

  it('fits 320 px without sideways scrolling, and keeps its sizes under hostile page CSS', async () => {
    await setViewport({ width: 320, height: 640 });
    const style = document.createElement('style');
    style.textContent = 'html { font-size: 40px } * { font-size: 30px }';
    document.head.append(style);
    try {
      const { link } = await linkFor({
        to_address: '北京市海淀区中关村南大街 5 号院 3 号楼 12 层 1208 室（冷链接收处）',
      });
      const el = place({ link, locale: 'en' });
      await until(() => $(el, '.supplier__form'), 'the form');
      expect(document.documentElement.scrollWidth).to.be.at.most(320);
      expect(getComputedStyle($(el, '.supplier__title')!).fontSize).to.equal('20px');
    } finally {
      style.remove();
    }
  });
});
