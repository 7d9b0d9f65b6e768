import { type Kysely, sql } from 'kysely';

/**
 * The address book's site addresses were seeded without a region, so a hospital picked from the
 * address book left the editor's province, city and district empty. Each takes its site's region
 * (a district). Addresses that name a region keep it. Nothing to undo: the regions are right.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update addresses a set region_id = s.region_id
    from sites s
    where a.ho_id = s.ho_id and a.region_id is null and s.region_id is not null;
  `.execute(db);
}

export async function down(): Promise<void> {}
