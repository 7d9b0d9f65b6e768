import { type Kysely, sql } from 'kysely';

/**
 * A line's reorder level (`low_level`, in the line's unit; null: none set): the home page's
 * overview lists the lines whose available stock (quantity − reserved) is at or below it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table inventory add column low_level numeric(14, 3) check (low_level >= 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table inventory drop column low_level;`.execute(db);
}
