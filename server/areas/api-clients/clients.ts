import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import {
  API_CLIENTS_MAX,
  type ApiClient,
  type ApiClientScope,
  type ApiClientWithSecret,
} from '../../../src/contract/api-clients/schemas.ts';
import { ApiError, invalidField, notFound } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import type { AuditChange } from '../audit/tables.ts';
import { type AuditBuffer, auditedTransaction, sessionActor } from '../audit/trail.ts';
import { checkedBlocks } from './addresses.ts';
import { hashSecret, newClientId, newSecret } from './secrets.ts';

/**
 * A customer's API clients, made, rotated and revoked by its administrators
 * (docs/decisions/api-clients.md). Each change is an audit entry of record `api_client` on the
 * customer's chain, by the administrator, in the change's transaction (its live event with it):
 * the client's name, id, scopes and addresses, never its secret nor the secret's hash.
 */

/** Who administers: the signed-in administrator in the customer they administer. */
export interface Administrator {
  uid: number;
  name: string;
  cuId: number;
}

const HOUR = 3_600_000;

const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

type ClientRow = Row<'api_clients'> & { creator: string | null };

/** A client as the list shows it. */
export function clientView(row: ClientRow, now: Date): ApiClient {
  const until = row.previous_secret_until ? new Date(row.previous_secret_until) : null;
  return {
    id: row.id,
    client_id: row.client_id,
    name: row.name,
    scopes: row.scopes as ApiClientScope[],
    allowed_addresses: row.allowed_addresses,
    state: row.revoked_at ? 'revoked' : 'active',
    created_at: iso(row.created_at) as string,
    created_by: row.creator ?? '',
    rotated_at: iso(row.rotated_at),
    previous_secret_until: until && until > now && !row.revoked_at ? until.toISOString() : null,
    revoked_at: iso(row.revoked_at),
    last_used_at: iso(row.last_used_at),
    rate_per_minute: row.rate_per_minute,
  };
}

const withCreator = (db: DB) =>
  db
    .selectFrom('api_clients as a')
    .leftJoin('users as u', 'u.uid', 'a.created_by')
    .selectAll('a')
    .select('u.name as creator');

/** The customer's clients, newest first (revoked ones too: their trail still names them). */
export async function listClients(db: DB, cuId: number, now: Date): Promise<ApiClient[]> {
  const rows = await withCreator(db).where('a.cu_id', '=', cuId).orderBy('a.id', 'desc').execute();
  return rows.map((row) => clientView(row, now));
}

async function readClient(db: DB, id: number, now: Date): Promise<ApiClient> {
  return clientView(await withCreator(db).where('a.id', '=', id).executeTakeFirstOrThrow(), now);
}

