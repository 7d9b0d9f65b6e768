import type { ChatAnswer } from '../../../src/contract/chat/schemas.ts';
import type { Lang } from '../../../src/contract/messages.ts';
import type { DB } from '../../db/database.ts';
import { invalidField, notFound } from '../../core/errors.ts';
import { inLang } from './localized.ts';
import { sanitizeRichText } from './sanitize.ts';

/** Largest stored answer (after sanitizing), in characters. */
export const ANSWER_MAX = 20_000;

export interface AnswerInput {
  q_id: number;
  /** HTML as written by an editor; stored only in its sanitized form. */
  text: string;
  /** The English text, HTML like `text` (sanitized the same way); omitted: left as it is. */
  text_en?: string | null;
  position?: number;
  /** Given: replace this answer's text instead of adding one. */
  a_id?: number;
}

/**
 * The one way answers reach the database: the HTML is sanitized first (allow-list, see
 * sanitize.ts), so `answer-list` can hand `text` to the client as is.
 */
function clean(field: 'text' | 'text_en', html: string): string {
  const text = sanitizeRichText(html);
  if (text === '') throw invalidField(field, 'The answer is empty after sanitizing');
  if (text.length > ANSWER_MAX) {
    throw invalidField(field, 'The answer is longer than {max} characters', { max: ANSWER_MAX });
  }
  return text;
}

export async function saveAnswer(db: DB, input: AnswerInput): Promise<ChatAnswer> {
  const text = clean('text', input.text);
  const english =
    input.text_en === undefined
      ? {}
      : { text_en: input.text_en === null ? null : clean('text_en', input.text_en) };
  const question = await db
    .selectFrom('chat_questions')
    .select('q_id')
    .where('q_id', '=', input.q_id)
    .executeTakeFirst();
  if (!question) throw notFound('Question not found');
  if (input.a_id !== undefined) {
    const row = await db
      .updateTable('chat_answers')
      .set({
        text,
        ...english,
        updated_at: new Date(),
        ...(input.position !== undefined ? { position: input.position } : {}),
      })
      .where('a_id', '=', input.a_id)
      .where('q_id', '=', input.q_id)
      .returning(['a_id', 'text'])
      .executeTakeFirst();
    if (!row) throw notFound('Answer not found');
    return row;
  }
  return db
    .insertInto('chat_answers')
    .values({ q_id: input.q_id, text, ...english, position: input.position ?? 0 })
    .returning(['a_id', 'text'])
    .executeTakeFirstOrThrow();
}

/** The answers of a question, in order, in the caller's language (Chinese where not translated). */
export async function answersOf(db: DB, qId: number, lang: Lang): Promise<ChatAnswer[]> {
  return db
    .selectFrom('chat_answers')
    .select(['a_id', inLang(lang, 'text', 'text')])
    .where('q_id', '=', qId)
    .orderBy('position')
    .orderBy('a_id')
    .execute();
}
