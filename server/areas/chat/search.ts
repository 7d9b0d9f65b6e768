import { type RawBuilder, sql } from 'kysely';
import type { ChatQuestionRef } from '../../../src/contract/chat/schemas.ts';
import type { DB } from '../../db/database.ts';

/**
 * Question search for typed text. Chinese has no word boundaries, so the text is cut into
 * fragments: Han runs into overlapping character pairs (bigrams), other runs into words of 3 or
 * more characters (shorter ones, like "or", match everything); each fragment found in a
 * question's name or keywords adds to its score (`ilike`, no extension needed, plain
 * PostgreSQL), and the whole phrase found counts most. Question words that say
 * nothing about the topic (如何, 怎么, 什么, 吗 …) are left out.
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
      } else if (chars.length >= 3) {
        out.set(run, 8);
      }
    }
  }
  return [...out].slice(0, MAX_FRAGMENTS).map(([text, weight]) => ({ text, weight }));
}

/** `%text%` with LIKE's wildcards escaped (backslash is PostgreSQL's default escape). */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

function hit(column: 'q_name' | 'keywords', text: string, weight: number): RawBuilder<number> {
  return sql<number>`(case when ${sql.ref(column)} ilike ${contains(text)} then ${sql.lit(weight)} else 0 end)`;
}

/** The best matches for typed text, best first; empty when nothing matches. */
export async function searchQuestions(db: DB, keyword: string, limit: number): Promise<ChatQuestionRef[]> {
  const phrase = normalizeKeyword(keyword);
  if (phrase === '') return [];
  const fragments = fragmentsOf(phrase);
  const parts: RawBuilder<number>[] = [hit('q_name', phrase, 60), hit('keywords', phrase, 30)];
  for (const f of fragments) {
    parts.push(hit('q_name', f.text, f.weight), hit('keywords', f.text, Math.ceil(f.weight / 2)));
  }
  const score = sql<number>`(${sql.join(parts, sql` + `)})`;
  const scored = db
    .selectFrom('chat_questions')
    .select(['q_id', 'q_name', 'hot_rank', score.as('score')])
    .where('active', '=', true)
    .as('s');
  const rows = await db
    .selectFrom(scored)
    .select(['q_id', 'q_name'])
    .where('score', '>', 0)
    .orderBy('score', 'desc')
    .orderBy(sql`hot_rank is null`)
    .orderBy('hot_rank')
    .orderBy('q_id')
    .limit(limit)
    .execute();
  return rows.map(({ q_id, q_name }) => ({ q_id, q_name }));
}
