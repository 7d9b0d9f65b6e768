import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../src/api/transport.ts';
import { assign, caseList, decide } from '../../src/contract/excursions/operations.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { waitUntil } from '../../src/ui/testing/commands.ts';
import { postReadings, signIn } from '../../src/ui/testing/excursions.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { ageExcursionCases, createExcursionShipments, createTestUser } from '../../src/ui/testing/server.ts';
import './excursion-list.ts';

/** Runs against the real API (vitest.config.ts); each test makes its own user, orders and cases. */
describe('<lp-excursion-list>', () => {
  const placed: HTMLElement[] = [];
  const PAGE_ADDRESS = `${location.pathname}${location.search}`;
  afterEach(() => {
    // the list keeps its filters in the address: each test starts from the page's own
    history.replaceState(history.state, '', PAGE_ADDRESS);
    for (const el of placed.splice(0)) el.remove();
    resetStores();
  });

  function place(locale: 'zh-CN' | 'en'): HTMLElement {
    const el = document.createElement('lp-excursion-list');
    el.setAttribute('locale', locale);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const shown = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll('tbody .exc-case-no')).map((a) => a.textContent);
  const count = (el: HTMLElement, key: string) =>
    root(el).querySelector(`.exc-count--${key} dd`)?.textContent;
  /** Picks `value` in the filter labelled `label` (a native select), as a user does. */
  function choose(el: HTMLElement, label: string, value: string) {
    const labelled = Array.from(root(el).querySelectorAll('label')).find((l) => l.textContent === label);
    const select = root(el).getElementById(labelled?.htmlFor ?? '') as HTMLSelectElement;
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  }

  it('lists active cases first, over budget and severe first; filters by state, age and project in the address', async () => {
    // an administrator of the customer: who may decide its cases
    const user = await createTestUser({ admin: true });
    const cuId = user.customers[0]!.cu_id;
    const loose = [{ min: 8, max: 25, hours: 1 }];
    const never = [{ min: 8, max: 25, hours: 0 }];
    const [low, high, medium, decided] = await createExcursionShipments(cuId, [
      { bands: loose },
      { bands: never },
      { project: 1 },
      { bands: loose },
    ]);
    // chilled (2–8 °C), a reading every 10 minutes
    const [lowNo, highNo, mediumNo, decidedNo] = await Promise.all([
      postReadings(low!, [5, 9, 10, 5]), // 20 min, 2 °C over: low, within its hour
      postReadings(high!, [5, 20, 20, 5]), // 12 °C over: high, over a band allowing none
      postReadings(medium!, [5, 11, 12, 11, 5]), // 30 min, 4 °C over: medium, no budget kept
      postReadings(decided!, [5, 9, 5]),
    ]);
    await signIn(user);
    const { list } = await call(caseList, {});
    const decidedId = list.find((c) => c.case_no === decidedNo)!.id;
    await call(assign, { id: decidedId, uid: user.uid });
    await call(decide, {
      id: decidedId,
      decision: 'quarantine',
      reason: '留样复检',
      signature: { password: user.password, meaning: 'approval' },
    });
    await ageExcursionCases(high!.id, 5);

    const el = place('en');
    await waitUntil(() => shown(el).length === 4, 'the four cases are listed', { timeout: 15_000 });
    expect(shown(el)).to.deep.equal([highNo, mediumNo, lowNo, decidedNo]);
    expect([count(el, 'open'), count(el, 'assessment'), count(el, 'over')]).to.deep.equal(['3', '0', '1']);
    const first = root(el).querySelector('tbody tr')?.textContent ?? '';
    for (const word of [
      high!.order_no,
      high!.protocol_no,
      high!.logger_id,
      'Severe',
      'Over budget',
      '20 min',
      '20.0 °C',
      '5 d ago',
      'Unassigned',
      'Pending',
    ])
      expect(first, word).to.contain(word);
    expect(root(el).querySelectorAll('tbody tr')[3]?.textContent).to.contain('Quarantine');
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();

    choose(el, 'State', 'decided');
    await waitUntil(() => shown(el).join() === decidedNo, 'only the decided case', { timeout: 15_000 });
    expect(location.search, 'the filter is in the address').to.contain('state=decided');

    choose(el, 'State', 'active');
    choose(el, 'Opened', '3');
    await waitUntil(() => shown(el).join() === highNo, 'only the case older than 3 days', {
      timeout: 15_000,
    });
    expect(location.search).to.contain('age=3');

    choose(el, 'Opened', '');
    await waitUntil(
      () => !(root(el).getElementById(labelFor(el, 'Project')) as HTMLSelectElement).disabled,
      'the projects',
    );
    choose(el, 'Project', String(medium!.pr_id));
    await waitUntil(() => shown(el).join() === mediumNo, 'only the second project’s case', {
      timeout: 15_000,
    });
    expect(location.search).to.contain(`pr_id=${medium!.pr_id}`);
  });

  function labelFor(el: HTMLElement, label: string): string {
    return Array.from(root(el).querySelectorAll('label')).find((l) => l.textContent === label)?.htmlFor ?? '';
  }

  it('says so when there is no case, in both languages, with no raw key', async () => {
    await signIn(await createTestUser());
    for (const [locale, empty] of [
      ['zh-CN', '暂无超温事件'],
      ['en', 'No excursion cases'],
    ] as const) {
      const el = place(locale);
      await waitUntil(() => root(el).textContent?.includes(empty), `empty in ${locale}`, { timeout: 15_000 });
      expect(rawKeys(el)).to.deep.equal([]);
      el.remove();
    }
  });
});
