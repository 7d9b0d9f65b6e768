import { sql } from 'kysely';
import { TEMP_LIMITS, type TempClass } from '../../src/contract/orders/domain.ts';
import { OVERVIEW_EXPIRY_DAYS } from '../../src/contract/orders/overview.ts';
import type { DB } from '../db/database.ts';
import { assessReadings } from '../areas/orders/excursion.ts';
import { chinaDay, chinaDayStart } from '../areas/orders/list-query.ts';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** How far above the class's upper limit, and for how many readings, each level's bump goes. */
const BUMP = { low: { by: 1, readings: 2 }, medium: { by: 3, readings: 4 }, high: { by: 7.5, readings: 9 } };

type Moving = { id: number; temp_class: TempClass; excursion: string };

/**
 * Gives the home page's overview something in every block for the demo user's customer, on top of
 * the orders `seedDemoOrders` drew (relative to `now`, as they are): a moving order with an
 * excursion of each level (a bump in one logger's readings, the level assessed from them as the
 * server does), one due later today and one late, an accepted and a rejected modification
 * answered in the last days, stock lines at or below a reorder level, and a batch expiring within
 * 30 days. The draft box is `seedDemoDrafts`'.
 */
export async function seedDemoOverview(db: DB, cuId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const moving: Moving[] = await trx
      .selectFrom('orders')
      .select(['id', 'temp_class', 'excursion'])
      .where('cu_id', '=', cuId)
      .where('status', '=', 'not_finished')
      .where('milestone', 'in', ['picked_up', 'in_transit', 'out_for_delivery'])
      .orderBy('id')
      .execute();
    await excursionOfEachLevel(trx, moving);
    await dueAndLate(trx, cuId, now);
    await answeredModifications(trx, cuId, now);
    await stockToWatch(trx, cuId, now);
  });
}

async function excursionOfEachLevel(db: DB, moving: Moving[]) {
  for (const level of ['high', 'medium', 'low'] as const) {
    if (moving.some((o) => o.excursion === level)) continue;
    for (const order of moving.filter((o) => o.excursion === 'none')) {
      if (await bumpReadings(db, order, level)) break;
    }
  }
}

/**
 * Raises a stretch of the order's first logger's readings above its class's limit so that they
 * assess as `level`; answers whether they did (else nothing is changed: the readings' spacing
 * gives another level).
 */
async function bumpReadings(db: DB, order: Moving, level: keyof typeof BUMP): Promise<boolean> {
  const rows = await db
    .selectFrom('order_readings')
    .select(['logger_id', 'at', 'celsius'])
    .where('order_id', '=', order.id)
    .orderBy('logger_id')
    .orderBy('at')
    .execute();
  const logger = rows[0]?.logger_id;
  const own = rows.filter((r) => r.logger_id === logger);
  if (logger === undefined || own.length < 20) return false;
  const bump = BUMP[level];
  const start = Math.floor(own.length / 2);
  const celsius = (TEMP_LIMITS[order.temp_class].max ?? 0) + bump.by;
  const bumped = new Set(own.slice(start, start + bump.readings).map((r) => new Date(r.at).getTime()));
  const readings = rows.map((r) => ({
    logger_id: r.logger_id,
    at: new Date(r.at),
    celsius: r.logger_id === logger && bumped.has(new Date(r.at).getTime()) ? celsius : Number(r.celsius),
  }));
  if (assessReadings(readings, order.temp_class).level !== level) return false;
  for (const at of bumped)
    await db
      .updateTable('order_readings')
      .set({ celsius })
      .where('order_id', '=', order.id)
      .where('logger_id', '=', logger)
      .where('at', '=', new Date(at))
      .execute();
  await db.updateTable('orders').set({ excursion: level }).where('id', '=', order.id).execute();
  order.excursion = level;
  return true;
}

