import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../server/testing/fixtures.ts';
import { TrackingCode } from '../contract/telemetry/schemas.ts';
import { $toasts } from '../stores/notices.ts';
import { ApiError } from './errors.ts';
import { track } from './telemetry.ts';
import { type Wired, wireClient } from '../../tests/wiring/client.ts';
import { login } from './user.ts';

let w: Wired;
beforeEach(async () => {
  w = await wireClient();
});
afterEach(() => {
  vi.useRealTimers();
  w.restore();
});

const events = (account: string) =>
  w.t.deps.db
    .selectFrom('tracking_events')
    .select(['element', 'element_code', 'description', 'type', 'account'])
    .where('account', '=', account)
    .orderBy('id')
    .execute();

const trackingCalls = () => w.requests.filter((r) => r.url.includes('/common/data-tracking.')).length;
const errorLogCalls = () => w.requests.filter((r) => r.url.includes('/common/error-log.')).length;

describe('login telemetry', () => {
  it('records timeout events at 3, 5 and 10 s without an answer', async () => {
    const user = await createUser(w.t.deps.db);
    let answer: () => void = () => {};
    w.useFetch((input, init) => {
      const request = new Request(input, init);
      if (!request.url.includes('/user/login.')) return w.t.app.fetch(request);
      return new Promise((resolve) => {
        answer = () => resolve(w.t.app.fetch(request));
      });
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = login({ username: user.username, password: user.password });
    await vi.advanceTimersByTimeAsync(2999);
    expect(trackingCalls()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(trackingCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(trackingCalls()).toBe(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(trackingCalls()).toBe(3);
    vi.useRealTimers();
    await vi.waitFor(async () => expect(await events(user.username)).toHaveLength(3));
    const recorded = await events(user.username);
    expect(recorded.map((e) => [e.element, e.element_code, e.type])).toEqual([
      ['login', TrackingCode.timeout, 2],
      ['login', TrackingCode.timeout, 2],
      ['login', TrackingCode.timeout, 2],
    ]);
    expect(recorded.map((e) => e.description)).toEqual([
      'no answer after 3 s',
      'no answer after 5 s',
      'no answer after 10 s',
    ]);
    answer();
    await expect(pending).resolves.toHaveProperty('access_token');
  });

  it('records nothing when the answer comes in time', async () => {
    const user = await createUser(w.t.deps.db);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await expect(login({ username: user.username, password: user.password })).resolves.toHaveProperty(
      'access_token',
    );
    // past the last mark (10 s): a timer left running, even a late one, would call now
    await vi.advanceTimersByTimeAsync(60_000);
    expect(trackingCalls()).toBe(0);
    vi.useRealTimers();
    expect(await events(user.username)).toEqual([]);
  });

  it('records a failure with the server message', async () => {
    const user = await createUser(w.t.deps.db);
    const error = await login({ username: user.username, password: 'Wrong#pass1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    await vi.waitFor(async () => expect(await events(user.username)).toHaveLength(1));
    expect(await events(user.username)).toEqual([
      {
        element: 'login',
        element_code: TrackingCode.failure,
        description: (error as ApiError).message,
        type: 2,
        account: user.username,
      },
    ]);
  });

  it('a failed tracking call never shows anything nor throws', async () => {
    w.useFetch(async () => {
      throw new TypeError('offline');
    });
    await expect(track('button', TrackingCode.action)).resolves.toBeUndefined();
    expect($toasts.get()).toEqual([]);
  });
});

describe('front-end error reports', () => {
  it('reports unhandled errors and rejections, except ignored ones', async () => {
    const { reportUnhandledErrors } = await import('./telemetry.ts');
    const target = new EventTarget();
    const tag = `lp-test-${crypto.randomUUID()}`;
    const stop = reportUnhandledErrors(
      target,
      tag,
      (m) => m.includes('ResizeObserver'),
      () => 42,
    );
    const error = new Event('error');
    Object.assign(error, { message: 'boom in element' });
    target.dispatchEvent(error);
    const ignored = new Event('error');
    Object.assign(ignored, { message: 'ResizeObserver loop limit exceeded' });
    target.dispatchEvent(ignored);
    const rejection = new Event('unhandledrejection');
    Object.assign(rejection, { reason: new Error('lost promise') });
    target.dispatchEvent(rejection);
    stop();
    target.dispatchEvent(error);
    const rows = () =>
      w.t.deps.db
        .selectFrom('error_logs')
        .select(['message', 'type', 'cu_id'])
        .where('tag', '=', tag)
        .orderBy('message')
        .execute();
    await vi.waitFor(async () => expect(await rows()).toHaveLength(2));
    // the three reports would have left together: the ignored one and the one after stop() did not
    expect(errorLogCalls()).toBe(2);
    expect(await rows()).toEqual([
      { message: 'boom in element', type: 'error', cu_id: '42' },
      { message: 'lost promise', type: 'unhandledrejection', cu_id: '42' },
    ]);
  });
});
