import { type Kysely, sql } from 'kysely';

/**
 * Issue 34's second-factor policy (docs/decisions/second-factor-policy.md): a customer's
 * administrators may require a second factor of its people, beside the session policy (a column
 * of its row; a customer without a row requires none). A pending sign-in is now of one of two
 * purposes: 'code' (a 477, the person's code awaited) or 'enrol' (a 478: a person without a factor
 * in a customer that requires one, whose enrolment is awaited before any session).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table session_policies
      add column second_factor_required boolean not null default false;
    alter table pending_sign_ins
      add column purpose text not null default 'code' check (purpose in ('code', 'enrol'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table pending_sign_ins drop column purpose;
    alter table session_policies drop column second_factor_required;
  `.execute(db);
}
