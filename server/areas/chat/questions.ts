import type { ChatCategory, ChatQuestionPage, ChatQuestionRef } from '../../../src/contract/chat/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import type { DB } from '../../db/database.ts';
import { notFound } from '../../core/errors.ts';
import { inLang } from './localized.ts';

/** Page `page` of `total` items with `limit` per page; past the last page it wraps around to the first. */
export function wrapPage(page: number, limit: number, total: number): number {
  const pages = Math.max(1, Math.ceil(total / limit));
  return ((page - 1) % pages) + 1;
}

export async function listCategories(db: DB, lang: Lang): Promise<ChatCategory[]> {
  return db
    .selectFrom('chat_categories')
    .select(['qc_id', inLang(lang, 'qc_name', 'qc_name')])
    .where('active', '=', true)
    .orderBy('position')
    .orderBy('qc_id')
    .execute();
}

/** A page of a category's questions ("change a batch" asks for the next page, which wraps around). */
export async function categoryQuestions(
  db: DB,
  cateId: number,
  page: number,
  limit: number,
  lang: Lang,
): Promise<ChatQuestionPage> {
  const category = await db
    .selectFrom('chat_categories')
    .select('qc_id')
    .where('qc_id', '=', cateId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!category) throw notFound('Category not found');
  const { total } = await db
    .selectFrom('chat_questions')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where('qc_id', '=', cateId)
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  const count = Number(total);
  const shown = wrapPage(page, limit, count);
  const list = await db
    .selectFrom('chat_questions')
    .select(['q_id', inLang(lang, 'q_name', 'q_name')])
    .where('qc_id', '=', cateId)
    .where('active', '=', true)
    .orderBy('position')
    .orderBy('q_id')
    .limit(limit)
    .offset((shown - 1) * limit)
    .execute();
  return { list, total: count, page: shown };
}

/** 404 unless the question exists and is active; returns its category. */
export async function activeQuestion(db: DB, qId: number): Promise<{ q_id: number; qc_id: number }> {
  const row = await db
    .selectFrom('chat_questions')
    .select(['q_id', 'qc_id'])
    .where('q_id', '=', qId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound('Question not found');
  return row;
}

/** An active question named in `lang`, with its category (404 unless it exists and is active). */
export async function questionIn(
  db: DB,
  qId: number,
  lang: Lang,
): Promise<{ q_id: number; q_name: string; qc_id: number }> {
  const row = await db
    .selectFrom('chat_questions')
    .select(['q_id', inLang(lang, 'q_name', 'q_name'), 'qc_id'])
    .where('q_id', '=', qId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound('Question not found');
  return row;
}

/**
 * Questions related to `qId`: the editors' links first (in their order), then the other questions
 * of the same category, so that "another batch" always has somewhere to go.
 */
async function relatedOf(db: DB, qId: number, qcId: number, lang: Lang): Promise<ChatQuestionRef[]> {
  const linked = await db
    .selectFrom('chat_related_questions as r')
    .innerJoin('chat_questions as q', 'q.q_id', 'r.related_q_id')
    .select(['q.q_id', inLang(lang, 'q.q_name', 'q_name')])
    .where('r.q_id', '=', qId)
    .where('q.active', '=', true)
    .orderBy('r.position')
    .orderBy('q.q_id')
    .execute();
  const siblings = await db
    .selectFrom('chat_questions')
    .select(['q_id', inLang(lang, 'q_name', 'q_name')])
    .where('qc_id', '=', qcId)
    .where('active', '=', true)
    .where('q_id', '!=', qId)
    .orderBy('position')
    .orderBy('q_id')
    .execute();
  const seen = new Set(linked.map((q) => q.q_id));
  return [...linked, ...siblings.filter((q) => !seen.has(q.q_id))];
}

/** Batch `page` (wrapping around) of the questions related to `qId`. */
export async function relatedBatch(
  db: DB,
  qId: number,
  page: number,
  limit: number,
  lang: Lang,
): Promise<ChatQuestionPage> {
  const question = await activeQuestion(db, qId);
  const all = await relatedOf(db, qId, question.qc_id, lang);
  const shown = wrapPage(page, limit, all.length);
  return { list: all.slice((shown - 1) * limit, shown * limit), total: all.length, page: shown };
}

/** The hot questions of the welcome message, in their rank order. */
export async function hotQuestions(db: DB, limit: number, lang: Lang): Promise<ChatQuestionRef[]> {
  return db
    .selectFrom('chat_questions')
    .select(['q_id', inLang(lang, 'q_name', 'q_name')])
    .where('hot_rank', 'is not', null)
    .where('active', '=', true)
    .orderBy('hot_rank')
    .orderBy('q_id')
    .limit(limit)
    .execute();
}
