import { type Kysely, sql } from 'kysely';

/** The menu tree per user group, tracking events and front-end error reports. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table menu_routes (
      id serial primary key,
      sg_id integer references user_groups(sg_id) on delete cascade,
      parent_id integer references menu_routes(id) on delete cascade,
      position integer not null default 0,
      path text not null,
      name text not null,
      component text not null,
      hidden boolean not null default false,
      title text not null,
      icon text,
      roles jsonb,
      affix boolean not null default false,
      no_cache boolean not null default false,
      active_menu text
    );
    create index menu_routes_group on menu_routes(sg_id, parent_id, position);
    create table tracking_events (
      id bigserial primary key,
      created_at timestamptz not null default now(),
      uid integer,
      client_time text not null default '',
      customer text not null default '',
      account text not null default '',
      role text not null default '',
      page text not null default '',
      element text not null default '',
      description text not null default '',
      type integer not null default 2,
      element_code integer not null
    );
    create table error_logs (
      id bigserial primary key,
      created_at timestamptz not null default now(),
      uid integer,
      url text not null,
      message text not null,
      tag text not null default '',
      type text not null default '',
      cu_id text not null default '',
      user_agent text not null default ''
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table error_logs; drop table tracking_events; drop table menu_routes;`.execute(db);
}
