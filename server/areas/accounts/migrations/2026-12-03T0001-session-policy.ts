import { type Kysely, sql } from 'kysely';

/**
 * Issue 34's session policy. Each customer's administrators may set how long its people's
 * sessions live (idle 5–480 min, absolute 1 h–7 days) and how many each person may hold at once
 * (1–5); a customer without a row has the defaults (idle: the server's SESSION_IDLE_MINUTES,
 * absolute 12 h, one session). A session remembers when its person signed in (a customer switch
 * carries it over, so switching never extends the absolute lifetime), and what it came from: the
 * browser and system its User-Agent named, and the client's address (the owner's session list).
 * Sessions from before have none: their sign-in is their start (`created_at`), their device '?'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table session_policies (
      cu_id integer primary key references customers(cu_id) on delete cascade,
      idle_minutes integer not null check (idle_minutes between 5 and 480),
      absolute_minutes integer not null check (absolute_minutes between 60 and 10080),
      max_sessions integer not null check (max_sessions between 1 and 5),
      updated_at timestamptz not null,
      updated_by integer references users(uid) on delete set null
    );
    alter table sessions
      add column signed_in_at timestamptz,
      add column agent text not null default '',
      add column address text not null default '';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sessions drop column signed_in_at, drop column agent, drop column address;
    drop table session_policies;
  `.execute(db);
}
