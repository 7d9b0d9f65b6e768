import { appendEvents, type EventFacts } from '../live/outbox.ts';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import type { ExportAnswer, ExportJob } from '../../../src/contract/order-exports/schemas.ts';
import { notify } from '../../core/bus.ts';
import { ApiError, say } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import { sign, signedQuery, signingKey } from '../../core/signed-links.ts';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../http/env.ts';
import { countSelected, orderPages } from './export-rows.ts';
import type { ListFilter } from './list-filter.ts';
import { chinaStamp } from '../../core/labels.ts';
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

/**
 * At most this many exports of one user queued or being made at once (every customer of theirs):
 * a further start (or retry) is 429 until one of them ends, so that a burst of exports from one
 * user waits for the ones it started instead of running side by side (issue 27: 100 exports in
 * 2.5 s moved another user's p99 from 10 to 208 ms). The calls' rate limit counts the starts.
 */
export const IN_PROGRESS_MAX = 3;

/** The advisory-lock class of the export starts (the other half of the key: the user's uid). */
const START_LOCK_CLASS = 0x4c45;

/**
 * Runs `start` (the insert or the update that queues or runs an export) unless the user already
 * has IN_PROGRESS_MAX exports queued or running (429), in one transaction under the user's
 * advisory lock: two starts at the same moment are counted one after the other.
 */
