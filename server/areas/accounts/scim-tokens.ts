import { ApiError, notFound } from '../../core/errors.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction, sessionActor } from '../audit/trail.ts';
import type { SsoAdministrator } from './single-sign-on.ts';
import type {} from './sso-tables.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * The provisioning token a customer's identity provider calls the SCIM service with
 * (scim-endpoint.ts): one a customer, issued by its administrator and shown once, kept as SHA-256,
 * replaced by the next issue, revoked on demand, gone with the single sign-on configuration.
 */

/** What a token's prefix says in a leaked-secret scan (the rest is 32 random bytes). */
export const SCIM_TOKEN_PREFIX = 'lp_scim_';
/** `last_used_at` is written at most this often. */
const TOUCH_MS = 60_000;

/** The customer a token provisions for, with what its configuration grants; null: none. */
export async function scimCaller(
  db: DB,
  token: string,
  now: Date,
): Promise<{ cuId: number; grants: number[]; jitSgId: number } | null> {
  if (!token.startsWith(SCIM_TOKEN_PREFIX) || token.length > 100) return null;
  const row = await db
    .selectFrom('scim_tokens as t')
    .innerJoin('sso_configs as s', 's.cu_id', 't.cu_id')
    .select(['t.cu_id', 't.last_used_at', 's.jit_sg_id'])
    .where('t.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const grants = await db
    .selectFrom('sso_grants')
    .select('granted_cu_id')
    .where('cu_id', '=', row.cu_id)
    .orderBy('granted_cu_id')
    .execute();
  if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= TOUCH_MS)
    await db.updateTable('scim_tokens').set({ last_used_at: now }).where('cu_id', '=', row.cu_id).execute();
  return { cuId: row.cu_id, grants: grants.map((g) => g.granted_cu_id), jitSgId: row.jit_sg_id };
}

/** The token's state as the administrator's form shows it (never the token). */
export async function scimTokenState(db: DB, cuId: number) {
  const row = await db
    .selectFrom('scim_tokens as t')
    .leftJoin('users as u', 'u.uid', 't.created_by')
    .select(['t.created_at', 't.last_used_at', 'u.name'])
    .where('t.cu_id', '=', cuId)
    .executeTakeFirst();
  const iso = (t: Date | string | null | undefined) => (t ? new Date(t).toISOString() : null);
  return {
    token_issued: row !== undefined,
    token_issued_at: iso(row?.created_at),
    token_issued_by: row?.name ?? '',
    token_last_used_at: iso(row?.last_used_at),
    provisioned: Number(
      (
        await db
          .selectFrom('scim_users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('cu_id', '=', cuId)
          .executeTakeFirstOrThrow()
      ).n,
    ),
  };
}

/** Issues the customer's provisioning token (replacing one issued before): answered once. */
export async function issueScimToken(db: DB, admin: SsoAdministrator, now: Date): Promise<string> {
  const token = `${SCIM_TOKEN_PREFIX}${newToken()}`;
  await auditedTransaction(db, now, async (trx, audit) => {
    const config = await trx
      .selectFrom('sso_configs')
      .select('cu_id')
      .where('cu_id', '=', admin.cuId)
      .forUpdate()
      .executeTakeFirst();
    if (!config)
      throw new ApiError(Code.notFound, 'Save the single sign-on first: provisioning belongs to it');
    const before = await trx
      .deleteFrom('scim_tokens')
      .where('cu_id', '=', admin.cuId)
      .returning('cu_id')
      .executeTakeFirst();
    await trx
      .insertInto('scim_tokens')
      .values({ cu_id: admin.cuId, token_hash: hashToken(token), created_by: admin.uid, created_at: now })
      .execute();
    audit.record({
      cuId: admin.cuId,
      recordType: 'sso_config',
      recordId: admin.cuId,
      action: before ? 'rotate' : 'create',
      actor: sessionActor(admin),
      changes: [{ field: 'scim_token', old: before ? 'set' : null, new: 'issued' }],
    });
  });
  return token;
}

/** Revokes the customer's provisioning token: its provider's next call is a 401. */
export async function revokeScimToken(db: DB, admin: SsoAdministrator, now: Date): Promise<void> {
  await auditedTransaction(db, now, async (trx, audit) => {
    const gone = await trx
      .deleteFrom('scim_tokens')
      .where('cu_id', '=', admin.cuId)
      .returning('cu_id')
      .executeTakeFirst();
    if (!gone) throw notFound('No provisioning token is issued');
    audit.record({
      cuId: admin.cuId,
      recordType: 'sso_config',
      recordId: admin.cuId,
      action: 'revoke',
      actor: sessionActor(admin),
      changes: [{ field: 'scim_token', old: 'set', new: null }],
    });
  });
}
