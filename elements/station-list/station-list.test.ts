import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { setApiFetch } from '../../src/api/config.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestStations } from '../../src/ui/testing/station-server.ts';
import type { LpStationList } from './station-list.ts';
import './station-list.ts';

/**
 * Runs against the real API (vitest.config.ts) without a session: the page is public.
 * Each test makes its own stations with a unique tag in their names and searches by it, so
 * stations of other tests in the same database never change what a test sees.
 */
describe('<lp-station-list>', () => {
  const placed: HTMLElement[] = [];
  beforeEach(() => resetStores());
  afterEach(() => {
    setApiFetch(null);
    for (const el of placed.splice(0)) el.remove();
    resetStores();
  });

  const tag = () => Math.random().toString(36).slice(2, 8);
  function place(locale: 'zh-CN' | 'en' = 'zh-CN'): LpStationList {
    const el = document.createElement('lp-station-list');
    el.setAttribute('locale', locale);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const cards = (el: HTMLElement) => Array.from(root(el).querySelectorAll<HTMLElement>('.station-card'));
  const card = (el: HTMLElement, name: string) =>
    cards(el).find((c) => c.querySelector('.station-card__name')?.textContent === name);
  const status = (el: HTMLElement) => root(el).querySelector('[role="status"]')?.textContent ?? '';
  const field = <T extends HTMLElement>(el: HTMLElement, label: string) => {
    const found = Array.from(root(el).querySelectorAll('label')).find((l) => l.textContent === label);
    return root(el).getElementById(found?.htmlFor ?? '') as T;
  };
  async function type(input: HTMLInputElement, text: string) {
    input.focus();
    input.select();
    await sendKeys({ press: 'Backspace' });
    if (text) await sendKeys({ type: text });
  }
  function choose(select: HTMLSelectElement, value: string) {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }
  const ready = (el: HTMLElement) =>
    waitUntil(() => status(el) !== '' && cards(el).length > 0, 'the stations', { timeout: 15_000 });

  it('shows each station under its city with address, phone, hours and temperature classes, in both languages, accessibly', async () => {
    const id = tag();
    const [depot] = await createTestStations([
      {
        kind: 'depot',
        name: `苏州园区冷链仓${id}`,
        name_en: `Suzhou Park Cold-Chain Depot ${id}`,
        region_id: 320571,
        address: '苏州工业园区星湖街 218 号',
        address_en: '218 Xinghu Street, Suzhou Industrial Park',
        phone: '0512-6295 7730',
        hours: [{ from_day: 1, to_day: 7, open: '00:00', close: '24:00' }],
        temp_classes: ['chilled', 'cryo'],
      },
    ]);
    const zh = place('zh-CN');
    await ready(zh);
    const zhCard = card(zh, depot!.name)!;
    expect(zhCard, 'the depot’s card').to.exist;
    expect(zhCard.textContent).to.contain('仓库');
    expect(zhCard.textContent).to.contain('苏州工业园区星湖街 218 号');
    expect(zhCard.textContent).to.contain('每天 24 小时');
    expect(zhCard.textContent).to.contain('冷藏 2–8 °C');
    expect(zhCard.textContent).to.contain('超低温 ≤ −150 °C');
    const tel = zhCard.querySelector('a') as HTMLAnchorElement;
    expect([tel.textContent, tel.getAttribute('href')]).to.deep.equal(['0512-6295 7730', 'tel:051262957730']);
    // under its city's heading, with its province
    const section = zhCard.closest('section') as HTMLElement;
    expect(section.querySelector('h2')?.textContent).to.equal('江苏 · 苏州市');
    expect(status(zh)).to.match(/^共 \d+ 个站点$/);
    expect(rawKeys(zh)).to.deep.equal([]);
    await expect(zh).to.be.accessible();

    const en = place('en');
    await ready(en);
    const enCard = card(en, depot!.name_en)!;
    expect(enCard.textContent).to.contain('Depot');
    expect(enCard.textContent).to.contain('218 Xinghu Street, Suzhou Industrial Park');
    expect(enCard.textContent).to.contain('Every day: 24 hours');
    expect(enCard.textContent).to.contain('Cryogenic ≤ −150 °C');
    expect((enCard.closest('section') as HTMLElement).querySelector('h2')?.textContent).to.equal(
      'Jiangsu · Suzhou',
    );
    expect(status(en)).to.match(/^\d+ locations?$/);
    expect(rawKeys(en)).to.deep.equal([]);
    await expect(en).to.be.accessible();
  });

  it('finds stations by pinyin initials and by text as the visitor types, and says when nothing matches', async () => {
    const id = tag();
    const [lingang, other] = await createTestStations([
      { name: `临港冷链测试仓${id}`, name_en: `Lingang Test Depot ${id}`, region_id: 310115 },
      { name: `海淀测试站${id}`, name_en: `Haidian Test Station ${id}`, region_id: 110108 },
    ]);
    const el = place('zh-CN');
    await ready(el);
    const search = field<HTMLInputElement>(el, '搜索');
    // pinyin initials of 临港冷链测试仓 (the initials filter of spec §5), upper case too
    await type(search, 'LGLLCSC');
    await waitUntil(() => card(el, lingang!.name), 'found by initials');
    expect(card(el, other!.name), 'a station whose initials differ').to.equal(undefined);
    expect(cards(el).every((c) => c.textContent?.includes('临港冷链测试仓'))).to.equal(true);
    // its unique tag, as text
    await type(search, `海淀测试站${id}`);
    await waitUntil(() => cards(el).length === 1 && card(el, other!.name), 'found by text');
    expect(status(el)).to.equal('共 1 个站点');
    // the hint and the count are read with the search
    const described = (search.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => root(el).getElementById(id)?.textContent)).to.deep.equal([
      '可输入名称、城市、地址或拼音首字母，如 shpd（上海浦东）',
      '共 1 个站点',
    ]);
    await type(search, `没有这个站点${id}`);
    await waitUntil(() => cards(el).length === 0, 'nothing found');
    expect(root(el).textContent).to.contain('没有符合条件的站点');
    expect(status(el)).to.equal('共 0 个站点');
    const clear = Array.from(root(el).querySelectorAll('button')).find((b) => b.textContent === '清除筛选');
    clear!.click();
    await waitUntil(() => card(el, lingang!.name) && card(el, other!.name), 'all again');
    expect(search.value).to.equal('');
  });

  it('narrows by province, then city of the region tree, kind and temperature class', async () => {
    const id = tag();
    const [gz, sz, szDepot] = await createTestStations([
      { name: `广州测试站${id}`, region_id: 440104, temp_classes: ['ambient'] },
      { name: `深圳测试站${id}`, region_id: 440305, temp_classes: ['ambient', 'frozen'] },
      { kind: 'depot', name: `深圳测试仓${id}`, region_id: 440307, temp_classes: ['frozen'] },
    ]);
    const el = place('zh-CN');
    await ready(el);
    const city = field<HTMLSelectElement>(el, '城市');
    expect(city.disabled, 'no city before a province').to.equal(true);
    await type(field<HTMLInputElement>(el, '搜索'), id);
    await waitUntil(() => cards(el).length === 3, 'the three test stations');
    choose(field<HTMLSelectElement>(el, '省份'), '440000');
    await waitUntil(() => !city.disabled, 'the cities of 广东');
    expect(Array.from(city.options).map((o) => o.textContent)).to.include.members([
      '全部',
      '广州市',
      '深圳市',
    ]);
    choose(city, '440300');
    await waitUntil(() => cards(el).length === 2, 'Shenzhen only');
    expect(card(el, gz!.name)).to.equal(undefined);
    choose(field<HTMLSelectElement>(el, '类型'), 'depot');
    await waitUntil(() => cards(el).length === 1 && card(el, szDepot!.name), 'the depot');
    choose(field<HTMLSelectElement>(el, '类型'), '');
    choose(field<HTMLSelectElement>(el, '温度等级'), 'ambient');
    await waitUntil(() => cards(el).length === 1 && card(el, sz!.name), 'the ambient one in Shenzhen');
    // another province empties the city choice
    choose(field<HTMLSelectElement>(el, '省份'), '');
    expect(city.value).to.equal('');
    await waitUntil(() => card(el, gz!.name) && card(el, sz!.name), 'both ambient stations');
  });

  it('is used with the keyboard alone: search, filters, then each phone link, in reading order', async () => {
    const id = tag();
    const [only] = await createTestStations([{ name: `键盘测试站${id}`, phone: '021-6485 2217' }]);
    const el = place('en');
    await ready(el);
    const search = field<HTMLInputElement>(el, 'Search');
    search.focus();
    await sendKeys({ type: `键盘测试站${id}` });
    await waitUntil(() => cards(el).length === 1, 'the one station');
    const focused = () => root(el).activeElement as HTMLElement | null;
    const order: string[] = [];
    for (let i = 0; i < 5; i++) {
      await sendKeys({ press: 'Tab' });
      const now = focused();
      order.push(
        now?.localName === 'a'
          ? `a:${now.textContent}`
          : now?.id
            ? (root(el).querySelector(`label[for="${now.id}"]`)?.textContent ?? '')
            : (now?.textContent ?? ''),
      );
    }
    // the city choice is disabled (skipped) until a province is chosen
    expect(order).to.deep.equal([
      'Province',
      'Type',
      'Temperature class',
      'Clear Filters',
      `a:${'021-6485 2217'}`,
    ]);
    expect(card(el, only!.name_en)).to.exist;
  });

  it('says when the list cannot be loaded and loads it on Try Again', async () => {
    let failing = true;
    setApiFetch((input, init) =>
      failing && /station-list/.test(String(input instanceof Request ? input.url : input))
        ? Promise.reject(new TypeError('Failed to fetch'))
        : fetch(input, init),
    );
    const el = place('en');
    await waitUntil(() => root(el).querySelector('[role="alert"]'), 'the failure', { timeout: 15_000 });
    expect(root(el).querySelector('[role="alert"]')?.textContent).to.contain(
      'The stations could not be loaded. Please try again.',
    );
    failing = false;
    (root(el).querySelector('[role="alert"] button') as HTMLButtonElement).click();
    await ready(el);
    expect(root(el).querySelector('[role="alert"]')).to.equal(null);
  });
});
