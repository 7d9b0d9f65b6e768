import { type Kysely, sql } from 'kysely';

/**
 * Export jobs (the download centre, `down-log`), print records (`common/printlog`) and the
 * development mailer's outbox (`common/email`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table export_jobs (
      id serial primary key,
      cu_id integer not null references customers(cu_id) on delete cascade,
      uid integer not null references users(uid) on delete cascade,
      kind text not null check (kind in ('xlsorder', 'xlsjinyu')),
      filter jsonb not null default '{}',
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
      total integer not null default 0,
      done integer not null default 0,
      name text not null,
      storage_key text,
      size bigint,
      error text,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      deleted_at timestamptz
    );
    create index export_jobs_owner on export_jobs(cu_id, uid, created_at desc) where deleted_at is null;

    create table print_records (
      id bigserial primary key,
      order_id integer not null references orders(id) on delete cascade,
      cu_id integer not null,
      uid integer references users(uid) on delete set null,
      kind text not null default 'waybill',
      at timestamptz not null default now()
    );
    create index print_records_order on print_records(order_id, at desc);

    create table mail_outbox (
      id bigserial primary key,
      cu_id integer not null,
      uid integer references users(uid) on delete set null,
      order_id integer references orders(id) on delete set null,
      recipients text[] not null,
      subject text not null,
      html text not null,
      text text not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_outbox; drop table print_records; drop table export_jobs;`.execute(db);
}
