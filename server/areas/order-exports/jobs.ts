import { Code } from '../../../src/contract/codes.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import type { ExportAnswer, ExportJob } from '../../../src/contract/order-exports/schemas.ts';
import { ApiError, say } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import { sign, signedQuery, signingKey } from '../../core/signed-links.ts';
import type { AppDeps } from '../../http/env.ts';
import { countSelected, orderPages } from './export-rows.ts';
import type { ListFilter } from './list-filter.ts';
import { chinaStamp } from './labels.ts';
import { TEMPLATES } from './templates.ts';
import { writeWorkbook } from './xlsx.ts';

/** Up to this many orders an export is made at once and answered as a file; past it, a job. */
export const FILE_ROWS_MAX = 2000;
/** The most orders one export may hold (a sheet holds about a million rows; a filter can narrow). */
export const EXPORT_ROWS_MAX = 500_000;
/** How long a download link works. */
export const LINK_TTL_MS = 10 * 60_000;
/** How long an export is kept: older ones are deleted with their files. */
export const KEEP_DAYS = 30;
/** Rows read from the database per page (one page in memory at a time). */
export const PAGE_SIZE = 500;

export type ExportKind = keyof typeof TEMPLATES;

/** A failed job's error (a server message, shown in the reader's language). */
const FAILED = 'The export failed, please try again';

/** The purpose a download link's signature is bound to. */
const PURPOSE = 'export-file';

/** A signed link to job `id`'s file, valid for LINK_TTL_MS. */
export async function fileLink(deps: AppDeps, id: number, now: Date): Promise<string> {
  const key = await signingKey(deps.db);
  return `/api/customer-order/down-file.html?${signedQuery(sign(key, PURPOSE, id, now, LINK_TTL_MS))}`;
}
export const FILE_PURPOSE = PURPOSE;

/** Who asks: the session's user and customer (an export belongs to both). */
export interface Owner {
  uid: number;
  cuId: number;
}

/** The stored filter of a job: the list's filter and the language of its headers. */
type StoredFilter = ListFilter & { lang: Lang };

/**
 * An export of the orders `filter` selects: made at once and answered as a file link when small,
 * else a job for the download centre. Every export is an `export_jobs` row, so the download
 * centre lists the small ones too.
 */
