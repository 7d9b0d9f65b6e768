import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { sql } from 'kysely';
import type { DB } from '../../db/database.ts';

/**
 * The canonical content of what a signature signs (Part 11 §11.70: the signature is linked to the
 * record by technology, not by procedure): SHA-256 over its RFC 8785 JSON. A change of any of it
 * after the signature makes the hash differ, and the signature then shows as applying to an
 * earlier version of the record.
 */
export function contentHash(content: unknown): string {
  const json = canonicalize(content);
  if (json === undefined) throw new Error('signed content has no JSON form');
  return createHash('sha256').update(json).digest('hex');
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * What an approver of an order approves: its parties, times, goods and boxes, its project, site
 * and type: everything an edit may change (not its status, version, milestones or computed fields).
 */
export async function orderContent(db: DB, orderId: number): Promise<unknown> {
  const order = await db
    .selectFrom('orders')
    .select([
      'order_no',
      'pr_id',
      'order_type',
      'is_dtp',
      'to_goodstype',
      'temp_class',
      'from_company',
      'from_contact',
      'from_phone',
      'from_address',
      'from_city_id',
      'to_company',
      'to_contact',
      'to_phone',
      'to_address',
      'to_city_id',
      'ho_id',
      'pickup_at',
      'deliver_by',
      'remark',
    ])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const goods = await db
    .selectFrom('order_goods')
    .select(['in_id', 'goods_type', 'code', 'name', 'spec', 'batch_no', 'unit'])
    // as text in the database: the same on every driver (a date parsed as a local Date would not be)
    .select(sql<string | null>`to_char(expiry, 'YYYY-MM-DD')`.as('expiry'))
    .select(sql<string>`quantity::text`.as('quantity'))
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  const boxes = await db
    .selectFrom('order_boxes')
    .select(['box_type', 'logger_id'])
    .select(sql<string>`weight_kg::text`.as('weight'))
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
  return {
    ...order,
    pickup_at: iso(order.pickup_at),
    deliver_by: iso(order.deliver_by),
    goods,
    boxes,
  };
}

/**
 * What a reviewer of a document signs: the document's bytes (their SHA-256), its kind, name and
 * order (undefined once the document is gone).
 */
export async function attachmentContent(db: DB, attachmentId: number): Promise<unknown> {
  return db
    .selectFrom('order_attachments as a')
    .innerJoin('files as f', 'f.file_id', 'a.file_id')
    .select(['a.order_id', 'a.kind', 'f.name', 'f.sha256'])
    .select(sql<string>`f.size::text`.as('size'))
    .where('a.id', '=', attachmentId)
    .executeTakeFirst();
}
