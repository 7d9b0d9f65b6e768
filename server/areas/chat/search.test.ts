import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildSearchIndex,
  fragmentsOf,
  normalizeKeyword,
  rankQuestions,
  scoreQuestion,
  searchableQuestion,
} from './search.ts';

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

/** Questions as the search reads them; q_id from the position unless given. */
const index = (rows: Array<{ q_id?: number; q_name: string; keywords?: string; hot_rank?: number | null }>) =>
  buildSearchIndex(
    rows.map((r, i) =>
      searchableQuestion({
        q_id: r.q_id ?? i + 1,
        q_name: r.q_name,
        keywords: r.keywords ?? '',
        hot_rank: r.hot_rank ?? null,
      }),
    ),
  );
const ids = (refs: Array<{ q_id: number }>) => refs.map((r) => r.q_id);

describe('chat search ranking', () => {
  it('ranks the whole phrase in a name first, then in keywords, then by fragments (names count double)', () => {
    const questions = index([
      { q_id: 1, q_name: '冷链包装', keywords: '温度偏离' },
      { q_id: 2, q_name: '温度偏离怎么办' },
      { q_id: 3, q_name: '温度过高，偏离' },
      { q_id: 4, q_name: '发票', keywords: '温度' },
      { q_id: 5, q_name: '库存不足' },
      { q_id: 6, q_name: '签收', keywords: '温度过高 偏离' },
    ]);
    expect(ids(rankQuestions(questions, normalizeKeyword('温度偏离'), 10))).toEqual([2, 1, 3, 6, 4]);
  });

  it('breaks ties by hot rank (hot questions first), then by age', () => {
    const questions = index([
      { q_id: 7, q_name: '订单取消' },
      { q_id: 3, q_name: '取消订单', hot_rank: 2 },
      { q_id: 5, q_name: '订单取消规则', hot_rank: 1 },
      { q_id: 4, q_name: '订单取消' },
    ]);
    expect(ids(rankQuestions(questions, '取消', 10))).toEqual([5, 3, 4, 7]);
  });

  it('folds case, full-width forms and punctuation on the questions too, and honours limit', () => {
    const questions = index([
      { q_id: 1, q_name: 'ＤＴＰ订单，怎么取消？' },
      { q_id: 2, q_name: 'dtp 直送' },
    ]);
    expect(rankQuestions(questions, normalizeKeyword('DTP订单 怎么取消'), 10)).toEqual([
      { q_id: 1, q_name: 'ＤＴＰ订单，怎么取消？' },
      { q_id: 2, q_name: 'dtp 直送' },
    ]);
    expect(ids(rankQuestions(questions, 'dtp', 1))).toEqual([1]);
  });

  it('finds a phrase of question words only where it is written, and nothing for blank text', () => {
    const questions = index([
      { q_id: 1, q_name: '如何下单' },
      { q_id: 2, q_name: '下单时间' },
    ]);
    expect(ids(rankQuestions(questions, '如何', 10))).toEqual([1]);
    expect(rankQuestions(questions, '', 10)).toEqual([]);
    expect(rankQuestions(questions, normalizeKeyword('%_😀'), 10)).toEqual([]);
    expect(rankQuestions(questions, 'zzqqxx', 10)).toEqual([]);
  });

  it('scores exactly as scoreQuestion over every question (the index only skips non-matches)', () => {
    const text = fc
      .array(
        fc.constantFrom(
          '冷',
          '链',
          '温',
          '度',
          '订',
          '单',
          '吗',
          '么',
          '如',
          '何',
          'a',
          'b',
          'c',
          ' ',
          '，',
          'Ａ',
        ),
        {
          maxLength: 12,
        },
      )
      .map((chars) => chars.join(''));
    const question = fc.record({
      q_name: text,
      keywords: text,
      hot_rank: fc.option(fc.integer({ min: 1, max: 3 })),
    });
    fc.assert(
      fc.property(fc.array(question, { maxLength: 12 }), text, (rows, typed) => {
        const questions = rows.map((r, i) => searchableQuestion({ ...r, q_id: i + 1 }));
        const phrase = normalizeKeyword(typed);
        const fragments = fragmentsOf(phrase);
        const expected = questions
          .map((q) => ({ q, score: phrase === '' ? 0 : scoreQuestion(q, phrase, fragments) }))
          .filter((x) => x.score > 0)
          .sort(
            (a, b) => b.score - a.score || (a.q.hot_rank ?? 99) - (b.q.hot_rank ?? 99) || a.q.q_id - b.q.q_id,
          )
          .map((x) => x.q.q_id);
        expect(ids(rankQuestions(buildSearchIndex(questions), phrase, 100))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});
