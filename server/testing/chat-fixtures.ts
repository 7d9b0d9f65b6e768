import { randomBytes } from 'node:crypto';
import type { DB } from '../db/database.ts';
import { saveAnswer } from '../areas/chat/answers.ts';
import { chatKnowledgeChanged } from '../areas/chat/search-index.ts';

export interface FixtureQuestion {
  q_id: number;
  q_name: string;
  /** The English name (`english: true`), else null. */
  q_name_en: string | null;
  answers: number[];
}

export interface FixtureCategory {
  qc_id: number;
  qc_name: string;
  qc_name_en: string | null;
  /** A word that occurs only in this category's questions (for search tests). */
  word: string;
  questions: FixtureQuestion[];
}

/**
 * A chat category of its own with `questions` questions (names and keywords carry a unique word),
 * each with `answers` answers stored through saveAnswer. Placed after every other category.
 * With `english`, the category, questions and answers also have English texts (`Test …`).
 * Announces the change like any writer of chat content (chatKnowledgeChanged).
 */
export async function createChatCategory(
  db: DB,
  options: { questions?: number; answers?: number; active?: boolean; english?: boolean } = {},
): Promise<FixtureCategory> {
  const id = randomBytes(5).toString('hex');
  const word = `zq${id}`;
  const qcName = `测试分类-${id}`;
  const qcNameEn = options.english ? `Test Category ${id}` : null;
  const { qc_id } = await db
    .insertInto('chat_categories')
    .values({ qc_name: qcName, qc_name_en: qcNameEn, position: 1000, active: options.active ?? true })
    .returning('qc_id')
    .executeTakeFirstOrThrow();
  const questions: FixtureQuestion[] = [];
  for (let i = 0; i < (options.questions ?? 3); i++) {
    const qName = `测试问题${i + 1} ${word}`;
    const qNameEn = options.english ? `Test question ${i + 1} ${word}` : null;
    const { q_id } = await db
      .insertInto('chat_questions')
      .values({
        qc_id,
        q_name: qName,
        q_name_en: qNameEn,
        keywords: `${word} 测试`,
        position: i,
        hot_rank: null,
      })
      .returning('q_id')
      .executeTakeFirstOrThrow();
    const answers: number[] = [];
    for (let a = 0; a < (options.answers ?? 1); a++) {
      const saved = await saveAnswer(db, {
        q_id,
        text: `<p>答案 ${a + 1}：<strong>${qName}</strong></p>`,
        ...(qNameEn ? { text_en: `<p>Answer ${a + 1}: <strong>${qNameEn}</strong></p>` } : {}),
        position: a,
      });
      answers.push(saved.a_id);
    }
    questions.push({ q_id, q_name: qName, q_name_en: qNameEn, answers });
  }
  chatKnowledgeChanged();
  return { qc_id, qc_name: qcName, qc_name_en: qcNameEn, word, questions };
}

/** Links `related` to `q_id` as editors' related questions, in the given order. */
export async function linkRelated(db: DB, qId: number, related: number[]): Promise<void> {
  await db
    .insertInto('chat_related_questions')
    .values(related.map((related_q_id, position) => ({ q_id: qId, related_q_id, position })))
    .execute();
}
