import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { loadUserInfo, login } from '../../src/stores/session.ts';
import { $views } from '../../src/stores/tabs.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { createEditorSetup } from '../../src/ui/testing/editor-server.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestUser, makeTestOrders, type TestUser } from '../../src/ui/testing/server.ts';
import type { LpProjectView } from './project-view.ts';
import './project-view.ts';

const signIn = async (user: TestUser) => {
  await login({ username: user.username, password: user.password, validate: '' });
  await loadUserInfo();
};

/** Runs against the real API (vitest.config.ts); each test makes its own user and project. */
describe('<lp-project-view>', () => {
  const placed: HTMLElement[] = [];
  let visited: string[] = [];
  let restoreNavigation: () => void = () => undefined;

  beforeEach(() => {
    resetStores();
    visited = [];
    restoreNavigation = setNavigation({ navigate: (path) => visited.push(path) });
  });
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    resetStores();
  });

  function place(attributes: Record<string, string | number>): LpProjectView {
    const el = document.createElement('lp-project-view');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const text = (el: HTMLElement) => root(el).textContent ?? '';
  const section = (el: HTMLElement, id: string) =>
    root(el).querySelector(`[aria-labelledby="${id}"]`)?.textContent ?? '';
  const links = (el: HTMLElement) => Array.from(root(el).querySelectorAll<HTMLAnchorElement>('a'));

  it('shows the project with its sites, configuration and orders, titles the tab, and opens an order in its tab', async () => {
    const setup = await createEditorSetup();
    const { orders } = await makeTestOrders(setup.cuId, [
      { pr_id: setup.project.pr_id, status: 'finished', created_at: '2026-11-01T02:00:00.000Z' },
      { pr_id: setup.project.pr_id, status: 'pending_confirm', to_company: '复旦大学附属中山医院' },
      { pr_id: setup.otherProject.pr_id },
    ]);
    await signIn(setup.user);
    const titles: string[] = [];
    const el = place({ locale: 'en', 'record-id': setup.project.pr_id });
    el.addEventListener('lp-page-title', (event) => titles.push(event.detail.title));
    await waitUntil(
      () =>
        root(el).querySelectorAll('tbody tr.lp-data-table__row:not(.lp-data-table__skeleton)').length === 2,
      'the project’s two orders',
      { timeout: 15_000 },
    );
    await waitUntil(() => !text(el).includes('Loading'), 'every section', { timeout: 15_000 });
    expect(root(el).querySelector('h1')?.textContent).to.contain(setup.project.protocol_no);
    // (the title is sent by an effect after the render)
    await waitUntil(() => titles.length > 0, 'the tab titled');
    expect(titles).to.deep.equal([setup.project.protocol_no]);

    const sites = section(el, 'project-sites');
    expect(sites).to.contain('Sites (2)');
    for (const site of setup.sites) expect(sites).to.contain(site.name);
    expect(sites).to.contain('肿瘤科').and.contain('王医生');
    const conf = section(el, 'project-conf');
    expect(conf).to.contain('Chilled 2–8 °C').and.contain('Ambient 15–25 °C').and.not.contain('Frozen');
    expect(conf).to.contain('Drug').and.contain('Sample').and.contain('Material');
    expect(conf).to.contain('Allowed').and.contain('Delivered within 48 hours of pickup');
    expect(conf).to.contain('None required');
    expect(section(el, 'project-data')).to.contain('2All').and.contain('1Completed');
    const completed = links(el).find((a) => a.title === 'Completed: 1 order, show it in the order list');
    expect(completed?.getAttribute('href')).to.equal(
      `/customer-order/index?pr_id=${setup.project.pr_id}&status=finished`,
    );
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();

    const all = links(el).find((a) => a.textContent === 'All orders of this project')!;
    expect(all.getAttribute('href')).to.equal(`/customer-order/index?pr_id=${setup.project.pr_id}`);
    const newest = orders[1]!; // made now: newer than the first
    const order = links(el).find((a) => a.textContent === newest.order_no)!;
    expect(order.closest('tr')?.textContent)
      .to.contain('复旦大学附属中山医院')
      .and.contain('Pending Confirmation');
    expect(links(el).some((a) => a.textContent === orders[2]!.order_no)).to.equal(false);
    const opened: Array<{ id: number; order_no: string }> = [];
    el.addEventListener('lp-order-open', (event) => opened.push(event.detail));
    order.focus();
    await sendKeys({ press: 'Enter' });
    expect(visited).to.deep.equal([`/customer-order/view/${newest.id}`]);
    expect(opened).to.deep.equal([{ id: newest.id, order_no: newest.order_no }]);
    expect($views.get().map((v) => [v.path, v.meta.title])).to.deep.include([
      `/customer-order/view/${newest.id}`,
      newest.order_no,
    ]);
  });

  it('keeps a product’s stability budget: its bands in words, an edit checked by the contract’s rules in the user’s language, saved', async () => {
    const setup = await createEditorSetup({ user: { admin: true } });
    await signIn(setup.user);
    const el = place({ locale: 'en', 'record-id': setup.project.pr_id });
    const budgets = () => root(el).querySelector('[aria-labelledby="project-stability"]');
    const row = () =>
      Array.from(budgets()?.querySelectorAll('tbody tr') ?? []).find((r) =>
        r.textContent?.includes(setup.stock.chilled.name),
      );
    await waitUntil(() => row() !== undefined, 'the products and their budgets', { timeout: 15_000 });
    expect(row()?.textContent).to.contain('None set');
    row()?.querySelector('button')?.click();
    const dialog = () => root(el).querySelector('dialog[open]');
    await waitUntil(() => dialog() !== null, 'the edit');
    expect(dialog()?.textContent).to.contain(`Stability budget: ${setup.stock.chilled.name}`);

    const button = (name: string) =>
      Array.from(dialog()?.querySelectorAll('button') ?? []).find(
        (b) => b.textContent === name,
      ) as HTMLButtonElement;
    const field = (band: number, name: string) => {
      const fieldset = dialog()?.querySelectorAll('fieldset')[band];
      const label = Array.from(fieldset?.querySelectorAll('label') ?? []).find((l) =>
        l.textContent?.includes(name),
      );
      return root(el).getElementById(label?.htmlFor ?? '') as HTMLInputElement;
    };
    const type = async (input: HTMLInputElement, text: string) => {
      input.focus();
      input.select();
      await sendKeys({ type: text });
    };
    button('Add Range').click();
    await waitUntil(() => dialog()?.querySelector('fieldset') != null, 'a band');
    await type(field(0, 'From'), '25');
    await type(field(0, 'To'), '8');
    await type(field(0, 'Hours'), '72');
    field(0, 'Hours').blur();
    const bounds = 'A range needs a lower or an upper bound, the lower below the upper';
    await waitUntil(() => dialog()?.textContent?.includes(bounds), 'the bounds refused');
    // the same rule in Chinese
    el.setAttribute('locale', 'zh-CN');
    await waitUntil(
      () => dialog()?.textContent?.includes('温度范围须有下限或上限，且下限低于上限'),
      'in Chinese',
    );
    el.setAttribute('locale', 'en');
    await waitUntil(() => dialog()?.textContent?.includes(bounds), 'in English again');

    await type(field(0, 'From'), '8');
    await type(field(0, 'To'), '25');
    button('Add Range').click();
    await waitUntil(() => dialog()?.querySelectorAll('fieldset').length === 2, 'a second band');
    await type(field(1, 'From'), '25');
    await type(field(1, 'Hours'), '0');
    expect(dialog()?.textContent).to.not.contain(bounds);
    button('Save').click();
    await waitUntil(() => dialog() === null, 'saved', { timeout: 15_000 });
    const bands = Array.from(row()?.querySelectorAll('li') ?? []).map((li) => li.textContent);
    expect(bands).to.deep.equal(['8–25 °C: 72 h', '> 25 °C: never']);
    expect(rawKeys(el)).to.deep.equal([]);
  });

  it('reads "not found" for another customer’s project, in Chinese and in English, and leads back to the list', async () => {
    const theirs = await createEditorSetup();
    await signIn(await createTestUser());
    for (const locale of ['zh-CN', 'en'] as const) {
      const el = place({ locale, 'record-id': theirs.project.pr_id });
      await waitUntil(() => root(el).querySelector('.lp-state--empty'), `${locale} not found`, {
        timeout: 15_000,
      });
      expect(text(el)).to.contain(
        locale === 'en'
          ? 'This project does not exist or does not belong to the current customer account.'
          : '项目不存在，或不属于当前客户账号。',
      );
      expect(text(el)).to.not.contain(theirs.project.protocol_no);
      expect(rawKeys(el), locale).to.deep.equal([]);
      await expect(el).to.be.accessible();
      el.remove();
    }
    const el = place({ locale: 'en', 'record-id': 'abc' });
    await waitUntil(() => root(el).querySelector('.lp-state--empty'), 'a bad id', { timeout: 15_000 });
    links(el)
      .find((a) => a.textContent === 'Back to Project List')!
      .click();
    expect(visited).to.deep.equal(['/customer-project/index']);
  });
});
