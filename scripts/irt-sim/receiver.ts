import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import type { Seen, WebhookEvent } from './types.ts';

const SIGNED_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;
const MAX_BODY = 64 * 1024;

/**
 * The sponsor's webhook receiver: a node:http server on the loopback that verifies every request
 * with the Standard Webhooks reference library (`standardwebhooks`: the signature over
 * `id.timestamp.body` with the endpoint's secret, and a timestamp within 5 minutes), answers 400 to
 * anything that does not verify, 204 to what does, and keeps each message once (by `webhook-id`:
 * delivery is at least once).
 */
export async function startReceiver(options: {
  host?: string;
  port?: number;
  onSeen?: (seen: Seen) => void;
  onRefused?: (why: string) => void;
  /** Aborted (Ctrl-C): every wait for a message rejects at once. */
  signal?: AbortSignal | undefined;
}) {
  let verifier: Webhook | null = null;
  const seen: Seen[] = [];
  const ids = new Set<string>();
  let refused = 0;
  let duplicates = 0;
  const waiters = new Set<() => void>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => {
      const answer = (status: number, text = '') => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(text);
      };
      if (req.method !== 'POST') return answer(405);
      // not ready yet (the endpoint's secret comes with its creation): the portal retries
      if (!verifier) return answer(503, 'not ready');
      const body = Buffer.concat(chunks).toString('utf8');
      const headers: Record<string, string> = {};
      for (const name of SIGNED_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      let event: WebhookEvent;
      try {
        if (size > MAX_BODY) throw new WebhookVerificationError('body too large');
        event = verifier.verify(body, headers) as WebhookEvent;
      } catch (error) {
        refused += 1;
        const why = error instanceof Error ? error.message : String(error);
        options.onRefused?.(why);
        return answer(400, 'signature not verified');
      }
      const id = headers['webhook-id'] ?? '';
      if (ids.has(id)) {
        duplicates += 1;
        return answer(204);
      }
      ids.add(id);
      const receivedAt = Date.now();
      const s: Seen = {
        id,
        event,
        receivedAt,
        latencyMs: receivedAt - Date.parse(event.timestamp),
        raw: { body, headers },
      };
      seen.push(s);
      options.onSeen?.(s);
      answer(204);
      for (const w of [...waiters]) w();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  return {
    url: `http://${host}:${address.port}/irt/webhooks`,
    seen,
    refused: () => refused,
    duplicates: () => duplicates,
    /** Verifies from now on with the endpoint's secret (`whsec_…`). */
    verifyWith(secret: string) {
      verifier = new Webhook(secret);
    },
    /**
     * Resolves with the first message seen that `match` holds for (one seen already, or the next);
     * rejects after `ms` (a bound for a portal that never sends it, not a wait).
     */
    next(match: (s: Seen) => boolean, ms: number, what: string): Promise<Seen> {
      return new Promise((resolve, reject) => {
        const done = () => {
          waiters.delete(check);
          clearTimeout(timer);
          options.signal?.removeEventListener('abort', aborted);
        };
        const check = () => {
          const found = seen.find(match);
          if (!found) return;
          done();
          resolve(found);
        };
        const aborted = () => {
          done();
          reject(new Error(`stopped while waiting for ${what}`));
        };
        const timer = setTimeout(() => {
          done();
          reject(new Error(`no webhook ${what} within ${ms / 1000} s`));
        }, ms);
        if (options.signal?.aborted) return aborted();
        options.signal?.addEventListener('abort', aborted, { once: true });
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const w of waiters) waiters.delete(w);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/**
 * Posts a copy of a received webhook with one thing changed in its body (its status), signature
 * unchanged, as an attacker who saw one would: the receiver must answer 400.
 */
export async function postTampered(url: string, original: Seen): Promise<number> {
  const event = JSON.parse(original.raw.body) as WebhookEvent;
  const forged = JSON.stringify({ ...event, data: { ...event.data, status: 'cancelled' } });
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...original.raw.headers },
    body: forged === original.raw.body ? `${forged} ` : forged,
  });
  await res.arrayBuffer();
  return res.status;
}
