import type { AppRoute } from '../../src/stores/routes.ts';

/** One entry of the sidebar: a link, or a submenu of links. */
export interface MenuEntry {
  key: string;
  title: string;
  icon: string;
  path?: string;
  children?: MenuEntry[];
}

export const MATERIAL_INVENTORY_TITLE = 'route.materialInventory';
export const HELP_PREFIX = '/help-center';

const link = (route: AppRoute, icon?: string): MenuEntry => ({
  key: route.path,
  title: route.meta.title,
  icon: route.meta.icon ?? icon ?? 'list',
  path: route.path,
});

/**
 * Spec §2 sidebar: hidden routes are skipped; a group becomes a submenu only when several
 * visible children exist (one child is shown as a plain link); the material-inventory child is
 * left out of submenus; the help centre goes to the bottom.
 */
export function buildMenu(routes: readonly AppRoute[]): { main: MenuEntry[]; bottom: MenuEntry[] } {
  const main: MenuEntry[] = [];
  const bottom: MenuEntry[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    let entry: MenuEntry | null;
    if (route.children) {
      const visible = route.children.filter((c) => !c.hidden && c.meta.title !== MATERIAL_INVENTORY_TITLE);
      if (visible.length === 0) entry = null;
      else if (visible.length === 1) entry = link(visible[0]!, route.meta.icon);
      else
        entry = {
          key: route.path,
          title: route.meta.title,
          icon: route.meta.icon ?? 'list',
          children: visible.map((c) => link(c)),
        };
    } else entry = link(route);
    if (!entry) continue;
    (route.path.startsWith(HELP_PREFIX) ? bottom : main).push(entry);
  }
  return { main, bottom };
}
