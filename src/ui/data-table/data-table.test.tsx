import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys } from '../testing/commands.ts';
import { atom } from 'nanostores';
import { setLocale } from '../../i18n/translate.ts';
import { createListStore, type ListParams } from '../../stores/list/index.ts';
import { cleanup, deepActive, mount, settle } from '../testing/mount.tsx';
import { type ColumnSetting, memoryColumnSettings } from './column-settings.ts';
import { type DataColumn, DataTable } from './data-table.tsx';
import { EmptyState } from '../states/empty-state.tsx';

interface Order {
  id: number;
  order_no: string;
  status: string;
  to_company: string;
  qty: number;
}
interface Filters {
  status: string;
}

const ORDERS: Order[] = Array.from({ length: 95 }, (_, i) => ({
  id: i + 1,
  order_no: `LP20260101${String(i + 1).padStart(6, '0')}`,
  status: ['pending_confirm', 'not_finished', 'finished'][i % 3] as string,
  to_company: `第${(i * 7) % 13}人民医院`,
  qty: (i * 37) % 100,
}));

/** The server's side of the list: filter, sort and page the orders. */
function serve(params: ListParams<Filters>) {
  let rows = ORDERS.filter((o) => !params.filters.status || o.status === params.filters.status);
  if (params.sort) {
    const { key, desc } = params.sort;
    rows = [...rows].sort((a, b) => {
      const x = a[key as keyof Order];
      const y = b[key as keyof Order];
      return (x < y ? -1 : x > y ? 1 : 0) * (desc ? -1 : 1);
    });
  }
  const start = (params.page - 1) * params.pageSize;
  return { list: rows.slice(start, start + params.pageSize), total: rows.length };
}

const columns: DataColumn<Order>[] = [
  { key: 'order_no', title: 'Order No.', width: 200, sortable: true, hideable: false },
  { key: 'status', title: 'Status', width: 160 },
  { key: 'to_company', title: 'Consignee', width: 220, sortable: true },
  { key: 'qty', title: 'Qty', width: 90, align: 'end', sortable: true },
];

function orders(
  options: { fetch?: (p: ListParams<Filters>) => Promise<ReturnType<typeof serve>>; customer?: number } = {},
) {
  const customer = atom<number | null>(options.customer ?? 1);
  const list = createListStore<Order, Filters>({
    fetch: options.fetch ?? (async (params) => serve(params)),
    filters: { status: '' },
    rowId: (o) => String(o.id),
    customer,
  });
  return { list, customer };
}

const headers = (m: ReturnType<typeof mount>) => m.$$('thead th').map((th) => th.textContent);
const cellTexts = (m: ReturnType<typeof mount>, column: number) =>
  m.$$('tbody tr.lp-data-table__row').map((tr) => tr.children[column]?.textContent ?? '');
