import { afterAll, describe, expect, it } from 'vitest';
import { fakeClock } from './clock.ts';

/**
 * The fake clock cannot outlive its test: a fake `setTimeout` left installed stalls the test
 * runner's report of the whole file (it then "did not finish" with no results).
 */
describe('fakeClock', () => {
  const nativeSetTimeout = globalThis.setTimeout;

  it('is uninstalled at the end of the test that installed it, without an afterEach', () => {
    const clock = fakeClock();
    expect(globalThis.setTimeout).to.not.equal(nativeSetTimeout);
    clock.tick(1000);
  });

  it('leaves the next test with the real timers', async () => {
    expect(globalThis.setTimeout).to.equal(nativeSetTimeout);
    await new Promise((resolve) => setTimeout(resolve, 5));
  });

  it('may be uninstalled twice, and a second install replaces the first', () => {
    const first = fakeClock();
    const second = fakeClock();
    first.uninstall();
    expect(globalThis.setTimeout, 'the second is still installed').to.not.equal(nativeSetTimeout);
    second.uninstall();
    second.uninstall();
    expect(globalThis.setTimeout).to.equal(nativeSetTimeout);
  });

  afterAll(() => {
    // a test body that goes on after its test timed out reaches here with no test running
    expect(() => fakeClock()).to.throw('after its test ended');
    expect(globalThis.setTimeout).to.equal(nativeSetTimeout);
  });
});
