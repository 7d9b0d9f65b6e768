import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The peer address of a request (the socket's, never a client-supplied header), or 'local' when
 * the request did not come over a socket (tests, `app.request()`).
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'local';
  } catch {
    return 'local';
  }
}
