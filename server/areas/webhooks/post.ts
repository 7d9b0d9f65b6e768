import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import {
  AddressRefused,
  type AddressPolicy,
  guardedLookup,
  hostOf,
  type Resolver,
  resolver,
  vetAddresses,
  vetScheme,
} from './address-guard.ts';

/** How long an attempt may take, connect to the answer's last byte read. */
export const POST_TIMEOUT_MS = 10_000;
/** The most of an answer's body read (the rest is not waited for). */
export const ANSWER_LIMIT = 4096;

export interface PostOutcome {
  /** The answer's HTTP status; null when none came. */
  status: number | null;
  /** Why it is not a success, in a few words (null: a 2xx). */
  error: string | null;
  /** The answer's body, up to ANSWER_LIMIT bytes (as UTF-8 text). */
  answer: string;
  durationMs: number;
}

export interface PostOptions {
  policy: AddressPolicy;
  timeoutMs?: number;
  answerLimit?: number;
  resolve?: Resolver;
}

/**
 * Agents per policy (keep-alive: a receiver's connection is reused between deliveries). A socket
 * is vetted when it connects (guardedLookup), so one kept alive stays the vetted address; an agent
 * per policy means no socket opened under a looser policy serves a stricter one. A resolver of the
 * caller's own gets an agent of its own, without keep-alive.
 */
const agents = new Map<string, http.Agent>();
const throughCurrent: Resolver = (host) => resolver()(host);
function agentFor(url: URL, policy: AddressPolicy, own: Resolver | undefined): http.Agent {
  const secure = url.protocol === 'https:';
  const make = (keepAlive: boolean, resolve: Resolver) => {
    const options = { keepAlive, maxSockets: 32, lookup: guardedLookup(policy, resolve) };
    return secure ? new https.Agent(options) : new http.Agent(options);
  };
  if (own) return make(false, own);
  const key = `${secure}:${policy.allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = make(true, throughCurrent);
    agents.set(key, agent);
  }
  return agent;
}

/** Closes the kept-alive connections (a stopping process, a test's end). */
export function closeAgents(): void {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

const words = (error: NodeJS.ErrnoException): string => {
  if (error instanceof AddressRefused) return error.message;
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNRESET':
      return 'connection reset';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    default:
      return (error.message || String(error.code ?? 'error')).slice(0, 200);
  }
};

/**
 * POSTs one signed message: JSON body, the given headers, within `timeoutMs` (connect, send, the
 * answer's head and the first `answerLimit` bytes of its body), redirects not followed (a 3xx is a
 * failure, its Location said), the connection made only to vetted addresses. Never throws.
 */
export function postMessage(
  target: string,
  headers: Record<string, string>,
  body: string,
  options: PostOptions,
): Promise<PostOutcome> {
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? POST_TIMEOUT_MS;
  const limit = options.answerLimit ?? ANSWER_LIMIT;
  const resolve = options.resolve ?? resolver();
  const took = () => Math.round(performance.now() - started);
  return new Promise<PostOutcome>((done) => {
    let settled = false;
    const finish = (outcome: Omit<PostOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done({ ...outcome, durationMs: took() });
    };
    let request: http.ClientRequest | undefined;
    const timer = setTimeout(() => {
      finish({ status: null, error: `timeout after ${timeoutMs / 1000} s`, answer: '' });
      request?.destroy();
    }, timeoutMs);
    const fail = (error: NodeJS.ErrnoException) => finish({ status: null, error: words(error), answer: '' });
    (async () => {
      const url = new URL(target);
      vetScheme(url, options.policy);
      // a literal address is never looked up: vetted here; a name is vetted at connect
      if (isIP(hostOf(url))) await vetAddresses(hostOf(url), options.policy, resolve);
      const send = url.protocol === 'https:' ? https.request : http.request;
      request = send(url, {
        method: 'POST',
        agent: agentFor(url, options.policy, options.resolve),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'LP-Portal-Webhooks/1.0',
          ...headers,
        },
      });
      request.on('error', fail);
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const end = () => {
          const answer = Buffer.concat(chunks).subarray(0, limit).toString('utf8');
          const ok = status >= 200 && status < 300;
          const error = ok
            ? null
            : status >= 300 && status < 400
              ? `redirect not followed${response.headers.location ? ` (to ${String(response.headers.location).slice(0, 200)})` : ''}`
              : `HTTP ${status}`;
          finish({ status, error, answer });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= limit) {
            end();
            // what is left is not read: the connection goes
            response.destroy();
          }
        });
        response.on('end', end);
        response.on('error', () => end());
        response.on('aborted', () => end());
      });
      request.end(body);
    })().catch(fail);
  });
}
