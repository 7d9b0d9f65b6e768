import type { DB } from '../../db/database.ts';
import { ownCustomer } from './customers.ts';
import { hashToken, newToken } from './tokens.ts';

/**
 * 'jump': user/jump-login code from another provider system; 'new': user/new-login token; 'link':
 * a code the portal hands to another provider system it opens (common/open-link), redeemed by that
 * system with integration/redeem-link.
 */
export type OneTimeKind = 'jump' | 'new' | 'link';

/** A one-time code is valid for 60 seconds and one use. */
export const ONE_TIME_TTL_MS = 60_000;

export type IssueResult =
  | { ok: true; code: string; expiresAt: Date }
  | { ok: false; reason: 'unknown-user' | 'not-own-customer' };

/**
 * Issues a one-time code for a username, optionally entering one of the user's own customers
 * (by identifier). Only its SHA-256 is stored.
 */
export async function issueOneTimeCode(
  db: DB,
  input: { username: string; identifier?: string | undefined; kind: OneTimeKind },
  now: Date,
): Promise<IssueResult> {
  const user = await db
    .selectFrom('users')
    .select('uid')
    .where('ur_account', '=', input.username)
    .executeTakeFirst();
  if (!user) return { ok: false, reason: 'unknown-user' };
  let cuId: number | null = null;
  if (input.identifier) {
    const own = await ownCustomer(db, user.uid, input.identifier);
    if (!own) return { ok: false, reason: 'not-own-customer' };
    cuId = own.cu_id;
  }
  const code = newToken();
  const expiresAt = new Date(now.getTime() + ONE_TIME_TTL_MS);
  await db
    .insertInto('one_time_codes')
    .values({
      code_hash: hashToken(code),
      kind: input.kind,
      uid: user.uid,
      cu_id: cuId,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute();
  return { ok: true, code, expiresAt };
}

/**
 * Uses up a one-time code of `kind`: returns its user and customer, or null when the code is
 * unknown, of another kind, already used or expired. The update is atomic, so a code works once.
 */
export async function redeemOneTimeCode(
  db: DB,
  code: string,
  kind: OneTimeKind,
  now: Date,
): Promise<{ uid: number; cuId: number | null } | null> {
  const row = await db
    .updateTable('one_time_codes')
    .set({ used_at: now })
    .where('code_hash', '=', hashToken(code))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['uid', 'cu_id'])
    .executeTakeFirst();
  return row ? { uid: row.uid, cuId: row.cu_id } : null;
}
