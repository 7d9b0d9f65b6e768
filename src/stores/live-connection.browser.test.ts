import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeClock, until } from '../ui/testing/clock.ts';
import { createTestUser, type TestUser } from '../ui/testing/server.ts';
import { followChanges } from './live-changes.ts';
import { $live, CHANNEL, DOWN_AFTER_MS, readAgain, startLive } from './live-connection.ts';
import { login } from './session.ts';
import { resetStores } from './test-reset.ts';

/**
 * The stream's state as the live mark reads it (`$live`). The browser tests' server does not
 * pass a stream through (docs/decisions/live.md), so the stream here is a stand-in EventSource
 * the test speaks for; the ticket is the real server's. The stream's own behaviour is e2e
 * (tests/e2e/live.spec.ts).
 */
class StandIn extends EventTarget {
  static made: StandIn[] = [];
  static failing = false;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    super();
    StandIn.made.push(this);
    if (StandIn.failing) queueMicrotask(() => this.fail());
  }
  close(): void {
    this.closed = true;
  }
  say(type: string, data = '', lastEventId = ''): void {
    this.dispatchEvent(new MessageEvent(type, { data, lastEventId }));
  }
  fail(): void {
    if (!this.closed) this.onerror?.(new Event('error'));
  }
}

const signIn = (user: TestUser) => login({ username: user.username, password: user.password, validate: '' });
const latest = () => StandIn.made.at(-1);
const status = () => $live.get().status;

describe('the live stream’s state', () => {
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    vi.unstubAllGlobals();
    StandIn.made = [];
    StandIn.failing = false;
    Reflect.deleteProperty(navigator, 'onLine');
    resetStores();
  });

  it('is live once the stream says hello; after a drop reconnecting with a growing back-off, then down; read again tries at once', async () => {
    await signIn(await createTestUser());
    vi.stubGlobal('EventSource', StandIn);
    const clock = fakeClock();
    stops.push(startLive());
    expect(status()).to.equal('connecting');
    const first = await until(latest, 'a stream');
    first.say('hello', '', '1:0');
    expect($live.get()).to.deep.equal({ status: 'live', retryAt: null });
    // a drop: reconnecting, its next try within the first back-off (0.5–1 s)
    StandIn.failing = true;
    first.fail();
    const { status: dropped, retryAt } = $live.get();
    expect(dropped).to.equal('reconnecting');
    expect((retryAt ?? 0) - Date.now()).to.be.within(500, 1000);
    await clock.tickAsync(1000);
    // the second try (a real ticket, a stream that fails): a wait of 1–2 s
    await until(
      () => StandIn.made.length === 2 && status() === 'reconnecting' && $live.get().retryAt !== retryAt,
      'a second try',
    );
    expect(($live.get().retryAt ?? 0) - Date.now()).to.be.within(1000, 2000);
    // not open again DOWN_AFTER_MS after the drop: down (and trying on)
    await clock.tickAsync(DOWN_AFTER_MS);
    expect(status()).to.equal('down');
    await until(() => latest()?.closed, 'the tries in flight failed');
    // "read again": the page reads again, and the stream tries without waiting its turn
    let read = 0;
    stops.push(
      followChanges(
        () => false,
        () => (read += 1),
        0,
      ),
    );
    StandIn.failing = false;
    const tries = StandIn.made.length;
    readAgain();
    await clock.tickAsync(0);
    expect(read).to.equal(1);
    const again = await until(() => StandIn.made.length > tries && latest(), 'a try at once');
    again.say('hello', '', '1:0');
    expect(status()).to.equal('live');
    // the server's end of the session: down, and no try until the token changes
    again.say('end', 'session');
    expect($live.get()).to.deep.equal({ status: 'down', retryAt: null });
    const before = StandIn.made.length;
    await clock.tickAsync(60_000);
    expect(StandIn.made.length).to.equal(before);
  });

  it('is down at once when the browser goes offline, and tries at once when it is back', async () => {
    await signIn(await createTestUser());
    vi.stubGlobal('EventSource', StandIn);
    const clock = fakeClock();
    stops.push(startLive());
    const first = await until(latest, 'a stream');
    first.say('hello', '', '1:0');
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    dispatchEvent(new Event('offline'));
    expect(first.closed).to.equal(true);
    expect(status()).to.equal('down');
    Reflect.deleteProperty(navigator, 'onLine');
    dispatchEvent(new Event('online'));
    const next = await until(() => StandIn.made.length === 2 && latest(), 'a try at once');
    await clock.tickAsync(0);
    next.say('hello', '', '1:0');
    expect(status()).to.equal('live');
  });

  it('a follower tab shows the leader’s state, says it is there, and asks the leader to try', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // another tab leads: it holds the lock
    await new Promise<void>((taken) => {
      void navigator.locks.request('lp-live-leader', () => {
        taken();
        return held;
      });
    });
    stops.push(release);
    const leader = new BroadcastChannel(CHANNEL);
    stops.push(() => leader.close());
    const heard: Array<{ t: string }> = [];
    leader.onmessage = (event: MessageEvent<{ t: string }>) => heard.push(event.data);
    stops.push(startLive());
    expect(status()).to.equal('connecting');
    await until(() => heard.some((m) => m.t === 'seen'), 'the tab says it is there');
    leader.postMessage({ t: 'status', status: { status: 'down', retryAt: 123 } });
    await until(() => status() === 'down', 'the leader’s state');
    readAgain();
    await until(() => heard.some((m) => m.t === 'retry'), 'asked to try');
    leader.postMessage({ t: 'status', status: { status: 'live', retryAt: null } });
    await until(() => status() === 'live', 'live again');
  });
});
