import type { Context } from 'hono';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import type { LiveChange, LiveEnd } from '../../../src/contract/live/schemas.ts';
import type { AppDeps, AppEnv } from '../../http/env.ts';
import { requestHeader } from '../../http/request-header.ts';
import { eventsAfter, type LiveEvent } from './events.ts';
import { hubOf, type LiveHub } from './hub.ts';
import { sessionLive } from './session-check.ts';
import { readTicket, type TicketClaims } from './tickets.ts';

/** A stream's comment line this often keeps proxies from closing it and finds a dead client. */
export const HEARTBEAT_MS = 25_000;
/** The session is read again this often (besides every change of it the bus announces). */
export const SESSION_CHECK_MS = 60_000;
/** A resume further back than this many events is told `reset`: the page reads everything again. */
export const RESUME_MAX = 1000;
/** What the browser waits before it reconnects by itself (our client reconnects on its own). */
const RETRY_MS = 3000;

/** The hub of the app's database, made with the server's settings. */
export const liveHub = (deps: AppDeps): LiveHub =>
  hubOf(deps.db, deps.bus, {
    pollMs: deps.config.live.pollMs,
    safetyPollMs: 10_000,
    listen: deps.config.live.listen,
  });

/** Open streams on this process, per user (a viewer's: per order, negative): bounded (LIVE_MAX_STREAMS, 8 a user). */
const open = new Map<number, number>();
let openTotal = 0;
/** What ends every stream of this process (the server stops): each one's `end`. */
const enders = new Set<(why: LiveEnd) => void>();

/** Ends every open stream of this process with `stopping` (the server drains). */
export function endStreams(): void {
  for (const end of [...enders]) end('stopping');
}

/** Where a stream resumes: its query's `after` or the browser's Last-Event-ID (`cu:seq`). */
function resumeFrom(c: Context, cuId: number): number | null {
  const given = c.req.query('after') ?? requestHeader(c, 'last-event-id');
  const match = given ? /^(\d{1,10}):(\d{1,10})$/.exec(given) : null;
  if (!match || Number(match[1]) !== cuId) return null;
  return Number(match[2]);
}

/** A viewed order's streams at most (partner pages showing the same order). */
const PER_VIEWED_ORDER = 20;
/** Whose streams a ticket's are counted with: its user, or (negative) its viewed order. */
const counted = (claims: TicketClaims) => (claims.view ? -claims.view.order : claims.uid);

const refused = (c: Context, status: 401 | 429 | 503, message: string) =>
  c.json({ code: status, message, data: null }, status, { 'cache-control': 'no-store' });

/** A partner page's status element follows its order from another origin (CORS_ORIGINS only). */
function allowOrigin(c: Context, deps: AppDeps): void {
  const origin = requestHeader(c, 'origin');
  if (origin && deps.config.corsOrigins.includes(origin)) {
    c.header('access-control-allow-origin', origin);
    c.header('vary', 'Origin');
  }
}

/**
 * `GET /api/live/stream?ticket=…[&after=cu:seq]`: the session's changes as server-sent events.
 * `change` events carry `{kind, action, id, order}` with the id `cu:seq`; `reset` says that what
 * was missed is too much to tell (read everything again); `end` that the stream is over for good
 * (`session`: the session ended; `stopping`: the server stops, reconnect). What the stream tells
 * is scoped like the calls: the session's customer, and of a user's own records (drafts, exports)
 * only that user's.
 */
export function liveStream(deps: AppDeps) {
  return async (c: Context<AppEnv>) => {
    const now = deps.now();
    allowOrigin(c, deps);
    const claims = await readTicket(deps.db, c.req.query('ticket') ?? '', now);
    if (!claims || !(await sessionLive(deps.db, claims, now, deps.config.sessionIdleMs)))
      return refused(c, 401, 'The ticket is not valid: ask for a new one');
    const { maxStreams, perUser } = deps.config.live;
    const limit = claims.view ? PER_VIEWED_ORDER : perUser;
    if (openTotal >= maxStreams || (open.get(counted(claims)) ?? 0) >= limit)
      return refused(c, 429, 'Too many live streams');
    const after = resumeFrom(c, claims.cu);
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, (stream) => serve(deps, stream, claims, after));
  };
}

