import type { Context } from 'hono';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
  server?: NodeBindings;
}

/**
 * The peer address of a request (the socket's, never a client-supplied header), or 'local' when
 * the request did not come over a socket (tests, `app.request()`). Read straight from the Node
 * bindings of @hono/node-server (what its getConnInfo reads), without throwing when there are none.
 */
export function clientIp(c: Context): string {
  const env = c.env as NodeBindings | undefined;
  const bindings = env?.server ?? env;
  return bindings?.incoming?.socket?.remoteAddress ?? 'local';
}
