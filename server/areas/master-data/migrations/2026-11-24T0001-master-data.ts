import { type Kysely, sql } from 'kysely';

/**
 * The master data orders stand on: the region tree (province → city → district), projects
 * (clinical trials) with their order configuration, sites (hospital departments with an
 * investigator), and the customer's addresses. Also who may approve orders (`can_approve`) and
 * which customers approve their orders internally (`requires_approval`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm;`.execute(db);
  await sql`
    alter table customers add column requires_approval boolean not null default false;
    alter table user_customers add column can_approve boolean not null default false;

    create table regions (
      region_id integer primary key,
      parent_id integer references regions(region_id),
      level smallint not null check (level between 1 and 3),
      name text not null,
      name_en text not null default '',
      pinyin text not null default '',
      served boolean not null default true
    );
    create index regions_parent on regions(parent_id);

    create table projects (
      pr_id serial primary key,
      cu_id integer not null references customers(cu_id) on delete cascade,
      protocol_no text not null,
      name text not null,
      phase text not null default '',
      sponsor text not null default '',
      status text not null default 'active' check (status in ('active', 'closed')),
      goods_types smallint[] not null default '{1,2,3}',
      temp_classes text[] not null default '{ambient,chilled,frozen,deep_frozen,cryo}',
      order_types text[] not null default '{supply,sample,dtp,return,destroy,custom}',
      required_attachments text[] not null default '{}',
      dtp_allowed boolean not null default false,
      tags text[] not null default '{}',
      time_limit_hours integer,
      created_at timestamptz not null default now(),
      unique (cu_id, protocol_no)
    );

    create table sites (
      ho_id serial primary key,
      cu_id integer not null references customers(cu_id) on delete cascade,
      name text not null,
      department text not null default '',
      investigator text not null default '',
      phone text not null default '',
      address text not null default '',
      region_id integer references regions(region_id),
      pinyin text not null default '',
      created_at timestamptz not null default now()
    );
    create index sites_cu on sites(cu_id);

    create table project_sites (
      pr_id integer not null references projects(pr_id) on delete cascade,
      ho_id integer not null references sites(ho_id) on delete cascade,
      site_no text not null default '',
      primary key (pr_id, ho_id)
    );

    create table addresses (
      ad_id serial primary key,
      cu_id integer not null references customers(cu_id) on delete cascade,
      kind text not null default 'both' check (kind in ('start', 'stop', 'both')),
      business_type text not null default 'general',
      company text not null,
      contact text not null,
      phone text not null,
      address text not null,
      region_id integer references regions(region_id),
      ho_id integer references sites(ho_id) on delete set null,
      pinyin text not null default '',
      version integer not null default 1,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    );
    create index addresses_cu on addresses(cu_id) where deleted_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table addresses; drop table project_sites; drop table sites; drop table projects; drop table regions;
    alter table user_customers drop column can_approve;
    alter table customers drop column requires_approval;
  `.execute(db);
}