async function serve(
  deps: AppDeps,
  stream: SSEStreamingApi,
  claims: TicketClaims,
  after: number | null,
): Promise<void> {
  const hub = liveHub(deps);
  let ended = false;
  let finish: () => void = () => {};
  const over = new Promise<void>((resolve) => {
    finish = resolve;
  });
  // Writes go one after another (a slow client backs up here, not in the hub).
  let writing: Promise<void> = Promise.resolve();
  const write = (message: Parameters<SSEStreamingApi['writeSSE']>[0] | string) => {
    writing = writing
      .then(async () => {
        if (typeof message === 'string') await stream.write(message);
        else await stream.writeSSE(message);
      })
      .catch(() => end(null));
    return writing;
  };
  let sent = after ?? 0;
  const tell = (events: readonly LiveEvent[]) => {
    for (const e of events) {
      if (e.seq <= sent) continue;
      sent = e.seq;
      let change: LiveChange;
      if (claims.view) {
        // a viewer hears that its order changed, and nothing else (not what, not of what record)
        const { order } = claims.view;
        if (e.order !== order || e.audience !== null || (e.kind !== 'order' && e.kind !== 'excursion'))
          continue;
        change = { kind: 'order', action: 'change', id: String(order), order };
      } else {
        if (e.audience !== null && e.audience !== claims.uid) continue;
        change = { kind: e.kind, action: e.action, id: e.id, order: e.order };
      }
      void write({ event: 'change', id: `${claims.cu}:${e.seq}`, data: JSON.stringify(change) });
    }
  };
  // Until the backlog is told, live events wait (they come after it).
  let held: LiveEvent[] | null = [];
  let followed: Awaited<ReturnType<LiveHub['follow']>>;
  try {
    followed = await hub.follow(claims.cu, (events) => {
      if (held) held.push(...events);
      else tell(events);
    });
  } catch {
    // the database is away: the stream ends, the browser reconnects with a new ticket
    return;
  }
  // counted once followed: every way out from here gives its place back (finally)
  openTotal += 1;
  open.set(counted(claims), (open.get(counted(claims)) ?? 0) + 1);
  const end = (why: LiveEnd | null) => {
    if (ended) return;
    ended = true;
    followed.stop();
    if (why) void write({ event: 'end', data: why });
    void writing.finally(() => {
      finish();
    });
  };
  enders.add(end);
  stream.onAbort(() => end(null));
  const stopSessions = deps.bus.on('sessions', (payload) => {
    if (!claims.view && (payload === `u:${claims.uid}` || payload === `s:${claims.sid}`)) void check();
  });
  const check = async () => {
    try {
      if (!(await sessionLive(deps.db, claims, deps.now(), deps.config.sessionIdleMs))) end('session');
    } catch {
      // the database is away: the stream stays, the next check reads again
    }
  };
  const heartbeat = setInterval(() => void write(': ping\n\n'), HEARTBEAT_MS);
  const sessionTimer = setInterval(() => void check(), SESSION_CHECK_MS);
  heartbeat.unref();
  sessionTimer.unref();
  try {
    // The first event names the place the stream starts from (a reconnect resumes after it):
    // `hello`, or `reset` when the resume is too far back to tell (the page reads all again).
    const resumes = after !== null && after <= followed.head && followed.head - after <= RESUME_MAX;
    const from = resumes ? after : followed.head;
    await write({
      event: after === null || resumes ? 'hello' : 'reset',
      id: `${claims.cu}:${from}`,
      data: '{}',
      retry: RETRY_MS,
    });
    sent = from;
    if (followed.head > from) tell(await eventsAfter(deps.db, claims.cu, from, RESUME_MAX, followed.head));
    const waiting = held;
    held = null;
    tell(waiting);
    await over;
  } catch {
    end(null);
  } finally {
    clearInterval(heartbeat);
    clearInterval(sessionTimer);
    stopSessions();
    enders.delete(end);
    followed.stop();
    openTotal -= 1;
    const left = (open.get(counted(claims)) ?? 1) - 1;
    if (left > 0) open.set(counted(claims), left);
    else open.delete(counted(claims));
  }
}
