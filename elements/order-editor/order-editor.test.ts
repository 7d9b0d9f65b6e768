import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { setApiBase, setApiFetch } from '../../src/api/config.ts';
import { call } from '../../src/api/transport.ts';
import { createOrder } from '../../src/contract/order-editor/operations.ts';
import { $locale } from '../../src/i18n/translate.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import {
  createEditorSetup,
  customerOrders,
  type EditorSetup,
  stockLine,
  touchOrder,
} from '../../src/ui/testing/editor-server.ts';
import { executeServerCommand } from '../../src/ui/testing/commands.ts';
import { heldStock } from '../../src/ui/testing/held-stock.ts';
import type { LpOrderEditor } from './order-editor.ts';
import './order-editor.ts';

/** Runs against the real API (vitest.config.ts); each test makes its own customer and data. */
describe('<lp-order-editor>', () => {
  const placed: HTMLElement[] = [];
  const visited: string[] = [];
  let restoreNavigation: () => void;
  let setup: EditorSetup;

  beforeEach(async () => {
    restoreNavigation = setNavigation({ navigate: (path) => visited.push(path) });
  });
  afterEach(() => {
    setApiFetch(null);
    for (const el of placed.splice(0)) el.remove();
    visited.splice(0);
    restoreNavigation();
    setApiBase('');
    resetStores();
  });

  async function ready(options: Parameters<typeof createEditorSetup>[0] = {}) {
    setup = await createEditorSetup(options);
    await login({ username: setup.user.username, password: setup.user.password, validate: '' });
  }

  function place(attrs: Record<string, string> = {}, locale = 'en') {
    const el = document.createElement('lp-order-editor') as LpOrderEditor;
    el.setAttribute('locale', locale);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    const events: { titles: string[]; dirty: boolean[]; created: { id: number; order_no: string }[] } = {
      titles: [],
      dirty: [],
      created: [],
    };
    el.addEventListener('lp-page-title', (e) => events.titles.push(e.detail.title));
    el.addEventListener('lp-form-dirty', (e) => events.dirty.push(e.detail.dirty));
    el.addEventListener('lp-order-created', (e) => events.created.push(e.detail));
    document.body.append(el);
    placed.push(el);
    return { el, events };
  }

  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const text = (el: HTMLElement) => root(el).textContent ?? '';
  const loaded = (el: HTMLElement) =>
    waitUntil(() => root(el).querySelector('.oe')?.getAttribute('aria-busy') === 'false', 'the form loaded', {
      timeout: 15_000,
    });
  const section = (el: HTMLElement, legend: string) => {
    const found = Array.from(root(el).querySelectorAll('fieldset')).find(
      (f) => f.querySelector(':scope > legend')?.textContent?.includes(legend) === true,
    );
    if (!found) throw new Error(`no section ${legend}`);
    return found;
  };
  /** The control a label names inside `scope`. */
  const control = <E extends HTMLElement = HTMLInputElement>(
    el: HTMLElement,
    scope: ParentNode,
    label: string,
  ) => {
    const l = Array.from(scope.querySelectorAll('label')).find((x) => x.textContent?.trim().endsWith(label));
    if (!l) throw new Error(`no field ${label}`);
    return root(el).getElementById(l.htmlFor) as E;
  };
  const button = (el: HTMLElement, name: RegExp) => {
    const b = Array.from(root(el).querySelectorAll<HTMLButtonElement>('button')).find(
      (x) => name.test(x.getAttribute('aria-label') ?? x.textContent ?? '') && x.offsetParent !== null,
    );
    if (!b) throw new Error(`no button ${name}`);
    return b;
  };
  /** Types into a select and picks the first option that matches. */
  async function choose(el: HTMLElement, input: HTMLInputElement, typed: string, option: RegExp) {
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
    const match = Array.from(root(el).querySelectorAll<HTMLElement>('[role="option"]')).find((o) =>
      option.test(o.textContent ?? ''),
    );
    match?.click();
  }
  /** Sets an input as typing does (for inputs `sendKeys` cannot type into, like datetime-local). */
  function setValue(input: HTMLInputElement, value: string) {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const localIn = (days: number) => {
    // Wall clock in Asia/Shanghai (the customer's zone) `days` from now, at 10:00.
    const day = new Date(Date.now() + days * 86_400_000 + 8 * 3_600_000).toISOString().slice(0, 10);
    return `${day}T10:00`;
  };
  const makeOrder = (key = crypto.randomUUID()) =>
    call(createOrder, setup.form, { headers: { 'Idempotency-Key': key } });

  it('creates an order from nothing: pickers, cascade, goods, boxes, times, review, one submit', async () => {
    await ready();
    const { el, events } = place();
    await loaded(el);
    // (the title is sent by an effect after the render)
    await waitUntil(() => events.titles.at(-1) === 'New Order', 'the tab titled New Order');
    expect(events.titles.at(-1)).to.equal('New Order');
    const project = section(el, 'Project and Type');
    await choose(
      el,
      control(el, project, 'Project'),
      setup.project.protocol_no,
      new RegExp(setup.project.name),
    );
    await choose(el, control(el, project, 'Order type'), 'Drug', /Drug Supply/);
    await choose(el, control(el, project, 'Goods type'), 'Drug', /^Drug$/);
    await choose(el, control(el, project, 'Temperature class'), 'Chilled', /Chilled/);
    expect(events.dirty).to.include(true);

    const from = section(el, 'Ship From');
    await choose(
      el,
      control(el, from, 'Pick from addresses, sites or contacts'),
      setup.addresses.start.company,
      /Address book/,
    );
    await waitUntil(
      () => control(el, from, 'Company').value === setup.addresses.start.company,
      'the start filled in',
    );
    await waitUntil(() => /Delivered:/.test(from.textContent ?? ''), 'the served region shown', {
      timeout: 15_000,
    });

    const to = section(el, 'Ship To');
    await choose(el, control(el, to, 'Pick from addresses, sites or contacts'), setup.sites[0]!.name, /Site/);
    await waitUntil(
      () => control(el, to, 'Company').value.includes(setup.sites[0]!.name),
      'the stop filled in',
    );

    const goods = section(el, 'Goods');
    control(el, goods, 'Search stock (name, code, batch or pinyin initials)').focus();
    await sendKeys({ type: setup.stock.chilled.name });
    await waitUntil(() => goods.querySelector('.oe__result') !== null, 'stock found', { timeout: 15_000 });
    button(el, new RegExp(`Add ${setup.stock.chilled.name}`)).click();
    await waitUntil(() => goods.querySelector('.oe__quantity') !== null, 'a goods line');
    const quantity = goods.querySelector<HTMLInputElement>('.oe__quantity')!;
    quantity.focus();
    await sendKeys({ type: '5' });

    // Times typed while the boxes are being suggested (by themselves) stay as typed.
    const times = section(el, 'Times');
    expect(times.textContent).to.contain('Time zone: Asia/Shanghai (UTC+08:00)');
    setValue(control(el, times, 'Preferred pickup time'), localIn(1));
    setValue(control(el, times, 'Deliver by'), localIn(2));
    await waitUntil(() => section(el, 'Packing').querySelectorAll('.oe__box').length > 0, 'boxes suggested', {
      timeout: 15_000,
    });
    expect(control(el, times, 'Preferred pickup time').value).to.equal(localIn(1));

    button(el, /Next: Review/).click();
    await waitUntil(() => root(el).querySelector('.oe__review') !== null, 'the review step', {
      timeout: 15_000,
    });
    expect(text(el)).to.contain(setup.addresses.start.company);
    expect(text(el)).to.contain(setup.stock.chilled.name);
    const submit = button(el, /Submit Order/);
    submit.click();
    submit.click();
    await waitUntil(() => events.created.length === 1, 'the order made', { timeout: 15_000 });
    const orders = await customerOrders(setup.cuId);
    expect(orders).to.have.length(1);
    expect(orders[0]!.status).to.equal('pending_confirm');
    expect(events.created[0]!.order_no).to.equal(orders[0]!.order_no);
    expect(events.dirty.at(-1)).to.equal(false);
    expect(visited).to.deep.equal([`/customer-order/view/${orders[0]!.id}`]);
    expect((await stockLine(setup.stock.chilled.in_id)).reserved).to.equal(5);
  });

  it('shows every problem on review, in the user’s language, and focuses the first', async () => {
    await ready();
    const { el, events } = place({}, 'zh-CN');
    await loaded(el);
    // (the title is sent by an effect after the render)
    await waitUntil(() => events.titles.at(-1) === '新增订单', 'the tab titled 新增订单');
    expect(events.titles.at(-1)).to.equal('新增订单');
    const next = Array.from(root(el).querySelectorAll('button')).find(
      (b) => b.textContent === '下一步：核对',
    )!;
    next.click();
    await waitUntil(() => root(el).querySelectorAll('.lp-field__error').length > 5, 'messages shown');
    expect(text(el)).to.contain('请填写此项');
    expect(root(el).querySelector('.oe__review')).to.equal(null);
    await waitUntil(() => root(el).activeElement !== null, 'a field focused');
    const project = section(el, '项目与类型');
    expect(root(el).activeElement).to.equal(control(el, project, '项目'));
  });

  it('refuses a quantity above what is available and an unserved district', async () => {
    await ready();
    const { el } = place({ mode: 'copy', 'order-id': String((await makeOrder()).id) });
    await loaded(el);
    const goods = section(el, 'Goods');
    const quantity = goods.querySelector<HTMLInputElement>('.oe__quantity')!;
    await waitUntil(() => goods.textContent?.includes(setup.stock.chilled.name), 'the line described', {
      timeout: 15_000,
    });
    quantity.select();
    await sendKeys({ type: '500' });
    quantity.blur();
    await waitUntil(() => /At most \d+ available/.test(goods.textContent ?? ''), 'the limit said');
    const from = section(el, 'Ship From');
    const district = control(el, from, 'District');
    await waitUntil(() => !district.disabled, 'the cascade placed on the address', { timeout: 15_000 });
    await choose(el, district, 'Unserved', /Unserved/);
    await waitUntil(
      () => /We do not deliver to this region yet/.test(from.textContent ?? ''),
      'unserved said',
      {
        timeout: 15_000,
      },
    );
  });

  it('names the excursion case of a line an excursion holds back, and its stock search offers no held line', async () => {
    await ready();
    const held = await heldStock(setup.cuId, setup.project.pr_id, { name: '暂扣针剂' });
    // an earlier order of these goods (before they were held), copied as a new one
    const made = await executeServerCommand<{ orders: Array<{ id: number }> }>('lp-make-orders', {
      cuId: setup.cuId,
      orders: [
        {
          pr_id: setup.project.pr_id,
          status: 'finished',
          goods: [
            {
              in_id: held.in_id,
              goods_type: 1,
              name: held.name,
              code: 'IP-HELD',
              batch_no: held.batch_no,
              expiry: '2028-06-30',
              quantity: 2,
              unit: '盒',
            },
          ],
        },
      ],
    });
    const { el } = place({ mode: 'copy', 'order-id': String(made.orders[0]?.id) });
    await loaded(el);
    const goods = section(el, 'Goods');
    const quantity = () => goods.querySelector<HTMLInputElement>('.oe__quantity');
    await waitUntil(() => quantity() !== null, 'the goods line', { timeout: 15_000 });
    quantity()?.focus();
    quantity()?.blur();
    const said = `On hold until excursion case ${held.case_no} is decided`;
    await waitUntil(() => goods.querySelector('.lp-field__error')?.textContent === said, said, {
      timeout: 15_000,
    });
    expect(quantity()?.getAttribute('aria-invalid')).to.equal('true');

    // the stock search shows the held line with the reason, and no way to add it
    control(el, goods, 'Search stock (name, code, batch or pinyin initials)').focus();
    await sendKeys({ type: held.batch_no });
    await waitUntil(() => goods.querySelector('.oe__held') !== null, 'the held line found', {
      timeout: 15_000,
    });
    expect(goods.querySelector('.oe__result')?.textContent).to.contain(said);
    expect(button(el, new RegExp(`^Add ${held.name}`)).disabled).to.equal(true);
  });

  it('edits an order: Edit Order, prefilled; a stale edit shows what changed, and keep mine saves it', async () => {
    await ready();
    const made = await makeOrder();
    const { el, events } = place({ mode: 'edit', 'order-id': String(made.id) });
    await loaded(el);
    // (the title is sent by an effect after the render)
    await waitUntil(() => events.titles.at(-1) === 'Edit Order', 'the tab titled Edit Order');
    expect(events.titles.at(-1)).to.equal('Edit Order');
    expect(text(el)).to.contain(`Editing order ${made.order_no}`);
    const remark = section(el, 'Times').querySelector<HTMLTextAreaElement>('textarea')!;
    remark.focus();
    await sendKeys({ type: 'Ring first' });
    const { version } = await touchOrder(made.id, { remark: 'changed elsewhere' });
    button(el, /Next: Review/).click();
    await waitUntil(() => root(el).querySelector('.oe__review') !== null, 'the review step', {
      timeout: 15_000,
    });
    // a change to a submitted order asks why: nothing is sent without a reason
    button(el, /Save Changes/).click();
    await waitUntil(() => text(el).includes('Please give a reason for the change'), 'the reason asked for');
    const reason = root(el).querySelector<HTMLTextAreaElement>('textarea[name="reason"]')!;
    expect(root(el).activeElement ?? document.activeElement).to.equal(reason);
    expect(reason.getAttribute('aria-invalid')).to.equal('true');
    await sendKeys({ type: 'The lab asked for a call' });
    expect(text(el)).not.to.contain('Please give a reason for the change');
    button(el, /Save Changes/).click();
    await waitUntil(() => root(el).querySelector('dialog[open]') !== null, 'the conflict view', {
      timeout: 15_000,
    });
    const dialog = root(el).querySelector('dialog[open]')!;
    expect(dialog.textContent).to.contain('The Order Was Changed');
    const row = dialog.querySelector('[data-field="remark"]');
    expect(row?.textContent).to.contain('Ring first');
    expect(row?.textContent).to.contain('changed elsewhere');
    expect(events.created).to.have.length(0);
    button(el, /Keep Mine and Submit/).click();
    await waitUntil(() => events.created.length === 1, 'the edit saved', { timeout: 15_000 });
    const [saved] = await customerOrders(setup.cuId);
    expect(saved!.id).to.equal(made.id);
    expect(saved!.version).to.equal(version + 1);
    expect(visited).to.deep.equal([`/customer-order/view/${made.id}`]);
  });

  it('comes back to what was typed after the page went away, under the same form key', async () => {
    await ready();
    const formKey = crypto.randomUUID();
    const first = place({ 'form-key': formKey });
    await loaded(first.el);
    const remark = section(first.el, 'Times').querySelector<HTMLTextAreaElement>('textarea')!;
    remark.focus();
    await sendKeys({ type: 'Keep me' });
    expect(first.events.dirty.at(-1)).to.equal(true);
    first.el.remove();
    const again = place({ 'form-key': formKey });
    await waitUntil(
      () => root(again.el).querySelector<HTMLTextAreaElement>('textarea')?.value === 'Keep me',
      'the typed remark back',
      { timeout: 15_000 },
    );
  });

  it('copies an order as a new one: Copy Order, a second order made', async () => {
    await ready();
    const made = await makeOrder();
    const { el, events } = place({ mode: 'copy', 'order-id': String(made.id) });
    await loaded(el);
    // (the title is sent by an effect after the render)
    await waitUntil(() => events.titles.at(-1) === 'Copy Order', 'the tab titled Copy Order');
    expect(events.titles.at(-1)).to.equal('Copy Order');
    expect(text(el)).to.contain(`Copied from order ${made.order_no}`);
    expect(control(el, section(el, 'Ship To'), 'Company').value).to.equal(setup.form.to_company);
    setValue(control(el, section(el, 'Times'), 'Preferred pickup time'), localIn(2));
    setValue(control(el, section(el, 'Times'), 'Deliver by'), localIn(3));
    button(el, /Next: Review/).click();
    await waitUntil(() => root(el).querySelector('.oe__review') !== null, 'the review step', {
      timeout: 15_000,
    });
    button(el, /Submit Order/).click();
    await waitUntil(() => events.created.length === 1, 'the copy made', { timeout: 15_000 });
    expect(events.created[0]!.id).not.to.equal(made.id);
    expect(await customerOrders(setup.cuId)).to.have.length(2);
  });

  it('copies a DTP order with the patient’s fields left empty, named as the form names them', async () => {
    await ready();
    const made = await call(
      createOrder,
      { ...setup.form, is_dtp: 1 },
      { headers: { 'Idempotency-Key': crypto.randomUUID() } },
    );
    const { el } = place({ mode: 'copy', 'order-id': String(made.id) });
    await loaded(el);
    expect(text(el)).to.contain('Ship To Company, Ship To Contact, Ship To Phone, Ship To Street address');
    expect(control(el, section(el, 'Ship To'), 'Company').value).to.equal('');
    expect(control(el, section(el, 'Ship From'), 'Company').value).to.equal(setup.form.from_company);
  });

  it('says an order that cannot be edited any more, and one of another customer', async () => {
    await ready();
    const { el } = place({ mode: 'edit', 'order-id': '999999999' });
    await waitUntil(() => /does not exist or is not yours/.test(text(el)), 'not found said', {
      timeout: 15_000,
    });
    $locale.set('en');
  });

  it('starts a new order from stock lines the inventory hands over (stock-ids): project, class, lines and their depot as the start filled in', async () => {
    await ready();
    // the start addresses are asked for once: the form's pickers and the handover share them
    const startCalls: string[] = [];
    setApiFetch((input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('customer-address') && url.includes('kind=start')) startCalls.push(url);
      return fetch(input, init);
    });
    const ids = `${setup.stock.chilled.in_id},${setup.stock.chilledSmall.in_id}`;
    const { el } = place({ 'stock-ids': ids });
    await loaded(el);
    const goods = section(el, 'Goods');
    await waitUntil(() => goods.querySelectorAll('.oe__quantity').length === 2, 'two goods lines', {
      timeout: 15_000,
    });
    await waitUntil(
      () =>
        (goods.textContent ?? '').includes(setup.stock.chilled.name) &&
        (goods.textContent ?? '').includes(setup.stock.chilledSmall.name),
      'the lines named',
      { timeout: 15_000 },
    );
    const project = section(el, 'Project and Type');
    expect(control(el, project, 'Project').value).to.contain(setup.project.protocol_no);
    expect(control(el, project, 'Temperature class').value).to.contain('Chilled');
    // the lines are in the depot that the address book's start address is: the goods leave from there
    const from = section(el, 'Ship From');
    expect(control(el, from, 'Company').value).to.equal(setup.addresses.start.company);
    expect(control(el, from, 'Contact').value).to.not.equal('');
    expect(root(el).querySelector('.oe__alert')).to.equal(null);
    setApiFetch(null);
    expect(startCalls).to.have.length(1);
  });

  it('says so instead when the handed-over lines cannot go in one order', async () => {
    await ready();
    const { el } = place({ 'stock-ids': `${setup.stock.chilled.in_id},${setup.stock.ambient.in_id}` });
    await loaded(el);
    await waitUntil(() => /cannot go in one order/.test(text(el)), 'the mixed lines said', {
      timeout: 15_000,
    });
    expect(section(el, 'Goods').querySelectorAll('.oe__quantity')).to.have.length(0);
  });
});
