import { type Kysely, sql } from 'kysely';

/** Accounts, customers, sessions, login throttling, captchas, one-time codes and the SMS outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table companies (
      co_id serial primary key,
      co_name text not null
    );
    create table customers (
      cu_id serial primary key,
      cu_name text not null,
      identifier text not null unique,
      co_id integer not null references companies(co_id),
      is_white boolean not null default false,
      pinyin text not null default ''
    );
    create table user_groups (
      sg_id integer primary key,
      name text not null,
      role_label text not null default ''
    );
    create table users (
      uid serial primary key,
      ur_account text not null unique,
      name text not null,
      avatar text not null default '',
      introduction text not null default '',
      mobile text not null default '',
      city text not null default '',
      sg_id integer not null references user_groups(sg_id),
      password_hash text not null,
      is_weak_password boolean not null default false,
      pass_flag smallint not null default 0,
      password_changed_at timestamptz not null default now(),
      default_cu_id integer references customers(cu_id),
      created_at timestamptz not null default now()
    );
    create table user_customers (
      uid integer not null references users(uid) on delete cascade,
      cu_id integer not null references customers(cu_id) on delete cascade,
      position integer not null default 0,
      primary key (uid, cu_id)
    );
    create table sessions (
      id bigserial primary key,
      token_hash text not null unique,
      uid integer not null references users(uid) on delete cascade,
      cu_id integer references customers(cu_id),
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      ended_at timestamptz,
      end_reason text
    );
    create index sessions_uid_live on sessions(uid) where ended_at is null;
    create table login_failures (
      username text primary key,
      failures integer not null default 0,
      last_failed_at timestamptz not null default now(),
      locked_until timestamptz
    );
    create table captchas (
      username text primary key,
      answer_hash text not null,
      expires_at timestamptz not null
    );
    create table one_time_codes (
      code_hash text primary key,
      kind text not null,
      uid integer not null references users(uid) on delete cascade,
      cu_id integer references customers(cu_id),
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );
    create table sms_codes (
      id bigserial primary key,
      uid integer not null references users(uid) on delete cascade,
      mobile text not null,
      code_hash text not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      attempts integer not null default 0,
      created_at timestamptz not null default now()
    );
    create index sms_codes_uid on sms_codes(uid, created_at desc);
    create table sms_outbox (
      id bigserial primary key,
      mobile text not null,
      body text not null,
      created_at timestamptz not null default now()
    );
    create table rate_limits (
      key text primary key,
      window_start timestamptz not null,
      hits integer not null
    );
    create table app_settings (
      key text primary key,
      value text not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table app_settings; drop table rate_limits; drop table sms_outbox; drop table sms_codes;
    drop table one_time_codes; drop table captchas; drop table login_failures; drop table sessions;
    drop table user_customers; drop table users; drop table user_groups; drop table customers;
    drop table companies;
  `.execute(db);
}
