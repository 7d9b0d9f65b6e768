import { type Kysely, sql } from 'kysely';

/**
 * The temperature-excursion cases (`<lp-excursion-list>` at `/excursion/index`, a case's page
 * `<lp-excursion-case>` at `/excursion/view/:id`, hidden): a menu group right after the orders
 * in every group's menu that has rows (position 0 like the orders, and a later id: the menu
 * sorts by position, then id). A new database gets it from the menu seed instead
 * (server/areas/menu/seed.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    with groups as (
      select distinct sg_id from menu_routes
      where not exists (select 1 from menu_routes m where m.path = '/excursion')
    ), parents as (
      insert into menu_routes (sg_id, parent_id, position, path, name, component, hidden, title, icon)
      select g.sg_id, null, 0, '/excursion', 'Excursion', 'layout', false, 'route.excursion', 'list'
      from groups g
      returning id, sg_id
    )
    insert into menu_routes (sg_id, parent_id, position, path, name, component, hidden, title, icon, active_menu)
    select p.sg_id, p.id, c.position, c.path, c.name, c.component, c.hidden, c.title, 'list', c.active_menu
    from parents p
    cross join (values
      (0, 'index', 'ExcursionIndex', 'lp-excursion-list', false, 'route.excursionIndex', null),
      (1, 'view/:id', 'ExcursionView', 'lp-excursion-case', true, 'route.excursionView', '/excursion/index')
    ) as c (position, path, name, component, hidden, title, active_menu)
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from menu_routes where parent_id in (select id from menu_routes where path = '/excursion');
    delete from menu_routes where path = '/excursion';
  `.execute(db);
}
