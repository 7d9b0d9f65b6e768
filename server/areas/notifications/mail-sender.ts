import { sql } from 'kysely';
import { langOf } from '../../../src/contract/messages.ts';
import type { NotificationKind } from '../../../src/contract/notifications/schemas.ts';
import type { DB } from '../../db/database.ts';
import { startWakeLoop } from '../../core/wake-loop.ts';
import type { AppDeps } from '../../http/env.ts';
import { type Mail, mailerOf } from '../order-exports/mailer.ts';
import { userChannels } from './channels.ts';
import { digestOnce } from './digest.ts';
import { linkOf } from './kinds.ts';
import { renderMail } from './mail-content.ts';
import { unsubscribeUrl } from './unsubscribe.ts';

/** The waits after a failed attempt: 1 min, 5 min, 30 min, 2 h, 6 h; the sixth failure is final. */
export const MAIL_RETRY_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_MS.length + 1;
/**
 * How long a claimed job is the claiming process's: past it, a job still `sending` belongs to a
 * process that died (or hangs), and another takes it over. Well above the SMTP client's own
 * timeouts (10 s to connect and greet, 30 s of silence: order-exports/mailer.ts).
 */
export const MAIL_LEASE_MS = 5 * 60_000;
/** The slow poll: what no bus message announced, jobs whose retry came due, the digest's hour. */
export const MAIL_POLL_MS = 30_000;
/** Jobs one pass sends at most before it lets the next wake go on. */
const PASS = 100;

export interface ClaimedJob {
  id: number;
  uid: number;
  cu_id: number;
  notification_ids: number[];
  digest: boolean;
  /** This attempt's number (1 for the first). */
  attempts: number;
}

/**
 * Claims the next due job for this process: queued and due, or `sending` with its lease run out.
 * One statement: the row is picked `FOR UPDATE SKIP LOCKED` (a row another process is claiming
 * at that moment is passed over, never waited for) and leased (`sending`, `lease_until`), the
 * attempt counted, so that no other process takes it while it is sent and one whose sender died
 * is taken over after its lease.
 */
export async function claimMailJob(db: DB, now: Date, leaseMs = MAIL_LEASE_MS): Promise<ClaimedJob | null> {
  const { rows } = await sql<ClaimedJob>`
    update mail_jobs
    set state = 'sending', attempts = attempts + 1, lease_until = ${new Date(now.getTime() + leaseMs)}
    where id = (
      select id from mail_jobs
      where state in ('queued', 'sending')
        and ((state = 'queued' and next_at <= ${now}) or (state = 'sending' and lease_until <= ${now}))
      order by next_at, id
      limit 1
      for update skip locked
    )
    returning id, uid, cu_id, notification_ids, digest, attempts`.execute(db);
  return rows[0] ?? null;
}

type Prepared = { mail: Mail; mailed: number[]; dropped: number[] } | { skip: string; dropped: number[] };

/**
 * The job's mail as its user wants it now (the address, language and channels read at sending
 * time): the entries of kinds still mailed, or why none is (no address any more, mail of those
 * kinds turned off, no longer a member of the customer, the entries gone).
 */
async function prepare(deps: AppDeps, job: ClaimedJob, now: Date): Promise<Prepared> {
  const { db } = deps;
  const ids = job.notification_ids;
  const [settings, member, entries] = await Promise.all([
    db
      .selectFrom('notification_settings')
      .select(['email', 'lang'])
      .where('uid', '=', job.uid)
      .executeTakeFirst(),
    db
      .selectFrom('user_customers')
      .select('uid')
      .where('uid', '=', job.uid)
      .where('cu_id', '=', job.cu_id)
      .executeTakeFirst(),
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('notifications')
          .select(['id', 'kind', 'ref', 'record_id', 'order_id', 'created_at'])
          .where('id', 'in', ids)
          .where('uid', '=', job.uid)
          .where('cu_id', '=', job.cu_id)
          .orderBy('id')
          .execute(),
  ]);
  const all = entries.map((n) => n.id);
  if (!settings?.email) return { skip: 'the user has no mail address', dropped: all };
  if (!member) return { skip: 'the user is no longer a member of the customer account', dropped: all };
  const channels = await userChannels(db, job.uid, job.cu_id);
  const mailedKinds = new Set(channels.filter((c) => c.email).map((c) => c.kind));
  const kept = entries.filter((n) => mailedKinds.has(n.kind));
  if (kept.length === 0)
    return {
      skip: entries.length ? 'mail of these kinds is turned off' : 'the notifications are gone',
      dropped: all,
    };
  const lang = langOf(settings.lang);
  const kinds = [...new Set(kept.map((n) => n.kind))].sort() as NotificationKind[];
  const stop = await Promise.all(
    kinds.map(async (kind) => ({ kind, url: await unsubscribeUrl(deps, job.uid, job.cu_id, [kind], now) })),
  );
  const header =
    kinds.length === 1 ? stop[0]!.url : await unsubscribeUrl(deps, job.uid, job.cu_id, kinds, now);
  const content = renderMail(
    kept.map((n) => ({
      kind: n.kind,
      ref: n.ref,
      url: `${deps.config.publicUrl}${linkOf(n.kind, n.record_id, n.order_id)}`,
      at: new Date(n.created_at),
    })),
    lang,
    { digest: job.digest || kept.length > 1, stop },
  );
  return {
    mail: { to: [settings.email], ...content, unsubscribeUrl: header },
    mailed: kept.map((n) => n.id),
    dropped: all.filter((id) => !kept.some((n) => n.id === id)),
  };
}

