import type { ChatAnswer } from '../../../src/contract/chat/schemas.ts';
import type { DB } from '../../db/database.ts';
import { invalidField, notFound } from '../../core/errors.ts';
import { sanitizeRichText } from './sanitize.ts';

/** Largest stored answer (after sanitizing), in characters. */
export const ANSWER_MAX = 20_000;

export interface AnswerInput {
  q_id: number;
  /** HTML as written by an editor; stored only in its sanitized form. */
  text: string;
  position?: number;
  /** Given: replace this answer's text instead of adding one. */
  a_id?: number;
}

/**
 * The one way answers reach the database: the HTML is sanitized first (allow-list, see
 * sanitize.ts), so `answer-list` can hand `text` to the client as is.
 */
export async function saveAnswer(db: DB, input: AnswerInput): Promise<ChatAnswer> {
  const text = sanitizeRichText(input.text);
  if (text === '') throw invalidField('text', 'The answer is empty after sanitizing');
  if (text.length > ANSWER_MAX) {
    throw invalidField('text', 'The answer is longer than {max} characters', { max: ANSWER_MAX });
  }
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
    .values({ q_id: input.q_id, text, position: input.position ?? 0 })
    .returning(['a_id', 'text'])
    .executeTakeFirstOrThrow();
}

/** The answers of a question, in order. */
export async function answersOf(db: DB, qId: number): Promise<ChatAnswer[]> {
  return db
    .selectFrom('chat_answers')
    .select(['a_id', 'text'])
    .where('q_id', '=', qId)
    .orderBy('position')
    .orderBy('a_id')
    .execute();
}