const button = (m: ReturnType<typeof mount>, name: string) => {
  const found = m
    .$$<HTMLButtonElement>('button')
    .find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const checkbox = (m: ReturnType<typeof mount>, name: string) => {
  const found = m
    .$$<HTMLInputElement>('input[type="checkbox"]')
    .find((b) => b.getAttribute('aria-label') === name);
  if (!found) throw new Error(`no checkbox ${name}`);
  return found;
};

describe('DataTable', () => {
  beforeEach(() => setLocale('en'));
  afterEach(() => {
    cleanup();
    setLocale('zh-CN');
  });

  it('shows the first page and is accessible with selection and column settings', async () => {
    const { list } = orders();
    const m = mount(
      <DataTable
        source={list}
        columns={columns}
        label="Orders"
        selectable
        rowLabel={(o) => o.order_no}
        columnSettings={{ list: 'customer-order/index', persistence: memoryColumnSettings() }}
      />,
    );
    await settle();
    expect(cellTexts(m, 1)).to.deep.equal(ORDERS.slice(0, 10).map((o) => o.order_no));
    expect(m.$('caption').textContent).to.equal('Orders');
    expect(m.$('section.lp-data-table__scroll').getAttribute('aria-labelledby')).to.equal(m.$('caption').id);
    checkbox(m, 'Select LP20260101000002').click();
    await settle();
    await expect(m.host).to.be.accessible();
  });

  it('pages through the list store', async () => {
    const { list } = orders();
    const m = mount(<DataTable source={list} columns={columns} label="Orders" />);
    await settle();
    expect(m.$('.lp-pagination__total').textContent).to.equal('95 items');
    button(m, 'Page 2').click();
    await settle();
    expect(list.$state.get().params.page).to.equal(2);
    expect(cellTexts(m, 0)[0]).to.equal(ORDERS[10]?.order_no);
    const size = m.$<HTMLSelectElement>('.lp-pagination__size');
    size.value = '50';
    size.dispatchEvent(new Event('change', { bubbles: true }));
    await settle();
    expect(list.$state.get().params).to.include({ page: 1, pageSize: 50 });
    expect(cellTexts(m, 0)).to.have.length(50);
  });

  it('sorts through the list store from the header buttons, by mouse and keyboard', async () => {
    const { list } = orders();
    const m = mount(<DataTable source={list} columns={columns} label="Orders" />);
    await settle();
    list.setPage(3);
    await settle();
    const th = () => m.$$('thead th')[3] as HTMLElement; // Qty
    expect(th().getAttribute('aria-sort')).to.equal('none');
    expect(m.$$('thead th')[1]?.hasAttribute('aria-sort')).to.equal(false); // Status is not sortable

    th().querySelector('button')?.click();
    await settle();
    expect(list.$state.get().params).to.deep.include({ page: 1, sort: { key: 'qty', desc: false } });
    expect(th().getAttribute('aria-sort')).to.equal('ascending');
    const asc = cellTexts(m, 3).map(Number);
    expect(asc).to.deep.equal([...asc].sort((a, b) => a - b));

    th().querySelector('button')?.focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(list.$state.get().params.sort).to.deep.equal({ key: 'qty', desc: true });
    expect(th().getAttribute('aria-sort')).to.equal('descending');
    expect(Number(cellTexts(m, 3)[0])).to.equal(99);

    await sendKeys({ press: 'Space' });
    await settle();
    expect(list.$state.get().params.sort).to.equal(null);
    expect(th().getAttribute('aria-sort')).to.equal('none');
  });

  it('keeps the selection by row id across pages, with select-all on the page and a count', async () => {
    const { list } = orders();
    const m = mount(
      <DataTable source={list} columns={columns} label="Orders" selectable rowLabel={(o) => o.order_no} />,
    );
    await settle();
    checkbox(m, 'Select LP20260101000001').click();
    checkbox(m, 'Select LP20260101000003').click();
    await settle();
    expect(m.$('.lp-data-table__count').textContent).to.equal('2 selected');
    const all = () => checkbox(m, 'Select all rows on this page');
    expect(all().indeterminate).to.equal(true);

    button(m, 'Page 2').click();
    await settle();
    expect(all().checked).to.equal(false);
    expect(all().indeterminate).to.equal(false);
    all().click();
    await settle();
    expect(all().checked).to.equal(true);
    expect(m.$('.lp-data-table__count').textContent).to.equal('12 selected');
    expect([...list.$selected.get().keys()]).to.include.members(['1', '3', '11', '20']);

    button(m, 'Page 1').click();
    await settle();
    expect(checkbox(m, 'Select LP20260101000001').checked).to.equal(true);
    expect(checkbox(m, 'Select LP20260101000002').checked).to.equal(false);
    expect(m.$$('tr[data-selected]')).to.have.length(2);

    button(m, 'Page 2').click();
    await settle();
    all().click(); // unselects this page only
    await settle();
    expect(m.$('.lp-data-table__count').textContent).to.equal('2 selected');
    button(m, 'Clear Selection').click();
    await settle();
    expect(list.$selected.get().size).to.equal(0);
    expect(m.$('.lp-data-table__count').textContent).to.equal('');
  });

  it('shows loading, failure with retry, and empty states', async () => {
    let fail = true;
    let release: () => void = () => {};
    const { list } = orders({
      fetch: async (params) => {
        await new Promise<void>((r) => {
          release = r;
        });
        if (fail) throw new Error('offline');
        return params.filters.status === 'none' ? { list: [], total: 0 } : serve(params);
      },
    });
    const m = mount(<DataTable source={list} columns={columns} label="Orders" />);
    await settle();
    expect(m.$('tbody [role="status"]').textContent).to.equal('Loading…');
    await expect(m.host).to.be.accessible();

    release();
    await settle();
    expect(m.$('tbody [role="alert"]').textContent).to.contain('Something went wrong');
    await expect(m.host).to.be.accessible();
    fail = false;
    button(m, 'Retry').click();
    await settle();
    release();
    await settle();
    expect(cellTexts(m, 0)).to.have.length(10);

    list.setFilters({ status: 'none' });
    await settle();
    expect(m.$('table').getAttribute('aria-busy')).to.equal('true'); // the old rows stay, dimmed
    release();
    await settle();
    expect(m.$('tbody .lp-state--empty').textContent).to.equal('No data');
    await expect(m.host).to.be.accessible();
  });

  it('keeps the header at the top of the box while the body scrolls', async () => {
    const { list } = orders();
    list.setPageSize(50);
    const m = mount(<DataTable source={list} columns={columns} label="Orders" maxHeight={240} />);
    await settle();
    const box = m.$('.lp-data-table__scroll');
    const th = m.$('thead th');
    const top = box.getBoundingClientRect().top;
    expect(th.getBoundingClientRect().top - top).to.be.within(0, 2);
    box.scrollTop = 600;
    await settle();
    expect(box.scrollTop).to.equal(600);
    expect(th.getBoundingClientRect().top - top).to.be.within(0, 2);
    // the rows under it did move
    const firstRow = m.$('tbody tr');
    expect(firstRow.getBoundingClientRect().top).to.be.below(top - 400);
  });

  it('scrolls sideways inside its box only, down to 320 px', async () => {
    const { list } = orders();
    const m = mount(
      <DataTable source={list} columns={columns} label="Orders" selectable columnSettings={undefined} />,
    );
    m.host.style.width = '320px';
    await settle();
    const box = m.$('.lp-data-table__scroll');
    expect(box.clientWidth).to.be.at.most(320);
    expect(box.scrollWidth).to.be.greaterThan(600);
    expect(m.$('.lp-data-table').getBoundingClientRect().width).to.be.at.most(320);
    expect(document.documentElement.scrollWidth).to.be.at.most(window.innerWidth);
    box.scrollLeft = 200;
    await settle();
    expect(box.scrollLeft).to.equal(200);
    // the checkbox column stays in view; the others moved
    const boxLeft = box.getBoundingClientRect().left;
    expect(m.$('tbody td.lp-data-table__select').getBoundingClientRect().left - boxLeft).to.be.within(0, 2);
    expect(m.$('tbody td:nth-child(2)').getBoundingClientRect().left).to.be.below(boxLeft);
    expect(m.$('.lp-pagination').getBoundingClientRect().right).to.be.at.most(
      m.host.getBoundingClientRect().right + 1,
    );
  });

  it('as cards in a phone-wide box: leaves off the columns kept for the table, and the whole card opens the row', async () => {
    const { list } = orders();
    const opened: string[] = [];
    const cardColumns: DataColumn<Order>[] = [
      {
        key: 'order_no',
        title: 'Order No.',
        pin: true,
        opens: true,
        hideable: false,
        render: (o) => (
          <a
            href={`#${o.order_no}`}
            onClick={(event) => {
              event.preventDefault();
              opened.push(o.order_no);
            }}
          >
            {o.order_no}
          </a>
        ),
      },
      { key: 'status', title: 'Status' },
      { key: 'to_company', title: 'Consignee', card: false },
      { key: 'qty', title: 'Qty' },
    ];
    const m = mount(<DataTable source={list} columns={cardColumns} label="Orders" selectable cards />);
    m.host.style.width = '375px';
    await settle();
    const card = m.$<HTMLElement>('tbody tr.lp-data-table__row');
    const shown = Array.from(card.querySelectorAll('td'))
      .filter((td) => getComputedStyle(td).display !== 'none')
      .map((td) => td.getAttribute('data-label') ?? 'select');
    expect(shown).to.deep.equal(['select', 'Order No.', 'Status', 'Qty']);
    // a tap on the card's empty right side is a tap on the order's link
    const box = card.getBoundingClientRect();
    const atRight = m.shadow.elementFromPoint(box.right - 8, box.bottom - 8);
    expect(atRight?.tagName).to.equal('A');
    (atRight as HTMLElement).click();
    expect(opened).to.deep.equal([ORDERS[0]?.order_no]);
    // the checkbox stays its own target
    const tick = m.$<HTMLInputElement>('tbody td.lp-data-table__select input');
    const at = tick.getBoundingClientRect();
    expect(m.shadow.elementFromPoint(at.left + at.width / 2, at.top + at.height / 2)).to.equal(tick);
    // wide again: a table with every column
    m.host.style.width = '1200px';
    await settle();
    expect(getComputedStyle(m.$('tbody td:nth-child(4)')).display).to.equal('table-cell');
  });

  it('keeps a pinned column beside the checkboxes, and the empty message in view, when scrolled sideways', async () => {
    const { list } = orders();
    const pinned = columns.map((c) => (c.key === 'order_no' ? { ...c, pin: true } : c));
    const m = mount(
      <DataTable
        source={list}
        columns={pinned}
        label="Orders"
        selectable
        empty={<EmptyState message="Nothing found" />}
      />,
    );
    m.host.style.width = '360px';
    await settle();
    const box = m.$('.lp-data-table__scroll');
    box.scrollLeft = 300;
    await settle();
    const boxLeft = box.getBoundingClientRect().left;
    const select = m.$('tbody td.lp-data-table__select').getBoundingClientRect();
    const number = m.$('tbody td:nth-child(2)').getBoundingClientRect();
    expect(number.left - select.right, 'the order number sticks after the checkboxes').to.be.within(-1, 1);
    expect(m.$('thead th:nth-child(2)').getBoundingClientRect().left).to.be.closeTo(number.left, 1);
    expect(m.$('tbody td:nth-child(3)').getBoundingClientRect().left, 'the next column moved').to.be.below(
      number.left,
    );
    // nothing matches now: the message shows in the box's view, not at the table's far left
    list.setFilters({ status: 'none' });
    await settle();
    await settle();
    const message = [...m.$$('.lp-state__message')].find((p) => p.textContent === 'Nothing found')!;
    const rect = message.getBoundingClientRect();
    expect(box.scrollLeft).to.be.greaterThan(0);
    expect(rect.left).to.be.at.least(boxLeft - 1);
    expect(rect.right).to.be.at.most(boxLeft + box.clientWidth + 1);
  });

  it('hides and reorders columns and saves them through the persistence on closing', async () => {
    const persistence = memoryColumnSettings({
      'customer-order/index': [
        { key: 'qty', visible: true },
        { key: 'order_no', visible: true },
        { key: 'status', visible: false },
        { key: 'gone', visible: true },
      ],
    });
    const { list } = orders();
    const table = (
      <DataTable
        source={list}
        columns={columns}
        label="Orders"
        columnSettings={{ list: 'customer-order/index', persistence }}
      />
    );
    const m = mount(table);
    await settle();
    // saved order, the column saved as hidden hidden, the unknown one ignored, the new one placed
    expect(headers(m)).to.deep.equal(['Qty', 'Order No.', 'Consignee']);

    const item = (key: string) => m.$(`.lp-column-settings__item[data-key="${key}"]`);
    const shown = (key: string) => item(key).querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    const trigger = button(m, 'Columns');
    trigger.focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(m.$('[role="dialog"]').matches(':popover-open')).to.equal(true);
    expect(trigger.getAttribute('aria-expanded')).to.equal('true');
    await expect(m.host).to.be.accessible();
    expect(shown('order_no').disabled).to.equal(true);
    expect(shown('status').checked).to.equal(false);

    shown('status').click();
    await settle();
    expect(headers(m)).to.deep.equal(['Qty', 'Order No.', 'Status', 'Consignee']);
    const up = button(m, 'Move Order No. up');
    up.focus();
    await sendKeys({ press: 'Enter' });
    await settle();
    expect(headers(m)).to.deep.equal(['Order No.', 'Qty', 'Status', 'Consignee']);
    // at the top the button stays focused, marked unavailable, and does nothing
    expect(deepActive()).to.equal(up);
    expect(up.getAttribute('aria-disabled')).to.equal('true');
    await sendKeys({ press: 'Enter' });
    shown('to_company').click();
    await settle();
    expect(headers(m)).to.deep.equal(['Order No.', 'Qty', 'Status']);
    expect(persistence.saved.get('customer-order/index')).to.have.length(4); // not saved while open

    await sendKeys({ press: 'Escape' });
    await settle();
    expect(m.$('[role="dialog"]').matches(':popover-open')).to.equal(false);
    expect(deepActive()).to.equal(trigger);
    const saved: ColumnSetting[] = [
      { key: 'order_no', visible: true },
      { key: 'qty', visible: true },
      { key: 'status', visible: true },
      { key: 'to_company', visible: false },
    ];
    expect(persistence.saved.get('customer-order/index')).to.deep.equal(saved);

    // another table of the same list (the next visit) starts from them
    m.unmount();
    const again = mount(table);
    await settle();
    expect(headers(again)).to.deep.equal(['Order No.', 'Qty', 'Status']);
    button(again, 'Columns').click();
    await settle();
    button(again, 'Reset Columns').click();
    await settle();
    expect(headers(again)).to.deep.equal(['Order No.', 'Status', 'Consignee', 'Qty']);
    await sendKeys({ press: 'Escape' });
    await settle();
    expect(persistence.saved.get('customer-order/index')).to.deep.equal([
      { key: 'order_no', visible: true },
      { key: 'status', visible: true },
      { key: 'to_company', visible: true },
      { key: 'qty', visible: true },
    ]);
  });

  it('loads the column settings again for another customer (they are kept per user and customer)', async () => {
    const { list, customer } = orders();
    const perCustomer = new Map([
      [
        1,
        memoryColumnSettings({
          orders: [
            { key: 'qty', visible: true },
            { key: 'order_no', visible: true },
          ],
        }),
      ],
      [2, memoryColumnSettings()],
    ]);
    const store = () => perCustomer.get(customer.get() ?? 0)!;
    const persistence = {
      load: (name: string) => store().load(name),
      save: (name: string, settings: ColumnSetting[]) => store().save(name, settings),
    };
    const m = mount(
      <DataTable
        source={list}
        columns={columns}
        label="Orders"
        columnSettings={{ list: 'orders', persistence }}
      />,
    );
    await settle();
    expect(headers(m)).to.deep.equal(['Qty', 'Order No.', 'Status', 'Consignee']);
    customer.set(2);
    await settle();
    expect(headers(m)).to.deep.equal(['Order No.', 'Status', 'Consignee', 'Qty']);
  });

  it('speaks Chinese by default', async () => {
    setLocale('zh-CN');
    const { list } = orders();
    const m = mount(
      <DataTable
        source={list}
        columns={columns}
        label="订单"
        selectable
        columnSettings={{ list: 'orders', persistence: memoryColumnSettings() }}
      />,
    );
    await settle();
    checkbox(m, '选择本页全部行').click();
    await settle();
    expect(m.$('.lp-data-table__count').textContent).to.equal('已选择 10 项');
    expect(button(m, '列设置')).to.exist;
    expect(button(m, '清空选择')).to.exist;
    expect(m.$('.lp-pagination__total').textContent).to.equal('共 95 条');
  });
});
