import type { Generated } from 'kysely';
import type { Json } from '../../db/columns.ts';

export interface MenuRoutesTable {
  id: Generated<number>;
  /** null: the menu of every group that has no menu of its own. */
  sg_id: number | null;
  parent_id: number | null;
  position: Generated<number>;
  path: string;
  name: string;
  component: string;
  hidden: Generated<boolean>;
  title: string;
  icon: string | null;
  roles: Json<string[]> | null;
  affix: Generated<boolean>;
  no_cache: Generated<boolean>;
  active_menu: string | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    menu_routes: MenuRoutesTable;
  }
}
