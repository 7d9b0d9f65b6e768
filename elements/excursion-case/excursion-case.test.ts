import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../../src/api/transport.ts';
import { caseList } from '../../src/contract/excursions/operations.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { waitUntil } from '../../src/ui/testing/commands.ts';
import { postReadings, signIn } from '../../src/ui/testing/excursions.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import { createExcursionShipments, createTestUser, type TestUser } from '../../src/ui/testing/server.ts';
import './excursion-case.ts';

/** Runs against the real API (vitest.config.ts); each test makes its own user, orders and cases. */
describe('<lp-excursion-case>', () => {
  const placed: HTMLElement[] = [];
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    resetStores();
  });

  function place(id: number, locale: 'zh-CN' | 'en'): HTMLElement {
    const el = document.createElement('lp-excursion-case');
    el.setAttribute('locale', locale);
    el.setAttribute('record-id', String(id));
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const text = (el: HTMLElement) => root(el).textContent ?? '';
  /** Sets a field's value as typing does (React reads it from the native setter). */
  function type(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
    const proto = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement;
    Object.getOwnPropertyDescriptor(proto.prototype, 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  }
  const button = (scope: ParentNode, label: string) =>
    Array.from(scope.querySelectorAll('button')).find((b) => b.textContent?.trim() === label);

  /**
   * Two shipments of one batch whose product tolerates 8–25 °C for 1 h over its life and
   * nothing colder than 2 °C: the first 30 min warm (within), the second 40 min (70 in the
   * batch's life: over). → the user, signed in, and both cases' ids and numbers.
   */
  async function twoShipments(): Promise<{ user: TestUser; first: number; second: number; firstNo: string }> {
    // an administrator of the customer: who may decide its cases
    const user = await createTestUser({ admin: true });
    const bands = [
      { min: 8, max: 25, hours: 1 },
      { min: null, max: 2, hours: 0 },
    ];
    const [one, two] = await createExcursionShipments(user.customers[0]!.cu_id, [
      { bands, batch: 0, quantity: 12 },
      { batch: 0, quantity: 8 },
    ]);
    const firstNo = await postReadings(one!, [5, 9, 10, 11, 5], '2026-11-20T00:00:00Z');
    const secondNo = await postReadings(two!, [5, 9, 10, 11, 12, 5], '2026-11-22T00:00:00Z');
    await signIn(user);
    const { list } = await call(caseList, {});
    const id = (no: string | null) => list.find((c) => c.case_no === no)!.id;
    return { user, first: id(firstNo), second: id(secondNo), firstNo: firstNo! };
  }

  it('shows a batch’s budget per band for this shipment and over its life, over in words, with its earlier case', async () => {
    const { second, firstNo } = await twoShipments();
    const el = place(second, 'en');
    await waitUntil(() => root(el).querySelectorAll('.exc-bar').length === 4, 'the budget bars', {
      timeout: 15_000,
    });
    const bars = Array.from(root(el).querySelectorAll<HTMLElement>('.exc-bar'));
    // 8–25 °C: this shipment 40 min of 1 h; the batch's life 30 + 40 min, over
    expect(bars[0]?.textContent).to.contain('This shipment').and.contain('40 min used of 1 h');
    expect(bars[0]?.dataset.over).to.equal('false');
    expect(bars[1]?.textContent).to.contain('Batch’s life').and.contain('1 h 10 min used of 1 h');
    expect(bars[1]?.textContent).to.contain('Over budget');
    expect(bars[1]?.dataset.over).to.equal('true');
    // colder than 2 °C: never allowed, nothing used
    expect(bars[3]?.textContent).to.contain('0 min used of none allowed');
    expect(text(el)).to.contain('Earlier cases of this batch').and.contain(firstNo);
    const earlier = Array.from(root(el).querySelectorAll<HTMLAnchorElement>('.exc-earlier a'));
    expect(earlier.map((a) => a.textContent)).to.deep.equal([firstNo]);
    for (const word of [
      'Over budget',
      'Time out of range',
      '40 min',
      '12.0 °C',
      'Mean kinetic temperature',
      'On hold',
    ])
      expect(text(el), word).to.contain(word);
    expect(text(el)).not.to.contain('release proposed');
    // the readings' chart, from its own chunk, drawn into its box (the page says it in words too)
    await waitUntil(() => root(el).querySelector('.exc-chart__box[data-state="ready"] canvas'), 'the chart', {
      timeout: 15_000,
    });
    expect(root(el).querySelector('.exc-chart')?.textContent).not.to.contain('Loading');
    expect(rawKeys(el)).to.deep.equal([]);
    await expect(el).to.be.accessible();
    el.remove();
    const zh = place(second, 'zh-CN');
    await waitUntil(() => text(zh).includes('批次全程'), 'the page in Chinese', { timeout: 15_000 });
    expect(rawKeys(zh)).to.deep.equal([]);
  });

  it('proposes release within budget; assigned to me, it is decided with a signature and the goods are released', async () => {
    const { user, first } = await twoShipments();
    const el = place(first, 'en');
    await waitUntil(() => text(el).includes('Within budget: release proposed'), 'the proposal', {
      timeout: 15_000,
    });
    const assignee = root(el).querySelector<HTMLSelectElement>('form[aria-label="Assign the case"] select')!;
    expect(assignee.options[0]?.textContent).to.match(/^Assign to me/);
    button(root(el), 'Assign')!.click();
    await waitUntil(() => button(root(el), 'Sign the decision…'), 'the decision form once assigned', {
      timeout: 15_000,
    });
    const release = root(el).querySelector<HTMLInputElement>('input[name="decision"][value="release"]')!;
    expect(release.checked, 'the proposal is chosen').to.equal(true);
    button(root(el), 'Sign the decision…')!.click();
    await waitUntil(() => root(el).querySelector('dialog[open] textarea'), 'the signing dialog', {
      timeout: 15_000,
    });
    const dialog = root(el).querySelector('dialog[open]') as HTMLDialogElement;
    type(dialog.querySelector('textarea')!, '全程在稳定性预算内');
    type(dialog.querySelector<HTMLInputElement>('input[type="password"]')!, user.password);
    button(dialog, 'Sign: Release')!.click();
    await waitUntil(() => text(el).includes('Decision: Release'), 'the decision shown', { timeout: 15_000 });
    const decided = root(el).querySelector('.exc-decision')?.textContent ?? '';
    expect(decided).to.contain('Reason: 全程在稳定性预算内');
    expect(decided).to.match(/Signed electronically: .+ · Approval · \d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(root(el).querySelector('.exc-line [data-kind="hold"]')?.textContent).to.equal('Available');
    expect(root(el).querySelector('form[aria-label="Decision"]')).to.equal(null);
  });
});
