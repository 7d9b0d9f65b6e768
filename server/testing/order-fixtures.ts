import { randomBytes } from 'node:crypto';
import type { OrderStatus, OrderType, TempClass } from '../../src/contract/orders/domain.ts';
import type { DB } from '../db/database.ts';
import { pinyinInitials } from '../core/pinyin.ts';
import { insertOrder, type NewOrder } from '../areas/orders/order-store.ts';

const suffix = () => randomBytes(4).toString('hex');

/** A project of a customer (a unique protocol number); options override its configuration. */
export async function createProject(
  db: DB,
  cuId: number,
  options: Partial<{
    name: string;
    protocol_no: string;
    required_attachments: string[];
    dtp_allowed: boolean;
    temp_classes: TempClass[];
    goods_types: number[];
    order_types: OrderType[];
    status: 'active' | 'closed';
    tags: string[];
    time_limit_hours: number | null;
    sponsor: string;
  }> = {},
): Promise<{ pr_id: number; protocol_no: string; name: string }> {
  const id = suffix();
  const values = {
    cu_id: cuId,
    protocol_no: options.protocol_no ?? `TP-${id}`,
    name: options.name ?? `测试项目${id}`,
    phase: 'III',
    sponsor: options.sponsor ?? '测试申办方',
    ...(options.order_types ? { order_types: options.order_types } : {}),
    ...(options.status ? { status: options.status } : {}),
    ...(options.tags ? { tags: options.tags } : {}),
    ...(options.time_limit_hours !== undefined ? { time_limit_hours: options.time_limit_hours } : {}),
    ...(options.required_attachments ? { required_attachments: options.required_attachments } : {}),
    ...(options.dtp_allowed !== undefined ? { dtp_allowed: options.dtp_allowed } : {}),
    ...(options.temp_classes ? { temp_classes: options.temp_classes } : {}),
    ...(options.goods_types ? { goods_types: options.goods_types } : {}),
  };
  return db
    .insertInto('projects')
    .values(values)
    .returning(['pr_id', 'protocol_no', 'name'])
    .executeTakeFirstOrThrow();
}

/** A trial site of a customer (pinyin initials of its name kept), linked to `prId` when given. */
export async function createSite(
  db: DB,
  cuId: number,
  options: { prId?: number; name?: string; regionId?: number | null; siteNo?: string } = {},
): Promise<{ ho_id: number; name: string }> {
  const name = options.name ?? `测试医院${suffix()}`;
  const site = await db
    .insertInto('sites')
    .values({
      cu_id: cuId,
      name,
      pinyin: pinyinInitials(name),
      department: '肿瘤科',
      investigator: '王医生',
      phone: '021-60000000',
      address: '测试路1号',
      region_id: options.regionId ?? null,
    })
    .returning(['ho_id', 'name'])
    .executeTakeFirstOrThrow();
  if (options.prId)
    await db
      .insertInto('project_sites')
      .values({ pr_id: options.prId, ho_id: site.ho_id, site_no: options.siteNo ?? '' })
      .execute();
  return site;
}

export type FixtureOrderOptions = Partial<Omit<NewOrder, 'cu_id'>> & {
  status?: OrderStatus;
  order_type?: OrderType;
};

/**
 * An order of customer `cuId` in `status` (default `pending_confirm`) with one goods line and one
 * box; every field can be overridden. Parties get unique names so a test can search for them.
 */
export async function createOrder(
  db: DB,
  cuId: number,
  options: FixtureOrderOptions = {},
  now: Date = new Date(),
): Promise<{ id: number; order_no: string; from_company: string; to_company: string; to_contact: string }> {
  const id = suffix();
  const order: NewOrder = {
    cu_id: cuId,
    pr_id: null,
    order_type: 'supply',
    status: 'pending_confirm',
    is_dtp: 0,
    to_goodstype: 1,
    temp_class: 'chilled',
    from_company: `起运仓库${id}`,
    from_contact: `发货人${id}`,
    from_phone: '13900000001',
    from_address: `上海市浦东新区起运路${id}号`,
    from_city_id: null,
    to_company: `收货医院${id}`,
    to_contact: `收货人${id}`,
    to_phone: '13900000002',
    to_address: `北京市海淀区收货路${id}号`,
    to_city_id: null,
    ho_id: null,
    pickup_at: null,
    deliver_by: null,
    sign_name: null,
    signed_at: null,
    merged_into: null,
    cancel_reason: null,
    created_by: null,
    goods: [
      {
        goods_type: 1,
        name: '试验药品A',
        code: 'IP-A',
        batch_no: 'B001',
        expiry: '2027-12-31',
        quantity: 10,
        unit: '盒',
      },
    ],
    boxes: [{ box_type: '2-8°C 保温箱 (M)', logger_id: `LG-${id}`, weight_kg: 6.5 }],
    ...options,
  };
  const row = await db.transaction().execute((trx) => insertOrder(trx, order, now));
  return {
    ...row,
    from_company: order.from_company,
    to_company: order.to_company,
    to_contact: order.to_contact,
  };
}

/**
 * Makes orders the longest unchanged of the database (`updated_at` in 2000): the provider's
 * `open-orders` lists the oldest change first, and a worker's database holds other test files'
 * open orders too.
 */
export async function makeOldest(db: DB, ids: readonly number[]): Promise<void> {
  await db
    .updateTable('orders')
    .set({ updated_at: '2000-01-01T00:00:00Z' })
    .where('id', 'in', [...ids])
    .execute();
}
