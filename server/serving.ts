import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { addressKey } from './core/address-key.ts';
import { AddressSlots } from './http/address-slots.ts';
import type { RawAnswer } from './http/busy-answer.ts';
import { closeLingering, LINGER_BOUNDS, type LingerBounds } from './http/lingering-close.ts';
import { trustedProxies } from './http/trusted-proxies.ts';

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
  /**
   * At most this many requests of one client address in progress at once
   * (`MAX_REQUESTS_PER_ADDRESS`): the next is answered with `busy` at once, never reaching the
   * app. The address is the one the app counts by (server/http/client-ip.ts): the socket's, or
   * behind `trustedProxies` the forwarded client's; an IPv6 address counts by its /64. A request
   * is in progress from its head until its answer is sent and its body has been read (or its
   * connection closed). Left out: no cap (tests of other things).
   */
  perAddress?: {
    maxRequests: number;
    trustedProxies: readonly string[];
    busy: (req: http.IncomingMessage) => RawAnswer;
  };
  /** How long a connection closed with a body still arriving reads on (server/http/lingering-close.ts). */
  linger?: LingerBounds;
  /**
   * Whether @hono/node-server puts its lighter Request and Response in the global scope (the
   * default, faster); tests that share their process with other test files keep the globals.
   */
  overrideGlobalObjects?: boolean;
}

/**
 * The whole request, body included, within 5 minutes: the largest upload over a slow mobile
 * link fits; a client stalling a body is cut then.
 */
export const REQUEST_TIMEOUT_MS = 300_000;
/**
 * An idle keep-alive connection is closed after this. Longer than the clients' own idle timeouts
 * (Node's agent 5 s, undici 4 s or the server's hint less 1 s, load balancers 60 s): a client
 * closes its idle connection first, so it never sends a request on one the server is closing at
 * that moment (Node's 5 s default raced Node clients' 5 s: a `socket hang up` in the e2e tests).
 */
export const KEEP_ALIVE_MS = 65_000;
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
    keepAliveTimeout: KEEP_ALIVE_MS,
  };
  const server: http.Server = options.tls
    ? https.createServer({ ...serverOptions, cert: options.tls.cert, key: options.tls.key })
    : http.createServer(serverOptions);

  // The answers being worked on; while draining, each is the last of its connection.
  const inFlight = new Set<http.ServerResponse>();
  let draining = false;
  // The request each connection carries now, and the connections closing while they read the
  // rest of a body (lingering).
  const current = new WeakMap<Socket, http.IncomingMessage>();
  const lingering = new Set<Socket>();
  // Requests refused before the app: their connection is cut after the answer, never lingers.
  const refused = new WeakSet<Socket>();
  const bounds = options.linger ?? LINGER_BOUNDS;
  server.on(options.tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    // Node's HTTP server closes a connection after its last answer with `destroySoon`: end, then
    // destroy once the answer is out. With a body still arriving, it lingers instead.
    const destroySoon = socket.destroySoon;
    socket.destroySoon = () => {
      if (lingering.has(socket)) return;
      const req = current.get(socket);
      if (!req || req.complete || socket.destroyed || refused.has(socket)) {
        destroySoon.call(socket);
        return;
      }
      lingering.add(socket);
      closeLingering(socket, req, bounds, () => lingering.delete(socket));
    };
  });

  const perAddress = options.perAddress;
  const slots = perAddress ? new AddressSlots(perAddress.maxRequests) : null;
  const app = getRequestListener(fetch, { overrideGlobalObjects: options.overrideGlobalObjects ?? true });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    // A request sent after the one whose connection is closing: never served.
    if (lingering.has(socket)) return void req.resume();
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (draining) res.shouldKeepAlive = false;
    current.set(socket, req);
    if (slots && perAddress) {
      const release = slots.take(clientAddress(req, perAddress.trustedProxies));
      if (!release) return refuse(req, res, perAddress.busy(req), refused);
      res.once('close', () => {
        if (req.complete || socket.destroyed) release();
        else socket.once('close', release);
      });
    }
    if (hasBody(req)) closeWhileBodyArrives(req, res);
    void app(req, res);
  });

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

/** The address a request counts against (the one the app's rate limits count by). */
function clientAddress(req: http.IncomingMessage, trusted: readonly string[]): string {
  const peer = req.socket.remoteAddress ?? '';
  if (!trusted.length) return addressKey(peer);
  const forwarded = req.headers['x-forwarded-for'];
  const hops = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  return addressKey(trustedProxies(trusted).client(peer, hops));
}

const hasBody = (req: http.IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/**
 * An answer that starts while its request's body is still arriving (a refusal before the body is
 * read: 413, 598, 429…) closes its connection: the rest of the body is then read for a bounded
 * time and thrown away (lingering), never parsed as the next request nor read at the client's
 * pace for minutes on a connection kept alive.
 */
function closeWhileBodyArrives(req: http.IncomingMessage, res: http.ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
    if (!req.complete) this.shouldKeepAlive = false;
    return Reflect.apply(writeHead, this, args) as http.ServerResponse;
  } as typeof res.writeHead;
}

/** Answers `answer` without the app; a body still arriving is not waited for (the socket is cut). */
function refuse(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  answer: RawAnswer,
  refused: WeakSet<Socket>,
): void {
  refused.add(req.socket);
  res.shouldKeepAlive = false;
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}
