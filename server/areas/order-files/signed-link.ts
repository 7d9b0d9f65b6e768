import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DB } from '../../db/database.ts';

/** A download link works for 5 minutes. */
export const LINK_TTL_MS = 5 * 60 * 1000;
const KEY_NAME = 'download-links';

/** The key per database (made once, then read once per process). */
const keys = new WeakMap<DB, Promise<Buffer>>();

/**
 * The signing key: 32 random bytes made on first use and kept in `server_keys` (there is no
 * default key to forget to change). Two processes racing on first use agree: the first insert wins.
 */
export function linkKey(db: DB): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (async () => {
      await db
        .insertInto('server_keys')
        .values({ name: KEY_NAME, secret: randomBytes(32).toString('base64') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('server_keys')
        .select('secret')
        .where('name', '=', KEY_NAME)
        .executeTakeFirstOrThrow();
      return Buffer.from(row.secret, 'base64');
    })();
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const mac = (key: Buffer, fileId: number, expires: number) =>
  createHmac('sha256', key).update(`file:${fileId}.${expires}`).digest();

export interface SignedLink {
  url: string;
  expires_at: string;
}

/** `/api/common/file.html?f=…&e=…&s=…`, good until now + 5 minutes. */
export async function signLink(db: DB, fileId: number, now: Date): Promise<SignedLink> {
  const expires = Math.floor((now.getTime() + LINK_TTL_MS) / 1000);
  const signature = mac(await linkKey(db), fileId, expires).toString('base64url');
  return {
    url: `/api/common/file.html?f=${fileId}&e=${expires}&s=${signature}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

export type LinkCheck = 'ok' | 'expired' | 'bad-signature';

/** Checks a link's signature (first, in constant time) and then its expiry. */
export async function checkLink(
  db: DB,
  link: { f: number; e: number; s: string },
  now: Date,
): Promise<LinkCheck> {
  const expected = mac(await linkKey(db), link.f, link.e);
  const given = Buffer.from(link.s, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  return link.e * 1000 < now.getTime() ? 'expired' : 'ok';
}
