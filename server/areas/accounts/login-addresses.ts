import type { DB } from '../../db/database.ts';

/**
 * The addresses (login-delays.ts addressKey) a username logged in from with its password lately.
 * From such an address the per-username signal (others failing on the username) asks for no
 * captcha: the user at their usual desk is not bothered by an attack elsewhere. An address is
 * forgotten KNOWN_FOR_MS after its last login (housekeeping.ts deletes the rows).
 */
export const KNOWN_FOR_MS = 90 * 24 * 60 * 60_000;

export async function isKnownAddress(db: DB, username: string, address: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('login_addresses')
    .select('last_login_at')
    .where('username', '=', username)
    .where('address', '=', address)
    .where('last_login_at', '>', new Date(now.getTime() - KNOWN_FOR_MS))
    .executeTakeFirst();
  return row !== undefined;
}

export async function rememberAddress(db: DB, username: string, address: string, now: Date): Promise<void> {
  await db
    .insertInto('login_addresses')
    .values({ username, address, last_login_at: now })
    .onConflict((oc) => oc.columns(['username', 'address']).doUpdateSet({ last_login_at: now }))
    .execute();
}
