import { describe, expect, it } from 'vitest';
import { assessReadings, findExcursions, levelOf, overallLevel, type Reading } from './excursion.ts';

const start = Date.UTC(2026, 5, 1, 0, 0);
/** Readings of one logger every `step` minutes. */
const series = (celsius: number[], step = 10, logger = 'L1'): Reading[] =>
  celsius.map((c, i) => ({ logger_id: logger, at: new Date(start + i * step * 60_000), celsius: c }));
const minute = (n: number) => new Date(start + n * 60_000);

describe('findExcursions', () => {
  it('finds nothing when every reading is inside the range, bounds included', () => {
    expect(assessReadings(series([2, 5, 8, 8, 2]), 'chilled')).toEqual({ excursions: [], level: 'none' });
    expect(assessReadings([], 'frozen')).toEqual({ excursions: [], level: 'none' });
  });

  it('runs from the first reading outside to the next one back inside, with the peak', () => {
    const found = findExcursions(series([5, 9, 9.5, 7, 5, 1, 5]), { min: 2, max: 8 });
    expect(found).toEqual([
      { from: minute(10), to: minute(30), peak: 9.5, minutes: 20, deviation: 1.5, level: 'low' },
      { from: minute(50), to: minute(60), peak: 1, minutes: 10, deviation: 1, level: 'low' },
    ]);
  });

  it('ends at the last reading when the logger never comes back', () => {
    const found = findExcursions(series([5, 12, 13]), { min: 2, max: 8 });
    expect(found).toEqual([
      { from: minute(10), to: minute(20), peak: 13, minutes: 10, deviation: 5, level: 'medium' },
    ]);
  });

  it('follows each logger on its own, in time order whatever the input order', () => {
    const readings = [...series([5, 10, 5], 10, 'B'), ...series([5, 5, 0, 5], 10, 'A')].reverse();
    const found = findExcursions(readings, { min: 2, max: 8 });
    expect(found.map((e) => [e.from, e.peak])).toEqual([
      [minute(10), 10],
      [minute(20), 0],
    ]);
  });

  it('handles one-sided classes (deep frozen: only a maximum)', () => {
    const found = findExcursions(series([-80, -58, -90]), { min: null, max: -60 });
    expect(found).toEqual([
      { from: minute(10), to: minute(20), peak: -58, minutes: 10, deviation: 2, level: 'low' },
    ]);
  });
});

describe('levels', () => {
  it('low ≤ 30 min and ≤ 2 °C, medium ≤ 2 h and ≤ 5 °C, high otherwise (bounds included)', () => {
    expect(levelOf(30, 2)).toBe('low');
    expect(levelOf(31, 1)).toBe('medium');
    expect(levelOf(10, 2.01)).toBe('medium');
    expect(levelOf(120, 5)).toBe('medium');
    expect(levelOf(121, 1)).toBe('high');
    expect(levelOf(5, 5.5)).toBe('high');
  });

  it('rates the order by the total time outside and the largest deviation', () => {
    // two short excursions of 20 min each: low alone, medium together (40 min outside)
    const readings = series([5, 9, 9, 5, 5, 9, 9, 5]);
    const { excursions, level } = assessReadings(readings, 'chilled');
    expect(excursions.map((e) => [e.minutes, e.level])).toEqual([
      [20, 'low'],
      [20, 'low'],
    ]);
    expect(level).toBe('medium');
    expect(overallLevel([])).toBe('none');
    expect(assessReadings(series([20, 27, 27, 20], 60), 'ambient').level, '2 h at 27 °C').toBe('medium');
    expect(assessReadings(series([20, 27, 27, 27, 20], 60), 'ambient').level, '3 h outside').toBe('high');
    expect(assessReadings(series([-20, -5, -20], 5), 'frozen').level, '10 °C too warm').toBe('high');
  });
});
