import type { DB } from '../../db/database.ts';
import { saveAnswer } from './answers.ts';
import { CHAT_CATEGORIES, WELCOME } from './seed-content.ts';

/**
 * Seeds the customer-service chat: categories, questions, answers (through saveAnswer, so they
 * are sanitized like any other), related questions, hot questions and the welcome text.
 * Runs inside seedDemo's transaction (`db` may be a transaction).
 */
export async function seedChat(db: DB, options: { servicePhone: string }): Promise<void> {
  const ids = new Map<string, number>();
  for (const [position, category] of CHAT_CATEGORIES.entries()) {
    const { qc_id } = await db
      .insertInto('chat_categories')
      .values({ qc_name: category.name, position })
      .returning('qc_id')
      .executeTakeFirstOrThrow();
    for (const [qPosition, question] of category.questions.entries()) {
      const { q_id } = await db
        .insertInto('chat_questions')
        .values({
          qc_id,
          q_name: question.q,
          keywords: question.keywords,
          position: qPosition,
          hot_rank: question.hot ?? null,
        })
        .returning('q_id')
        .executeTakeFirstOrThrow();
      ids.set(question.key, q_id);
      await saveAnswer(db, { q_id, text: question.answer.replaceAll('{phone}', options.servicePhone) });
    }
  }
  const links = CHAT_CATEGORIES.flatMap((category) =>
    category.questions.flatMap((question) =>
      (question.related ?? []).map((key, position) => {
        const related = ids.get(key);
        if (related === undefined) throw new Error(`chat seed: unknown related question "${key}"`);
        return { q_id: ids.get(question.key)!, related_q_id: related, position };
      }),
    ),
  );
  if (links.length > 0) await db.insertInto('chat_related_questions').values(links).execute();
  await db
    .insertInto('app_settings')
    .values({ key: 'chat_welcome', value: WELCOME })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
