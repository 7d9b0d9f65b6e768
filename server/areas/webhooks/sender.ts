import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../http/env.ts';
import { appendEvents } from '../live/outbox.ts';
import type { Resolver } from './address-guard.ts';
import { type PostOutcome, postMessage } from './post.ts';
import { secretsInForce, signedHeaders } from './signing.ts';

/**
 * The waits after a failed attempt (Standard Webhooks' and Svix's schedule): 5 s, 5 min, 30 min,
 * 2 h, 5 h, 10 h, then 10 h again, each ±10 % (jitter, so that a receiver coming back is not hit by
 * every retry at once), until three days after the delivery was made: the last wait is cut to end
 * there, and a failure then is final.
 */
export const RETRY_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
] as const;
export const RETRY_WINDOW_MS = 3 * 24 * 3_600_000;
export const JITTER = 0.1;
/**
 * How long a claimed delivery is the claiming process's: past it, one still `sending` belongs to
 * a process that died, and another takes it over (a new attempt). Well above an attempt's 10 s.
 */
export const WEBHOOK_LEASE_MS = 60_000;
/**
 * Attempts in flight to one endpoint at most, across processes (counted from the deliveries
 * `sending` under a live lease): a slow or failing endpoint holds at most this many of a process's
 * SEND_CONCURRENCY lanes (send-pool.ts), and a receiver is not flooded. Two processes claiming at
 * the same instant may each see room for one more: a bound of about this, not an exact one.
 */
export const ENDPOINT_IN_FLIGHT = 4;
/** How stale an endpoint's `last_success_at` may be before a success writes it again. */
export const SUCCESS_MARK_MS = 60_000;
/** The most of an answer the log keeps. */
export const LOG_ANSWER_CHARS = 1024;

/** When the attempt after the `attempts`-th failure is due, or null: no more (three days are up). */
export function nextAttemptAt(
  createdAt: Date,
  now: Date,
  attempts: number,
  random: () => number = Math.random,
): Date | null {
  const end = createdAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= end) return null;
  const base = RETRY_MS[Math.min(Math.max(attempts, 1), RETRY_MS.length) - 1]!;
  const wait = base * (1 - JITTER + 2 * JITTER * random());
  return new Date(Math.min(now.getTime() + wait, end));
}

export interface ClaimedDelivery {
  id: number;
  cu_id: number;
  endpoint_id: number;
  msg_id: string;
  event_type: string;
  payload: string;
  /** This attempt's number (1 for the first). */
  attempts: number;
  created_at: Date;
}

/**
 * Claims the next due delivery for this process: queued and due, or `sending` with its lease run
 * out (its process died), of an endpoint with fewer than `perEndpoint` attempts in flight (the
 * others wait for their endpoint, not the other endpoints for them), the oldest due first. One
 * statement: picked `FOR UPDATE SKIP LOCKED` (a row another process is claiming is passed over,
 * never waited for), leased and its attempt counted, so each attempt is made by one process.
 */
export async function claimDelivery(
  db: DB,
  now: Date,
  leaseMs = WEBHOOK_LEASE_MS,
  perEndpoint = ENDPOINT_IN_FLIGHT,
): Promise<ClaimedDelivery | null> {
  const { rows } = await sql<ClaimedDelivery>`
    update webhook_deliveries
    set state = 'sending', attempts = attempts + 1, lease_until = ${new Date(now.getTime() + leaseMs)}
    where id = (
      select d.id from webhook_deliveries d
      where d.state in ('queued', 'sending')
        and ((d.state = 'queued' and d.next_at <= ${now}) or (d.state = 'sending' and d.lease_until <= ${now}))
        and d.endpoint_id not in (
          select endpoint_id from webhook_deliveries
          where state = 'sending' and lease_until > ${now}
          group by endpoint_id having count(*) >= ${perEndpoint})
      order by d.next_at, d.id
      limit 1
      for update of d skip locked
    )
    returning id, cu_id, endpoint_id, msg_id, event_type, payload, attempts, created_at`.execute(db);
  const row = rows[0];
  return row ? { ...row, created_at: new Date(row.created_at) } : null;
}

export type SendOutcome = 'delivered' | 'retried' | 'failed' | 'skipped';

/**
 * Disables an endpoint whose deliveries failed for three days and tells the customer's
 * administrators (the notifier makes `webhook_disabled` of the event: notifications/recipients.ts).
 * Its deliveries still queued are skipped (a replay sends them again once it is enabled).
 */
export async function disableFailing(trx: DB, endpointId: number, cuId: number, now: Date): Promise<boolean> {
  const done = await trx
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_reason: 'failing', updated_at: now })
    .where('id', '=', endpointId)
    .where('enabled', '=', true)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) return false;
  await skipQueued(trx, endpointId, now);
  await appendEvents(
    trx,
    [
      {
        cuId,
        kind: 'webhook',
        action: 'disable',
        recordId: endpointId,
        actor: { kind: 'system', id: null, name: '' },
      },
    ],
    now,
  );
  return true;
}

/** What the log says of a message kept, not sent, while its endpoint was disabled. */
export const NOT_SENT_DISABLED = 'not sent: the endpoint is disabled';

/**
 * The endpoint's deliveries waiting for an attempt, skipped (the endpoint was disabled): kept,
 * with a line in the log for each that was never tried, for a replay once it is enabled again.
 */
