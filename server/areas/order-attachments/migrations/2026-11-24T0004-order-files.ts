import { type Kysely, sql } from 'kysely';

/**
 * Stored files (content kept by the storage interface under `storage_key`, SHA-256 kept) and the
 * orders' attachments with their audit state. A file belongs to one customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table files (
      file_id serial primary key,
      cu_id integer not null references customers(cu_id) on delete cascade,
      uid integer references users(uid) on delete set null,
      name text not null,
      media_type text not null,
      size bigint not null,
      sha256 text not null,
      storage_key text not null unique,
      created_at timestamptz not null default now()
    );
    create index files_cu on files(cu_id);

    create table order_attachments (
      id serial primary key,
      order_id integer not null references orders(id) on delete cascade,
      file_id integer not null references files(file_id) on delete cascade,
      kind text not null
        check (kind in ('packing_list', 'temperature_report', 'pod', 'customs', 'print_scan', 'other')),
      status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
      reason text not null default '',
      source text not null default 'customer' check (source in ('customer', 'provider')),
      uploaded_by integer references users(uid) on delete set null,
      uploaded_at timestamptz not null default now(),
      audited_by text,
      audited_at timestamptz
    );
    create index order_attachments_order on order_attachments(order_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table order_attachments; drop table files;`.execute(db);
}
