import * as ops from '../../../src/contract/live/operations.ts';
import { handle } from '../../http/route.ts';
import { issueTicket, TICKET_TTL_MS } from './tickets.ts';

/** `live/ticket`: what the portal opens the stream with (tickets.ts; the stream is stream.ts). */
export const routes = [
  handle(ops.liveTicket, async ({ session, deps, now }) => {
    // a session without a customer has nothing to follow: its ticket names customer 0, which has no events
    const ticket = await issueTicket(
      deps.db,
      { sid: session.sessionId, uid: session.uid, cu: session.cuId ?? 0 },
      now,
    );
    return {
      ticket,
      expires_in: TICKET_TTL_MS / 1000,
      url: `/api/live/stream?ticket=${encodeURIComponent(ticket)}`,
    };
  }),
];