export type MailOutcome = 'sent' | 'retried' | 'failed' | 'skipped';

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 500);

/** Sets the mail state of the job's entries (those still the job's user's). */
async function markEntries(
  db: DB,
  uid: number,
  ids: readonly number[],
  state: 'sent' | 'none',
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('notifications')
    .set({ mail_state: state })
    .where('id', 'in', [...ids])
    .where('uid', '=', uid)
    .execute();
}

/**
 * One claimed job: sent through the server's mailer (mailerOf) and marked `sent` with its
 * entries, or `skipped` (nothing to mail, or a server without a mailer), or put back `queued`
 * after a failure with its next attempt MAIL_RETRY_MS later and the error kept, `failed` after
 * MAIL_MAX_ATTEMPTS. The marks after a failure apply only while the job is still this attempt's
 * (a process that took it over after the lease counts its own).
 */
async function deliver(deps: AppDeps, job: ClaimedJob): Promise<MailOutcome> {
  const { db } = deps;
  // this attempt's end, unless another process has taken the job over meanwhile
  const end = async (
    trx: DB,
    values: { state: 'queued' | 'failed' | 'skipped'; last_error: string; next_at?: Date },
  ) => {
    await trx
      .updateTable('mail_jobs')
      .set({ ...values, lease_until: null })
      .where('id', '=', job.id)
      .where('state', '=', 'sending')
      .where('attempts', '=', job.attempts)
      .execute();
  };
  if (job.attempts > MAIL_MAX_ATTEMPTS) {
    await end(db, { state: 'failed', last_error: 'its sending process stopped during the last attempt' });
    return 'failed';
  }
  const mailer = mailerOf(deps);
  const ready: Prepared = mailer
    ? await prepare(deps, job, deps.now())
    : { skip: 'this server sends no mail (no SMTP_URL or MAIL_HTTP_URL)', dropped: job.notification_ids };
  if (!mailer || 'skip' in ready) {
    const { dropped } = ready;
    const reason = 'skip' in ready ? ready.skip : '';
    await db.transaction().execute(async (trx) => {
      await end(trx, { state: 'skipped', last_error: reason });
      await markEntries(trx, job.uid, dropped, 'none');
    });
    return 'skipped';
  }
  try {
    await mailer.send(ready.mail, { cuId: job.cu_id, uid: job.uid, orderId: null });
  } catch (error) {
    const at = deps.now();
    const last = errorText(error);
    if (job.attempts >= MAIL_MAX_ATTEMPTS) {
      await end(db, { state: 'failed', last_error: last });
      console.error(`[mail] job ${job.id} failed after ${job.attempts} attempts: ${last}`);
      return 'failed';
    }
    const wait = MAIL_RETRY_MS[Math.min(job.attempts, MAIL_RETRY_MS.length) - 1] ?? MAIL_RETRY_MS[0];
    await end(db, { state: 'queued', last_error: last, next_at: new Date(at.getTime() + wait) });
    console.warn(
      `[mail] job ${job.id}, attempt ${job.attempts}: not sent, again in ${wait / 60_000} min: ${last}`,
    );
    return 'retried';
  }
  // Sent: marked whoever holds the job now (a process that took it over may send it again).
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('mail_jobs')
      .set({ state: 'sent', sent_at: deps.now(), lease_until: null, last_error: null })
      .where('id', '=', job.id)
      .where('state', '=', 'sending')
      .execute();
    await markEntries(trx, job.uid, ready.mailed, 'sent');
    await markEntries(trx, job.uid, ready.dropped, 'none');
  });
  return 'sent';
}

export type MailRun = Record<MailOutcome, number>;

/**
 * Sends the due mail jobs one after another (each claimed first: claimMailJob), until none is due,
 * `max` were taken, or `stopped()` says so. Any number of processes run this at once; each job is
 * sent by one. Answers what became of the jobs it took.
 */
export async function runMailSender(
  deps: AppDeps,
  options: { max?: number; stopped?: () => boolean } = {},
): Promise<MailRun> {
  const run: MailRun = { sent: 0, retried: 0, failed: 0, skipped: 0 };
  const max = options.max ?? PASS;
  for (let taken = 0; taken < max && !options.stopped?.(); taken++) {
    const job = await claimMailJob(deps.db, deps.now());
    if (!job) break;
    run[await deliver(deps, job)] += 1;
  }
  return run;
}

/**
 * The mail sender of a server process (server/background.ts): woken by the bus (`mail`: the
 * notifier's or the digest's new jobs, on commit) and every MAIL_POLL_MS; each pass first makes
 * the day's digest when its hour has come (digest.ts, once across processes), then sends what is
 * due. One pass at a time, another when a wake came meanwhile. The jobs are rows, so what was
 * not sent when a process stopped is sent after its start, or by another process.
 */
export function startMailSender(deps: AppDeps, pollMs = MAIL_POLL_MS): () => Promise<void> {
  return startWakeLoop({ bus: deps.bus, topic: 'mail', pollMs, label: '[mail]' }, async (stopped) => {
    try {
      await digestOnce(deps);
    } catch (error) {
      console.warn('[mail] the digest was not made:', errorText(error));
    }
    const run = await runMailSender(deps, { stopped });
    // a full pass leaves more: go on at once
    return run.sent + run.retried + run.failed + run.skipped >= PASS;
  });
}
