import type { Context } from 'hono';
import { trustedProxies } from './trusted-proxies.ts';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
  server?: NodeBindings;
}

/**
 * The client address of a request: the socket's peer, or, when that peer is one of the
 * `TRUSTED_PROXIES`, the address they forwarded (server/http/trusted-proxies.ts); 'local' when
 * the request did not come over a socket (tests, `app.request()`). The peer is read straight from
 * the Node bindings of @hono/node-server (what its getConnInfo reads), without throwing when there
 * are none.
 */
export function clientIp(c: Context, trusted: readonly string[] = []): string {
  const env = c.env as NodeBindings | undefined;
  const bindings = env?.server ?? env;
  const peer = bindings?.incoming?.socket?.remoteAddress;
  if (peer === undefined) return 'local';
  return trusted.length ? trustedProxies(trusted).client(peer, c.req.header('x-forwarded-for')) : peer;
}
