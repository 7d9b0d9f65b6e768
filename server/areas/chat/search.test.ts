import { describe, expect, it } from 'vitest';
import { fragmentsOf, normalizeKeyword } from './search.ts';

describe('chat search fragments', () => {
  it('folds full-width forms and case, and turns punctuation into spaces', () => {
    expect(normalizeKeyword('  ＤＴＰ订单，怎么取消？ ')).toBe('dtp订单 怎么取消');
  });

  it('cuts Chinese into bigrams without question words, keeps latin words of 3+ characters', () => {
    expect(fragmentsOf(normalizeKeyword('怎么取消订单')).map((f) => f.text)).toEqual([
      '取消',
      '消订',
      '订单',
    ]);
    expect(fragmentsOf(normalizeKeyword('DTP订单 or 1=1')).map((f) => f.text)).toEqual(['dtp', '订单']);
    expect(fragmentsOf('冷').map((f) => f.text)).toEqual(['冷']);
    expect(fragmentsOf('吗')).toEqual([]);
  });

  it('caps the number of fragments', () => {
    expect(fragmentsOf('冷链温度偏离'.repeat(8)).length).toBeLessThanOrEqual(24);
  });
});
