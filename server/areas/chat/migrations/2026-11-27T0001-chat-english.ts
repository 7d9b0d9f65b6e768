import { type Kysely, sql } from 'kysely';

/**
 * The knowledge base in English beside zh-CN: each category, question (name and search words) and
 * answer may carry an English text. Null (or empty search words) means "not translated yet": the
 * English caller then gets the Chinese text, never nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table chat_categories add column qc_name_en text;
    alter table chat_questions add column q_name_en text;
    alter table chat_questions add column keywords_en text not null default '';
    alter table chat_answers add column text_en text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table chat_answers drop column text_en;
    alter table chat_questions drop column keywords_en;
    alter table chat_questions drop column q_name_en;
    alter table chat_categories drop column qc_name_en;
  `.execute(db);
}
