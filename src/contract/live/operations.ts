import { NoInput } from '../fields.ts';
import { operation } from '../operation.ts';
import { LiveTicketSchema } from './schemas.ts';

/**
 * The live stream (server-sent events at `GET /api/live/stream?ticket=…`, docs/api.md): the
 * session's changes as they commit, for the pages to read again what they show.
 */
const area = 'live';

export const liveTicket = operation({
  area,
  method: 'POST',
  path: 'live/ticket',
  summary: 'A short-lived ticket to open the live stream of the session’s changes with',
  auth: 'session',
  audit: { none: 'issues a ticket for a read-only stream; writes nothing' },
  input: NoInput,
  output: LiveTicketSchema,
  // a tab asks once per connection; a stream that keeps dropping backs off
  rateLimits: [{ by: 'user', limit: 30, windowMs: 60_000 }],
});
