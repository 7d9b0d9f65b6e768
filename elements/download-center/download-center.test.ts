import { afterEach, describe, expect, it } from 'vitest';
import { sendKeys, waitUntil } from '../../src/ui/testing/commands.ts';
import { setApiBase } from '../../src/api/config.ts';
import { downLog, exportOrders } from '../../src/api/exports.ts';
import { login } from '../../src/stores/session.ts';
import { resetStores } from '../../src/stores/test-reset.ts';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import {
  cloneTestOrders,
  createTestUser,
  failTestExport,
  type TestUser,
} from '../../src/ui/testing/server.ts';
import type { LpDownloadCenter } from './download-center.ts';
import './download-center.ts';

const signIn = async (user: TestUser) =>
  login({ username: user.username, password: user.password, validate: '' });

/** Runs against the real API (vitest.config.ts); each test makes its own user and orders. */
describe('<lp-download-center>', () => {
  const placed: HTMLElement[] = [];
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    setApiBase('');
    resetStores();
  });

  function place(attributes: Record<string, string> = {}): LpDownloadCenter {
    const el = document.createElement('lp-download-center');
    for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
    document.body.append(el);
    placed.push(el);
    return el;
  }
  const root = (el: HTMLElement) => el.shadowRoot as ShadowRoot;
  const jobs = (el: HTMLElement) =>
    Array.from(root(el).querySelectorAll<HTMLElement>('.download-center__job'));
  const text = (el: HTMLElement) => root(el).textContent ?? '';

  it('says there are no exports yet, in Chinese and in English, and is accessible', async () => {
    await signIn(await createTestUser());
    for (const locale of ['zh-CN', 'en'] as const) {
      const el = place({ locale });
      await waitUntil(() => root(el).querySelector('.lp-state--empty'), `${locale} empty state`, {
        timeout: 15_000,
      });
      expect(text(el)).to.contain(locale === 'en' ? 'No exports yet' : '暂无导出文件');
      expect(rawKeys(el), locale).to.deep.equal([]);
      await expect(el).to.be.accessible();
      el.remove();
    }
  });

  it('lists a finished export with a working download link, and deletes it by keyboard after confirming', async () => {
    const user = await createTestUser();
    await signIn(user);
    await cloneTestOrders(user.customers[0]!.cu_id, 3);
    const made = await exportOrders({});
    expect(made.mode).to.equal('file');
    const el = place({ locale: 'en' });
    await waitUntil(() => jobs(el).length === 1, 'the export is listed', { timeout: 15_000 });
    const job = jobs(el)[0]!;
    expect(job.dataset.status).to.equal('done');
    expect(job.textContent).to.contain('Ready').and.contain('Order List');
    await expect(el).to.be.accessible();
    const link = job.querySelector<HTMLAnchorElement>('a[download]')!;
    expect(link.getAttribute('href')).to.match(
      /^\/api\/customer-order\/down-file\.html\?id=\d+&expires=\d+&signature=/,
    );
    const file = await fetch(link.href);
    expect(file.status).to.equal(200);
    expect(file.headers.get('content-type')).to.equal(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers.get('content-disposition')).to.match(/^attachment;/);

    const deleted: Array<{ id: number; name: string }> = [];
    el.addEventListener('lp-export-delete', (event) => deleted.push(event.detail));
    const remove = job.querySelector<HTMLButtonElement>('button[aria-label^="Delete"]')!;
    remove.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => root(el).querySelector('[role="alertdialog"]'), 'a confirmation is asked');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => root(el).querySelector('.lp-state--empty'), 'the list is empty after the delete', {
      timeout: 15_000,
    });
    expect(deleted).to.deep.equal([{ id: made.job_id, name: link.getAttribute('download') }]);
    expect(root(el).querySelector('[aria-live="polite"]')?.textContent).to.contain('Deleted');
    expect((await downLog()).total, 'the server deleted it').to.equal(0);
  });

  it('makes a failed export again: Try Again, then its download link', async () => {
    const user = await createTestUser();
    await signIn(user);
    await cloneTestOrders(user.customers[0]!.cu_id, 2);
    const made = await exportOrders({});
    await failTestExport(made.job_id as number);
    const el = place({ locale: 'en' });
    await waitUntil(() => jobs(el)[0]?.dataset.status === 'failed', 'the failure is listed', {
      timeout: 15_000,
    });
    expect(jobs(el)[0]?.querySelector('a[download]')).to.equal(null);
    await expect(el).to.be.accessible();
    const again = jobs(el)[0]?.querySelector<HTMLButtonElement>('button[aria-label^="Try again"]');
    expect(again, 'a failed export offers to try again').to.not.equal(null);
    again?.click();
    await waitUntil(() => jobs(el)[0]?.dataset.status === 'done', 'made again and listed as ready', {
      timeout: 10_000,
      interval: 200,
    });
    expect(jobs(el)[0]?.querySelector('a[download]')).to.not.equal(null);
    expect(root(el).querySelector('[aria-live="polite"]')?.textContent).to.contain('again');
    expect(jobs(el)[0]?.querySelector('button[aria-label^="Try again"]')).to.equal(null);
  });

  it('shows a large export’s progress while the server makes it, then its download link without a reload', {
    timeout: 60_000,
  }, async () => {
    const user = await createTestUser();
    await signIn(user);
    // in five commands: one of 5,000 took over the test runner's 20 s per command on a busy machine
    for (let i = 0; i < 5; i++) await cloneTestOrders(user.customers[0]!.cu_id, 1000);
    const el = place({ locale: 'zh-CN' });
    await waitUntil(() => root(el).querySelector('.lp-state--empty'), 'empty at first', { timeout: 15_000 });
    const made = await exportOrders({});
    expect(made.mode).to.equal('job');
    // The page learns of the new job on its next read (the order list links here after an export).
    (root(el).querySelector('.download-center__header button') as HTMLButtonElement).click();
    await waitUntil(() => jobs(el).length === 1, 'the job is listed', { timeout: 15_000 });
    // 5,000 orders take the server seconds: the first read finds the job still being made.
    const first = jobs(el)[0]!;
    expect(first.querySelector('progress'), 'a running job shows its progress').to.not.equal(null);
    expect(first.textContent).to.match(/排队中|生成中/);
    expect(first.textContent).to.contain('/ 5000 条');
    expect(first.querySelector('a[download]')).to.equal(null);
    await waitUntil(() => jobs(el)[0]?.dataset.status === 'done', 'the list is read again until done', {
      timeout: 50_000,
      interval: 200,
    });
    expect(jobs(el)[0]?.querySelector('a[download]')).to.not.equal(null);
    expect(jobs(el)[0]?.querySelector('progress')).to.equal(null);
  });

  it('fits 320 px without scrolling sideways', async () => {
    const user = await createTestUser();
    await signIn(user);
    await cloneTestOrders(user.customers[0]!.cu_id, 1);
    await exportOrders({});
    const el = place({ locale: 'en' });
    el.style.width = '320px';
    await waitUntil(() => jobs(el).length === 1, 'the export is listed', { timeout: 15_000 });
    const section = root(el).querySelector('.download-center') as HTMLElement;
    expect(section.scrollWidth).to.be.at.most(320);
    for (const job of jobs(el))
      expect(job.getBoundingClientRect().right).to.be.at.most(el.getBoundingClientRect().right + 0.5);
  });
});
