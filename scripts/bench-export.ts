// Exports 100,000 orders as one background job (xlsorder) from a PGlite filled by insert…select,
// and prints rows/s and how much the process's memory grew while it ran. Fails when the resident
// memory grows by more than 100 MB: the export streams, page by page, into storage.
// Usage: npm run bench:export [-- --rows 100000 --kind xlsjinyu]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { OutboxSmsSender } from '../server/areas/accounts/sms.ts';
import { exportQueue, type ExportKind, startExport } from '../server/areas/order-exports/jobs.ts';
import { listFilterOf } from '../server/areas/order-exports/list-filter.ts';
import { loadConfig } from '../server/config.ts';
import { FolderStorage } from '../server/core/storage.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrate.ts';
import type { AppDeps } from '../server/http/env.ts';
import { seedBase } from '../server/seed/base.ts';
import { cloneOrders } from '../server/testing/bulk-orders.ts';
import { createUser } from '../server/testing/fixtures.ts';
import { createOrder, createProject, createSite } from '../server/testing/order-fixtures.ts';

const { values } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, kind: { type: 'string', default: 'xlsorder' } },
});
const ROWS = Number(values.rows);
const KIND = values.kind as ExportKind;
const BUDGET_MB = 100;
const MB = 1024 * 1024;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const files = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-export-'));
const database = await openDatabase({});
const { db } = database;
try {
  await migrateToLatest(db);
  await seedBase(db, { servicePhone: '400-000-0000', serviceWebsite: 'https://example.test' });
  const user = await createUser(db);
  const cuId = user.customers[0]?.cu_id as number;
  const project = await createProject(db, cuId, { name: '非小细胞肺癌三期临床研究' });
  const site = await createSite(db, cuId, { prId: project.pr_id, name: '复旦大学附属肿瘤医院' });
  const fill = performance.now();
  // Three kinds of orders in equal parts: a plain supply, a DTP (stop side masked), a sample.
  const sources = [
    await createOrder(db, cuId, { pr_id: project.pr_id, ho_id: site.ho_id }),
    await createOrder(db, cuId, { pr_id: project.pr_id, is_dtp: 1, order_type: 'dtp', to_contact: '患者' }),
    await createOrder(db, cuId, {
      pr_id: project.pr_id,
      ho_id: site.ho_id,
      order_type: 'sample',
      to_goodstype: 2,
    }),
  ];
  const per = Math.ceil((ROWS - sources.length) / sources.length);
  let made = sources.length;
  for (const source of sources) {
    const n = Math.min(per, ROWS - made);
    if (n > 0) await cloneOrders(db, source.id, n);
    made += n;
  }
  // What autovacuum does on a server after a bulk load (PGlite runs none): fresh statistics.
  await sql`analyze`.execute(db);
  console.log(
    `filled ${made.toLocaleString('en')} orders in ${((performance.now() - fill) / 1000).toFixed(1)} s`,
  );

  const deps: AppDeps = {
    db,
    config: { ...loadConfig({ NODE_ENV: 'test' }), rateLimits: false },
    sms: new OutboxSmsSender(db),
    storage: new FolderStorage(files),
    now: () => new Date(),
  };
  gc();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  let peakBuffers = before.arrayBuffers;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers);
  }, 20);
  const started = performance.now();
  const pageTimes: number[] = [];
  let last = started;
  exportQueue(deps).listen(() => {
    const now = performance.now();
    pageTimes.push(now - last);
    last = now;
  });
  const answer = await startExport(
    deps,
    { uid: user.uid, cuId },
    KIND,
    listFilterOf({ start: 0, limit: 10, status: 'all', keyword: '', sort: '-created_at' }),
    'zh-CN',
    new Date(),
  );
  await exportQueue(deps).idle();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const job = await db
    .selectFrom('export_jobs')
    .select(['status', 'done', 'size'])
    .where('id', '=', answer.job_id as number)
    .executeTakeFirstOrThrow();
  if (process.env.BENCH_PAGES) console.log(pageTimes.map((ms) => Math.round(ms)).join(' '));
  gc();
  const after = process.memoryUsage();
  const rssGrowth = (peakRss - before.rss) / MB;
  const heapGrowth = (peakHeap - before.heapUsed) / MB;
  console.log(
    `${KIND}: ${job.done.toLocaleString('en')} orders (${answer.mode}, ${job.status}) in ${seconds.toFixed(1)} s = ` +
      `${Math.round(job.done / seconds).toLocaleString('en')} rows/s; file ${(Number(job.size) / MB).toFixed(1)} MB`,
  );
  console.log(
    `memory while exporting: RSS +${rssGrowth.toFixed(1)} MB (peak ${(peakRss / MB).toFixed(0)} MB), ` +
      `heap +${heapGrowth.toFixed(1)} MB, buffers +${((peakBuffers - before.arrayBuffers) / MB).toFixed(1)} MB ` +
      `(budget: RSS +${BUDGET_MB} MB)`,
  );
  console.log(
    `kept after the export (after a full GC): RSS +${((after.rss - before.rss) / MB).toFixed(1)} MB, ` +
      `heap +${((after.heapUsed - before.heapUsed) / MB).toFixed(1)} MB`,
  );
  if (job.status !== 'done' || job.done !== made) {
    console.error('the export did not hold every order');
    process.exitCode = 1;
  } else if (rssGrowth > BUDGET_MB) {
    console.error(`memory grew by more than ${BUDGET_MB} MB`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
  fs.rmSync(files, { recursive: true, force: true });
}
