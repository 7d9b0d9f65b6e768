import type { DB } from '../../db/database.ts';
import { checkSigned, type LinkCheck, sign, signingKey } from '../../core/signed-links.ts';

export type { LinkCheck };

/** A download link works for 5 minutes. */
export const LINK_TTL_MS = 5 * 60 * 1000;
/** The key's name in `signing_keys` and the links' purpose (server/core/signed-links.ts). */
const KEY_NAME = 'download-links';
const PURPOSE = 'file';

export interface SignedLink {
  url: string;
  expires_at: string;
}

/** `/api/common/file.html?f=…&e=…&s=…`, good until now + 5 minutes. */
export async function signLink(db: DB, fileId: number, now: Date): Promise<SignedLink> {
  const signed = sign(await signingKey(db, KEY_NAME), PURPOSE, fileId, now, LINK_TTL_MS);
  return {
    url: `/api/common/file.html?f=${fileId}&e=${signed.expires}&s=${signed.signature}`,
    expires_at: new Date(signed.expires * 1000).toISOString(),
  };
}

/** Checks a link's signature (first, in constant time) and then its expiry. */
export async function checkLink(
  db: DB,
  link: { f: number; e: number; s: string },
  now: Date,
): Promise<LinkCheck> {
  return checkSigned(
    await signingKey(db, KEY_NAME),
    PURPOSE,
    { id: link.f, expires: link.e, signature: link.s },
    now,
  );
}
