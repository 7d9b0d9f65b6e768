import type { DB } from '../../db/database.ts';

interface SeedRoute {
  path: string;
  name: string;
  component: string;
  title: string;
  icon?: string;
  hidden?: boolean;
  noCache?: boolean;
  affix?: boolean;
  activeMenu?: string;
  roles?: string[];
  children?: SeedRoute[];
}

/**
 * The spec's menu (§2): orders (list, create, drafts, attachments, view), excursion cases, inventory (with the
 * material-inventory child), projects, addresses, hospitals, cities and the help centre.
 * `component` is the tag of the element that renders the page; titles are i18n keys.
 */
export const DEFAULT_MENU: SeedRoute[] = [
  {
    path: '/customer-order',
    name: 'CustomerOrder',
    component: 'layout',
    title: 'route.order',
    icon: 'order',
    children: [
      {
        path: 'index',
        name: 'OrderIndex',
        component: 'lp-order-list',
        title: 'route.orderIndex',
        icon: 'list',
      },
      {
        path: 'create',
        name: 'OrderCreate',
        component: 'lp-order-editor',
        title: 'route.orderCreate',
        icon: 'edit',
        noCache: false,
      },
      {
        path: 'draft',
        name: 'OrderDraft',
        component: 'lp-order-drafts',
        title: 'route.orderDraft',
        icon: 'draft',
      },
      {
        path: 'attachment',
        name: 'OrderAttachment',
        component: 'lp-order-attachments',
        title: 'route.orderAttachment',
        icon: 'attachment',
      },
      {
        path: 'view/:id',
        name: 'OrderView',
        component: 'lp-order-view',
        title: 'route.orderView',
        hidden: true,
        activeMenu: '/customer-order/index',
      },
      {
        path: 'download',
        name: 'OrderDownload',
        component: 'lp-download-center',
        title: 'route.orderDownload',
        hidden: true,
        activeMenu: '/customer-order/index',
      },
    ],
  },
  {
    // temperature-excursion cases: the cold chain of the orders above
    path: '/excursion',
    name: 'Excursion',
    component: 'layout',
    title: 'route.excursion',
    icon: 'list',
    children: [
      {
        path: 'index',
        name: 'ExcursionIndex',
        component: 'lp-excursion-list',
        title: 'route.excursionIndex',
        icon: 'list',
      },
      {
        path: 'view/:id',
        name: 'ExcursionView',
        component: 'lp-excursion-case',
        title: 'route.excursionView',
        hidden: true,
        activeMenu: '/excursion/index',
      },
    ],
  },
  {
    path: '/customer-inventory',
    name: 'CustomerInventory',
    component: 'layout',
    title: 'route.inventory',
    icon: 'inventory',
    children: [
      {
        path: 'index-yp',
        name: 'InventoryYp',
        component: 'lp-inventory-table',
        title: 'route.inventoryYp',
        icon: 'inventory',
      },
      {
        path: 'index-material',
        name: 'InventoryMaterial',
        component: 'lp-material-inventory',
        title: 'route.materialInventory',
        icon: 'material',
      },
    ],
  },
  {
    path: '/customer-project',
    name: 'CustomerProject',
    component: 'layout',
    title: 'route.project',
    icon: 'project',
    children: [
      {
        path: 'index',
        name: 'ProjectIndex',
        component: 'lp-project-list',
        title: 'route.projectIndex',
        icon: 'project',
      },
      {
        path: 'view/:id',
        name: 'ProjectView',
        component: 'lp-project-view',
        title: 'route.projectView',
        hidden: true,
        activeMenu: '/customer-project/index',
      },
    ],
  },
  {
    path: '/customer-address',
    name: 'CustomerAddress',
    component: 'layout',
    title: 'route.address',
    icon: 'address',
    children: [
      {
        path: 'index',
        name: 'AddressIndex',
        component: 'lp-address-list',
        title: 'route.address',
        icon: 'address',
      },
    ],
  },
  {
    path: '/customer-hospital',
    name: 'CustomerHospital',
    component: 'layout',
    title: 'route.hospital',
    icon: 'hospital',
    children: [
      {
        path: 'index',
        name: 'HospitalIndex',
        component: 'lp-hospital-list',
        title: 'route.hospital',
        icon: 'hospital',
      },
    ],
  },
  {
    path: '/customer-city',
    name: 'CustomerCity',
    component: 'layout',
    title: 'route.city',
    icon: 'city',
    children: [
      { path: 'index', name: 'CityIndex', component: 'lp-city-list', title: 'route.city', icon: 'city' },
    ],
  },
  {
    // the customer's audit trail, for its administrators: opened from the account menu
    path: '/customer-audit',
    name: 'CustomerAudit',
    component: 'layout',
    title: 'route.audit',
    icon: 'audit',
    hidden: true,
    children: [
      {
        path: 'index',
        name: 'AuditIndex',
        component: 'lp-audit-log',
        title: 'route.auditLog',
        icon: 'audit',
        hidden: true,
      },
    ],
  },
  {
    // the customer's webhooks, for its administrators: opened from the account menu
    path: '/customer-webhooks',
    name: 'CustomerWebhooks',
    component: 'layout',
    title: 'route.webhooks',
    icon: 'audit',
    hidden: true,
    children: [
      {
        path: 'index',
        name: 'WebhooksIndex',
        component: 'lp-webhook-endpoints',
        title: 'route.webhooks',
        icon: 'audit',
        hidden: true,
      },
    ],
  },
  {
    // the customer's API clients, for its administrators: opened from the account menu
    path: '/customer-api-clients',
    name: 'CustomerApiClients',
    component: 'layout',
    title: 'route.apiClients',
    icon: 'audit',
    hidden: true,
    children: [
      {
        path: 'index',
        name: 'ApiClientsIndex',
        component: 'lp-api-clients',
        title: 'route.apiClients',
        icon: 'audit',
        hidden: true,
      },
    ],
  },
  {
    path: '/help-center',
    name: 'HelpCenter',
    component: 'layout',
    title: 'route.help',
    icon: 'help',
    children: [
      { path: 'index', name: 'HelpIndex', component: 'lp-help-center', title: 'route.help', icon: 'help' },
    ],
  },
];

/** Stores a menu tree for one user group (null: the default menu of groups without one). */
export async function seedMenu(
  db: DB,
  sgId: number | null,
  routes: SeedRoute[] = DEFAULT_MENU,
): Promise<void> {
  const insert = async (items: SeedRoute[], parentId: number | null) => {
    for (const [position, r] of items.entries()) {
      const row = await db
        .insertInto('menu_routes')
        .values({
          sg_id: sgId,
          parent_id: parentId,
          position,
          path: r.path,
          name: r.name,
          component: r.component,
          hidden: r.hidden ?? false,
          title: r.title,
          icon: r.icon ?? null,
          roles: r.roles ? JSON.stringify(r.roles) : null,
          affix: r.affix ?? false,
          no_cache: r.noCache ?? false,
          active_menu: r.activeMenu ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (r.children) await insert(r.children, row.id);
    }
  };
  await insert(routes, null);
}
