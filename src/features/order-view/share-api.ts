import { apiBase } from '../../api/config.ts';
import { call } from '../../api/transport.ts';
import { Code } from '../../contract/codes.ts';
import { shareCreate, shareList, shareRevoke } from '../../contract/tracking/operations.ts';
import type { Share, ShareItem } from '../../contract/tracking/schemas.ts';

/**
 * The share calls of the order view's "Share tracking" dialog (a lazy chunk with the dialog).
 * 404 stays quiet: the order (or the share) went meanwhile, which the dialog says itself.
 */
const QUIET = { silentCodes: [Code.notFound] } as const;

export type { Share, ShareItem };
export type ShareState = 'active' | 'expired' | 'revoked';

export const createShare = (id: number, days: number): Promise<Share> =>
  call(shareCreate, { id, days }, QUIET);
export const listShares = async (id: number): Promise<ShareItem[]> =>
  (await call(shareList, { id }, QUIET)).list;
export const revokeShare = (shareId: number): Promise<ShareItem> =>
  call(shareRevoke, { share_id: shareId }, QUIET);

export function shareState(share: ShareItem, now: number = Date.now()): ShareState {
  if (share.revoked_at) return 'revoked';
  return Date.parse(share.expires_at) <= now ? 'expired' : 'active';
}

/**
 * The share link as the recipient opens it: the portal's origin (the API's, when the view is
 * embedded on another site with an absolute `api-base`) and the share's path (`/track?share=…`).
 */
export function shareLink(share: Share): string {
  const portal = new URL(apiBase(), location.href).origin;
  return new URL(share.path, portal).href;
}

/**
 * A share code as the list shows it: its last 4 characters (the server sends no more: the whole
 * code opens the order's status with its number, and is shown once, when it is made).
 */
export function maskCode(tail: string): string {
  return `•••••-•${tail}`;
}
