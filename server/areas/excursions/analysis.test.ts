import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MKT_DELTA_H_OVER_R } from '../../../src/contract/excursions/domain.ts';
import { deviationOf } from '../orders/excursion.ts';
import {
  bandMinutes,
  bandMinutesOf,
  episodesOf,
  inBand,
  meanKineticTemperature,
  minutesOutside,
  outOfRangeMinutes,
  type Reading,
} from './analysis.ts';

const T0 = Date.parse('2026-11-20T00:00:00Z');
const at = (minute: number) => new Date(T0 + minute * 60_000);
const LIMITS = { min: 2, max: 8 };
const BANDS = [
  { min: 8, max: 25, hours: 72 },
  { min: null, max: 2, hours: 0 },
];

/**
 * Random readings of one logger: distinct whole minutes over up to three days (so with gaps of any
 * length), temperatures from −10 to 35 °C, in the random order they were drawn in.
 */
const readingsArb = fc
  .uniqueArray(
    fc.record({ minute: fc.integer({ min: 0, max: 4_320 }), tenths: fc.integer({ min: -100, max: 350 }) }),
    { minLength: 1, maxLength: 80, selector: (r) => r.minute },
  )
  .map((list) => list.map((r): Reading => ({ at: at(r.minute), celsius: r.tenths / 10 })));

/**
 * The direct formula: walk every minute from the first reading to the last and take the reading
 * in force then (the newest one at or before it). Independent of the code under test's sorting
 * and interval arithmetic.
 */
function perMinute(readings: readonly Reading[]): number[] {
  const minutes = readings.map((r) => (r.at.getTime() - T0) / 60_000);
  const first = Math.min(...minutes);
  const last = Math.max(...minutes);
  const out: number[] = [];
  for (let m = first; m < last; m++) {
    let best = -1;
    readings.forEach((_r, i) => {
      if ((minutes[i] as number) <= m && (best < 0 || (minutes[i] as number) > (minutes[best] as number)))
        best = i;
    });
    out.push((readings[best] as Reading).celsius);
  }
  return out;
}

describe('time out of range', () => {
  it('equals the minutes whose reading in force is out of range, in any order, with gaps', () => {
    fc.assert(
      fc.property(readingsArb, (readings) => {
        const direct = perMinute(readings).filter((c) => deviationOf(c, LIMITS) > 0).length;
        expect(minutesOutside(readings, LIMITS)).toBe(direct);
      }),
      { numRuns: 150 },
    );
  });

  it('is the sum of the episodes, which start at an out-of-range reading and end at the next one back in', () => {
    fc.assert(
      fc.property(readingsArb, (readings) => {
        const episodes = episodesOf(readings, LIMITS);
        const sum = episodes.reduce((s, e) => s + (e.to.getTime() - e.from.getTime()) / 60_000, 0);
        expect(sum).toBe(minutesOutside(readings, LIMITS));
        for (const e of episodes) {
          expect(e.min).toBeLessThanOrEqual(e.max);
          expect([e.min, e.max]).toContain(e.peak);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('per band: each out-of-range minute in the band that holds its reading, or outside every band', () => {
    fc.assert(
      fc.property(readingsArb, (readings) => {
        const minutes = perMinute(readings).filter((c) => deviationOf(c, LIMITS) > 0);
        const { bands, unbudgeted } = bandMinutes(readings, LIMITS, BANDS);
        expect(bands).toEqual(BANDS.map((band) => minutes.filter((c) => inBand(c, band)).length));
        expect(unbudgeted).toBe(minutes.filter((c) => !BANDS.some((band) => inBand(c, band))).length);
      }),
      { numRuns: 150 },
    );
  });

  it('the minutes per temperature weigh against bands as the readings do', () => {
    fc.assert(
      fc.property(readingsArb, (readings) => {
        const direct = bandMinutes(readings, LIMITS, BANDS);
        const kept = bandMinutesOf(outOfRangeMinutes(readings, LIMITS), BANDS);
        kept.bands.forEach((m, i) => {
          expect(m).toBeCloseTo(direct.bands[i] as number, 9);
        });
        expect(kept.unbudgeted).toBeCloseTo(direct.unbudgeted, 9);
      }),
      { numRuns: 150 },
    );
  });

  it('an episode still out of range at the last reading ends there; a lone reading stands for no time', () => {
    const readings = [
      { at: at(0), celsius: 5 },
      { at: at(10), celsius: 9 },
      { at: at(40), celsius: 12 },
    ];
    expect(episodesOf(readings, LIMITS)).toMatchObject([{ minutes: 30, min: 9, max: 12, peak: 12 }]);
    expect(minutesOutside(readings, LIMITS)).toBe(30);
    expect(minutesOutside([{ at: at(0), celsius: 30 }], LIMITS)).toBe(0);
    // the bands are (min, max]: 8 °C is in range, 25 °C in the first band, 25.1 °C in none
    expect(inBand(25, BANDS[0] as (typeof BANDS)[0])).toBe(true);
    expect(
      bandMinutes(
        [
          { at: at(0), celsius: 25.1 },
          { at: at(5), celsius: 5 },
        ],
        LIMITS,
        BANDS,
      ),
    ).toEqual({
      bands: [0, 0],
      unbudgeted: 5,
    });
  });
});

describe('mean kinetic temperature', () => {
  it('equals the per-minute formula with ΔH = 83.144 kJ/mol', () => {
    fc.assert(
      fc.property(readingsArb, (readings) => {
        const minutes = perMinute(readings);
        const temps = minutes.length ? minutes : readings.map((r) => r.celsius);
        const mean =
          temps.reduce((s, c) => s + Math.exp(-MKT_DELTA_H_OVER_R / (c + 273.15)), 0) / temps.length;
        const direct = MKT_DELTA_H_OVER_R / -Math.log(mean) - 273.15;
        expect(meanKineticTemperature(readings)).toBeCloseTo(direct, 6);
      }),
      { numRuns: 150 },
    );
  });

  it('lies between the time-weighted mean and the warmest reading, and is a constant temperature itself', () => {
    expect(meanKineticTemperature([])).toBeNull();
    const steady = [0, 60, 120].map((m) => ({ at: at(m), celsius: 5 }));
    expect(meanKineticTemperature(steady)).toBeCloseTo(5, 9);
    // half the time at 0 °C, half at 20 °C: warmer than the 10 °C mean
    const mkt = meanKineticTemperature([
      { at: at(0), celsius: 0 },
      { at: at(60), celsius: 20 },
      { at: at(120), celsius: 20 },
    ]) as number;
    expect(mkt).toBeGreaterThan(10);
    expect(mkt).toBeLessThan(20);
    // by hand: 10,000 / −ln((e^(−10000/273.15) + e^(−10000/293.15)) / 2) − 273.15 = 14.82 °C
    expect(mkt).toBeCloseTo(14.82, 2);
    // ΔH/R is 10,000 K
    expect(MKT_DELTA_H_OVER_R).toBeCloseTo(10_000, 6);
  });
});
