import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { OrderDraftData } from '../../src/contract/order-editor/schemas.ts';
import type { TempClass } from '../../src/contract/orders/domain.ts';
import type { DB } from '../db/database.ts';
import { draftColumns, formOfOrder } from '../areas/order-editor/forms.ts';

/**
 * Two drafts in a user's draft box of one customer, as someone who stopped mid-way leaves them:
 * a new order half typed (project, type, class, the start side and one goods line from stock),
 * and a copy of one of the customer's orders waiting for its times. Answers how many were made
 * (fewer when the customer has no project with stock, or no order to copy).
 */
export async function seedDemoDrafts(
  db: DB,
  owner: { uid: number; cuId: number },
  now: Date,
): Promise<number> {
  const line = await db
    .selectFrom('inventory as i')
    .innerJoin('projects as p', 'p.pr_id', 'i.pr_id')
    .select(['i.in_id', 'i.pr_id', 'i.temp_class', 'i.goods_type'])
    .where('i.cu_id', '=', owner.cuId)
    .where('p.status', '=', 'active')
    .where(sql<boolean>`i.quantity - i.reserved >= 2`)
    .where(sql<boolean>`i.temp_class = any(p.temp_classes)`)
    .orderBy('i.in_id')
    .executeTakeFirst();
  const start = await db
    .selectFrom('addresses')
    .select(['ad_id', 'company', 'contact', 'phone', 'address', 'region_id'])
    .where('cu_id', '=', owner.cuId)
    .where('deleted_at', 'is', null)
    .where('kind', 'in', ['start', 'both'])
    .orderBy('ad_id')
    .executeTakeFirst();
  const drafts: Array<{ data: OrderDraftData; mode: 'new' | 'copy'; order_id: number | null; at: Date }> = [];
  if (line) {
    const data: OrderDraftData = {
      pr_id: line.pr_id,
      order_type: 'supply',
      to_goodstype: line.goods_type as 1 | 2 | 3,
      is_dtp: 0,
      temp_class: line.temp_class as TempClass,
      goods: [{ in_id: line.in_id, quantity: 2 }],
      remark: '周五前确认收货医院',
    };
    if (start)
      Object.assign(data, {
        from_ad_id: start.ad_id,
        from_company: start.company,
        from_contact: start.contact,
        from_phone: start.phone,
        from_address: start.address,
        from_city_id: start.region_id,
      });
    drafts.push({ data, mode: 'new', order_id: null, at: new Date(now.getTime() - 2 * 3_600_000) });
  }
  const source = await db
    .selectFrom('orders')
    .selectAll()
    .where('cu_id', '=', owner.cuId)
    .where('is_dtp', '=', 0)
    .where('status', '=', 'finished')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (source) {
    const { form } = await formOfOrder(db, source);
    drafts.push({
      data: form,
      mode: 'copy',
      order_id: source.id,
      at: new Date(now.getTime() - 26 * 3_600_000),
    });
  }
  for (const d of drafts)
    await db
      .insertInto('order_drafts')
      .values({
        uid: owner.uid,
        cu_id: owner.cuId,
        mode: d.mode,
        order_id: d.order_id,
        idempotency_key: randomUUID(),
        data: JSON.stringify(d.data),
        ...(await draftColumns(db, owner.cuId, d.data, d.order_id)),
        saved_at: d.at,
        created_at: d.at,
      })
      .execute();
  return drafts.length;
}
