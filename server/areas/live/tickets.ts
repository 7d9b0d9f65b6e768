import { createHmac, timingSafeEqual } from 'node:crypto';
import { signingKey } from '../../core/signed-links.ts';
import type { DB } from '../../db/database.ts';

/**
 * A stream's ticket: an `EventSource` sends no headers, so it cannot carry the session's token,
 * and a token in a URL ends up in logs. The portal asks for a ticket with its token (`live/ticket`)
 * and opens the stream with it: a ticket names the session, is signed with the server's own
 * `live` key (signing_keys, made at random on first use), and is good for TICKET_TTL_MS, so a
 * ticket a log kept has long expired. A stream that drops asks for a new one.
 */
export const TICKET_TTL_MS = 60_000;

export interface TicketClaims {
  /** The session's id ('' for a viewer's ticket). */
  sid: string;
  /** The user (0 for a viewer's ticket). */
  uid: number;
  cu: number;
  /** Expiry, ms since the epoch. */
  exp: number;
  /**
   * A viewer's ticket (the order-status element on a partner page, tracking/live-ticket): the one
   * order it follows, the share it was opened with (null: a lookup) and when its view ends.
   */
  view?: { order: number; share: number | null; until: number };
}

const mac = (key: Buffer, body: string) =>
  createHmac('sha256', key).update(`live\n${body}`).digest('base64url');

export async function issueTicket(db: DB, claims: Omit<TicketClaims, 'exp'>, now: Date): Promise<string> {
  const body = Buffer.from(JSON.stringify({ ...claims, exp: now.getTime() + TICKET_TTL_MS })).toString(
    'base64url',
  );
  return `${body}.${mac(await signingKey(db, 'live'), body)}`;
}

/** The claims of a ticket that is sound and not expired, else null. */
export async function readTicket(db: DB, ticket: string, now: Date): Promise<TicketClaims | null> {
  if (ticket.length > 512) return null;
  const [body, signature, ...rest] = ticket.split('.');
  if (!body || !signature || rest.length) return null;
  const expected = Buffer.from(mac(await signingKey(db, 'live'), body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as TicketClaims;
    const view = claims.view;
    const sound =
      typeof claims.sid === 'string' &&
      Number.isInteger(claims.uid) &&
      Number.isInteger(claims.cu) &&
      typeof claims.exp === 'number' &&
      (view === undefined ||
        (Number.isInteger(view.order) &&
          (view.share === null || Number.isInteger(view.share)) &&
          typeof view.until === 'number'));
    return sound && claims.exp > now.getTime() ? claims : null;
  } catch {
    return null;
  }
}
