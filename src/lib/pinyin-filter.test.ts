import { describe, expect, it } from 'vitest';
import { filterOptions, indexOptions, indexOptionsLazily } from './pinyin-filter.ts';

interface Option {
  name: string;
  pinyin?: string;
}
const options: Option[] = [
  { name: '恒瑞医药-上海研发中心', pinyin: 'hrYY-shyfzx' },
  { name: '百济神州-北京临床运营', pinyin: 'bjszbjlcyy' },
  { name: 'Pfizer China' },
];

describe('select filtering by text or pinyin initials', () => {
  const index = indexOptions(
    options,
    (o) => o.name,
    (o) => o.pinyin,
  );

  it('matches label text, case-insensitive', () => {
    expect(filterOptions(index, '上海')).toEqual([options[0]]);
    expect(filterOptions(index, 'pfIZER')).toEqual([options[2]]);
  });

  it('matches precomputed pinyin initials, case-insensitive', () => {
    expect(filterOptions(index, 'BJSZ')).toEqual([options[1]]);
    expect(filterOptions(index, 'hryy')).toEqual([options[0]]);
  });

  it('an empty query keeps every option, a query matching nothing keeps none', () => {
    expect(filterOptions(index, '  ')).toEqual(options);
    expect(filterOptions(index, 'zzzz')).toEqual([]);
  });

  it('computes initials with pinyin-pro only for options that lack them', async () => {
    const lazy = await indexOptionsLazily(
      [{ name: '药明康德' }, { name: '信达生物', pinyin: 'custom' }],
      (o) => o.name,
      (o) => o.pinyin,
    );
    expect(lazy.map((o) => o.initials)).toEqual(['ymkd', 'custom']);
    expect(filterOptions(lazy, 'YMKD')).toEqual([{ name: '药明康德' }]);
  });
});
