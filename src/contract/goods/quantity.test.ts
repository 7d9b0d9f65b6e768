import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { fitsUnit, Quantity, takesFractions } from './quantity.ts';

const say = (input: unknown, lang: 'zh-CN' | 'en' = 'en') => {
  const result = v.safeParse(Quantity, input, { lang });
  return result.success ? result.output : result.issues[0].message;
};

describe('Quantity', () => {
  it('takes numbers and decimal strings as a form sends them', () => {
    expect([say(3), say('3'), say(' 2.5 '), say('0.001'), say('.5'), say(1_000_000)]).toEqual([
      3, 3, 2.5, 0.001, 0.5, 1_000_000,
    ]);
  });

  it('says "more than 0" for zero and negative amounts, not "enter a number"', () => {
    expect([say(0), say('0'), say('-3'), say(-3), say('0.000')]).toEqual(
      Array(5).fill('Must be more than 0'),
    );
    expect(say('-3', 'zh-CN')).toBe('须大于 0');
  });

  it('says what is wrong with text, too many decimals and too much', () => {
    expect([say('abc'), say('3 vials'), say(''), say(Number.NaN)]).toEqual(
      Array(4).fill('Please enter a number'),
    );
    expect([say('1.2345'), say(1e-7), say(2.0001)]).toEqual(Array(3).fill('At most 3 decimals'));
    expect(say('1.2345', 'zh-CN')).toBe('最多 3 位小数');
    expect(say(1_000_001)).toBe('At most 1000000');
  });
});

describe('units', () => {
  it('lets measured units take fractions, counted ones whole numbers only', () => {
    expect(['kg', 'mL', ' ml ', '千克', '毫升', 'g'].map(takesFractions)).toEqual(Array(6).fill(true));
    expect(['瓶', '盒', '支', 'vial', 'kit', ''].map(takesFractions)).toEqual(Array(6).fill(false));
    expect([fitsUnit(2.5, '瓶'), fitsUnit(2, '瓶'), fitsUnit(2.5, 'kg')]).toEqual([false, true, true]);
  });
});
