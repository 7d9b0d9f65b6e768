import { checkSigned, sign } from '../../core/signed-links.ts';
import { parseToken, payloadOf } from './share-secrets.ts';

/**
 * A view token: what a lookup (or a share link) gives to read the status again for 2 hours,
 * signed with the tracking key. It carries the order's id and, when made from a share, the
 * share's id (0 otherwise), so that revoking or the expiry of the share ends it too.
 */
export const VIEW_TTL_MS = 2 * 60 * 60_000;

const purposeOf = (shareId: number) => `tracking-view\n${shareId}`;

export interface View {
  orderId: number;
  /** The share the view was opened with, or null. */
  shareId: number | null;
  /** When the view ends, seconds since the epoch (read back from a token; not needed to issue one). */
  expires?: number;
}

export interface IssuedView {
  view: string;
  expiresAt: Date;
}

export function issueView(key: Buffer, view: View, now: Date): IssuedView {
  const shareId = view.shareId ?? 0;
  const signed = sign(key, purposeOf(shareId), view.orderId, now, VIEW_TTL_MS);
  return {
    view: `${payloadOf(view.orderId, shareId, signed.expires)}.${signed.signature}`,
    expiresAt: new Date(signed.expires * 1000),
  };
}

/** The view a token grants, or null when it is forged, altered or expired. */
export function readView(key: Buffer, token: string, now: Date): View | null {
  const parsed = parseToken(token, 3);
  if (!parsed) return null;
  const [orderId = 0, shareId = 0, expires = 0] = parsed.numbers;
  const check = checkSigned(
    key,
    purposeOf(shareId),
    { id: orderId, expires, signature: parsed.signature },
    now,
  );
  return check === 'ok' ? { orderId, shareId: shareId === 0 ? null : shareId, expires } : null;
}
