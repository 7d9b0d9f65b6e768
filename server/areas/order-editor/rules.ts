import { Code } from '../../../src/contract/codes.ts';
import { fitsUnit } from '../../../src/contract/goods/quantity.ts';
import type { OrderValue } from '../../../src/contract/order-editor/schemas.ts';
import type { InventoryLine } from '../../../src/contract/inventory/schemas.ts';
import { ApiError } from '../../core/errors.ts';
import type { ServerMessage } from '../../core/messages.ts';
import type { DB } from '../../db/database.ts';
import { chinaDay, linesOf } from '../inventory/stock.ts';
import { projectOf } from '../master-data/projects.ts';
import { findRegionInfo } from '../master-data/regions.ts';

/** A goods line as the order will hold it, from its stock line. */
export interface ResolvedGoods {
  in_id: number;
  goods_type: number;
  code: string;
  name: string;
  spec: string;
  batch_no: string;
  expiry: string | null;
  quantity: number;
  unit: string;
}

/**
 * Checks an order as the form submits it against the customer's data (orders.md "Rules"), all
 * at once so the form can mark every field: another customer's project, site, address, stock
 * line or file answers 404; everything else that is wrong answers one 422 with a message per
 * field. `held`: what the order being edited holds already (it counts as available to it).
 * Answers the goods lines as the order will hold them.
 */
export async function checkOrder(
  db: DB,
  owner: { uid: number; cuId: number },
  input: OrderValue,
  now: Date,
  held: ReadonlyMap<number, number> = new Map(),
): Promise<ResolvedGoods[]> {
  const fields: Record<string, ServerMessage> = {};
  const project = await projectOf(db, owner.cuId, input.pr_id);
  const conf = project.conf;
  if (project.status !== 'active') fields.pr_id = 'This project is closed to new orders';
  if (!conf.order_types.includes(input.order_type)) fields.order_type = 'Not allowed in this project';
  if (!conf.goods_types.includes(input.to_goodstype)) fields.to_goodstype = 'Not allowed in this project';
  if (!conf.temp_classes.includes(input.temp_class)) fields.temp_class = 'Not allowed in this project';
  if (input.is_dtp !== 0 && !conf.dtp_allowed) fields.is_dtp = 'Not allowed in this project';

  for (const side of ['from_city_id', 'to_city_id'] as const) {
    const region = await findRegionInfo(db, input[side]);
    if (region?.level !== 3) fields[side] = 'Choose a district';
    else if (!region.served) fields[side] = 'This district is not served';
  }

  if (input.ho_id !== null) {
    const site = await db
      .selectFrom('sites as s')
      .leftJoin('project_sites as ps', (join) =>
        join.onRef('ps.ho_id', '=', 's.ho_id').on('ps.pr_id', '=', input.pr_id),
      )
      .select(['s.ho_id', 'ps.pr_id'])
      .where('s.ho_id', '=', input.ho_id)
      .where('s.cu_id', '=', owner.cuId)
      .executeTakeFirst();
    if (!site) throw new ApiError(Code.notFound, 'No such site');
    if (site.pr_id === null) fields.ho_id = 'This site is not in the project';
  }
  const addressIds = [input.from_ad_id, input.to_ad_id].filter((id): id is number => id !== null);
  if (addressIds.length > 0) {
    const found = await db
      .selectFrom('addresses')
      .select('ad_id')
      .where('ad_id', 'in', addressIds)
      .where('cu_id', '=', owner.cuId)
      .execute();
    if (addressIds.some((id) => !found.some((a) => a.ad_id === id)))
      throw new ApiError(Code.notFound, 'No such address');
  }

  const pickup = new Date(input.pickup_at);
  const deliverBy = input.deliver_by === null ? null : new Date(input.deliver_by);
  if (pickup.getTime() <= now.getTime()) fields.pickup_at = 'The pickup time must be in the future';
  if (deliverBy !== null && deliverBy.getTime() <= pickup.getTime())
    fields.deliver_by = 'The delivery time must be after the pickup time';

  const lines = await linesOf(
    db,
    owner.cuId,
    input.goods.map((g) => g.in_id),
    now,
  );
  const pickupDay = chinaDay(pickup);
  const deliveryDay = deliverBy === null ? null : chinaDay(deliverBy);
  input.goods.forEach((g, i) => {
    const line = lines[i] as InventoryLine;
    const available = line.available + (held.get(line.in_id) ?? 0);
    if (line.pr_id !== input.pr_id) fields[`goods.${i}.in_id`] = 'This stock belongs to another project';
    else if (line.temp_class !== input.temp_class)
      fields[`goods.${i}.in_id`] = 'Stored at another temperature class';
    else if (line.expiry !== null && line.expiry < pickupDay)
      fields[`goods.${i}.in_id`] = 'This batch has expired by the pickup day';
    else if (line.expiry !== null && deliveryDay !== null && line.expiry < deliveryDay)
      fields[`goods.${i}.in_id`] = 'This batch expires before the delivery';
    if (!fitsUnit(g.quantity, line.unit))
      fields[`goods.${i}.quantity`] = 'This item is counted in whole units: enter a whole number';
    else if (g.quantity > available) fields[`goods.${i}.quantity`] = 'More than is available';
  });

  for (const a of input.attachments) {
    const pending = await db
      .selectFrom('pending_files')
      .select('file_id')
      .where('file_id', '=', a.file_id)
      .where('uid', '=', owner.uid)
      .where('cu_id', '=', owner.cuId)
      .executeTakeFirst();
    if (!pending) throw new ApiError(Code.notFound, 'No such file');
  }

  if (Object.keys(fields).length > 0)
    throw new ApiError(Code.invalid, 'Please correct the marked fields', null, { fields });
  return input.goods.map((g, i) => {
    const line = lines[i] as InventoryLine;
    return {
      in_id: line.in_id,
      goods_type: line.goods_type,
      code: line.code,
      name: line.name,
      spec: line.spec,
      batch_no: line.batch_no,
      expiry: line.expiry,
      quantity: g.quantity,
      unit: line.unit,
    };
  });
}