/** The customer's client `id`, locked for the transaction (404 for another customer's). */
async function lockClient(trx: DB, cuId: number, id: number): Promise<Row<'api_clients'>> {
  const row = await trx
    .selectFrom('api_clients')
    .selectAll()
    .where('id', '=', id)
    .where('cu_id', '=', cuId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('There is no such API client');
  return row;
}

const record = (
  audit: AuditBuffer,
  admin: Administrator,
  id: number,
  action: string,
  changes: AuditChange[],
) =>
  audit.record({
    cuId: admin.cuId,
    recordType: 'api_client',
    recordId: id,
    action,
    actor: sessionActor(admin),
    changes,
  });

export async function createClient(
  db: DB,
  admin: Administrator,
  input: { name: string; scopes: ApiClientScope[]; allowed_addresses: string[]; rate_per_minute: number },
  now: Date,
): Promise<ApiClientWithSecret> {
  const addresses = checkedBlocks(input.allowed_addresses);
  const secret = newSecret();
  const id = await auditedTransaction(db, now, async (trx, audit) => {
    // one customer's clients are made one after another (the count and the name checked under it)
    await sql`select pg_advisory_xact_lock(hashtext('api-clients'), ${admin.cuId})`.execute(trx);
    const active = await trx
      .selectFrom('api_clients')
      .select(['name'])
      .where('cu_id', '=', admin.cuId)
      .where('revoked_at', 'is', null)
      .execute();
    if (active.length >= API_CLIENTS_MAX)
      throw new ApiError(Code.invalid, 'A customer account may have at most {max} API clients', null, {
        params: { max: API_CLIENTS_MAX },
      });
    if (active.some((c) => c.name === input.name))
      throw invalidField('name', 'An active API client already has this name');
    const made = await trx
      .insertInto('api_clients')
      .values({
        cu_id: admin.cuId,
        client_id: newClientId(),
        name: input.name,
        scopes: input.scopes,
        allowed_addresses: addresses,
        secret_hash: hashSecret(secret),
        rate_per_minute: input.rate_per_minute,
        created_by: admin.uid,
        created_at: now,
      })
      .returning(['id', 'client_id', 'rate_per_minute'])
      .executeTakeFirstOrThrow();
    record(audit, admin, made.id, 'create', [
      { field: 'name', old: null, new: input.name },
      { field: 'client_id', old: null, new: made.client_id },
      { field: 'scopes', old: null, new: input.scopes },
      { field: 'allowed_addresses', old: null, new: addresses },
      { field: 'rate_per_minute', old: null, new: made.rate_per_minute },
    ]);
    return made.id;
  });
  return { client: await readClient(db, id, now), client_secret: secret };
}

/** What an update may change (`api-client/update`); a field left out stays as it is. */
export interface ClientChange {
  scopes?: ApiClientScope[] | undefined;
  allowed_addresses?: string[] | undefined;
  rate_per_minute?: number | undefined;
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().every((item, i) => item === [...b].sort()[i]);

/**
 * Changes an active client's scopes, allowed source addresses and rate (a revoked one: 409).
 * A scope taken away stops at once for its tokens too (bearer.ts reads the row's scopes on every
 * call); one added holds for tokens made after the change. One audit entry `update` with what
 * changed, old and new; a change that changes nothing writes nothing.
 */
export async function updateClient(
  db: DB,
  admin: Administrator,
  id: number,
  change: ClientChange,
  now: Date,
): Promise<ApiClient> {
  const addresses = change.allowed_addresses && checkedBlocks(change.allowed_addresses);
  await auditedTransaction(db, now, async (trx, audit) => {
    const row = await lockClient(trx, admin.cuId, id);
    if (row.revoked_at) throw new ApiError(Code.conflict, 'This API client is revoked');
    const scopes = change.scopes && !sameList(change.scopes, row.scopes) ? change.scopes : undefined;
    const blocks = addresses && !sameList(addresses, row.allowed_addresses) ? addresses : undefined;
    const rate = change.rate_per_minute !== row.rate_per_minute ? change.rate_per_minute : undefined;
    const changes: AuditChange[] = [
      ...(scopes ? [{ field: 'scopes', old: row.scopes, new: scopes }] : []),
      ...(blocks ? [{ field: 'allowed_addresses', old: row.allowed_addresses, new: blocks }] : []),
      ...(rate !== undefined ? [{ field: 'rate_per_minute', old: row.rate_per_minute, new: rate }] : []),
    ];
    if (changes.length === 0) return;
    await trx
      .updateTable('api_clients')
      .set({
        ...(scopes ? { scopes } : {}),
        ...(blocks ? { allowed_addresses: blocks } : {}),
        ...(rate !== undefined ? { rate_per_minute: rate } : {}),
      })
      .where('id', '=', id)
      .execute();
    record(audit, admin, id, 'update', changes);
  });
  return readClient(db, id, now);
}

/**
 * A new secret for the client; the old one (and the tokens made with it) still holds for
 * `graceHours`, or stops now. A revoked client is not rotated (409).
 */
export async function rotateClient(
  db: DB,
  admin: Administrator,
  id: number,
  graceHours: number,
  now: Date,
): Promise<ApiClientWithSecret> {
  const secret = newSecret();
  await auditedTransaction(db, now, async (trx, audit) => {
    const row = await lockClient(trx, admin.cuId, id);
    if (row.revoked_at) throw new ApiError(Code.conflict, 'This API client is revoked');
    const until = graceHours > 0 ? new Date(now.getTime() + graceHours * HOUR) : null;
    const before = row.previous_secret_until && new Date(row.previous_secret_until) > now;
    await trx
      .updateTable('api_clients')
      .set({
        secret_hash: hashSecret(secret),
        secret_generation: row.secret_generation + 1,
        previous_secret_hash: until ? row.secret_hash : null,
        previous_secret_until: until,
        rotated_at: now,
      })
      .where('id', '=', id)
      .execute();
    record(audit, admin, id, 'rotate', [
      { field: 'secret_generation', old: row.secret_generation, new: row.secret_generation + 1 },
      {
        field: 'previous_secret_until',
        old: before ? iso(row.previous_secret_until) : null,
        new: until ? until.toISOString() : null,
      },
    ]);
  });
  return { client: await readClient(db, id, now), client_secret: secret };
}

/** Revokes the client for good: its secrets and tokens stop at once. Revoking again writes nothing. */
export async function revokeClient(db: DB, admin: Administrator, id: number, now: Date): Promise<ApiClient> {
  await auditedTransaction(db, now, async (trx, audit) => {
    const row = await lockClient(trx, admin.cuId, id);
    if (row.revoked_at) return;
    await trx
      .updateTable('api_clients')
      .set({
        revoked_at: now,
        revoked_by: admin.uid,
        previous_secret_hash: null,
        previous_secret_until: null,
      })
      .where('id', '=', id)
      .execute();
    record(audit, admin, id, 'revoke', [
      { field: 'state', old: 'active', new: 'revoked' },
      { field: 'revoked_at', old: null, new: now.toISOString() },
    ]);
  });
  return readClient(db, id, now);
}
