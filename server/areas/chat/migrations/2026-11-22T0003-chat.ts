import { type Kysely, sql } from 'kysely';

/**
 * The customer-service chat: categories, questions (with search keywords), answers (sanitized
 * HTML), related questions, chat sessions and comments. A comment may cover several answers;
 * `chat_comment_answers` holds one row per answer with the primary key (chat_session, a_id), which
 * is what makes "one comment per answer per session" hold even under concurrent requests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table chat_categories (
      qc_id serial primary key,
      qc_name text not null,
      position integer not null default 0,
      active boolean not null default true
    );
    create table chat_questions (
      q_id serial primary key,
      qc_id integer not null references chat_categories(qc_id) on delete cascade,
      q_name text not null,
      keywords text not null default '',
      position integer not null default 0,
      hot_rank integer,
      active boolean not null default true,
      updated_at timestamptz not null default now()
    );
    create index chat_questions_category on chat_questions(qc_id, position, q_id) where active;
    create index chat_questions_hot on chat_questions(hot_rank) where hot_rank is not null and active;
    create table chat_answers (
      a_id serial primary key,
      q_id integer not null references chat_questions(q_id) on delete cascade,
      position integer not null default 0,
      text text not null,
      updated_at timestamptz not null default now()
    );
    create index chat_answers_question on chat_answers(q_id, position, a_id);
    create table chat_related_questions (
      q_id integer not null references chat_questions(q_id) on delete cascade,
      related_q_id integer not null references chat_questions(q_id) on delete cascade,
      position integer not null default 0,
      primary key (q_id, related_q_id),
      check (q_id <> related_q_id)
    );
    create table chat_sessions (
      id text primary key,
      created_at timestamptz not null default now(),
      uid integer references users(uid) on delete set null
    );
    create table chat_comments (
      id serial primary key,
      chat_session text not null references chat_sessions(id) on delete cascade,
      uid integer references users(uid) on delete set null,
      cu_id integer references customers(cu_id) on delete set null,
      comment_type smallint not null check (comment_type in (1, 2)),
      comment_desc text not null default '' check (char_length(comment_desc) <= 200),
      comment_tag jsonb not null default '[]',
      created_at timestamptz not null default now()
    );
    create index chat_comments_created on chat_comments(created_at);
    create table chat_comment_answers (
      chat_session text not null references chat_sessions(id) on delete cascade,
      a_id integer not null references chat_answers(a_id) on delete cascade,
      comment_id integer not null references chat_comments(id) on delete cascade,
      primary key (chat_session, a_id)
    );
    create index chat_comment_answers_answer on chat_comment_answers(a_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table chat_comment_answers;
    drop table chat_comments;
    drop table chat_sessions;
    drop table chat_related_questions;
    drop table chat_answers;
    drop table chat_questions;
    drop table chat_categories;
  `.execute(db);
}
