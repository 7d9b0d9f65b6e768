import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveChange } from '../contract/live/schemas.ts';
import { changesOf, deliverChange, followChanges } from './live-changes.ts';

const order = (id: number, kind = 'order'): LiveChange => ({
  kind,
  action: 'track',
  id: String(id),
  order: id,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('live changes', () => {
  it('acts once per burst of the changes that concern a follower, and on a reset', () => {
    const act = vi.fn();
    const stop = followChanges(changesOf(['order'], 7), act, 250);
    deliverChange(order(7));
    deliverChange(order(7));
    deliverChange(order(8));
    deliverChange(order(7, 'draft'));
    expect(act).not.toHaveBeenCalled();
    vi.advanceTimersByTime(250);
    expect(act).toHaveBeenCalledTimes(1);
    deliverChange(order(8));
    vi.advanceTimersByTime(1000);
    expect(act).toHaveBeenCalledTimes(1);
    deliverChange(null);
    vi.advanceTimersByTime(250);
    expect(act).toHaveBeenCalledTimes(2);
    stop();
    deliverChange(order(7));
    vi.advanceTimersByTime(1000);
    expect(act).toHaveBeenCalledTimes(2);
  });

  it('does not act for a follower stopped during its wait', () => {
    const act = vi.fn();
    const stop = followChanges(changesOf(['draft']), act);
    deliverChange(order(1, 'draft'));
    stop();
    vi.advanceTimersByTime(1000);
    expect(act).not.toHaveBeenCalled();
  });
});
