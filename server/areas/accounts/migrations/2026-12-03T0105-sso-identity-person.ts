import { type Kysely, sql } from 'kysely';

/**
 * A person's active identities at their organisation's provider, by person: every
 * `user/get-user-info` asks whether its person signs there (the sign dialog's re-authentication),
 * and `user/sso-reauth-start` takes the newest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index sso_identities_person on sso_identities (uid, last_sign_in_at desc)
      where deactivated_at is null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index sso_identities_person`.execute(db);
}