/** One undelivered order due later today (China) and one late by a few hours. */
async function dueAndLate(db: DB, cuId: number, now: Date) {
  const open = await db
    .selectFrom('orders')
    .select('id')
    .where('cu_id', '=', cuId)
    .where('status', '=', 'not_finished')
    .where('milestone', '!=', 'delivered')
    .orderBy('created_at', 'desc')
    .limit(2)
    .execute();
  const endOfDay = chinaDayStart(chinaDay(now)).getTime() + DAY;
  // due in 3 hours, or halfway to midnight when the day has less left (it was 23:30 before: at
  // 23:40 the order "due today" was already late)
  const times = [
    new Date(now.getTime() + Math.min(3 * HOUR, (endOfDay - now.getTime()) / 2)),
    new Date(now.getTime() - 3 * HOUR),
  ];
  for (const [i, order] of open.entries())
    await db.updateTable('orders').set({ deliver_by: times[i]! }).where('id', '=', order.id).execute();
}

/** An accepted and a rejected change request, answered yesterday and this morning. */
async function answeredModifications(db: DB, cuId: number, now: Date) {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'deliver_by'])
    .where('cu_id', '=', cuId)
    .where('status', 'in', ['pending_confirm', 'not_finished', 'finished'])
    // made before the requests (its log starts with `created`), none waiting for an answer
    .where('created_at', '<', new Date(now.getTime() - 2 * DAY))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('order_modifications as m')
            .select('m.id')
            .whereRef('m.order_id', '=', 'orders.id')
            .where('m.status', '=', 'pending'),
        ),
      ),
    )
    .orderBy('created_at', 'desc')
    .limit(2)
    .execute();
  const answers = [
    {
      status: 'accepted' as const,
      answer: '已安排下午送达',
      reason: '研究中心要求改为下午送达',
      ago: 26 * HOUR,
    },
    {
      status: 'rejected' as const,
      answer: '车辆已出发，无法更改收货人',
      reason: '更换收货联系人',
      ago: 3 * HOUR,
    },
  ];
  for (const [i, order] of orders.entries()) {
    const a = answers[i]!;
    const answered = new Date(now.getTime() - a.ago);
    const requested = new Date(answered.getTime() - 2 * HOUR);
    await db
      .insertInto('order_modifications')
      .values({
        order_id: order.id,
        kind: 'change',
        changes: JSON.stringify({ remark: a.reason }),
        reason: a.reason,
        status: a.status,
        answer: a.answer,
        requested_at: requested,
        answered_at: answered,
      })
      .execute();
    await db
      .insertInto('order_events')
      .values([
        {
          order_id: order.id,
          at: requested,
          kind: 'modify_requested',
          actor_kind: 'customer',
          reason: a.reason,
        },
        {
          order_id: order.id,
          at: answered,
          kind: a.status === 'accepted' ? 'modify_accepted' : 'modify_rejected',
          actor_kind: 'provider',
          actor_name: 'LP 物流',
          reason: a.answer,
        },
      ])
      .execute();
    await db.updateTable('orders').set({ version: sql`version + 2` }).where('id', '=', order.id).execute();
  }
}

/** Reorder levels on some lines (two at or below theirs) and a batch expiring within the window. */
async function stockToWatch(db: DB, cuId: number, now: Date) {
  const lines = await db
    .selectFrom('inventory')
    .select([
      'in_id',
      sql<string>`quantity - reserved`.as('available'),
      sql<string | null>`to_char(expiry, 'YYYY-MM-DD')`.as('expiry'),
    ])
    .where('cu_id', '=', cuId)
    .where('goods_type', '=', 1)
    .orderBy('in_id')
    .execute();
  for (const [i, line] of lines.slice(0, 6).entries()) {
    const available = Number(line.available);
    // the first two run low; the others keep well above their level
    const level = i < 2 ? Math.ceil(available * 1.2) : Math.floor(available / 4);
    await db.updateTable('inventory').set({ low_level: level }).where('in_id', '=', line.in_id).execute();
  }
  const last = chinaDay(new Date(now.getTime() + OVERVIEW_EXPIRY_DAYS * DAY));
  const expiring = lines.some((l) => Number(l.available) > 0 && l.expiry !== null && l.expiry <= last);
  const line = lines.find((l) => Number(l.available) > 0);
  if (!expiring && line)
    await db
      .updateTable('inventory')
      .set({ expiry: chinaDay(new Date(now.getTime() + 18 * DAY)) })
      .where('in_id', '=', line.in_id)
      .execute();
}
