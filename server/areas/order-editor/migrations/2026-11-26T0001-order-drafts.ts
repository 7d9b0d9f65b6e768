import { type Kysely, sql } from 'kysely';

/**
 * The draft box and the files uploaded before their order exists.
 *
 * - `order_drafts`: a user's order form kept in one customer (another user of the customer does
 *   not see it), with its `version` (a stale save answers 409), the form as jsonb, the mode and
 *   the order edited or copied, the form's Idempotency-Key (a draft submitted after a reload
 *   still makes one order), and summary columns for the draft-box list.
 * - `pending_files`: a stored file (`files`) uploaded by a user of a customer while creating an
 *   order; `create` attaches it (and removes this row); a file never attached is removed after a day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table order_drafts (
      id serial primary key,
      uid integer not null references users(uid) on delete cascade,
      cu_id integer not null references customers(cu_id) on delete cascade,
      version integer not null default 1,
      mode text not null default 'new' check (mode in ('new', 'edit', 'copy')),
      order_id integer references orders(id) on delete set null,
      idempotency_key text not null,
      data jsonb not null,
      pr_id integer,
      order_type text,
      temp_class text,
      from_company text not null default '',
      to_company text not null default '',
      goods_count integer not null default 0,
      saved_at timestamptz not null default now(),
      created_at timestamptz not null default now(),
      unique (uid, cu_id, idempotency_key)
    );
    create index order_drafts_box on order_drafts(uid, cu_id, saved_at desc, id desc);

    create table pending_files (
      file_id integer primary key references files(file_id) on delete cascade,
      uid integer not null references users(uid) on delete cascade,
      cu_id integer not null references customers(cu_id) on delete cascade,
      kind text not null,
      created_at timestamptz not null default now()
    );
    create index pending_files_age on pending_files(created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table pending_files; drop table order_drafts;`.execute(db);
}
