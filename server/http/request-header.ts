import type { Context } from 'hono';

interface NodeBindings {
  incoming?: { headers?: Record<string, string | string[] | undefined> };
  server?: NodeBindings;
}

/**
 * A request header by its lower-case name. Served by @hono/node-server, it is read straight from
 * Node's parsed headers: asking Hono's request for one header builds a WHATWG `Headers` of all of
 * them first, a measurable part of a small call (docs/decisions/api-hot-path.md). In
 * `app.request()` (tests) there are no Node bindings and Hono's request answers.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const env = c.env as NodeBindings | undefined;
  const headers = (env?.server ?? env)?.incoming?.headers;
  if (!headers) return c.req.header(name);
  const value = headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
