import { type Kysely, sql } from 'kysely';

/**
 * A case's minutes out of range per temperature (`{"12.5": 20, …}`, analysis.ts
 * `outOfRangeMinutes`): what a later case of the same batch weighs against its product's bands
 * without reading this case's readings again (`npm run bench:readings`: opening a case slowed
 * with every earlier case of its batch, 315 → 1,605 ms at the median over 100 cases). Null for a
 * case opened before it: budgets.ts reads its readings then.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table excursion_cases add column out_minutes jsonb;`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table excursion_cases drop column out_minutes;`.execute(db);
}
