import { describe, expect, it } from 'vitest';
import { isoToLocal, localToIso, zoneLabel, zoneOffsetMinutes } from './zoned-time.ts';

describe('zoned wanted times', () => {
  it('reads a typed time in the customer’s zone, whatever the browser’s zone', () => {
    expect(localToIso('2026-11-23T09:00', 'Asia/Shanghai')).to.equal('2026-11-23T09:00:00+08:00');
    expect(localToIso('2026-11-23T09:00', 'UTC')).to.equal('2026-11-23T09:00:00+00:00');
    expect(localToIso('2026-11-23T09:00', 'America/New_York')).to.equal('2026-11-23T09:00:00-05:00');
    // Summer time on the same wall clock.
    expect(localToIso('2026-07-01T09:00', 'America/New_York')).to.equal('2026-07-01T09:00:00-04:00');
    expect(localToIso('2026-07-01T09:00', 'Asia/Kolkata')).to.equal('2026-07-01T09:00:00+05:30');
  });

  it('shows a stored moment as the wall clock of the zone, and round-trips', () => {
    expect(isoToLocal('2026-11-23T01:00:00Z', 'Asia/Shanghai')).to.equal('2026-11-23T09:00');
    expect(isoToLocal('2026-11-23T09:00:00+08:00', 'America/New_York')).to.equal('2026-11-22T20:00');
    const iso = localToIso('2026-03-08T12:30', 'America/New_York');
    expect(isoToLocal(iso, 'America/New_York')).to.equal('2026-03-08T12:30');
  });

  it('leaves empty and broken texts empty', () => {
    expect(localToIso('', 'Asia/Shanghai')).to.equal('');
    expect(localToIso('2026-11-23', 'Asia/Shanghai')).to.equal('');
    expect(isoToLocal('', 'Asia/Shanghai')).to.equal('');
    expect(isoToLocal(undefined, 'Asia/Shanghai')).to.equal('');
    expect(isoToLocal('not a time', 'Asia/Shanghai')).to.equal('');
  });

  it('names the zone with its offset', () => {
    expect(zoneOffsetMinutes('Asia/Shanghai', new Date('2026-11-23T00:00:00Z'))).to.equal(480);
    expect(zoneLabel('Asia/Shanghai', new Date('2026-11-23T00:00:00Z'))).to.equal(
      'Asia/Shanghai (UTC+08:00)',
    );
  });
});