export async function skipQueued(trx: DB, endpointId: number, now: Date): Promise<void> {
  const skipped = await trx
    .updateTable('webhook_deliveries')
    .set({ state: 'skipped', finished_at: now, lease_until: null })
    .where('endpoint_id', '=', endpointId)
    .where('state', '=', 'queued')
    .returning('id')
    .execute();
  await keptWhileDisabled(
    trx,
    skipped.map((d) => d.id),
    now,
  );
}

/**
 * A line in the log (attempt 0: none was made) for each delivery of `ids` that was never tried,
 * saying it was not sent because its endpoint is disabled: the log shows what a disabled spell
 * kept, and `webhook/replay` of its time range (`failed_only`) sends it.
 */
export async function keptWhileDisabled(trx: DB, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    insert into webhook_attempts (delivery_id, endpoint_id, cu_id, attempt, url, status, error, duration_ms, at, answer)
    select d.id, d.endpoint_id, d.cu_id, 0, e.url, null, ${NOT_SENT_DISABLED}, 0, ${now}, ''
    from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
    where d.id in (${sql.join(ids)}) and d.attempts = 0
    on conflict (delivery_id, attempt) do nothing`.execute(trx);
}

/**
 * One attempt of a claimed delivery: signed with the endpoint's secrets in force, POSTed
 * (post.ts: vetted addresses, 10 s, no redirects, 4 KB of answer), logged, then `delivered` on a
 * 2xx, else queued for the next attempt (nextAttemptAt) or, three days after it was made, `failed`,
 * and its endpoint disabled unless a delivery to it succeeded since this one was made. The marks
 * after a failure apply only while the delivery is still this attempt's (a process that took it
 * over after the lease counts its own).
 */
export async function sendDelivery(
  deps: AppDeps,
  job: ClaimedDelivery,
  options: { resolve?: Resolver; timeoutMs?: number; random?: () => number } = {},
): Promise<SendOutcome> {
  const { db } = deps;
  const endpoint = await db
    .selectFrom('webhook_endpoints')
    .select(['url', 'enabled', 'secret', 'previous_secret', 'previous_until', 'last_success_at'])
    .where('id', '=', job.endpoint_id)
    .executeTakeFirst();
  const mine = (trx: DB) =>
    trx
      .updateTable('webhook_deliveries')
      .where('id', '=', job.id)
      .where('state', '=', 'sending')
      .where('attempts', '=', job.attempts);
  if (!endpoint?.enabled) {
    await mine(db).set({ state: 'skipped', finished_at: deps.now(), lease_until: null }).execute();
    return 'skipped';
  }
  const at = deps.now();
  const headers = signedHeaders(secretsInForce(endpoint, at), job.msg_id, at, job.payload);
  const outcome: PostOutcome = await postMessage(endpoint.url, headers, job.payload, {
    policy: deps.config.webhooks,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
  });
  const now = deps.now();
  const ok = outcome.error === null;
  const logged = {
    delivery_id: job.id,
    endpoint_id: job.endpoint_id,
    cu_id: job.cu_id,
    attempt: job.attempts,
    url: endpoint.url,
    status: outcome.status,
    error: outcome.error,
    duration_ms: outcome.durationMs,
    at,
    answer: outcome.answer.slice(0, LOG_ANSWER_CHARS),
  };
  if (ok) {
    // logged and delivered in one statement (no transaction: the hot path), whoever holds the
    // delivery now (a process that took it over may send it again)
    await sql`
      with logged as (
        insert into webhook_attempts (delivery_id, endpoint_id, cu_id, attempt, url, status, error, duration_ms, at, answer)
        values (${logged.delivery_id}, ${logged.endpoint_id}, ${logged.cu_id}, ${logged.attempt}, ${logged.url},
          ${logged.status}, ${logged.error}, ${logged.duration_ms}, ${logged.at}, ${logged.answer})
        on conflict (delivery_id, attempt) do nothing
      )
      update webhook_deliveries set state = 'delivered', finished_at = ${now}, lease_until = null
      where id = ${job.id} and state = 'sending'`.execute(db);
    // the endpoint's newest success, to the minute (what decides a disabling is days apart)
    const last = endpoint.last_success_at ? new Date(endpoint.last_success_at).getTime() : 0;
    if (now.getTime() - last > SUCCESS_MARK_MS)
      await db
        .updateTable('webhook_endpoints')
        .set({ last_success_at: now })
        .where('id', '=', job.endpoint_id)
        .execute();
    return 'delivered';
  }
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values(logged)
      .onConflict((oc) => oc.columns(['delivery_id', 'attempt']).doNothing())
      .execute();
    const next = nextAttemptAt(job.created_at, now, job.attempts, options.random);
    if (next) {
      await mine(trx).set({ state: 'queued', next_at: next, lease_until: null }).execute();
      return 'retried';
    }
    const ended = await mine(trx)
      .set({ state: 'failed', finished_at: now, lease_until: null })
      .executeTakeFirst();
    const succeededSince =
      endpoint.last_success_at !== null && new Date(endpoint.last_success_at) >= job.created_at;
    if (Number(ended.numUpdatedRows) > 0 && !succeededSince) {
      if (await disableFailing(trx, job.endpoint_id, job.cu_id, now))
        console.warn(
          `[webhooks] endpoint ${job.endpoint_id} disabled: its deliveries failed for three days (${outcome.error})`,
        );
    }
    return 'failed';
  });
}
