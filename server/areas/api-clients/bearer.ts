import { Code } from '../../../src/contract/codes.ts';
import { ApiError, forbidden } from '../../core/errors.ts';
import { type AuthenticateClient, CLIENT_UID, type SessionRecord } from '../../core/session.ts';
import type { DB } from '../../db/database.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { addressAllowed } from './addresses.ts';
import { scopeOf } from './scopes.ts';
import { readToken } from './tokens.ts';

/**
 * A call with an API client's bearer token (server/http/auth.ts hands it here): the token's
 * signature and expiry, then the client's row, read on every call (one primary-key read joined
 * with its customer), so a revoked client, or a secret rotated away with its tokens, is refused
 * at once on every process: 598, as a user's ended session is. Then the call: its address among
 * the client's allowed ones (403), its scope among the token's (403; a call no scope grants, 403
 * too), and the client's rate (429, `rate_per_minute` calls a minute over all its calls, counted
 * in the database so the processes share it). `last_used_at` is written at most once a minute.
 */
export const TOUCH_MS = 60_000;
const MINUTE = 60_000;

const tokenRefused = () => new ApiError(Code.sessionExpired, 'The access token is not valid or has expired');

/** The client's row as a call needs it, with its customer. */
function clientRow(db: DB, id: number) {
  return db
    .selectFrom('api_clients as a')
    .innerJoin('customers as cu', 'cu.cu_id', 'a.cu_id')
    .leftJoin('companies as co', 'co.co_id', 'cu.co_id')
    .select([
      'a.id',
      'a.cu_id',
      'a.client_id',
      'a.name',
      'a.scopes',
      'a.allowed_addresses',
      'a.secret_generation',
      'a.previous_secret_until',
      'a.revoked_at',
      'a.rate_per_minute',
      'a.last_used_at',
      'cu.cu_name',
      'cu.identifier',
      'cu.co_id',
      'cu.is_white',
      'co.co_name',
    ])
    .where('a.id', '=', id)
    .executeTakeFirst();
}

/** Whether a token of secret generation `generation` still holds for the client. */
export function generationHolds(
  generation: number,
  client: { secret_generation: number; previous_secret_until: Date | string | null },
  now: Date,
): boolean {
  if (generation === client.secret_generation) return true;
  const until = client.previous_secret_until;
  return generation === client.secret_generation - 1 && until !== null && new Date(until) > now;
}

/** Writes `last_used_at` when it is older than TOUCH_MS (once a minute per client at most). */
export async function touchClient(
  db: DB,
  id: number,
  lastUsed: Date | string | null,
  now: Date,
): Promise<void> {
  if (lastUsed !== null && now.getTime() - new Date(lastUsed).getTime() < TOUCH_MS) return;
  await db
    .updateTable('api_clients')
    .set({ last_used_at: now })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(now.getTime() - TOUCH_MS))]),
    )
    .execute();
}

export const authenticateClient: AuthenticateClient = async ({ db, token, op, address, now }) => {
  const claims = token ? await readToken(db, token, now) : null;
  if (!claims) throw tokenRefused();
  const row = await clientRow(db, claims.client);
  if (!row || row.revoked_at || row.cu_id !== claims.cuId || !generationHolds(claims.generation, row, now))
    throw tokenRefused();
  if (!addressAllowed(address, row.allowed_addresses))
    throw forbidden('This API client may not call from this address');
  const scope = scopeOf(op);
  if (!scope) throw forbidden('An API client may not make this call');
  const scopes = claims.scopes.filter((s) => row.scopes.includes(s));
  if (!scopes.includes(scope))
    throw new ApiError(Code.forbidden, 'This access token does not hold the scope {scope}', null, {
      params: { scope },
    });
  await hitRateLimit(db, `api-client:${row.id}`, row.rate_per_minute, MINUTE, now);
  await touchClient(db, row.id, row.last_used_at, now);
  const record: SessionRecord = {
    sessionId: `client:${row.id}`,
    uid: CLIENT_UID,
    username: row.client_id,
    sgId: 0,
    cuId: row.cu_id,
    passFlag: 0,
    name: row.name,
    avatar: '',
    introduction: '',
    city: '',
    mobile: '',
    isWeakPassword: false,
    roleLabel: '',
    groupName: '',
    customer: {
      cu_id: row.cu_id,
      cu_name: row.cu_name,
      identifier: row.identifier,
      co_id: row.co_id,
      co_name: row.co_name ?? '',
    },
    isWhiteCustomer: row.is_white,
    // A client is nobody's administrator: a call an administrator may make is the client's only
    // by a scope it holds, which that call's area checks in `client.scopes` (webhooks/routes.ts).
    isAdmin: false,
    client: { id: row.id, clientId: row.client_id, name: row.name, scopes },
  };
  return record;
};
