import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, setViewport, waitUntil } from '../../src/ui/testing/commands.ts';
import { call } from '../../src/api/transport.ts';
import { orderOverview } from '../../src/contract/orders/operations.ts';
import { setLocale } from '../../src/i18n/translate.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { rememberScroll } from '../../src/stores/scroll.ts';
import { loadUserInfo, login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { until } from '../../src/ui/testing/clock.ts';
import { createEditorSetup, createTestStock, type EditorSetup } from '../../src/ui/testing/editor-server.ts';
import { heldStock } from '../../src/ui/testing/held-stock.ts';
import { settle } from '../../src/ui/testing/mount.tsx';
import '../material-inventory/material-inventory.ts';
import type { LpInventoryTable } from './inventory-table.ts';
import './inventory-table.ts';

const DAY = 86_400_000;
const day = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date(Date.now() + days * DAY));

/** Runs against the real API (vitest.config.ts); each test makes its own customer and stock. */
describe('<lp-inventory-table>', () => {
  const placed: HTMLElement[] = [];
  let visited: string[] = [];
  let restoreNavigation: () => void = () => undefined;
  let setup: EditorSetup;

  beforeEach(async () => {
    resetStores();
    // an administrator of the customer: who may decide the excursion case that quarantines a line
    setup = await createEditorSetup({ user: { admin: true } });
    await login({ username: setup.user.username, password: setup.user.password, validate: '' });
    await loadUserInfo();
    setLocale('en');
    visited = [];
    restoreNavigation = setNavigation({ navigate: (path) => visited.push(path) });
  });
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    resetStores();
  });

  function place(tag: 'lp-inventory-table' | 'lp-material-inventory' = 'lp-inventory-table') {
    const el = document.createElement(tag) as LpInventoryTable;
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const text = (el: HTMLElement) => root(el).textContent ?? '';
  const rows = (el: HTMLElement) =>
    Array.from(
      root(el).querySelectorAll<HTMLElement>('tbody tr.lp-data-table__row:not(.lp-data-table__skeleton)'),
    );
  const rowOf = (el: HTMLElement, name: string) => {
    const row = rows(el).find((r) => r.textContent?.includes(name));
    if (!row) throw new Error(`no row ${name}`);
    return row;
  };
  const names = (el: HTMLElement) => rows(el).map((r) => r.querySelector('.inv-link')?.textContent ?? '');
  const button = (el: HTMLElement, name: RegExp) => {
    const found = Array.from(root(el).querySelectorAll<HTMLButtonElement>('button')).find((b) =>
      name.test(b.getAttribute('aria-label') ?? b.textContent ?? ''),
    );
    if (!found) throw new Error(`no button ${name}`);
    return found;
  };
  const select = (el: HTMLElement, label: string) => {
    const l = Array.from(root(el).querySelectorAll('label')).find((x) => x.textContent === label);
    return root(el).getElementById(l?.htmlFor ?? '') as HTMLSelectElement;
  };
  const pick = (control: HTMLSelectElement, value: string) => {
    control.value = value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const loaded = (el: HTMLElement, count: number) =>
    waitUntil(() => rows(el).length === count, `${count} rows`, { timeout: 15_000 });
  /** Waits until the table shows exactly these names (the previous rows stay while a page loads). */
  const shows = (el: HTMLElement, expected: string[]) =>
    waitUntil(() => JSON.stringify(names(el)) === JSON.stringify(expected), `rows ${expected}`, {
      timeout: 15_000,
    });
  const check = (el: HTMLElement, name: string) =>
    rowOf(el, name).querySelector<HTMLInputElement>('input[type="checkbox"]')?.click();

  it('lists drugs by name with expiry marked in words, and filters by class, expiry and keyword', async () => {
    await createTestStock(setup.cuId, [
      { name: '临期片', expiry: day(10), depot: '北京仓' },
      { name: '样本管', goods_type: 2 },
    ]);
    const el = place();
    await loaded(el, 6);
    expect(text(el)).to.contain('Drug and Sample Inventory');
    expect(rowOf(el, setup.stock.expired.name).textContent).to.contain('Expired');
    expect(rowOf(el, '临期片').textContent).to.contain('Expires within 30 days');
    expect(rowOf(el, setup.stock.chilled.name).textContent).to.contain('Chilled 2–8 °C');

    pick(select(el, 'Temperature'), 'ambient');
    await shows(el, [setup.stock.ambient.name]);
    pick(select(el, 'Temperature'), '');
    pick(select(el, 'Expiry'), 'soon');
    await shows(el, ['临期片']);
    await waitUntil(() => select(el, 'Depot').options.length === 3, 'the depots');
    button(el, /^Clear filters$/).click();
    await loaded(el, 6);

    const search = root(el).querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement;
    search.focus();
    await sendKeys({ type: '临期' });
    await sendKeys({ press: 'Enter' });
    await shows(el, ['临期片']);

    button(el, /^Samples$/).click();
    await shows(el, ['样本管']);
  });

  it('shows a line’s movements in a dialog and the stock-outs in their own tab', async () => {
    const [line] = await createTestStock(setup.cuId, [
      {
        name: '紫杉醇',
        movements: [
          { kind: 'inbound', delta: 40, note: '首批入库' },
          { kind: 'outbound', delta: -6 },
        ],
      },
    ]);
    const el = place();
    await waitUntil(() => rows(el).some((r) => r.textContent?.includes('紫杉醇')), 'the line', {
      timeout: 15_000,
    });
    button(el, /^Movements of 紫杉醇/).click();
    const dialog = () => root(el).querySelector('dialog[open]');
    await waitUntil(() => Boolean(dialog()?.querySelector('tbody tr')), 'the movements', { timeout: 15_000 });
    expect(dialog()?.textContent).to.contain('Movements: 紫杉醇');
    const kinds = Array.from(dialog()?.querySelectorAll('tbody tr') ?? []).map((r) => r.textContent);
    expect(kinds.join('|')).to.contain('Inbound').and.contain('+40').and.contain('首批入库');
    button(el, /^Close$/).click();
    await waitUntil(() => dialog() === null, 'the dialog closed');

    button(el, /^Stock-Outs$/).click();
    await waitUntil(() => text(el).includes('Quantity Out') && rows(el).length === 1, 'the stock-outs', {
      timeout: 15_000,
    });
    expect(rows(el)[0]?.textContent).to.contain('紫杉醇');
    expect(line).to.have.property('in_id');
  });

  it('hands the selected lines to the order editor, or says why they cannot make one order', async () => {
    const el = place();
    await loaded(el, 5);
    check(el, setup.stock.chilled.name);
    check(el, setup.stock.ambient.name);
    await settle();
    button(el, /^Order the 2 Selected Lines$/).click();
    await waitUntil(() => text(el).includes('different temperatures'), 'the mixed-class message');
    expect(visited).to.deep.equal([]);

    check(el, setup.stock.ambient.name);
    check(el, setup.stock.chilledSmall.name);
    await settle();
    expect(text(el)).not.to.contain('different temperatures');
    const ordered: Array<{ path: string; in_ids: number[] }> = [];
    el.addEventListener('lp-inventory-order', (e) => ordered.push(e.detail));
    button(el, /^Order the 2 Selected Lines$/).click();
    const ids = [setup.stock.chilled.in_id, setup.stock.chilledSmall.in_id];
    expect(visited).to.have.length(1);
    expect(visited[0]).to.match(/^\/customer-order\/create\?stock=\d+,\d+&form-key=[0-9a-f-]{36}$/);
    const query = new URLSearchParams((visited[0] ?? '').split('?')[1]);
    expect(
      (query.get('stock') ?? '')
        .split(',')
        .map(Number)
        .sort((a, b) => a - b),
    ).to.deep.equal([...ids].sort((a, b) => a - b));
    expect(ordered[0]?.path).to.equal(visited[0]);
  });

  it('says in words which lines an excursion holds back, links their cases, and never offers them for an order', async () => {
    const [held, quarantined] = await Promise.all([
      heldStock(setup.cuId, setup.project.pr_id, { name: '暂扣片' }),
      heldStock(setup.cuId, setup.project.pr_id, {
        name: '隔离片',
        quarantine: { uid: setup.user.uid, password: setup.user.password },
      }),
      createTestStock(setup.cuId, [{ name: '核销片', movements: [{ kind: 'write_off', delta: -3 }] }]),
    ]);
    const el = place();
    await loaded(el, 8);
    const hold = (name: string) => rowOf(el, name).querySelector('.inv-name > .inv-expiry');
    expect(hold('暂扣片')?.textContent).to.equal(`On hold (excursion)Case ${held.case_no}Cannot be ordered`);
    expect(hold('隔离片')?.textContent).to.equal(`QuarantinedCase ${quarantined.case_no}Cannot be ordered`);
    expect(hold(setup.stock.chilled.name)).to.equal(null);
    // its case's page, opened in the portal
    const link = hold('暂扣片')?.querySelector('a');
    expect(link?.getAttribute('href')).to.equal(`/excursion/view/${held.case_id}`);
    link?.click();
    expect(visited).to.deep.equal([`/excursion/view/${held.case_id}`]);

    // its box cannot be ticked, and says why; select-all leaves it out
    const box = (name: string) => rowOf(el, name).querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(box('暂扣片')?.disabled).to.equal(true);
    expect(box('暂扣片')?.title).to.equal('On hold (excursion): Cannot be ordered');
    expect(box('隔离片')?.getAttribute('aria-label')).to.equal(
      `Select 隔离片 batch ${quarantined.batch_no} (Quarantined: Cannot be ordered)`,
    );
    root(el).querySelector<HTMLInputElement>('thead input[type="checkbox"]')?.click();
    await settle();
    expect(el.lists.stock('drugs').$selected.get().size).to.equal(6);
    expect(box('暂扣片')?.checked).to.equal(false);

    // China: the same words in Chinese
    setLocale('zh-CN');
    await settle();
    expect(hold('隔离片')?.textContent).to.equal(`已隔离事件 ${quarantined.case_no}不能下单`);
    setLocale('en');
    await settle();

    // the movements show what was written off
    button(el, /^Movements of 核销片/).click();
    const dialog = () => root(el).querySelector('dialog[open]');
    await waitUntil(() => Boolean(dialog()?.querySelector('tbody tr')), 'the movements', { timeout: 15_000 });
    expect(dialog()?.querySelector('tbody tr')?.textContent).to.contain('Written off').and.contain('-3');
  });

  it('comes back to the remembered scroll position once its rows are there', async () => {
    const spacer = document.createElement('div');
    spacer.style.height = '3000px';
    document.body.append(spacer);
    placed.push(spacer);
    const scroller = document.scrollingElement as HTMLElement;
    scroller.scrollTop = 0;
    rememberScroll('/customer-inventory/index-yp', 400);
    const before = `${location.pathname}${location.search}`;
    history.replaceState(history.state, '', '/customer-inventory/index-yp');
    try {
      const el = place();
      document.body.prepend(el);
      await loaded(el, 5);
      const start = performance.now();
      await until(() => Math.abs(scroller.scrollTop - 400) < 1, 'the remembered position');
      // a smooth scroll of about 500 ms (spec §2), not a jump
      expect(performance.now() - start).to.be.greaterThan(300);
    } finally {
      scroller.scrollTop = 0;
      history.replaceState(history.state, '', before);
    }
  });

  /** Runs `body` with the address at `path` (the portal's page), then puts the test page's back. */
  async function at(path: string, body: () => Promise<void>) {
    const before = `${location.pathname}${location.search}`;
    history.replaceState(history.state, '', path);
    try {
      await body();
    } finally {
      history.replaceState(history.state, '', before);
    }
  }
  const sameNames = (el: HTMLElement, expected: string[]) =>
    waitUntil(
      () => JSON.stringify(names(el).sort()) === JSON.stringify([...expected].sort()),
      `${expected}`,
      {
        timeout: 15_000,
      },
    );
  const chip = (el: HTMLElement) => root(el).querySelector<HTMLButtonElement>('.lp-filter-chip');

  it('opened by the home page’s link (?attention=low) lists only the lines it counts, with a chip that removes the filter', async () => {
    await createTestStock(setup.cuId, [
      { name: '低库存片', quantity: 3, low_level: 5 },
      { name: '补货线片', quantity: 6, reserved: 1, low_level: 5 },
      { name: '充足片', quantity: 9, low_level: 5 },
      { name: '低库存样本', goods_type: 2, quantity: 1, low_level: 2 },
    ]);
    const overview = await call(orderOverview, {});
    await setViewport({ width: 320, height: 640 });
    await at('/customer-inventory/index-yp?attention=low', async () => {
      try {
        await lowPage(overview.inventory.low);
      } finally {
        await setViewport({ width: 800, height: 600 });
      }
    });
    async function lowPage(low: typeof overview.inventory.low) {
      const el = place();
      await sameNames(el, ['低库存片', '补货线片']);
      // each line says it is low in words, beside the reorder level it is under (or at)
      const cells = (name: string) =>
        Array.from(rowOf(el, name).querySelectorAll('td')).map((td) => td.textContent?.trim());
      expect(cells('低库存片')).to.include.members(['3 盒Low stock', '5']);
      expect(cells('补货线片')).to.include.members(['5 盒Low stock', '5']);
      expect(Array.from(root(el).querySelectorAll('th')).map((th) => th.textContent)).to.include(
        'Reorder Level',
      );
      // the drugs the home page counts as low, and no more
      const drugs = low.by_goods_type.find((type) => type.goods_type === 1);
      expect(el.lists.stock('drugs').$state.get().total).to.equal(drugs?.total);
      expect(root(el).querySelector('.lp-filter-chip-line')?.textContent).to.equal(
        'Showing only:Low stock (available at or below the reorder level)×',
      );
      expect(chip(el)?.getAttribute('aria-label')).to.equal(
        'Remove the filter Low stock (available at or below the reorder level)',
      );
      // it fits a 320 px screen
      expect(chip(el)?.getBoundingClientRect().right).to.be.at.most(320);
      await expect(el).to.be.accessible();

      setLocale('zh-CN');
      await settle();
      expect(chip(el)?.textContent).to.equal('库存不足（可用数量不高于补货线）×');
      setLocale('en');
      await settle();

      // removed from the keyboard: every drug again, the address without the filter
      chip(el)?.focus();
      await sendKeys({ press: 'Enter' });
      await loaded(el, 8);
      expect(names(el)).to.include.members(['低库存片', '补货线片', '充足片', setup.stock.chilled.name]);
      // above its level: the level shown, no word of it being low; no level: a dash
      expect(cells('充足片')).to.include('5').and.not.include('9 盒Low stock');
      expect(rowOf(el, '充足片').querySelector('.inv-low')).to.equal(null);
      expect(cells(setup.stock.chilled.name)).to.include('—');
      expect(chip(el)).to.equal(null);
      expect(location.search).to.equal('');
      expect(root(el).activeElement?.getAttribute('type')).to.equal('search');
    }
  });

  it('embedded with an attention attribute lists only that stock, and follows a change of the attribute', async () => {
    await createTestStock(setup.cuId, [
      { name: '临期片', expiry: day(10) },
      { name: '低库存片', quantity: 3, low_level: 5 },
      { name: '充足片', quantity: 9, expiry: day(200) },
    ]);
    const el = document.createElement('lp-inventory-table') as LpInventoryTable;
    el.setAttribute('attention', 'expiring');
    document.body.append(el);
    placed.push(el);
    // the expiring lines (the setup's own stock may be one), not the others
    await waitUntil(() => names(el).includes('临期片'), 'the expiring line', { timeout: 15_000 });
    expect(names(el)).to.not.include.members(['低库存片']).and.not.include('充足片');
    expect(chip(el)?.textContent).to.contain('Expiring');
    // the embed's page keeps its own address
    expect(location.search).to.not.contain('attention');

    el.setAttribute('attention', 'low');
    await sameNames(el, ['低库存片']);
    expect(chip(el)?.textContent).to.contain('Low stock');
    el.removeAttribute('attention');
    await waitUntil(() => names(el).includes('充足片'), 'every drug', { timeout: 15_000 });
    expect(chip(el)).to.equal(null);
  });

  it('opens the tab the link names, and follows another link when shown again behind the portal’s tabs', async () => {
    await createTestStock(setup.cuId, [
      { name: '临期样本', goods_type: 2, expiry: day(3) },
      { name: '远期样本', goods_type: 2, expiry: day(90) },
      { name: '低库存片', quantity: 1, low_level: 5 },
    ]);
    await at('/customer-inventory/index-yp?tab=samples&attention=expiring', async () => {
      // the portal keeps each tab's page in a <section> it hides while another tab is shown
      const frame = document.createElement('section');
      document.body.append(frame);
      placed.push(frame);
      const el = document.createElement('lp-inventory-table');
      frame.append(el);
      await sameNames(el, ['临期样本']);
      expect(root(el).querySelector('[role="tab"][aria-selected="true"]')?.textContent).to.equal('Samples');
      expect(chip(el)?.textContent).to.contain('Expiring within 30 days');

      frame.hidden = true;
      history.replaceState(history.state, '', '/');
      await settle();
      // the home page's low link, to the page already open
      history.replaceState(history.state, '', '/customer-inventory/index-yp?attention=low');
      frame.hidden = false;
      await sameNames(el, ['低库存片']);
      expect(root(el).querySelector('[role="tab"][aria-selected="true"]')?.textContent).to.equal('Drugs');
      expect(location.search).to.equal('?attention=low');
    });
  });

  it('<lp-material-inventory> lists materials only, in Chinese by default', async () => {
    setLocale('zh-CN');
    await createTestStock(setup.cuId, [{ name: '采血管', goods_type: 3, temp_class: 'ambient' }]);
    const el = place('lp-material-inventory');
    await loaded(el, 1);
    expect(names(el)).to.deep.equal(['采血管']);
    expect(text(el)).to.contain('物资库存').and.contain('常温 15–25 °C');
    expect(text(el)).not.to.contain('出库记录');
  });
});
