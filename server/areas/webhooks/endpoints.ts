import { sql } from 'kysely';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_TYPE,
  type WebhookAttempt,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../../src/contract/webhooks/schemas.ts';
import { notify } from '../../core/bus.ts';
import { ApiError, invalidField, notFound } from '../../core/errors.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { DB } from '../../db/database.ts';
import type { AppDeps } from '../../http/env.ts';
import type { AuditChange } from '../audit/tables.ts';
import { type AuditBuffer, auditedTransaction, sessionActor } from '../audit/trail.ts';
import { AddressRefused, vetEndpointUrl } from './address-guard.ts';
import { startCursor } from './dispatcher.ts';
import { payloadOf } from './events.ts';
import { skipQueued } from './sender.ts';
import { newMessageId, newSecret } from './signing.ts';

/**
 * Who manages the endpoints: the signed-in administrator in the customer they administer, or an
 * API client of that customer with `webhooks:manage` (then the entries name the client).
 */
export interface Administrator {
  uid: number;
  name: string;
  cuId: number;
  client?: { id: number; name: string } | undefined;
}

/**
 * Each change of an endpoint, and each reading of its secret, is an audit entry of record
 * `webhook_endpoint` on the customer's chain, by its administrator (or API client), in the
 * change's transaction: the url, description, event types, enabled state and that a secret was
 * generated, never a secret.
 */
const record = (
  audit: AuditBuffer,
  admin: Administrator,
  id: number,
  action: string,
  changes: AuditChange[],
) =>
  audit.record({
    cuId: admin.cuId,
    recordType: 'webhook_endpoint',
    recordId: id,
    action,
    actor: sessionActor(admin),
    changes,
  });

/** What an entry says of a new secret (never its value). */
const GENERATED = 'generated';

/** The most endpoints a customer may have. */
export const MAX_ENDPOINTS = 20;

const iso = (d: Date | string) => new Date(d).toISOString();

type EndpointRow = {
  id: number;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  enabled: boolean;
  disabled_reason: 'manual' | 'failing' | null;
  created_at: Date;
  updated_at: Date;
  previous_secret: string | null;
  previous_until: Date | null;
};

const COLUMNS = [
  'id',
  'url',
  'description',
  'event_types',
  'enabled',
  'disabled_reason',
  'created_at',
  'updated_at',
  'previous_secret',
  'previous_until',
] as const;

/** The customer's endpoints as the portal shows them, with each one's newest attempt (not a kept message's line). */
export async function listEndpoints(
  db: DB,
  cuId: number,
  now: Date,
  id?: number,
): Promise<WebhookEndpoint[]> {
  let query = db.selectFrom('webhook_endpoints').select(COLUMNS).where('cu_id', '=', cuId).orderBy('id');
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = (await query.execute()) as EndpointRow[];
  if (rows.length === 0) return [];
  const { rows: last } = await sql<{ endpoint_id: number; at: Date; status: number | null }>`
    select distinct on (endpoint_id) endpoint_id, at, status from webhook_attempts
    where endpoint_id in (${sql.join(rows.map((r) => r.id))}) and attempt > 0
    order by endpoint_id, id desc`.execute(db);
  const lastOf = new Map(last.map((l) => [l.endpoint_id, l]));
  return rows.map((r) => {
    const l = lastOf.get(r.id);
    const until =
      r.previous_secret && r.previous_until && new Date(r.previous_until) > now ? r.previous_until : null;
    return {
      id: r.id,
      url: r.url,
      description: r.description,
      event_types: r.event_types,
      enabled: r.enabled,
      disabled_reason: r.enabled ? null : r.disabled_reason,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
      previous_secret_until: until ? iso(until) : null,
      last_attempt: l ? { at: iso(l.at), status: l.status } : null,
    };
  });
}

async function oneEndpoint(db: DB, cuId: number, id: number, now: Date): Promise<WebhookEndpoint> {
  const [endpoint] = await listEndpoints(db, cuId, now, id);
  if (!endpoint) throw notFound('There is no such webhook endpoint');
  return endpoint;
}

