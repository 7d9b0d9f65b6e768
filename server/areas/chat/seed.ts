import type { DB } from '../../db/database.ts';
import { saveAnswer } from './answers.ts';
import { WELCOME_KEY } from './config.ts';
import { CHAT_CATEGORIES, WELCOME } from './seed-content.ts';
import { CATEGORY_NAMES_EN, QUESTIONS_EN, WELCOME_EN } from './seed-content-en.ts';

const english = <T>(table: Readonly<Record<string, T>>, key: string): T => {
  const found = table[key];
  if (found === undefined) throw new Error(`chat seed: no English text for "${key}"`);
  return found;
};

/**
 * Seeds the customer-service chat: categories, questions, answers (through saveAnswer, so they
 * are sanitized like any other), related questions, hot questions and the welcome text, each in
 * zh-CN and English (seed-content-en.ts).
 * Runs inside seedDemo's transaction (`db` may be a transaction).
 */
export async function seedChat(db: DB, options: { servicePhone: string }): Promise<void> {
  const ids = new Map<string, number>();
  for (const [position, category] of CHAT_CATEGORIES.entries()) {
    const { qc_id } = await db
      .insertInto('chat_categories')
      .values({ qc_name: category.name, qc_name_en: english(CATEGORY_NAMES_EN, category.name), position })
      .returning('qc_id')
      .executeTakeFirstOrThrow();
    for (const [qPosition, question] of category.questions.entries()) {
      const en = english(QUESTIONS_EN, question.key);
      const { q_id } = await db
        .insertInto('chat_questions')
        .values({
          qc_id,
          q_name: question.q,
          q_name_en: en.q,
          keywords: question.keywords,
          keywords_en: en.keywords,
          position: qPosition,
          hot_rank: question.hot ?? null,
        })
        .returning('q_id')
        .executeTakeFirstOrThrow();
      ids.set(question.key, q_id);
      const phone = (html: string) => html.replaceAll('{phone}', options.servicePhone);
      await saveAnswer(db, { q_id, text: phone(question.answer), text_en: phone(en.answer) });
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
    .values([
      { key: WELCOME_KEY['zh-CN'], value: WELCOME },
      { key: WELCOME_KEY.en, value: WELCOME_EN },
    ])
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}
