import { afterEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../ui/testing/clock.ts';
import { $idleWarning, ACTIVITY_KEY, resetIdle, warningLead, watchIdle } from './idle.ts';

const MINUTE = 60_000;

describe('the continuous session: signed out after the idle time without input (Part 11 §11.200)', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    stop?.();
    $idleWarning.set(null);
  });

  function watched(limit: number) {
    const clock = fakeClock();
    resetIdle(Date.now());
    const signOuts: number[] = [];
    stop = watchIdle(window, { limit: () => limit, signOut: () => signOuts.push(Date.now()) });
    return { clock, signOuts };
  }

  it('warns before the end, and signs out at it when nobody acts', async () => {
    const limit = 10 * MINUTE;
    const { clock, signOuts } = watched(limit);
    const started = Date.now();
    await clock.tickAsync(limit - warningLead(limit) - 1000);
    expect($idleWarning.get()).to.equal(null);
    await clock.tickAsync(2000);
    expect($idleWarning.get()).to.deep.equal({ endsAt: started + limit });
    await clock.tickAsync(warningLead(limit));
    expect(signOuts).to.have.length(1);
    expect($idleWarning.get()).to.equal(null);
  });

  it('starts again with the user’s input, and with another tab’s', async () => {
    const limit = 10 * MINUTE;
    const { clock, signOuts } = watched(limit);
    await clock.tickAsync(9.5 * MINUTE);
    expect($idleWarning.get()).to.not.equal(null);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect($idleWarning.get(), 'input ends the warning').to.equal(null);
    await clock.tickAsync(9 * MINUTE);
    expect(signOuts).to.have.length(0);
    // another tab's input (it writes the time under ACTIVITY_KEY; this tab hears a storage event)
    window.dispatchEvent(new StorageEvent('storage', { key: ACTIVITY_KEY, newValue: String(Date.now()) }));
    await clock.tickAsync(9.5 * MINUTE);
    expect(signOuts).to.have.length(0);
    await clock.tickAsync(MINUTE);
    expect(signOuts).to.have.length(1);
  });

  it('watches nothing while no one is signed in', async () => {
    const { clock, signOuts } = watched(0);
    await clock.tickAsync(60 * MINUTE);
    expect([signOuts.length, $idleWarning.get()]).to.deep.equal([0, null]);
  });
});
