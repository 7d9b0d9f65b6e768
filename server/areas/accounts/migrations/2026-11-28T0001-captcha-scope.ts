import { type Kysely, sql } from 'kysely';

/**
 * Captchas of several uses: a login's (keyed by username) and an order-tracking lookup's (keyed
 * by order number and client address). `scope` tells them apart; the login's rows keep their key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table captchas add column scope text not null default 'login';
    alter table captchas drop constraint captchas_pkey;
    alter table captchas add primary key (scope, username);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from captchas where scope <> 'login';
    alter table captchas drop constraint captchas_pkey;
    alter table captchas drop column scope;
    alter table captchas add primary key (username);
  `.execute(db);
}
