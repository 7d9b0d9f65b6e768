import { type Kysely, sql } from 'kysely';

/**
 * A passkey challenge may also be for an administrator's reset of a member's factor
 * (`factor_reset`, second-factor-reset.ts; docs/decisions/passkeys.md): an administrator whose
 * factor is a passkey confirms the reset with it, and its challenge serves nothing else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table passkey_challenges drop constraint passkey_challenges_purpose_check;
    alter table passkey_challenges add constraint passkey_challenges_purpose_check
      check (purpose in ('register', 'sign_in', 'signature', 'factor_reset'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from passkey_challenges where purpose = 'factor_reset';
    alter table passkey_challenges drop constraint passkey_challenges_purpose_check;
    alter table passkey_challenges add constraint passkey_challenges_purpose_check
      check (purpose in ('register', 'sign_in', 'signature'));
  `.execute(db);
}
