import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { setApiFetch } from '../../src/api/config.ts';
import { call } from '../../src/api/transport.ts';
import * as master from '../../src/contract/master-data/operations.ts';
import type { Address } from '../../src/contract/master-data/schemas.ts';
import { $addressBookRevision } from '../../src/stores/address-book.ts';
import { loadUserInfo, login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { createEditorSetup, type EditorSetup } from '../../src/ui/testing/editor-server.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import type { LpAddressList } from './address-list.ts';
import './address-list.ts';

const PAGE_ADDRESS = `${location.pathname}${location.search}`;

/** Runs against the real API (vitest.config.ts); each test makes its own customer and addresses. */
describe('<lp-address-list>', () => {
  const placed: HTMLElement[] = [];
  let setup: EditorSetup;

  beforeEach(async () => {
    resetStores();
    setup = await createEditorSetup();
    await login({ username: setup.user.username, password: setup.user.password, validate: '' });
    await loadUserInfo();
  });
  afterEach(() => {
    // the list keeps its search and page in the address: each test starts from the page's own
    history.replaceState(history.state, '', PAGE_ADDRESS);
    setApiFetch(null);
    for (const el of placed.splice(0)) el.remove();
    resetStores();
  });

  function place(locale: 'zh-CN' | 'en'): LpAddressList {
    const el = document.createElement('lp-address-list');
    el.setAttribute('locale', locale);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const rows = (el: HTMLElement) =>
    Array.from(
      root(el).querySelectorAll<HTMLElement>('tbody tr.lp-data-table__row:not(.lp-data-table__skeleton)'),
    );
  const text = (el: HTMLElement) => root(el).textContent ?? '';
  const dialog = (el: HTMLElement) => root(el).querySelector('dialog[open]') as HTMLDialogElement;
  const button = (scope: ParentNode, name: RegExp) => {
    const b = Array.from(scope.querySelectorAll<HTMLButtonElement>('button')).find((x) =>
      name.test(x.getAttribute('aria-label') ?? x.textContent ?? ''),
    );
    if (!b) throw new Error(`no button ${name}`);
    return b;
  };
  const control = (el: HTMLElement, scope: ParentNode, label: string) => {
    const l = Array.from(scope.querySelectorAll('label')).find((x) => x.textContent?.trim().endsWith(label));
    if (!l) throw new Error(`no field ${label}`);
    return root(el).getElementById(l.htmlFor) as HTMLInputElement;
  };
  const fieldError = (input: HTMLElement) => {
    const id = input.getAttribute('aria-describedby')?.split(' ')[0];
    return id ? (input.getRootNode() as ShadowRoot).getElementById(id)?.textContent : undefined;
  };
  async function typeInto(input: HTMLInputElement, value: string) {
    input.focus();
    input.select();
    await sendKeys({ press: 'Backspace' });
    if (value) await sendKeys({ type: value });
  }
  async function choose(el: HTMLElement, input: HTMLInputElement, typed: string, option: RegExp) {
    await waitUntil(() => !input.disabled, `${typed}: enabled`, { timeout: 15_000 });
    input.focus();
    await sendKeys({ type: typed });
    await waitUntil(
      () =>
        Array.from(root(el).querySelectorAll('[role="option"]')).some((o) =>
          option.test(o.textContent ?? ''),
        ),
      `an option ${option}`,
      { timeout: 15_000 },
    );
    // keyboard: the first match is active; Enter picks it
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ press: 'Enter' });
  }

  it('lists the customer’s addresses by tab and keyword, in both languages, and is accessible', async () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const el = place(locale);
      await waitUntil(() => rows(el).length === 2, `${locale}: both addresses`, { timeout: 15_000 });
      expect(rawKeys(el), locale).to.deep.equal([]);
      await expect(el).to.be.accessible();
      el.remove();
    }
    const el = place('en');
    await waitUntil(() => rows(el).length === 2, 'both addresses', { timeout: 15_000 });
    const pickup = Array.from(root(el).querySelectorAll<HTMLElement>('[role="tab"]')).find(
      (tab) => tab.textContent === 'Pickup',
    );
    pickup?.focus();
    pickup?.click();
    await waitUntil(() => rows(el).length === 1, 'the pickup tab', { timeout: 15_000 });
    expect(rows(el)[0]?.textContent).to.contain(setup.addresses.start.company);
    // → moves to the delivery tab
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(
      () => rows(el)[0]?.textContent?.includes(setup.addresses.stop.company),
      'the delivery tab',
      {
        timeout: 15_000,
      },
    );
    const search = root(el).querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement;
    search.focus();
    await sendKeys({ type: 'no such company at all' });
    await waitUntil(() => text(el).includes('No address matches'), 'the filtered empty state', {
      timeout: 15_000,
    });
  });

  it('restored behind another page’s tab, leaves that page’s address alone', async () => {
    // after a reload the portal puts the list back hidden while another page's address is shown
    const theirs = `${location.pathname}?keyword=not-the-list&kind=stop`;
    history.replaceState(history.state, '', theirs);
    const behind = document.createElement('div');
    behind.hidden = true;
    document.body.append(behind);
    placed.push(behind);
    const el = document.createElement('lp-address-list');
    el.setAttribute('locale', 'en');
    behind.append(el);
    await waitUntil(() => el.list.$state.get().status === 'loaded', 'the list, behind', { timeout: 15_000 });
    expect(el.list.$state.get().params.filters).to.deep.equal({ keyword: '', kind: 'all' });
    expect(el.list.$state.get().total).to.equal(2);
    expect(`${location.pathname}${location.search}`).to.equal(theirs);
  });

  it('checks the form as the server does, then adds the address and tells the pickers', async () => {
    const el = place('zh-CN');
    await waitUntil(() => rows(el).length === 2, 'the list', { timeout: 15_000 });
    const before = $addressBookRevision.get();
    button(root(el), /^新增地址$/).click();
    await waitUntil(() => dialog(el), 'the dialog', { timeout: 15_000 });
    const d = dialog(el);
    button(d, /^保存$/).click();
    const company = control(el, d, '公司名称');
    await waitUntil(() => root(el).activeElement === company, 'focus on the first invalid field', {
      timeout: 15_000,
    });
    expect(fieldError(company)).to.equal('请填写此项');
    expect(fieldError(control(el, d, '联系电话'))).to.equal('请填写联系电话');
    expect(d.textContent).to.contain('请选择省、市和区县');

    await typeInto(company, '苏州新药研发中心');
    await typeInto(control(el, d, '联系人'), '王磊');
    const phone = control(el, d, '联系电话');
    for (const bad of ['12345678901', '010-123']) {
      await typeInto(phone, bad);
      expect(fieldError(phone), bad).to.equal(
        '请填写 11 位手机号（如 13812345678）或带区号的座机号（如 010-12345678）',
      );
    }
    await typeInto(phone, '0512-68686868');
    expect(fieldError(phone)).to.not.equal(
      '请填写 11 位手机号（如 13812345678）或带区号的座机号（如 010-12345678）',
    );
    const info = await call(master.checkRegionInfo, { region_id: setup.regions.district });
    await choose(el, control(el, d, '省份'), info.path[0] as string, new RegExp(info.path[0] as string));
    await choose(el, control(el, d, '城市'), info.path[1] as string, new RegExp(info.path[1] as string));
    await choose(el, control(el, d, '区县'), info.path[2] as string, new RegExp(info.path[2] as string));
    await typeInto(control(el, d, '详细地址'), '星湖街 218 号');
    await expect(el).to.be.accessible();
    const save = button(d, /^保存$/);
    // the click guard of the first (refused) save lets a second click through after 2 s
    await waitUntil(() => !save.hasAttribute('aria-disabled'), 'save enabled again', { timeout: 15_000 });
    save.click();

    await waitUntil(() => !dialog(el), 'the dialog closes', { timeout: 15_000 });
    await waitUntil(() => rows(el).length === 3, 'the new row', { timeout: 15_000 });
    expect(text(el)).to.contain('已新增“苏州新药研发中心”');
    expect($addressBookRevision.get()).to.equal(before + 1);
    const offered = await call(master.customerAddress, { kind: 'start' });
    expect(offered.list.map((a) => a.company)).to.include('苏州新药研发中心');
  });

  it('shows a stale edit next to the saved address: reload takes theirs, overwrite saves mine knowingly', async () => {
    const el = place('en');
    await waitUntil(() => rows(el).length === 2, 'the list', { timeout: 15_000 });
    const stop = setup.addresses.stop;
    button(root(el), new RegExp(`^Edit address ${stop.company}$`)).click();
    await waitUntil(() => dialog(el), 'the dialog', { timeout: 15_000 });
    let d = dialog(el);
    await waitUntil(() => !control(el, d, 'District').disabled, 'the cascade placed on the address', {
      timeout: 15_000,
    });
    // someone else saves the address meanwhile
    const current = (await call(master.customerAddress, { kind: 'stop' })).list.find(
      (a) => a.ad_id === stop.ad_id,
    ) as Address;
    const { ad_id, version, kind, business_type, company, phone, address } = current;
    await call(master.addressUpdate, {
      ad_id,
      version,
      kind,
      business_type: business_type as 'general',
      company,
      phone,
      address,
      contact: 'Their Contact',
      region_id: setup.regions.district,
    });

    await typeInto(control(el, d, 'Contact'), 'My Contact');
    button(d, /^Save$/).click();
    await waitUntil(
      () => dialog(el)?.textContent?.includes('Someone Else Changed This Address'),
      'the stale view',
      {
        timeout: 15_000,
      },
    );
    d = dialog(el);
    const diff = d.querySelector('.addr-stale__diff') as HTMLElement;
    expect(diff.textContent).to.contain('Their Contact').and.contain('My Contact');
    await expect(el).to.be.accessible();

    button(d, /^Discard my changes/).click();
    await waitUntil(() => dialog(el)?.querySelector('form'), 'the form again', { timeout: 15_000 });
    expect(control(el, dialog(el), 'Contact').value).to.equal('Their Contact');

    // again stale, this time overwrite
    const now = (await call(master.customerAddress, { kind: 'stop' })).list.find(
      (a) => a.ad_id === ad_id,
    ) as Address;
    await call(master.addressUpdate, {
      ad_id,
      version: now.version,
      kind,
      business_type: business_type as 'general',
      company,
      phone,
      address,
      contact: 'Third Contact',
      region_id: setup.regions.district,
    });
    await typeInto(control(el, dialog(el), 'Contact'), 'My Contact');
    button(dialog(el), /^Save$/).click();
    await waitUntil(() => dialog(el)?.querySelector('.addr-stale__diff'), 'stale again', { timeout: 15_000 });
    expect(dialog(el).textContent).to.contain('Third Contact');
    button(dialog(el), /^Overwrite with my changes$/).click();
    await waitUntil(() => !dialog(el), 'saved', { timeout: 15_000 });
    await waitUntil(() => text(el).includes('My Contact'), 'the row shows my contact', { timeout: 15_000 });
  });

  it('deletes after a confirmation, and shows the current address first when it changed meanwhile', async () => {
    const el = place('en');
    await waitUntil(() => rows(el).length === 2, 'the list', { timeout: 15_000 });
    const start = setup.addresses.start;
    const current = (await call(master.customerAddress, { kind: 'start' })).list.find(
      (a) => a.ad_id === start.ad_id,
    ) as Address;
    button(root(el), new RegExp(`^Delete address ${start.company}$`)).click();
    await waitUntil(() => dialog(el), 'the confirmation', { timeout: 15_000 });
    expect(dialog(el).textContent).to.contain(`Delete “${start.company}”?`);
    await call(master.addressUpdate, {
      ad_id: current.ad_id,
      version: current.version,
      kind: current.kind,
      company: current.company,
      contact: 'Changed Meanwhile',
      phone: current.phone,
      address: current.address,
      region_id: setup.regions.district,
    });
    button(dialog(el), /^Delete$/).click();
    await waitUntil(() => dialog(el)?.textContent?.includes('Changed Meanwhile'), 'the current address', {
      timeout: 15_000,
    });
    button(dialog(el), /^Delete anyway$/).click();
    await waitUntil(() => rows(el).length === 1, 'the row gone', { timeout: 15_000 });
    expect(text(el)).to.contain(`“${start.company}” deleted`);
  });
});
