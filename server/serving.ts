import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

type Fetch = Parameters<typeof getRequestListener>[0];

/** How the HTTP server of one process listens and guards itself against slow clients. */
export interface ServingOptions {
  port: number;
  host: string;
  /** The server's own certificate (PEM), or null for plain http (or TLS at a proxy). */
  tls: { cert: Buffer; key: Buffer } | null;
  /**
   * A client must have sent a request's whole head within this (else 408, closed): a client
   * dribbling its headers holds one connection for this long at most, never a worker.
   */
  headersTimeoutMs: number;
}

/**
 * The whole request, body included, within 5 minutes: the largest upload over a slow mobile
 * link fits; a client stalling a body is cut then.
 */
export const REQUEST_TIMEOUT_MS = 300_000;
/** How often Node checks the two timeouts above (its default, 30 s, would let them overrun). */
const TIMEOUT_CHECK_MS = 1_000;
/** While draining, how often idle keep-alive connections (a request just answered) are closed. */
const SWEEP_MS = 50;

export interface Serving {
  server: http.Server;
  address: AddressInfo;
  /**
   * Stops accepting connections, closes idle keep-alive ones (and each busy one once its answer
   * is sent), and waits for the requests in flight; after `deadlineMs` it closes the connections
   * still open. Resolves with how many requests it cut.
   */
  drain(deadlineMs: number): Promise<{ cut: number }>;
}

/** Serves `fetch` (the Hono app) on the port; resolves once it listens. */
export async function startServing(fetch: Fetch, options: ServingOptions): Promise<Serving> {
  const serverOptions: http.ServerOptions = {
    headersTimeout: options.headersTimeoutMs,
    requestTimeout: Math.max(REQUEST_TIMEOUT_MS, options.headersTimeoutMs),
    connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, options.headersTimeoutMs),
  };
  const server: http.Server = options.tls
    ? https.createServer({ ...serverOptions, cert: options.tls.cert, key: options.tls.key })
    : http.createServer(serverOptions);

  // The answers being worked on; while draining, each is the last of its connection.
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  server.on('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (draining) res.shouldKeepAlive = false;
  });
  server.on('request', getRequestListener(fetch));

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  let drained: Promise<{ cut: number }> | null = null;
  return {
    server,
    address: server.address() as AddressInfo,
    drain(deadlineMs) {
      drained ??= new Promise((resolve) => {
        draining = true;
        for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
        let cut = 0;
        const sweep = setInterval(() => server.closeIdleConnections(), SWEEP_MS);
        const deadline = setTimeout(() => {
          cut = inFlight.size;
          server.closeAllConnections();
        }, deadlineMs);
        // `close` stops accepting and calls back once every connection has ended.
        server.close(() => {
          clearInterval(sweep);
          clearTimeout(deadline);
          resolve({ cut });
        });
        server.closeIdleConnections();
      });
      return drained;
    },
  };
}
