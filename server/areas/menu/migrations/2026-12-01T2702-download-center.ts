import { type Kysely, sql } from 'kysely';

/**
 * The download centre's element is `lp-download-center` (was `lp-download-centre`), spelled as
 * `lp-help-center` and every other public name: the menu rows already written name the new tag,
 * so that the host loads the element the build has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update menu_routes set component = 'lp-download-center' where component = 'lp-download-centre'`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update menu_routes set component = 'lp-download-centre' where component = 'lp-download-center'`.execute(
    db,
  );
}
