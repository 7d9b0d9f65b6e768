import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { loadUserInfo, login } from '../../src/stores/session.ts';
import { $views } from '../../src/stores/tabs.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createTestUser, makeTestOrders, type TestUser } from '../../src/ui/testing/server.ts';
import type { LpProjectList } from './project-list.ts';
import './project-list.ts';

const PAGE_ADDRESS = `${location.pathname}${location.search}`;

const signIn = async (user: TestUser) => {
  await login({ username: user.username, password: user.password, validate: '' });
  await loadUserInfo();
};

/** Runs against the real API (vitest.config.ts); each test makes its own user and projects. */
describe('<lp-project-list>', () => {
  const placed: HTMLElement[] = [];
  let visited: string[] = [];
  let restoreNavigation: () => void = () => undefined;

  beforeEach(() => {
    resetStores();
    visited = [];
    restoreNavigation = setNavigation({ navigate: (path) => visited.push(path) });
  });
  afterEach(() => {
    // the list keeps its search and page in the address: each test starts from the page's own
    history.replaceState(history.state, '', PAGE_ADDRESS);
    for (const el of placed.splice(0)) el.remove();
    restoreNavigation();
    resetStores();
  });

  function place(attributes: Record<string, string> = {}): LpProjectList {
    const el = document.createElement('lp-project-list');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const rows = (el: HTMLElement) =>
    Array.from(
      root(el).querySelectorAll<HTMLElement>('tbody tr.lp-data-table__row:not(.lp-data-table__skeleton)'),
    );
  const protocols = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll<HTMLElement>('a.project-link')).map((a) => a.textContent);
  const text = (el: HTMLElement) => root(el).textContent ?? '';

  it('says the customer has no projects, in Chinese and in English, and is accessible', async () => {
    await signIn(await createTestUser());
    for (const locale of ['zh-CN', 'en'] as const) {
      const el = place({ locale });
      await waitUntil(() => root(el).querySelector('.lp-state--empty'), `${locale} empty state`, {
        timeout: 15_000,
      });
      expect(text(el)).to.contain(
        locale === 'en' ? 'This customer account has no projects yet' : '本客户账号下还没有项目',
      );
      expect(rawKeys(el), locale).to.deep.equal([]);
      await expect(el).to.be.accessible();
      el.remove();
    }
  });

  it('lists the projects with their orders, searches by pinyin initials, sorts by protocol number and opens one in its tab', async () => {
    const user = await createTestUser();
    const cuId = user.customers[0]!.cu_id;
    const heart = await makeTestOrders(
      cuId,
      [{ status: 'pending_confirm' }, { status: 'finished' }, { status: 'cancelled' }],
      { name: '上海心血管研究', protocol_no: 'CV-2026-02' },
    );
    await makeTestOrders(cuId, [], { name: '广州糖尿病研究', protocol_no: 'DM-2026-01' });
    await signIn(user);
    const el = place({ locale: 'en' });
    await waitUntil(() => rows(el).length === 2, 'both projects', { timeout: 15_000 });
    // newest first until sorted
    expect(protocols(el)).to.deep.equal(['DM-2026-01', 'CV-2026-02']);
    const heartRow = rows(el)[1]!;
    expect(heartRow.textContent).to.contain('上海心血管研究').and.contain('1 / 3').and.contain('Active');
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();

    const sortButton = Array.from(root(el).querySelectorAll<HTMLButtonElement>('th button')).find((b) =>
      b.textContent?.includes('Protocol No.'),
    )!;
    sortButton.click();
    await waitUntil(() => protocols(el)[0] === 'CV-2026-02', 'sorted by protocol number', {
      timeout: 15_000,
    });

    const search = root(el).querySelector<HTMLInputElement>('input[type="search"]')!;
    search.focus();
    await sendKeys({ type: 'gztnb' });
    await waitUntil(() => rows(el).length === 1 && protocols(el)[0] === 'DM-2026-01', 'found by initials', {
      timeout: 15_000,
    });
    search.select();
    await sendKeys({ type: 'nothing-like-it' });
    await waitUntil(() => text(el).includes('No projects match your search'), 'nothing found', {
      timeout: 15_000,
    });
    Array.from(root(el).querySelectorAll<HTMLButtonElement>('button'))
      .find((b) => b.textContent === 'Clear Search')!
      .click();
    await waitUntil(() => rows(el).length === 2, 'search cleared', { timeout: 15_000 });
    expect(search.value).to.equal('');

    const opened: Array<{ pr_id: number; protocol_no: string; path: string }> = [];
    el.addEventListener('lp-project-open', (event) => opened.push(event.detail));
    const link = Array.from(root(el).querySelectorAll<HTMLAnchorElement>('a.project-link')).find(
      (a) => a.textContent === 'CV-2026-02',
    )!;
    const path = `/customer-project/view/${heart.project!.pr_id}`;
    expect(link.getAttribute('href')).to.equal(path);
    link.focus();
    await sendKeys({ press: 'Enter' });
    expect(visited).to.deep.equal([path]);
    expect(opened).to.deep.equal([{ pr_id: heart.project!.pr_id, protocol_no: 'CV-2026-02', path }]);
    expect($views.get().map((v) => [v.path, v.meta.title])).to.deep.include([path, 'CV-2026-02']);
  });
});
