import type { ChatQuestionRef } from '../../../src/contract/chat/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import type { DB } from '../../db/database.ts';

/**
 * Question search for typed text. Chinese has no word boundaries, so the text is cut into
 * fragments: Han runs into overlapping character pairs (bigrams), other runs into words of 3 or
 * more characters (shorter ones, like "or", match everything); each fragment found in a
 * question's name or keywords (normalized the same way) adds to its score, and the whole phrase
 * found counts most. Question words that say nothing about the topic (如何, 怎么, 什么, 吗 …) are
 * left out, and so are English question words (how, what, the …). A question is found by its
 * Chinese and its English name and search words alike, and named in the caller's language.
 * Scoring runs in memory over an index of the active questions (chat-search-index.ts),
 * never in SQL on the request path.
 */

const MAX_FRAGMENTS = 24;

/** Bigrams too common in questions to tell one from another. */
const STOP = new Set([
  '如何',
  '怎样',
  '可以',
  '能否',
  '是否',
  '请问',
  '一下',
  '我的',
  '我们',
  '哪里',
  '哪些',
  '为何',
]);
/** Function characters: a fragment holding one of them says nothing about the topic (什么, 么是, 吗). */
const FUNCTION_CHARS = /[么吗呢的了吧啊呀怎哪我请]/u;

const useless = (fragment: string) => STOP.has(fragment) || FUNCTION_CHARS.test(fragment);

/** English words of 3 letters or more that every question could hold. */
const EN_STOP = new Set([
  'the',
  'and',
  'for',
  'how',
  'what',
  'why',
  'when',
  'where',
  'who',
  'which',
  'can',
  'does',
  'did',
  'are',
  'was',
  'you',
  'your',
  'with',
  'this',
  'that',
  'there',
  'from',
  'have',
  'has',
  'should',
  'could',
  'would',
  'about',
]);

const HAN = /\p{Script=Han}/u;

/** The keyword lower-cased, full-width forms folded (NFKC), punctuation turned into spaces. */
export function normalizeKeyword(keyword: string): string {
  return keyword
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}\p{Z}\s]+/gu, ' ')
    .trim();
}

export interface Fragment {
  text: string;
  /** Score when found in the name; half of it when found in the keywords. */
  weight: number;
}

/** Search fragments of a normalized keyword (see the file comment). */
export function fragmentsOf(normalized: string): Fragment[] {
  const out = new Map<string, number>();
  for (const word of normalized.split(' ')) {
    for (const run of word.match(/\p{Script=Han}+|[^\p{Script=Han}]+/gu) ?? []) {
      const chars = [...run];
      if (HAN.test(run)) {
        if (chars.length === 1) {
          if (!useless(run)) out.set(run, Math.max(out.get(run) ?? 0, 2));
          continue;
        }
        for (let i = 0; i + 1 < chars.length; i++) {
          const pair = chars[i]! + chars[i + 1]!;
          if (!useless(pair)) out.set(pair, 6);
        }
      } else if (chars.length >= 3 && !EN_STOP.has(run)) {
        out.set(run, 8);
      }
    }
  }
  return [...out].slice(0, MAX_FRAGMENTS).map(([text, weight]) => ({ text, weight }));
}

/** An active question as the search reads it: names and keywords normalized like typed text. */
export interface SearchableQuestion {
  q_id: number;
  q_name: string;
  /** The English name (null: not translated). */
  q_name_en: string | null;
  hot_rank: number | null;
  /** normalizeKeyword of the Chinese and the English name, one after the other. */
  name: string;
  /** normalizeKeyword of the Chinese and the English search words. */
  keywords: string;
}

/** A stored question as the search reads it. */
export function searchableQuestion(row: {
  q_id: number;
  q_name: string;
  q_name_en?: string | null;
  keywords: string;
  keywords_en?: string;
  hot_rank: number | null;
}): SearchableQuestion {
  const en = row.q_name_en ?? null;
  return {
    q_id: row.q_id,
    q_name: row.q_name,
    q_name_en: en,
    hot_rank: row.hot_rank,
    name: normalizeKeyword(en ? `${row.q_name} ${en}` : row.q_name),
    keywords: normalizeKeyword(`${row.keywords} ${row.keywords_en ?? ''}`),
  };
}

/** A found question named in the caller's language (Chinese where not translated). */
export const refIn = (q: SearchableQuestion, lang: Lang): ChatQuestionRef => ({
  q_id: q.q_id,
  q_name: lang === 'en' && q.q_name_en ? q.q_name_en : q.q_name,
});

