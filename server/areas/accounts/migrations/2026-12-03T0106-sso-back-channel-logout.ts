import { type Kysely, sql } from 'kysely';

/**
 * OpenID Connect Back-Channel Logout (issue 34, docs/decisions/single-sign-on.md): the provider's
 * session (`sid`) each portal session of a single sign-on began with, so that a logout token
 * naming only that `sid` ends those sessions; and the logout tokens taken (their `jti`, as
 * SHA-256), so that none is taken twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sso_session_links (
      token_hash text primary key,
      issuer text not null,
      sid text not null,
      uid integer not null references users(uid) on delete cascade,
      created_at timestamptz not null
    );
    create index sso_session_links_sid on sso_session_links (issuer, sid);
    create table sso_logout_tokens (
      jti_hash text primary key,
      expires_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table sso_logout_tokens;
    drop table sso_session_links;
  `.execute(db);
}
