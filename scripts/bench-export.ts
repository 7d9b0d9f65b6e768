import { authenticate } from '../server/areas/accounts/sessions.ts';
import { checkSigner } from '../server/areas/signatures/check.ts';
// Exports 100,000 orders as one background job (xlsorder) from a PGlite filled by insert…select,
// twice (the database's page cache cold, then warm), and prints rows/s and how much the process's
// memory grew while each ran. Fails when the warm export's resident memory grows by more than
// 100 MB: the export streams, page by page, into storage.
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
import { OfflineBus } from '../server/core/bus.ts';

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
    authenticate,
    checkSigner,
    storage: new FolderStorage(files),
    now: () => new Date(),
    bus: new OfflineBus(),
  };
  /** One export job, measured: time, peak and kept memory (sampled every 20 ms). */
  async function measuredExport() {
    gc();
    const before = process.memoryUsage();
    const peak = { rss: before.rss, heap: before.heapUsed, buffers: before.arrayBuffers };
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak.rss = Math.max(peak.rss, now.rss);
      peak.heap = Math.max(peak.heap, now.heapUsed);
      peak.buffers = Math.max(peak.buffers, now.arrayBuffers);
    }, 20);
    const started = performance.now();
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
    gc();
    const after = process.memoryUsage();
    return {
      ok: job.status === 'done' && job.done === made,
      rows: job.done,
      rowsPerSecond: Math.round(job.done / seconds),
      seconds,
      fileMb: Number(job.size) / MB,
      peakRss: (peak.rss - before.rss) / MB,
      peakHeap: (peak.heap - before.heapUsed) / MB,
      peakBuffers: (peak.buffers - before.arrayBuffers) / MB,
      keptRss: (after.rss - before.rss) / MB,
      keptHeap: (after.heapUsed - before.heapUsed) / MB,
    };
  }
  const report = (label: string, m: Awaited<ReturnType<typeof measuredExport>>) =>
    console.log(
      `${label}: ${m.rows.toLocaleString('en')} orders in ${m.seconds.toFixed(1)} s = ` +
        `${m.rowsPerSecond.toLocaleString('en')} rows/s, file ${m.fileMb.toFixed(1)} MB; ` +
        `peak RSS +${m.peakRss.toFixed(1)} MB, heap +${m.peakHeap.toFixed(1)} MB, buffers +${m.peakBuffers.toFixed(1)} MB; ` +
        `kept after GC: RSS +${m.keptRss.toFixed(1)} MB, heap +${m.keptHeap.toFixed(1)} MB`,
    );
  // PGlite runs inside this process: the first read of the table also fills its page cache (WASM
  // memory, kept like a database server's cache). The second export shows the export's own memory.
  const cold = await measuredExport();
  report(`${KIND}, cold database cache`, cold);
  const warm = await measuredExport();
  report(`${KIND}, warm database cache`, warm);
  if (!cold.ok || !warm.ok) {
    console.error('an export did not hold every order');
    process.exitCode = 1;
  } else if (warm.peakRss > BUDGET_MB) {
    console.error(`the export's memory grew by more than ${BUDGET_MB} MB`);
    process.exitCode = 1;
  } else {
    console.log(`within budget: the export's peak RSS growth ≤ ${BUDGET_MB} MB`);
  }
} finally {
  await database.close();
  fs.rmSync(files, { recursive: true, force: true });
}
