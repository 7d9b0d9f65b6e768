import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { WELCOME_KEY } from '../config.ts';
import { sanitizeRichText } from '../sanitize.ts';
import { CHAT_CATEGORIES } from '../seed-content.ts';
import { CATEGORY_NAMES_EN, QUESTIONS_EN, WELCOME_EN } from '../seed-content-en.ts';

/**
 * Installations seeded before the knowledge base had English: the seeded categories, questions
 * and first answers (found by their Chinese text, untouched by editors) get their English text,
 * and the English welcome is added. Anything already translated, or edited since, is left alone.
 * Answers naming the service phone are translated only when the phone is in app_settings.
 */
export async function up(raw: Kysely<unknown>): Promise<void> {
  const db = raw as unknown as Kysely<Database>;
  const phone = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'service_phone')
    .executeTakeFirst();
  const seeded = await db.selectFrom('chat_questions').select('q_id').limit(1).executeTakeFirst();
  if (!seeded) return;
  for (const category of CHAT_CATEGORIES) {
    const name = CATEGORY_NAMES_EN[category.name];
    if (name)
      await db
        .updateTable('chat_categories')
        .set({ qc_name_en: name })
        .where('qc_name', '=', category.name)
        .where('qc_name_en', 'is', null)
        .execute();
    for (const question of category.questions) {
      const en = QUESTIONS_EN[question.key];
      if (!en) continue;
      const rows = await db
        .updateTable('chat_questions')
        .set({ q_name_en: en.q, keywords_en: en.keywords })
        .where('q_name', '=', question.q)
        .where('q_name_en', 'is', null)
        .returning('q_id')
        .execute();
      const needsPhone = en.answer.includes('{phone}');
      if (rows.length === 0 || (needsPhone && !phone)) continue;
      const fill = (html: string) => html.replaceAll('{phone}', phone?.value ?? '');
      for (const { q_id } of rows)
        await db
          .updateTable('chat_answers')
          .set({ text_en: sanitizeRichText(fill(en.answer)) })
          .where('q_id', '=', q_id)
          .where('text_en', 'is', null)
          .where('text', '=', sanitizeRichText(fill(question.answer)))
          .execute();
    }
  }
  await db
    .insertInto('app_settings')
    .values({ key: WELCOME_KEY.en, value: WELCOME_EN })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export async function down(): Promise<void> {
  // The English texts stay: the columns go with the previous migration's down.
}
