import { describe, expect, it } from 'vitest';
import { secondsLeft } from './use-seconds-until.ts';

describe('a resend countdown', () => {
  it('counts whole seconds down to zero', () => {
    expect(secondsLeft(60_000, 0)).to.equal(60);
    expect(secondsLeft(60_000, 500)).to.equal(60);
    expect(secondsLeft(60_000, 59_001)).to.equal(1);
    expect(secondsLeft(60_000, 61_000)).to.equal(0);
  });
});
