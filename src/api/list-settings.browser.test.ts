import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../ui/testing/commands.ts';
import { atom } from 'nanostores';
import { createElement } from 'react';
import { Code } from '../contract/codes.ts';
import { setLocale } from '../i18n/translate.ts';
import { followApiOutcomes, resetApiNotices } from '../stores/api-outcomes.ts';
import { $token, clearAuth, setToken } from '../stores/auth.ts';
import { createListStore } from '../stores/list/index.ts';
import { setNavigation } from '../stores/navigation.ts';
import { $toasts, clearNotices } from '../stores/notices.ts';
import type { ColumnSettingsPersistence, DataColumn } from '../ui/data-table/index.ts';
import { DataTable } from '../ui/data-table/index.ts';
import { cleanup, mount, settle } from '../ui/testing/mount.tsx';
import { createTestUser, type TestUser } from '../ui/testing/server.ts';
import { setApiFetch } from './config.ts';
import { ApiError, TransportCode } from './errors.ts';
import { switchCustomerAccount } from './customer-account.ts';
import { type ColumnSetting, cacheListField, serverColumnSettings } from './list-settings.ts';
import { login } from './user.ts';

/** The adapter is what the data table takes (checked by the compiler). */
const persistence: ColumnSettingsPersistence = serverColumnSettings;
const ORDERS = 'customer-order/index';

const signIn = async (user: TestUser) => {
  const { access_token } = await login({ username: user.username, password: user.password });
  setToken(access_token);
};

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).to.be.instanceOf(ApiError);
  return error as ApiError;
}

/** Runs against the real API (vitest.config.ts); each test makes its own user. */
describe('serverColumnSettings', () => {
  let stopOutcomes: () => void = () => undefined;
  let restoreNavigation: () => void = () => undefined;
  let navigations: string[] = [];

  beforeEach(() => {
    setLocale('en');
    navigations = [];
    // as the portal's page does: failed calls' outcomes become toasts and the way to /login
    stopOutcomes = followApiOutcomes();
    restoreNavigation = setNavigation({
      navigate: (path) => void navigations.push(path),
      reload: () => undefined,
    });
  });
  afterEach(() => {
    cleanup();
    setApiFetch(null);
    stopOutcomes();
    resetApiNotices();
    restoreNavigation();
    clearNotices();
    clearAuth();
    setLocale('zh-CN');
  });

  it('loads null for a list never saved, then what was saved, replaced as a whole', async () => {
    await signIn(await createTestUser());
    expect(await persistence.load(ORDERS)).to.equal(null);
    const first: ColumnSetting[] = [
      { key: 'order_no', visible: true, width: 180 },
      { key: 'status', visible: false },
    ];
    await persistence.save(ORDERS, first);
    expect(await persistence.load(ORDERS)).to.deep.equal(first);
    await persistence.save(ORDERS, [{ key: 'status', visible: true }]);
    expect(await persistence.load(ORDERS)).to.deep.equal([{ key: 'status', visible: true }]);
    expect(await persistence.load('customer-inventory/index-yp')).to.equal(null);
  });

  it('saves widths the server takes: whole pixels from 24 to 2000', async () => {
    await signIn(await createTestUser());
    await persistence.save(ORDERS, [
      { key: 'order_no', visible: true, width: 3000 },
      { key: 'status', visible: true, width: 10 },
      { key: 'qty', visible: true, width: 99.6 },
    ]);
    expect(await persistence.load(ORDERS)).to.deep.equal([
      { key: 'order_no', visible: true, width: 2000 },
      { key: 'status', visible: true, width: 24 },
      { key: 'qty', visible: true, width: 100 },
    ]);
  });

  it('follows the session’s customer: another customer has its own settings', async () => {
    const user = await createTestUser({ customers: 2 });
    await signIn(user);
    await persistence.save(ORDERS, [{ key: 'qty', visible: true }]);
    const { access_token } = await switchCustomerAccount(user.customers[1]!.identifier);
    setToken(access_token ?? $token.get());
    expect(await persistence.load(ORDERS)).to.equal(null);
  });

  it('fails quietly: a refused save and a network fault reject without a notice', async () => {
    await signIn(await createTestUser());
    const refused = await rejection(persistence.save(ORDERS, []));
    expect(refused.code).to.equal(Code.invalid);
    setApiFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await rejection(persistence.save(ORDERS, [{ key: 'qty', visible: true }]));
    expect(offline.code).to.equal(TransportCode.network);
    await settle();
    expect($toasts.get(), 'no toast').to.deep.equal([]);
    setApiFetch(null);
    expect(await persistence.load(ORDERS), 'nothing was stored').to.equal(null);
  });

  it('reports an ended session as every call does (toast, then /login)', async () => {
    setToken('no-such-token');
    const error = await rejection(persistence.load(ORDERS));
    expect(error.code).to.equal(Code.sessionExpired);
    expect($toasts.get().map((t) => t.kind)).to.deep.equal(['error']);
    await waitUntil(() => navigations.includes('/login'), 'sent to /login', { timeout: 15_000 });
  });

  it('keeps a data table’s columns on the server: hidden on closing the settings, hidden on the next visit', async () => {
    await signIn(await createTestUser());
    await cacheListField(ORDERS, [
      { key: 'qty', visible: true },
      { key: 'order_no', visible: true },
      { key: 'status', visible: true },
    ]);
    interface Row {
      id: number;
      order_no: string;
      status: string;
      qty: number;
    }
    const columns: DataColumn<Row>[] = [
      { key: 'order_no', title: 'Order No.', hideable: false },
      { key: 'status', title: 'Status' },
      { key: 'qty', title: 'Qty' },
    ];
    const source = createListStore<Row, Record<string, never>>({
      fetch: async () => ({ list: [{ id: 1, order_no: 'LP1', status: 'finished', qty: 2 }], total: 1 }),
      filters: {},
      rowId: (row) => String(row.id),
      customer: atom<number | null>(1),
    });
    const table = () =>
      createElement(DataTable<Row>, {
        source,
        columns,
        label: 'Orders',
        columnSettings: { list: ORDERS, persistence: serverColumnSettings },
      });
    const headers = (m: ReturnType<typeof mount>) => m.$$('thead th').map((th) => th.textContent);

    const m = mount(table());
    await waitUntil(() => headers(m).join() === 'Qty,Order No.,Status', 'the saved order', {
      timeout: 15_000,
    });
    const columnsButton = m.$$<HTMLButtonElement>('button').find((b) => b.textContent === 'Columns')!;
    columnsButton.click();
    await settle();
    m.$<HTMLInputElement>('.lp-column-settings__item[data-key="status"] input[type="checkbox"]').click();
    await settle();
    await sendKeys({ press: 'Escape' });
    await waitUntil(
      async () => (await persistence.load(ORDERS))?.find((c) => c.key === 'status')?.visible === false,
      'saved on closing',
      { timeout: 15_000 },
    );
    m.unmount();

    const again = mount(table());
    await waitUntil(() => headers(again).join() === 'Qty,Order No.', 'the next visit', { timeout: 15_000 });
    expect($toasts.get()).to.deep.equal([]);
    // its three waits may take 15 s each on a starved machine (a clean clone ran it at 34.6 s beside
    // another test run): the test's own limit is above their sum, so a slow wait names itself
  }, 60_000);
});
