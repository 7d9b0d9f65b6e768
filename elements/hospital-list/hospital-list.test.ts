import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { setNavigation } from '../../src/stores/navigation.ts';
import { loadUserInfo, login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { createEditorSetup, type EditorSetup } from '../../src/ui/testing/editor-server.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import type { LpHospitalList } from './hospital-list.ts';
import './hospital-list.ts';

const PAGE_ADDRESS = `${location.pathname}${location.search}`;

/** Runs against the real API (vitest.config.ts); each test makes its own customer and sites. */
describe('<lp-hospital-list>', () => {
  const placed: HTMLElement[] = [];
  let visited: string[] = [];
  let restoreNavigation: () => void = () => undefined;
  let setup: EditorSetup;

  beforeEach(async () => {
    resetStores();
    setup = await createEditorSetup();
    await login({ username: setup.user.username, password: setup.user.password, validate: '' });
    await loadUserInfo();
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

  function place(locale: 'zh-CN' | 'en' = 'zh-CN'): LpHospitalList {
    const el = document.createElement('lp-hospital-list');
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

  it('lists the sites with their place and projects in both languages, and a protocol number opens its project', async () => {
    for (const locale of ['zh-CN', 'en'] as const) {
      const el = place(locale);
      await waitUntil(() => rows(el).length === 2, `${locale} rows`, { timeout: 15_000 });
      const names = rows(el).map((row) => row.querySelector('.site-name')?.textContent);
      expect(names).to.have.members(setup.sites.map((s) => s.name));
      expect(rows(el)[0]?.textContent).to.contain('肿瘤科').and.contain('王医生').and.contain('测试省');
      expect(rawKeys(el), locale).to.deep.equal([]);
      await expect(el).to.be.accessible();
      if (locale === 'en') {
        const opened: Array<{ pr_id: number; protocol_no: string; path: string }> = [];
        el.addEventListener('lp-project-open', (event) => opened.push(event.detail));
        const link = rows(el)[0]?.querySelector<HTMLAnchorElement>('a.site-link');
        expect(link?.textContent).to.equal(setup.project.protocol_no);
        expect(link?.getAttribute('aria-label')).to.equal(`Open project ${setup.project.protocol_no}`);
        link?.focus();
        await sendKeys({ press: 'Enter' });
        const path = `/customer-project/view/${setup.project.pr_id}`;
        expect(visited).to.deep.equal([path]);
        expect(opened).to.deep.equal([
          { pr_id: setup.project.pr_id, protocol_no: setup.project.protocol_no, path },
        ]);
      }
      el.remove();
    }
  });

  it('searches by name, filters by province and says when nothing matches', async () => {
    const el = place('en');
    await waitUntil(() => rows(el).length === 2, 'rows', { timeout: 15_000 });
    const input = root(el).querySelector<HTMLInputElement>('input[type="search"]') as HTMLInputElement;
    input.focus();
    const wanted = setup.sites[1]?.name as string;
    await sendKeys({ type: wanted });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => rows(el).length === 1, 'one match', { timeout: 15_000 });
    expect(rows(el)[0]?.querySelector('.site-name')?.textContent).to.equal(wanted);

    const clear = Array.from(root(el).querySelectorAll('button')).find(
      (b) => b.textContent === 'Clear Filters',
    );
    clear?.click();
    await waitUntil(() => rows(el).length === 2, 'all again', { timeout: 15_000 });
    expect(input.value).to.equal('');

    const province = root(el).querySelectorAll('select')[1] as HTMLSelectElement;
    await waitUntil(() => province.options.length > 10, 'provinces', { timeout: 15_000 });
    province.value = '110000';
    province.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(
      () => root(el).textContent?.includes('No hospitals match these filters'),
      'none in 北京',
      {
        timeout: 15_000,
      },
    );
    await expect(el).to.be.accessible();
  });

  it('opens a site’s details with its projects and site numbers, and closes with Escape', async () => {
    const el = place('en');
    await waitUntil(() => rows(el).length === 2, 'rows', { timeout: 15_000 });
    const site = setup.sites[0] as { ho_id: number; name: string };
    const button = Array.from(root(el).querySelectorAll<HTMLButtonElement>('.site-name')).find(
      (b) => b.textContent === site.name,
    ) as HTMLButtonElement;
    button.focus();
    await sendKeys({ press: 'Enter' });
    const dialog = () => root(el).querySelector('dialog') as HTMLDialogElement;
    await waitUntil(() => dialog().querySelector('.site-detail__projects'), 'the projects', {
      timeout: 15_000,
    });
    expect(dialog().open).to.equal(true);
    expect(dialog().textContent).to.contain(setup.project.protocol_no).and.contain('Site no. 01');
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !dialog().open, 'closed', { timeout: 2000 });
  });
});
