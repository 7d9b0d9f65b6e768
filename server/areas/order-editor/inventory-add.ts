import type { InventoryAddAnswer } from '../../../src/contract/order-editor/schemas.ts';
import type { TempClass } from '../../../src/contract/orders/domain.ts';
import { caseNo } from '../../../src/contract/excursions/domain.ts';
import type { DB } from '../../db/database.ts';
import { heldBy } from '../inventory/reservations.ts';
import { chinaDay } from '../inventory/stock.ts';
import { customerProjects } from '../master-data/projects.ts';

const DAY = 86_400_000;

/**
 * `inventory-detail-add`: the form's goods lines checked against the customer's stock. A line
 * is refused when it is not the customer's (`not_found`: nothing says whether it exists), of
 * another project or class than asked, expired by the pickup day, or short of the quantity
 * (what the order being edited holds counts as available to it), or held back by a temperature
 * excursion (`on_hold`, `quarantined`, with the case's number). A line taken carries a warning
 * when it expires before the project's delivery limit after pickup (`before_delivery`) or within
 * 30 days of pickup (`within_30_days`).
 */
export async function inventoryAdd(
  db: DB,
  owner: { cuId: number },
  input: {
    pr_id?: number | undefined;
    temp_class?: TempClass | undefined;
    pickup_at?: string | undefined;
    lines: Array<{ in_id: number; quantity: number }>;
    order_id?: number | undefined;
  },
  now: Date,
): Promise<InventoryAddAnswer> {
  const pickup = input.pickup_at ? new Date(input.pickup_at) : now;
  const pickupDay = chinaDay(pickup);
  const project = input.pr_id
    ? (await customerProjects(db, owner.cuId)).find((p) => p.pr_id === input.pr_id)
    : undefined;
  const limitHours = project?.time_limit_hours ?? null;
  const deliveryDay =
    limitHours === null ? null : chinaDay(new Date(pickup.getTime() + limitHours * 3_600_000));
  const soonDay = chinaDay(new Date(pickup.getTime() + 30 * DAY));
  let held = new Map<number, number>();
  if (input.order_id !== undefined) {
    const order = await db
      .selectFrom('orders')
      .select('id')
      .where('id', '=', input.order_id)
      .where('cu_id', '=', owner.cuId)
      .executeTakeFirst();
    if (order) held = await heldBy(db, order.id);
  }
  const rows = await db
    .selectFrom('inventory')
    .select([
      'in_id',
      'pr_id',
      'goods_type',
      'code',
      'name',
      'spec',
      'batch_no',
      (eb) => eb.fn<string | null>('to_char', [eb.ref('expiry'), eb.val('YYYY-MM-DD')]).as('expiry'),
      'quantity',
      'reserved',
      'unit',
      'depot',
      'temp_class',
      'hold',
      (eb) =>
        eb
          .selectFrom('excursion_lines as xl')
          .select((x) => x.fn.max('xl.case_id').as('case_id'))
          .whereRef('xl.in_id', '=', 'inventory.in_id')
          .as('case_id'),
    ])
    .where('cu_id', '=', owner.cuId)
    .where(
      'in_id',
      'in',
      input.lines.map((l) => l.in_id),
    )
    .execute();
  const byId = new Map(rows.map((r) => [r.in_id, r]));
  const answer: InventoryAddAnswer = { list: [], refused: [] };
  for (const l of input.lines) {
    const row = byId.get(l.in_id);
    if (!row) {
      answer.refused.push({ in_id: l.in_id, reason: 'not_found', available: 0 });
      continue;
    }
    const available =
      Math.round((Number(row.quantity) - Number(row.reserved) + (held.get(row.in_id) ?? 0)) * 1000) / 1000;
    const refuse = (reason: InventoryAddAnswer['refused'][number]['reason']) =>
      answer.refused.push({ in_id: l.in_id, reason, available });
    if (row.hold !== 'none')
      answer.refused.push({
        in_id: l.in_id,
        reason: row.hold,
        available,
        ...(row.case_id ? { case_no: caseNo(row.case_id) } : {}),
      });
    else if (input.pr_id !== undefined && row.pr_id !== input.pr_id) refuse('other_project');
    else if (input.temp_class !== undefined && row.temp_class !== input.temp_class)
      refuse('other_temp_class');
    else if (row.expiry !== null && row.expiry < pickupDay) refuse('expired');
    else if (l.quantity > available) refuse('not_enough');
    else
      answer.list.push({
        in_id: row.in_id,
        pr_id: row.pr_id,
        goods_type: row.goods_type as 1 | 2 | 3,
        code: row.code,
        name: row.name,
        spec: row.spec,
        batch_no: row.batch_no,
        expiry: row.expiry,
        quantity: l.quantity,
        available,
        unit: row.unit,
        depot: row.depot,
        temp_class: row.temp_class as TempClass,
        warning:
          row.expiry === null
            ? null
            : deliveryDay !== null && row.expiry < deliveryDay
              ? 'before_delivery'
              : row.expiry < soonDay
                ? 'within_30_days'
                : null,
      });
  }
  return answer;
}