export async function startExport(
  deps: AppDeps,
  owner: Owner,
  kind: ExportKind,
  filter: ListFilter,
  lang: Lang,
  now: Date,
): Promise<ExportAnswer> {
  await pruneExports(deps, now, owner);
  const total = await countSelected(deps.db, owner.cuId, filter);
  if (total > EXPORT_ROWS_MAX) {
    throw new ApiError(Code.invalid, 'One export holds at most {max} orders: narrow the filter', null, {
      params: { max: EXPORT_ROWS_MAX },
    });
  }
  const template = TEMPLATES[kind];
  const title = lang === 'en' ? template.title.en : template.title.zh;
  const name = `${title} ${chinaStamp(now)
    .replace(/[-: ]/g, '')
    .replace(/^(\d{8})/, '$1-')}.xlsx`;
  const stored: StoredFilter = { ...filter, lang };
  const job = await deps.db
    .insertInto('export_jobs')
    .values({
      cu_id: owner.cuId,
      uid: owner.uid,
      kind,
      filter: JSON.stringify(stored),
      total,
      name,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (total <= FILE_ROWS_MAX) {
    await runJob(deps, job.id);
    const done = await deps.db
      .selectFrom('export_jobs')
      .select('status')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    if (done.status !== 'done') throw new ApiError(Code.serverFault, 'The export failed, please try again');
    return { mode: 'file', url: await fileLink(deps, job.id, now), job_id: job.id, rows: total };
  }
  exportQueue(deps).enqueue(job.id);
  return { mode: 'job', url: null, job_id: job.id, rows: total };
}

/** What the queue tells a listener after each page (tests watch progress through it). */
export interface Progress {
  id: number;
  done: number;
  total: number;
}

/**
 * Makes job `id`'s file: claims it (queued → running), streams the orders page by page into the
 * workbook and the workbook into storage, updating `done` after each page; done or failed at the
 * end. A job deleted meanwhile loses its file.
 */
async function runJob(
  deps: AppDeps,
  id: number,
  onProgress: (progress: Progress) => Promise<void> | void = () => {},
): Promise<void> {
  const { db } = deps;
  const job = await db
    .updateTable('export_jobs')
    .set({ status: 'running' })
    .where('id', '=', id)
    .where('status', '=', 'queued')
    .where('deleted_at', 'is', null)
    .returning(['id', 'cu_id', 'kind', 'filter', 'total'])
    .executeTakeFirst();
  if (!job) return;
  const { lang, ...filter } = job.filter as unknown as StoredFilter;
  const template = TEMPLATES[job.kind];
  let done = 0;
  try {
    const pages = orderPages(db, job.cu_id, filter, { pageSize: PAGE_SIZE, withLines: template.withLines });
    const stored = await writeWorkbook(deps.storage, template, lang, pages, async (orders) => {
      done += orders;
      await db.updateTable('export_jobs').set({ done }).where('id', '=', id).execute();
      await onProgress({ id, done, total: Math.max(job.total, done) });
    });
    const finished = await db
      .updateTable('export_jobs')
      .set({
        status: 'done',
        done,
        total: done,
        storage_key: stored.key,
        size: stored.size,
        finished_at: deps.now(),
      })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!finished) await deps.storage.remove(stored.key);
  } catch (error) {
    console.error(`[exports] job ${id} failed:`, error instanceof Error ? error.message : error);
    await db
      .updateTable('export_jobs')
      .set({ status: 'failed', error: FAILED satisfies ServerMessage, finished_at: deps.now() })
      .where('id', '=', id)
      .execute();
  }
}

/**
 * The server's export queue: jobs run one after another in the server process, in the background
 * of the request that asked for them.
 */
export class ExportQueue {
  #waiting: number[] = [];
  #running: Promise<void> | null = null;
  #listeners = new Set<(progress: Progress) => Promise<void> | void>();

  constructor(private readonly deps: AppDeps) {}

  enqueue(id: number): void {
    this.#waiting.push(id);
    this.#running ??= this.#drain();
  }

  /** Hears every job's progress after each page; returns the way to stop hearing it. */
  listen(listener: (progress: Progress) => Promise<void> | void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves when every job enqueued so far has finished. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async #drain(): Promise<void> {
    try {
      for (let id = this.#waiting.shift(); id !== undefined; id = this.#waiting.shift()) {
        await runJob(this.deps, id, async (progress) => {
          for (const listener of this.#listeners) await listener(progress);
        });
      }
    } finally {
      this.#running = null;
    }
  }
}

const queues = new WeakMap<AppDeps, ExportQueue>();

export function exportQueue(deps: AppDeps): ExportQueue {
  let queue = queues.get(deps);
  if (!queue) {
    queue = new ExportQueue(deps);
    queues.set(deps, queue);
  }
  return queue;
}

/**
 * Deletes exports older than KEEP_DAYS with their files: the owner's before each new export, and
 * everyone's at start and every hour (housekeeping.ts). A job still being made is left to finish.
 */
export async function pruneExports(deps: AppDeps, now: Date, owner?: Owner): Promise<number> {
  let query = deps.db
    .updateTable('export_jobs')
    .set({ deleted_at: now })
    .where('created_at', '<', new Date(now.getTime() - KEEP_DAYS * 24 * 60 * 60_000))
    .where('deleted_at', 'is', null)
    .where('status', 'in', ['done', 'failed']);
  if (owner) query = query.where('cu_id', '=', owner.cuId).where('uid', '=', owner.uid);
  const gone = await query.returning('storage_key').execute();
  for (const job of gone) if (job.storage_key) await deps.storage.remove(job.storage_key);
  return gone.length;
}

/**
 * At start: jobs a stopped server left running start again, and queued jobs are enqueued (one
 * server process owns the queue).
 */
export async function resumeExports(deps: AppDeps): Promise<number> {
  await deps.db
    .updateTable('export_jobs')
    .set({ status: 'queued', done: 0 })
    .where('status', '=', 'running')
    .where('deleted_at', 'is', null)
    .execute();
  const jobs = await deps.db
    .selectFrom('export_jobs')
    .select('id')
    .where('status', '=', 'queued')
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  for (const job of jobs) exportQueue(deps).enqueue(job.id);
  return jobs.length;
}

/** The owner's jobs, newest first, with a fresh link for each finished one. */
export async function listJobs(
  deps: AppDeps,
  owner: Owner,
  page: { start: number; limit: number },
  now: Date,
  lang: Lang,
): Promise<{ list: ExportJob[]; total: number }> {
  const scope = deps.db
    .selectFrom('export_jobs')
    .where('cu_id', '=', owner.cuId)
    .where('uid', '=', owner.uid)
    .where('deleted_at', 'is', null);
  const [rows, count] = await Promise.all([
    scope
      .select(['id', 'kind', 'name', 'status', 'total', 'done', 'size', 'error', 'created_at', 'finished_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.start)
      .limit(page.limit)
      .execute(),
    scope.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list: ExportJob[] = [];
  for (const row of rows) {
    list.push({
      ...row,
      size: row.size === null ? null : Number(row.size),
      error: row.error === null ? null : say(row.error as ServerMessage, lang),
      created_at: row.created_at.toISOString(),
      finished_at: row.finished_at ? row.finished_at.toISOString() : null,
      url: row.status === 'done' ? await fileLink(deps, row.id, now) : null,
    });
  }
  return { list, total: Number(count.n) };
}

/** Deletes the owner's job and its file; another's (or an unknown) job is 404. */
/**
 * Makes a failed export again (its kind, filter and language kept): queued afresh, 409 unless it
 * failed, 404 unless it is the owner's.
 */
export async function retryJob(deps: AppDeps, owner: Owner, id: number): Promise<void> {
  const job = await deps.db
    .updateTable('export_jobs')
    .set({ status: 'queued', done: 0, error: null, finished_at: null })
    .where('id', '=', id)
    .where('cu_id', '=', owner.cuId)
    .where('uid', '=', owner.uid)
    .where('deleted_at', 'is', null)
    .where('status', '=', 'failed')
    .returning('id')
    .executeTakeFirst();
  if (job) {
    exportQueue(deps).enqueue(job.id);
    return;
  }
  const exists = await deps.db
    .selectFrom('export_jobs')
    .select('id')
    .where('id', '=', id)
    .where('cu_id', '=', owner.cuId)
    .where('uid', '=', owner.uid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!exists) throw new ApiError(Code.notFound, 'No such export');
  throw new ApiError(Code.conflict, 'Only a failed export can be made again');
}

export async function deleteJob(deps: AppDeps, owner: Owner, id: number, now: Date): Promise<void> {
  const job = await deps.db
    .updateTable('export_jobs')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('cu_id', '=', owner.cuId)
    .where('uid', '=', owner.uid)
    .where('deleted_at', 'is', null)
    .returning('storage_key')
    .executeTakeFirst();
  if (!job) throw new ApiError(Code.notFound, 'No such export');
  if (job.storage_key) await deps.storage.remove(job.storage_key);
}
