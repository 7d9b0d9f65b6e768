import type { Row } from '../../db/schema.ts';
import type { OrderDraftData } from '../../../src/contract/order-editor/schemas.ts';
import type { DtpKind, GoodsType, OrderType, TempClass } from '../../../src/contract/orders/domain.ts';
import type { DB } from '../../db/database.ts';
import { maskedFields } from '../orders/masking.ts';
import { redactorOf } from '../orders/redaction.ts';

const iso = (value: Date | null): string | undefined => (value === null ? undefined : value.toISOString());

/**
 * An order as the editor's form: its fields, its goods lines that come from stock (a line
 * without one cannot be ordered again and is left out) and its boxes. The fields the order shows
 * masked (spec §3) are left empty and named in `cleared`: the patient's side never leaves the
 * server, in an edit or a copy alike. So is the remark when it restates the masked side in any
 * spelling (redaction.ts): a remark with asterisks would be saved with them.
 */
export async function formOfOrder(
  db: DB,
  order: Row<'orders'>,
): Promise<{ form: OrderDraftData; cleared: string[] }> {
  const goods = await db
    .selectFrom('order_goods')
    .select(['in_id', 'quantity'])
    .where('order_id', '=', order.id)
    .where('in_id', 'is not', null)
    .orderBy('id')
    .execute();
  const boxes = await db
    .selectFrom('order_boxes')
    .select('box_type')
    .where('order_id', '=', order.id)
    .orderBy('id')
    .execute();
  const form: OrderDraftData = {
    pr_id: order.pr_id,
    order_type: order.order_type as OrderType,
    to_goodstype: order.to_goodstype as GoodsType,
    is_dtp: order.is_dtp as DtpKind,
    temp_class: order.temp_class as TempClass,
    from_company: order.from_company,
    from_contact: order.from_contact,
    from_phone: order.from_phone,
    from_address: order.from_address,
    from_city_id: order.from_city_id,
    to_company: order.to_company,
    to_contact: order.to_contact,
    to_phone: order.to_phone,
    to_address: order.to_address,
    to_city_id: order.to_city_id,
    ho_id: order.ho_id,
    remark: order.remark,
    goods: goods.map((g) => ({ in_id: g.in_id as number, quantity: Number(g.quantity) })),
    boxes: boxes.map((b) => ({ box_type: b.box_type })),
    attachments: [],
  };
  const pickup = iso(order.pickup_at);
  const deliver = iso(order.deliver_by);
  if (pickup) form.pickup_at = pickup;
  if (deliver) form.deliver_by = deliver;
  const cleared = maskedFields(order).filter((field) => field in form);
  const redact = await redactorOf(db, order);
  if (redact.text(order.remark, 'customer') !== order.remark) cleared.push('remark');
  const out = form as Record<string, unknown>;
  for (const field of cleared) out[field] = '';
  return { form, cleared: [...cleared] };
}

/**
 * The columns the draft-box list shows and searches, from a draft's form: project, type, class,
 * parties, number of goods lines, and `search_text` (lower case: the parties, the project's
 * protocol number and name when it is the customer's, the order's number).
 */
export async function draftColumns(db: DB, cuId: number, data: OrderDraftData, orderId: number | null) {
  const prId = data.pr_id ?? null;
  const project =
    prId === null
      ? undefined
      : await db
          .selectFrom('projects')
          .select(['protocol_no', 'name'])
          .where('pr_id', '=', prId)
          .where('cu_id', '=', cuId)
          .executeTakeFirst();
  const order =
    orderId === null
      ? undefined
      : await db
          .selectFrom('orders')
          .select('order_no')
          .where('id', '=', orderId)
          .where('cu_id', '=', cuId)
          .executeTakeFirst();
  const from_company = data.from_company ?? '';
  const to_company = data.to_company ?? '';
  const text = [from_company, to_company, project?.protocol_no, project?.name, order?.order_no];
  return {
    pr_id: prId,
    order_type: data.order_type ?? null,
    temp_class: data.temp_class ?? null,
    from_company,
    to_company,
    goods_count: data.goods?.length ?? 0,
    search_text: text.filter(Boolean).join(' ').toLowerCase(),
  };
}