/** The endpoint's row, the customer's own (else 404). */
async function owned(db: DB, cuId: number, id: number) {
  const row = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('cu_id', '=', cuId)
    .executeTakeFirst();
  if (!row) throw notFound('There is no such webhook endpoint');
  return row;
}

/** The URL checked where it leads (address-guard.ts): 422 on `url` saying why. */
async function vetted(deps: AppDeps, url: string): Promise<string> {
  try {
    return (await vetEndpointUrl(url, deps.config.webhooks)).href;
  } catch (error) {
    if (error instanceof AddressRefused) {
      const why = error.message;
      if (why.startsWith('scheme'))
        throw invalidField('url', 'A webhook endpoint must be an https:// address');
      if (why.startsWith('host not found'))
        throw invalidField('url', 'The webhook endpoint’s host could not be found');
      throw invalidField('url', 'A webhook endpoint may not be on a private, loopback or link-local address');
    }
    throw invalidField('url', 'A webhook endpoint must be an https:// address');
  }
}

export async function createEndpoint(
  deps: AppDeps,
  admin: Administrator,
  input: { url: string; description: string; event_types: WebhookEventType[] },
  now: Date,
) {
  const { cuId } = admin;
  const url = await vetted(deps, input.url);
  const secret = newSecret();
  const types = order(input.event_types);
  const id = await auditedTransaction(deps.db, now, async (trx, audit) => {
    const count = await trx
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('cu_id', '=', cuId)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= MAX_ENDPOINTS)
      throw new ApiError(Code.conflict, 'A customer account may have at most {max} webhook endpoints', null, {
        params: { max: MAX_ENDPOINTS },
      });
    const row = await trx
      .insertInto('webhook_endpoints')
      .values({
        cu_id: cuId,
        url,
        description: input.description,
        event_types: JSON.stringify(types),
        enabled: true,
        secret,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await startCursor(trx, cuId);
    record(audit, admin, row.id, 'create', [
      { field: 'url', old: null, new: url },
      { field: 'description', old: null, new: input.description },
      { field: 'event_types', old: null, new: types },
      { field: 'enabled', old: null, new: true },
      { field: 'secret', old: null, new: GENERATED },
    ]);
    return row.id;
  });
  return { endpoint: await oneEndpoint(deps.db, cuId, id, now), secret };
}

/** The types in the contract's order, once each. */
const order = (types: readonly WebhookEventType[]) => WEBHOOK_EVENT_TYPES.filter((t) => types.includes(t));

export async function updateEndpoint(
  deps: AppDeps,
  admin: Administrator,
  input: {
    id: number;
    url?: string;
    description?: string;
    event_types?: WebhookEventType[];
    enabled?: boolean;
  },
  now: Date,
) {
  const { cuId } = admin;
  const row = await owned(deps.db, cuId, input.id);
  const url = input.url !== undefined && input.url !== row.url ? await vetted(deps, input.url) : undefined;
  const types = input.event_types !== undefined ? order(input.event_types) : undefined;
  const changes: AuditChange[] = [];
  if (url !== undefined && url !== row.url) changes.push({ field: 'url', old: row.url, new: url });
  if (input.description !== undefined && input.description !== row.description)
    changes.push({ field: 'description', old: row.description, new: input.description });
  if (types !== undefined && JSON.stringify(types) !== JSON.stringify(row.event_types))
    changes.push({ field: 'event_types', old: row.event_types, new: types });
  if (input.enabled !== undefined && input.enabled !== row.enabled)
    changes.push({ field: 'enabled', old: row.enabled, new: input.enabled });
  const action =
    input.enabled === false && row.enabled ? 'disable' : input.enabled && !row.enabled ? 'enable' : 'update';
  await auditedTransaction(deps.db, now, async (trx, audit) => {
    await trx
      .updateTable('webhook_endpoints')
      .set({
        updated_at: now,
        ...(url !== undefined ? { url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(types !== undefined ? { event_types: JSON.stringify(types) } : {}),
        ...(input.enabled === false && row.enabled
          ? { enabled: false, disabled_reason: 'manual' as const }
          : {}),
        ...(input.enabled === true && !row.enabled ? { enabled: true, disabled_reason: null } : {}),
      })
      .where('id', '=', row.id)
      .execute();
    if (input.enabled === false && row.enabled) await skipQueued(trx, row.id, now);
    record(audit, admin, row.id, action, changes);
  });
  return oneEndpoint(deps.db, cuId, row.id, now);
}

export async function rotateSecret(
  deps: AppDeps,
  admin: Administrator,
  input: { id: number; keep_hours: number },
  now: Date,
) {
  const { cuId } = admin;
  const row = await owned(deps.db, cuId, input.id);
  const secret = newSecret();
  const until = input.keep_hours > 0 ? new Date(now.getTime() + input.keep_hours * 3_600_000) : null;
  const before = row.previous_secret && row.previous_until && new Date(row.previous_until) > now;
  await auditedTransaction(deps.db, now, async (trx, audit) => {
    await trx
      .updateTable('webhook_endpoints')
      .set({
        secret,
        previous_secret: until ? row.secret : null,
        previous_until: until,
        updated_at: now,
      })
      .where('id', '=', row.id)
      .execute();
    record(audit, admin, row.id, 'rotate', [
      { field: 'secret', old: null, new: GENERATED },
      {
        field: 'previous_secret_until',
        old: before ? iso(row.previous_until as Date) : null,
        new: until ? until.toISOString() : null,
      },
    ]);
  });
  return { endpoint: await oneEndpoint(deps.db, cuId, row.id, now), secret };
}

/** The endpoint's secrets, for its administrator: the reading is an entry (without them). */
export async function revealSecret(deps: AppDeps, admin: Administrator, id: number, now: Date) {
  const row = await auditedTransaction(deps.db, now, async (trx, audit) => {
    const found = await owned(trx, admin.cuId, id);
    record(audit, admin, found.id, 'reveal_secret', []);
    return found;
  });
  const until = row.previous_until ? new Date(row.previous_until) : null;
  return {
    secret: row.secret,
    previous:
      row.previous_secret && until && until > now ? { secret: row.previous_secret, until: iso(until) } : null,
  };
}

export async function deleteEndpoint(
  deps: AppDeps,
  admin: Administrator,
  id: number,
  now: Date,
): Promise<null> {
  await auditedTransaction(deps.db, now, async (trx, audit) => {
    const row = await owned(trx, admin.cuId, id);
    // its deliveries and their log go with it (on delete cascade)
    await trx.deleteFrom('webhook_endpoints').where('id', '=', row.id).execute();
    record(audit, admin, row.id, 'delete', [
      { field: 'url', old: row.url, new: null },
      { field: 'event_types', old: row.event_types, new: null },
    ]);
  });
  return null;
}

/** The endpoint's log, newest attempt first. */
export async function deliveryLog(
  deps: AppDeps,
  cuId: number,
  input: { id: number; limit: number; before?: number },
): Promise<{ list: WebhookAttempt[] }> {
  await owned(deps.db, cuId, input.id);
  let query = deps.db
    .selectFrom('webhook_attempts as a')
    .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
    .select([
      'a.id',
      'a.delivery_id',
      'd.msg_id',
      'd.event_type',
      'a.url',
      'a.attempt',
      'a.status',
      'a.error',
      'a.duration_ms',
      'a.at',
      'a.answer',
      'd.state',
      'd.next_at',
    ])
    .where('a.endpoint_id', '=', input.id)
    .where('a.cu_id', '=', cuId)
    .orderBy('a.id', 'desc')
    .limit(input.limit);
  if (input.before !== undefined) query = query.where('a.id', '<', input.before);
  const rows = await query.execute();
  return {
    list: rows.map((r) => ({
      ...r,
      at: iso(r.at),
      next_at: r.state === 'queued' ? iso(r.next_at) : null,
    })),
  };
}

/** The most deliveries one replay call sends again. */
export const REPLAY_MAX = 1000;

/** Wakes the senders when the transaction commits. */
const wake = (trx: DB, cuId: number) => notify(trx, 'webhooks', String(cuId));

function enabledOrRefuse(row: { enabled: boolean }) {
  if (!row.enabled) throw new ApiError(Code.conflict, 'This webhook endpoint is disabled: enable it first');
}

/**
 * Sends deliveries again, as new deliveries of the same messages (same `webhook-id`, same body):
 * the one of an attempt in the log, or every one made in a time range (with `failed_only`, those
 * not delivered: failed, or kept while the endpoint was disabled, and not replayed since), at
 * most 1,000 a call, oldest first; when more are left, `next_from` says when the first of them was
 * made. Each gets three days of attempts of its own.
 */
export async function replay(
  deps: AppDeps,
  cuId: number,
  input: { id: number; attempt_id?: number; from?: string; to?: string; failed_only: boolean },
  now: Date,
): Promise<{ queued: number; next_from: string | null }> {
  const row = await owned(deps.db, cuId, input.id);
  enabledOrRefuse(row);
  if (input.attempt_id === undefined && input.from === undefined)
    throw invalidField('from', 'Name a delivery of the log or the start of a time range');
  return deps.db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('webhook_deliveries as d')
      .select(['d.id', 'd.msg_id', 'd.event_type', 'd.payload', 'd.created_at'])
      .where('d.endpoint_id', '=', row.id)
      .where('d.cu_id', '=', cuId)
      .orderBy('d.created_at')
      .orderBy('d.id')
      // one more than is sent: whether the range holds more, and from when
      .limit(REPLAY_MAX + 1);
    if (input.attempt_id !== undefined)
      query = query.where(
        'd.id',
        '=',
        trx.selectFrom('webhook_attempts').select('delivery_id').where('id', '=', input.attempt_id),
      );
    else {
      if (input.from) query = query.where('d.created_at', '>=', new Date(input.from));
      if (input.to) query = query.where('d.created_at', '<=', new Date(input.to));
      // a replay of a range sends each message once, not its earlier replays again
      query = query.where('d.replay_of', 'is', null);
      // not delivered: failed, or kept while the endpoint was disabled, and not replayed since
      // (a replay delivered, or still being tried)
      if (input.failed_only)
        query = query
          .where('d.state', 'in', ['failed', 'skipped'])
          .where(({ not, exists, selectFrom }) =>
            not(
              exists(
                selectFrom('webhook_deliveries as r')
                  .select('r.id')
                  .whereRef('r.replay_of', '=', 'd.id')
                  .where('r.state', 'not in', ['failed', 'skipped']),
              ),
            ),
          );
    }
    const all = await query.execute();
    if (input.attempt_id !== undefined && all.length === 0) throw notFound('There is no such delivery');
    const found = all.slice(0, REPLAY_MAX);
    const left = all[REPLAY_MAX];
    const next_from = left ? new Date(left.created_at).toISOString() : null;
    if (found.length === 0) return { queued: 0, next_from };
    await trx
      .insertInto('webhook_deliveries')
      .values(
        found.map((d) => ({
          cu_id: cuId,
          endpoint_id: row.id,
          msg_id: d.msg_id,
          event_type: d.event_type,
          payload: d.payload,
          event_seq: null,
          replay_of: d.id,
          next_at: now,
          created_at: now,
        })),
      )
      .execute();
    await wake(trx, cuId);
    return { queued: found.length, next_from };
  });
}

/** A `webhook.test` message to the endpoint, now (whatever types it wants). */
export async function sendTest(deps: AppDeps, cuId: number, id: number, now: Date) {
  const row = await owned(deps.db, cuId, id);
  enabledOrRefuse(row);
  const msgId = newMessageId();
  const payload = payloadOf({ type: WEBHOOK_TEST_TYPE, data: { endpoint_id: row.id, message: 'test' } }, now);
  return deps.db.transaction().execute(async (trx) => {
    const made = await trx
      .insertInto('webhook_deliveries')
      .values({
        cu_id: cuId,
        endpoint_id: row.id,
        msg_id: msgId,
        event_type: WEBHOOK_TEST_TYPE,
        payload,
        event_seq: null,
        next_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await wake(trx, cuId);
    return { delivery_id: made.id, msg_id: msgId };
  });
}
