import type { OrderType, TempClass } from '../../src/contract/orders/domain.ts';
import type { DB } from '../db/database.ts';
import { createUser, type FixtureUser } from './fixtures.ts';
import { createAddress, createRegionTree, createStockLine } from './master-data-fixtures.ts';
import { createProject, createSite } from './order-fixtures.ts';

/** Options of `createEditorSetup` (everything has a default ready to order). */
export interface EditorSetupOptions {
  /** The customer's orders wait for approval (`pending_approval` on create). */
  requiresApproval?: boolean;
  /** The user may approve the customer's orders (`user_customers.can_approve`). */
  approver?: boolean;
  /** The project's required attachment kinds (default none). */
  requiredAttachments?: string[];
  dtpAllowed?: boolean;
  tempClasses?: TempClass[];
  orderTypes?: OrderType[];
  /** Extra fields of the user (`createUser`). */
  user?: Parameters<typeof createUser>[1];
}

/** What `createEditorSetup` made: ids a test fills the order form with. */
export interface EditorSetup {
  user: FixtureUser;
  cuId: number;
  project: { pr_id: number; protocol_no: string; name: string };
  /** A second project of the customer (its stock is not the first's). */
  otherProject: { pr_id: number; protocol_no: string; name: string };
  regions: {
    province: number;
    city: number;
    /** A district the provider serves. */
    district: number;
    /** A district of the same city that it does not serve. */
    unservedDistrict: number;
  };
  sites: Array<{ ho_id: number; name: string }>;
  addresses: { start: { ad_id: number; company: string }; stop: { ad_id: number; company: string } };
  stock: {
    /** Chilled drug of the project, 100 on hand, expiring in 2028. */
    chilled: { in_id: number; name: string };
    /** A second chilled drug of the project, 20 on hand. */
    chilledSmall: { in_id: number; name: string };
    /** Ambient drug of the project. */
    ambient: { in_id: number; name: string };
    /** Chilled drug of the project that expired in 2020. */
    expired: { in_id: number; name: string };
    /** Chilled drug of the other project. */
    otherProject: { in_id: number; name: string };
  };
}

/**
 * A user of one new customer with everything the order form needs: a project (chilled and
 * ambient, every goods type and order type), two sites of it, a served and an unserved district,
 * a start and a stop address in the served district, and stock lines of the project (plus an
 * expired one and one of another project).
 */
export async function createEditorSetup(db: DB, options: EditorSetupOptions = {}): Promise<EditorSetup> {
  const user = await createUser(db, options.user ?? {});
  const cuId = user.customers[0]!.cu_id;
  if (options.requiresApproval)
    await db.updateTable('customers').set({ requires_approval: true }).where('cu_id', '=', cuId).execute();
  if (options.approver)
    await db
      .updateTable('user_customers')
      .set({ can_approve: true })
      .where('uid', '=', user.uid)
      .where('cu_id', '=', cuId)
      .execute();
  const project = await createProject(db, cuId, {
    temp_classes: options.tempClasses ?? ['chilled', 'ambient'],
    goods_types: [1, 2, 3],
    order_types: options.orderTypes ?? ['supply', 'sample', 'dtp', 'return', 'destroy', 'custom'],
    dtp_allowed: options.dtpAllowed ?? true,
    required_attachments: options.requiredAttachments ?? [],
    time_limit_hours: 48,
  });
  const otherProject = await createProject(db, cuId);
  const tree = await createRegionTree(db);
  const unserved = tree.district.region_id + 3;
  await db
    .insertInto('regions')
    .values({
      region_id: unserved,
      parent_id: tree.city.region_id,
      level: 3,
      name: `未服务区${unserved}`,
      name_en: `Unserved ${unserved}`,
      served: false,
    })
    .execute();
  const sites = [
    await createSite(db, cuId, { prId: project.pr_id, regionId: tree.district.region_id, siteNo: '01' }),
    await createSite(db, cuId, { prId: project.pr_id, regionId: tree.district.region_id, siteNo: '02' }),
  ];
  const start = await createAddress(db, cuId, {
    kind: 'start',
    company: `上海中心仓${unserved}`,
    region_id: tree.district.region_id,
  });
  const stop = await createAddress(db, cuId, {
    kind: 'stop',
    region_id: tree.district.region_id,
    ho_id: sites[0]!.ho_id,
  });
  // the stock is in the depot the start address is (an order of it leaves from there)
  const line = (o: Parameters<typeof createStockLine>[2]) =>
    createStockLine(db, cuId, { depot: start.company, ...o });
  const stock = {
    chilled: await line({ pr_id: project.pr_id, temp_class: 'chilled', quantity: 100 }),
    chilledSmall: await line({ pr_id: project.pr_id, temp_class: 'chilled', quantity: 20 }),
    ambient: await line({ pr_id: project.pr_id, temp_class: 'ambient', quantity: 50 }),
    expired: await line({ pr_id: project.pr_id, temp_class: 'chilled', expiry: '2020-01-31' }),
    otherProject: await line({ pr_id: otherProject.pr_id, temp_class: 'chilled' }),
  };
  return {
    user,
    cuId,
    project,
    otherProject,
    regions: {
      province: tree.province.region_id,
      city: tree.city.region_id,
      district: tree.district.region_id,
      unservedDistrict: unserved,
    },
    sites,
    addresses: { start, stop },
    stock,
  };
}

/**
 * A complete order form for the setup (chilled supply from the start address to the first site,
 * 5 of the chilled line, one box, pickup tomorrow, delivery in three days): a test changes what
 * it checks.
 */
export function orderForm(setup: EditorSetup, now: Date = new Date()) {
  const day = 86_400_000;
  return {
    pr_id: setup.project.pr_id,
    order_type: 'supply' as const,
    to_goodstype: 1 as const,
    is_dtp: 0 as const,
    temp_class: 'chilled' as const,
    from_ad_id: setup.addresses.start.ad_id,
    from_company: setup.addresses.start.company,
    from_contact: '张发货',
    from_phone: '13900000001',
    from_address: '上海市浦东新区起运路1号',
    from_city_id: setup.regions.district,
    to_ad_id: setup.addresses.stop.ad_id,
    to_company: setup.addresses.stop.company,
    to_contact: '李收货',
    to_phone: '13900000002',
    to_address: '测试路1号',
    to_city_id: setup.regions.district,
    ho_id: setup.sites[0]!.ho_id,
    pickup_at: new Date(now.getTime() + day).toISOString(),
    deliver_by: new Date(now.getTime() + 3 * day).toISOString(),
    remark: '',
    goods: [{ in_id: setup.stock.chilled.in_id, quantity: 5 }],
    boxes: [{ box_type: '2-8°C 保温箱 (M)' }],
    attachments: [] as Array<{ file_id: number; kind: 'packing_list' | 'other' }>,
  };
}
