import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.ts';
import type { ApiOutcome } from '../api/outcomes.ts';
import { Code } from '../contract/codes.ts';
import { resetApiNotices, showOutcome } from './api-outcomes.ts';
import { $confirms, clearNotices } from './notices.ts';

/** A 599 of a call sent at `sentAt` (performance.now()). */
const elsewhere = (sentAt: number): ApiOutcome => ({
  kind: 'logged-in-elsewhere',
  error: new ApiError(Code.loggedInElsewhere, 'logged in elsewhere'),
  sentAt,
});

/** Lets the answer's `then` run. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the 599 question (spec §8)', () => {
  afterEach(() => {
    clearNotices();
    resetApiNotices();
  });

  it('is asked once for a page’s calls in flight, not again after Cancel for calls sent before it, and again for a call sent after', async () => {
    const sent = performance.now();
    showOutcome(elsewhere(sent));
    showOutcome(elsewhere(sent));
    expect($confirms.get()).toHaveLength(1);

    $confirms.get()[0]!.resolve(false); // Cancel: the user stays
    await settled();
    expect($confirms.get()).toHaveLength(0);
    // the page's other calls, sent with the first, come back after the answer
    showOutcome(elsewhere(sent));
    expect($confirms.get()).toHaveLength(0);

    // the next page's call
    showOutcome(elsewhere(performance.now() + 1));
    expect($confirms.get()).toHaveLength(1);
  });
});
