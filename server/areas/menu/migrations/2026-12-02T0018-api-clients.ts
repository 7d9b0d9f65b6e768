import { type Kysely, sql } from 'kysely';

/**
 * The customer's API clients (`<lp-api-clients>`, opened from the account menu by a customer's
 * administrators): a hidden route `/customer-api-clients/index` in every group's menu that has
 * rows (a new database gets it from the menu seed instead, server/areas/menu/seed.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    with groups as (
      select distinct sg_id from menu_routes
      where not exists (select 1 from menu_routes m where m.path = '/customer-api-clients')
    ), parents as (
      insert into menu_routes (sg_id, parent_id, position, path, name, component, hidden, title, icon)
      select g.sg_id, null, 92, '/customer-api-clients', 'CustomerApiClients', 'layout', true, 'route.apiClients', 'audit'
      from groups g
      returning id, sg_id
    )
    insert into menu_routes (sg_id, parent_id, position, path, name, component, hidden, title, icon)
    select p.sg_id, p.id, 0, 'index', 'ApiClientsIndex', 'lp-api-clients', true, 'route.apiClients', 'audit'
    from parents p
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from menu_routes where path = '/customer-api-clients'`.execute(db);
}