/** The active questions, ready for buildSearchIndex (one plain select; see chat-search-index.ts). */
export async function loadSearchableQuestions(db: DB): Promise<SearchableQuestion[]> {
  const rows = await db
    .selectFrom('chat_questions')
    .select(['q_id', 'q_name', 'q_name_en', 'keywords', 'keywords_en', 'hot_rank'])
    .where('active', '=', true)
    .orderBy('q_id')
    .execute();
  return rows.map(searchableQuestion);
}

/** Weights of the whole phrase, found in the name or in the keywords. */
const PHRASE = { name: 60, keywords: 30 } as const;

/** A question's score for a normalized phrase and its fragments (0: no match). */
export function scoreQuestion(q: SearchableQuestion, phrase: string, fragments: readonly Fragment[]): number {
  let score = 0;
  if (q.name.includes(phrase)) score += PHRASE.name;
  if (q.keywords.includes(phrase)) score += PHRASE.keywords;
  for (const f of fragments) {
    if (q.name.includes(f.text)) score += f.weight;
    if (q.keywords.includes(f.text)) score += Math.ceil(f.weight / 2);
  }
  return score;
}

/**
 * The active questions and, for each Han character and pair of adjacent Han characters found in
 * a name or keywords, where it is found: Chinese fragments are scored from these lists without
 * reading the texts, and a question no fragment touches cannot hold the whole phrase either
 * (every fragment is a part of the phrase).
 */
export interface SearchIndex {
  questions: readonly SearchableQuestion[];
  /** Fragment → `position * 4 + (in name ? 1 : 0) + (in keywords ? 2 : 0)` per question holding it. */
  han: ReadonlyMap<string, readonly number[]>;
}

const IN_NAME = 1;
const IN_KEYWORDS = 2;

/** Han characters and adjacent Han pairs of a normalized text. */
function hanFragments(text: string): Set<string> {
  const out = new Set<string>();
  const chars = [...text];
  chars.forEach((c, i) => {
    if (!HAN.test(c)) return;
    out.add(c);
    const next = chars[i + 1];
    if (next !== undefined && HAN.test(next)) out.add(c + next);
  });
  return out;
}

export function buildSearchIndex(questions: readonly SearchableQuestion[]): SearchIndex {
  const han = new Map<string, number[]>();
  questions.forEach((q, at) => {
    const inName = hanFragments(q.name);
    const inKeywords = hanFragments(q.keywords);
    for (const key of new Set([...inName, ...inKeywords])) {
      const code = at * 4 + (inName.has(key) ? IN_NAME : 0) + (inKeywords.has(key) ? IN_KEYWORDS : 0);
      const list = han.get(key);
      if (list) list.push(code);
      else han.set(key, [code]);
    }
  });
  return { questions, han };
}

/** Scores of every question for a phrase: from the Han lists, plus a scan for latin words. */
function scores(index: SearchIndex, phrase: string, fragments: readonly Fragment[]): Map<number, number> {
  const out = new Map<number, number>();
  const add = (at: number, points: number) => out.set(at, (out.get(at) ?? 0) + points);
  for (const f of fragments) {
    const half = Math.ceil(f.weight / 2);
    if (HAN.test(f.text)) {
      for (const code of index.han.get(f.text) ?? []) {
        const at = code >> 2;
        add(at, (code & IN_NAME ? f.weight : 0) + (code & IN_KEYWORDS ? half : 0));
      }
      continue;
    }
    index.questions.forEach((q, at) => {
      const points = (q.name.includes(f.text) ? f.weight : 0) + (q.keywords.includes(f.text) ? half : 0);
      if (points > 0) add(at, points);
    });
  }
  const phraseHolders = fragments.length === 0 ? index.questions.keys() : [...out.keys()];
  for (const at of phraseHolders) {
    const q = index.questions[at]!;
    const points =
      (q.name.includes(phrase) ? PHRASE.name : 0) + (q.keywords.includes(phrase) ? PHRASE.keywords : 0);
    if (points > 0) add(at, points);
  }
  return out;
}

/**
 * The best matches of a normalized phrase, best first: higher score (scoreQuestion's), then hot
 * questions by rank, then older questions, named in `lang`. Empty when nothing matches. In
 * memory: microseconds.
 */
export function rankQuestions(
  index: SearchIndex,
  phrase: string,
  limit: number,
  lang: Lang = 'zh-CN',
): ChatQuestionRef[] {
  if (phrase === '') return [];
  const hits = [...scores(index, phrase, fragmentsOf(phrase))].map(([at, score]) => ({
    q: index.questions[at]!,
    score,
  }));
  hits.sort(
    (a, b) =>
      b.score - a.score ||
      (a.q.hot_rank ?? Number.POSITIVE_INFINITY) - (b.q.hot_rank ?? Number.POSITIVE_INFINITY) ||
      a.q.q_id - b.q.q_id,
  );
  return hits.slice(0, limit).map(({ q }) => refIn(q, lang));
}