async function withStartSlot<T>(deps: AppDeps, owner: Owner, start: (trx: DB) => Promise<T>): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${START_LOCK_CLASS}, ${owner.uid})`.execute(trx);
    const { n } = await trx
      .selectFrom('export_jobs')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('uid', '=', owner.uid)
      .where('status', 'in', ['queued', 'running'])
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(n) >= IN_PROGRESS_MAX) {
      throw new ApiError(
        Code.tooManyRequests,
        'Your earlier exports are still being made: please try again when one of them is done',
      );
    }
    return start(trx);
  });
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
  const small = total <= FILE_ROWS_MAX;
  // A small export is made in this request: it is inserted already claimed by it, so no runner
  // takes it meanwhile.
  const claim = small ? randomUUID() : null;
  const job = await withStartSlot(deps, owner, (trx) =>
    trx
      .insertInto('export_jobs')
      .values({
        cu_id: owner.cuId,
        uid: owner.uid,
        kind,
        filter: JSON.stringify(stored),
        total,
        name,
        created_at: now,
        ...(claim ? { status: 'running' as const, claim, lease_until: leaseEnd(), attempts: 1 } : {}),
      })
      .returning(['id', 'cu_id', 'uid', 'kind', 'filter', 'total'])
      .executeTakeFirstOrThrow(),
  );
  if (claim) {
    await runJob(deps, { ...job, claim });
    const done = await deps.db
      .selectFrom('export_jobs')
      .select('status')
      .where('id', '=', job.id)
      .executeTakeFirstOrThrow();
    if (done.status !== 'done') throw new ApiError(Code.serverFault, 'The export failed, please try again');
    return { mode: 'file', url: await fileLink(deps, job.id, now), job_id: job.id, rows: total };
  }
  await exportQueue(deps).enqueue(job.id);
  return { mode: 'job', url: null, job_id: job.id, rows: total };
}

/** What the queue tells a listener after each page (tests watch progress through it). */
export interface Progress {
  id: number;
  done: number;
  total: number;
}

/** How long a claim on a job holds unless its runner renews it (every LEASE_MS / 3). */
export const LEASE_MS = 30_000;
/** A runner also looks for work this often (a missed message, a job whose process died). */
export const POLL_MS = 15_000;
/** A job that was taken over this many times (its process kept dying) fails instead. */
export const MAX_ATTEMPTS = 3;

/** The database's clock decides leases: the processes' clocks may disagree. */
const leaseEnd = (ms = LEASE_MS) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

/** A job as its runner holds it. */
interface Claimed {
  id: number;
  cu_id: number;
  uid: number | null;
  kind: ExportKind;
  filter: unknown;
  total: number;
  /** The claim token: every write of the run is conditional on it still holding the job. */
  claim: string;
}

/**
 * Claims the oldest job that is queued, or running on a lease that ran out (its process died or
 * stalled), for this run: `FOR UPDATE SKIP LOCKED`, so two processes never claim the same job
 * and neither waits for the other. A job past MAX_ATTEMPTS fails instead. Answers undefined
 * when there is nothing to do.
 */
export async function claimNextJob(deps: AppDeps, leaseMs = LEASE_MS): Promise<Claimed | undefined> {
  const claim = randomUUID();
  for (;;) {
    const { rows } = await sql<Omit<Claimed, 'claim'> & { attempts: number }>`
      update export_jobs set status = 'running', done = 0, claim = ${claim},
        lease_until = ${leaseEnd(leaseMs)}, attempts = attempts + 1
      where id = (
        select id from export_jobs
        where deleted_at is null
          and (status = 'queued' or (status = 'running' and lease_until < now()))
        order by id
        limit 1
        for update skip locked
      )
      returning id, cu_id, uid, kind, filter, total, attempts`.execute(deps.db);
    const job = rows[0];
    if (!job) return undefined;
    if (job.attempts <= MAX_ATTEMPTS) return { ...job, claim };
    console.error(
      `[exports] job ${job.id} failed: its process stopped ${MAX_ATTEMPTS} times while making it`,
    );
    await finishFailed(deps, { ...job, claim });
  }
}

/** Thrown into a run whose claim was lost (taken over) or that its process stops. */
class RunEnded extends Error {
  constructor(readonly why: 'lost' | 'stopping') {
    super(`the run ended: ${why}`);
  }
}

/** A job's end, told live to its owner (the download centre). */
const exportEvent = (job: Pick<Claimed, 'id' | 'cu_id' | 'uid'>, action: 'done' | 'failed'): EventFacts => ({
  cuId: job.cu_id,
  kind: 'export',
  action,
  recordId: job.id,
  audience: job.uid,
  actor: { kind: 'system', id: null, name: '' },
});

async function finishFailed(deps: AppDeps, job: Claimed): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('export_jobs')
      .set({ status: 'failed', error: FAILED satisfies ServerMessage, finished_at: now, lease_until: null })
      .where('id', '=', job.id)
      .where('claim', '=', job.claim)
      .returning('id')
      .executeTakeFirst();
    if (failed) await appendEvents(trx, [exportEvent(job, 'failed')], now);
  });
}

/**
 * Makes a claimed job's file: streams the orders page by page into the workbook and the
 * workbook into storage, updating `done` after each page and renewing the lease meanwhile; done
 * or failed at the end. Every write holds only while the claim does: a run that lost its job
 * (another process took it over after a stall) stops and keeps nothing. A job deleted meanwhile
 * loses its file. `stopping` releases the job to the queue (a process shutting down).
 */
async function runJob(
  deps: AppDeps,
  job: Claimed,
  onProgress: (progress: Progress) => Promise<void> | void = () => {},
  stopping: () => boolean = () => false,
): Promise<void> {
  const { db } = deps;
  const { id, claim } = job;
  const { lang, ...filter } = job.filter as StoredFilter;
  const template = TEMPLATES[job.kind];
  let done = 0;
  let lost = false;
  const renew = setInterval(() => {
    void db
      .updateTable('export_jobs')
      .set({ lease_until: leaseEnd() })
      .where('id', '=', id)
      .where('claim', '=', claim)
      .where('status', '=', 'running')
      .returning('id')
      .executeTakeFirst()
      .then((held) => {
        if (!held) lost = true;
      })
      .catch(() => {
        // The database is away: the lease may run out, the next write finds out.
      });
  }, LEASE_MS / 3);
  renew.unref();
  try {
    const pages = orderPages(db, job.cu_id, filter, { pageSize: PAGE_SIZE, withLines: template.withLines });
    const stored = await writeWorkbook(deps.storage, template, lang, pages, async (orders) => {
      if (lost) throw new RunEnded('lost');
      if (stopping()) throw new RunEnded('stopping');
      done += orders;
      const held = await db
        .updateTable('export_jobs')
        .set({ done })
        .where('id', '=', id)
        .where('claim', '=', claim)
        .returning('id')
        .executeTakeFirst();
      if (!held) throw new RunEnded('lost');
      await onProgress({ id, done, total: Math.max(job.total, done) });
    });
    const now = deps.now();
    const finished = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('export_jobs')
        .set({
          status: 'done',
          done,
          total: done,
          storage_key: stored.key,
          size: stored.size,
          finished_at: now,
          lease_until: null,
        })
        .where('id', '=', id)
        .where('claim', '=', claim)
        .where('deleted_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (row) await appendEvents(trx, [exportEvent(job, 'done')], now);
      return row;
    });
    if (!finished) await deps.storage.remove(stored.key);
  } catch (error) {
    if (error instanceof RunEnded && error.why === 'lost') {
      console.warn(`[exports] job ${id} was taken over by another process: this run stops`);
      return;
    }
    if (error instanceof RunEnded) {
      // Back to the queue for another process (or this one after its restart).
      await db
        .updateTable('export_jobs')
        .set({ status: 'queued', done: 0, claim: null, lease_until: null, attempts: sql`attempts - 1` })
        .where('id', '=', id)
        .where('claim', '=', claim)
        .execute()
        .catch(() => {});
      return;
    }
    console.error(`[exports] job ${id} failed:`, error instanceof Error ? error.message : error);
    await finishFailed(deps, job).catch(() => {});
  } finally {
    clearInterval(renew);
  }
}

/**
 * The export runner of an app (one per AppDeps: per server process, per test app): claims jobs
 * one after another (claimNextJob) until none is left. Woken by `enqueue` (this process queued a
 * job), by the bus (another process did) and by a slow poll (startExportRunner), so a job whose
 * process died is taken over within its lease and a poll.
 */
export class ExportQueue {
  #running: Promise<void> | null = null;
  #again = false;
  #stopping = false;
  #listeners = new Set<(progress: Progress) => Promise<void> | void>();

  constructor(private readonly deps: AppDeps) {}

  /** A job was queued: tells every process's runner (this one at once). */
  async enqueue(id: number): Promise<void> {
    this.wake();
    await notify(this.deps.db, 'exports', String(id)).catch(() => {});
  }

  /** Looks for work now (or right after the current pass). */
  wake(): void {
    if (this.#stopping) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.#running = this.#drain();
  }

  /** Hears every job's progress after each page; returns the way to stop hearing it. */
  listen(listener: (progress: Progress) => Promise<void> | void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves when the runner has nothing left to do. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Takes no more jobs; a job being made goes back to the queue after its current page. */
  async stop(): Promise<void> {
    this.#stopping = true;
    await this.idle();
  }

  async #drain(): Promise<void> {
    try {
      do {
        this.#again = false;
        for (let job = await claimNextJob(this.deps); job; job = await claimNextJob(this.deps)) {
          await runJob(
            this.deps,
            job,
            async (progress) => {
              for (const listener of this.#listeners) await listener(progress);
            },
            () => this.#stopping,
          );
          if (this.#stopping) return;
        }
      } while (this.#again && !this.#stopping);
    } catch (error) {
      // The database is away: the next message or poll tries again.
      console.warn('[exports] could not look for jobs:', error instanceof Error ? error.message : error);
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
 * Runs the app's export runner in the background: at once (jobs a stopped process left queued or
 * running are taken over once their lease runs out), on every `exports` message and every
 * `pollMs`. Answers the way to stop it (a job being made goes back to the queue).
 */
export function startExportRunner(deps: AppDeps, pollMs = POLL_MS): () => Promise<void> {
  const queue = exportQueue(deps);
  const off = deps.bus.on('exports', () => queue.wake());
  const offState = deps.bus.onState((up) => {
    if (up) queue.wake();
  });
  const timer = setInterval(() => queue.wake(), pollMs);
  timer.unref();
  queue.wake();
  return async () => {
    clearInterval(timer);
    off();
    offState();
    await queue.stop();
  };
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
  const job = await withStartSlot(deps, owner, (trx) =>
    trx
      .updateTable('export_jobs')
      .set({
        status: 'queued',
        done: 0,
        error: null,
        finished_at: null,
        claim: null,
        lease_until: null,
        attempts: 0,
      })
      .where('id', '=', id)
      .where('cu_id', '=', owner.cuId)
      .where('uid', '=', owner.uid)
      .where('deleted_at', 'is', null)
      .where('status', '=', 'failed')
      .returning('id')
      .executeTakeFirst(),
  );
  if (job) {
    await exportQueue(deps).enqueue(job.id);
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
