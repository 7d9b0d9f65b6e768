import type { Decision, StabilityBand } from '../../src/contract/excursions/domain.ts';
import { caseNo } from '../../src/contract/excursions/domain.ts';
import { TEMP_LIMITS } from '../../src/contract/orders/domain.ts';
import type { Signer } from '../core/signer.ts';
import type { DB } from '../db/database.ts';
import { assess } from '../areas/excursions/cases.ts';
import { providerClose } from '../areas/excursions/provider.ts';
import { assignCase, decideCase } from '../areas/excursions/workflow.ts';
import { storeReadings } from '../areas/provider/readings.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The demo's temperature excursion cases (docs/decisions/excursions.md). The stability budget of
 * the demo's chilled drugs (2–8 °C products): 72 hours in total between 8 and 25 °C over a batch's
 * life, never above 25 °C, never below 2 °C (frozen).
 */
export const DEMO_STABILITY_BANDS: readonly StabilityBand[] = [
  { min: null, max: 2, hours: 0 },
  { min: 8, max: 25, hours: 72 },
  { min: 25, max: null, hours: 0 },
];

/**
 * The stability budgets of a customer's chilled drugs, as the seed writes its other master data
 * (one insert, kept by the customer's demo user since the projects were set up). Runs in
 * seedDemoOrders' transaction after the stock lines.
 */
export async function seedDemoBudgets(
  trx: DB,
  lines: ReadonlyArray<{
    cu_id: number;
    pr_id: number | null;
    goods: { code: string; goods_type: number; temp_class: string };
  }>,
  by: number | null,
  at: Date,
): Promise<number> {
  const keys = new Map<string, { cu_id: number; pr_id: number; code: string }>();
  for (const l of lines)
    if (l.pr_id !== null && l.goods.goods_type === 1 && l.goods.temp_class === 'chilled')
      keys.set(`${l.pr_id}:${l.goods.code}`, { cu_id: l.cu_id, pr_id: l.pr_id, code: l.goods.code });
  if (keys.size === 0) return 0;
  await trx
    .insertInto('stability_budgets')
    .values(
      [...keys.values()].map((k) => ({
        ...k,
        bands: JSON.stringify(DEMO_STABILITY_BANDS),
        updated_by: by,
        updated_at: at,
      })),
    )
    .execute();
  return keys.size;
}

export interface DemoExcursionsSummary {
  cases: number;
  states: Record<string, number>;
}

/** The readings a case opens from: through the provider's own call, at the time they arrive. */
interface Arrival {
  at: Date;
  orderNo: string;
  loggerId: string;
  readings: Array<{ at: string; celsius: number }>;
  /** What becomes of the case after it opens (the oldest ones move on). */
  becomes?: 'assessment' | 'decided' | 'closed';
}

const CASES_AT_MOST = 8;
const REASONS: Record<Decision, string> = {
  release: '偏差在产品稳定性预算内（8–25 °C 累计 72 小时），依据稳定性数据放行',
  quarantine: '待申办方质量部门评估稳定性数据，货物暂行隔离',
  destroy: '超出稳定性预算，按申办方要求销毁',
  return: '退回仓库复检',
};

/**
 * Gives the demo user's customer excursion cases in every state, opened as a provider's readings
 * open them (provider/readings.ts `storeReadings`, so `syncCase` judges them and the goods go on
 * hold at their destination) and moved on by the demo user as the portal's calls would:
 * - every logger of the customer's orders whose seeded readings left the range (the most recent
 *   CASES_AT_MOST) sends one more reading, in range, after its last one: that opens its case;
 * - a chilled order on the road reports a freeze below 2 °C just now: a case over its budget;
 * - of the cases of delivered orders, the oldest is assigned, released with the demo user's
 *   signature and closed by the provider; the next decided (quarantine, signed) and waiting for
 *   the provider; the next under assessment. The rest stay open.
 * Everything happens in time order before `now`, so the audit trail reads as it happened.
 */
export async function seedDemoExcursions(
  db: DB,
  demo: { uid: number; name: string; cuId: number },
  now: Date,
): Promise<DemoExcursionsSummary> {
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'order_no', 'status', 'milestone', 'temp_class', 'excursion'])
    .where('cu_id', '=', demo.cuId)
    .where('status', 'in', ['not_finished', 'finished'])
    .orderBy('id')
    .execute();
  const ids = orders.map((o) => o.id);
  const readings = ids.length
    ? await db
        .selectFrom('order_readings')
        .select(['order_id', 'logger_id', 'at', 'celsius'])
        .where('order_id', 'in', ids)
        .orderBy('order_id')
        .orderBy('logger_id')
        .orderBy('at')
        .execute()
    : [];
  const byLogger = new Map<string, Array<{ at: Date; celsius: number }>>();
  for (const r of readings) {
    const key = `${r.order_id}|${r.logger_id}`;
    byLogger.set(key, [...(byLogger.get(key) ?? []), { at: new Date(r.at), celsius: Number(r.celsius) }]);
  }
  const loggersOf = (orderId: number) =>
    [...byLogger.entries()]
      .filter(([key]) => key.startsWith(`${orderId}|`))
      .map(([key, own]) => ({ loggerId: key.slice(key.indexOf('|') + 1), own }));

  // the excursions the seeded readings already show: one in-range reading after the last opens the case
  const arrivals: Arrival[] = [];
  for (const o of orders) {
    if (o.excursion === 'none') continue;
    for (const { loggerId, own } of loggersOf(o.id)) {
      const last = own.at(-1);
      if (!last || !assess(own, o)) continue;
      const limits = TEMP_LIMITS[o.temp_class];
      const calm = limits.min !== null && limits.max !== null ? (limits.min + limits.max) / 2 : last.celsius;
      // a delivered order's logger is read out at the site after delivery; a moving one sends now
      const at =
        o.status === 'finished' ? new Date(last.at.getTime() + MINUTE) : new Date(now.getTime() - MINUTE);
      if (at <= last.at) continue;
      arrivals.push({
        at: o.status === 'finished' ? new Date(at.getTime() + 4 * MINUTE) : new Date(now.getTime() - 20_000),
        orderNo: o.order_no,
        loggerId,
        readings: [{ at: at.toISOString(), celsius: Math.round(calm * 10) / 10 }],
      });
    }
  }
  arrivals.sort((a, b) => a.at.getTime() - b.at.getTime());
  const chosen = arrivals.slice(-CASES_AT_MOST);
  const delivered = new Set(orders.filter((o) => o.status === 'finished').map((o) => o.order_no));
  const chilled = new Set(orders.filter((o) => o.temp_class === 'chilled').map((o) => o.order_no));
  // the oldest delivered chilled one is released (within its budget) and closed; the next two
  // delivered ones are decided (quarantine) and under assessment
  const old = chosen.filter((a) => delivered.has(a.orderNo) && a.at.getTime() < now.getTime() - 2 * HOUR);
  const released = old.find((a) => chilled.has(a.orderNo)) ?? old[0];
  if (released) released.becomes = 'closed';
  const [decided, assessed] = old.filter((a) => a !== released);
  if (decided) decided.becomes = 'decided';
  if (assessed) assessed.becomes = 'assessment';

  // a freeze in a chilled order's readings, sent late: over the budget of its goods
  const freeze = await freezeCandidate(db, demo.cuId, orders, loggersOf, now);
  if (freeze) chosen.push(freeze);

  const signer: Signer = { uid: demo.uid, name: demo.name, meaning: 'approval', method: 'password' };
  // demo administers its customers (seed/demo.ts), so it may decide their cases
  const actor = { uid: demo.uid, name: demo.name, cuId: demo.cuId, isAdmin: true };
  const caseOf = async (a: Arrival) => {
    const c = await db
      .selectFrom('excursion_cases as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .select('c.id')
      .where('o.order_no', '=', a.orderNo)
      .where('c.logger_id', '=', a.loggerId)
      .orderBy('c.seq', 'desc')
      .executeTakeFirstOrThrow();
    return c.id;
  };
  // what happens when: the readings arrive, a person assigns, decides, the provider closes
  const steps: Array<{ at: Date; run: () => Promise<unknown> }> = [];
  for (const a of chosen) {
    steps.push({
      at: a.at,
      run: () =>
        storeReadings(db, { order_no: a.orderNo, logger_id: a.loggerId, readings: a.readings }, a.at),
    });
    if (!a.becomes) continue;
    const span = now.getTime() - a.at.getTime();
    const later = (ms: number, share: number) => new Date(a.at.getTime() + Math.min(ms, span * share));
    steps.push({
      at: later(40 * MINUTE, 0.2),
      run: async () => assignCase(db, actor, { id: await caseOf(a), uid: demo.uid }, later(40 * MINUTE, 0.2)),
    });
    if (a.becomes === 'assessment') continue;
    const decision: Decision = a.becomes === 'closed' ? 'release' : 'quarantine';
    steps.push({
      at: later(2 * HOUR, 0.4),
      run: async () =>
        decideCase(
          db,
          actor,
          signer,
          { id: await caseOf(a), decision, reason: REASONS[decision] },
          later(2 * HOUR, 0.4),
        ),
    });
    if (a.becomes === 'closed')
      steps.push({
        at: later(20 * HOUR, 0.6),
        run: async () =>
          providerClose(
            db,
            { case_no: caseNo(await caseOf(a)), operator: '仓库 周婷', note: '货物已在研究中心放行入库' },
            later(20 * HOUR, 0.6),
          ),
      });
  }
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const step of steps) await step.run();

  const rows = await db
    .selectFrom('excursion_cases')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('cu_id', '=', demo.cuId)
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  return { cases: Object.values(counts).reduce((a, b) => a + b, 0), states: counts };
}

/**
 * A freeze (0.6–1.4 °C) in the readings of a chilled order whose goods all keep a stability
 * budget: three readings its logger kept and sends only now, between two it sent midway (a late
 * batch, as loggers send them). An order on the road without an excursion is taken first.
 */
async function freezeCandidate(
  db: DB,
  cuId: number,
  orders: ReadonlyArray<{
    id: number;
    order_no: string;
    status: string;
    temp_class: string;
    excursion: string;
  }>,
  loggersOf: (orderId: number) => Array<{ loggerId: string; own: Array<{ at: Date; celsius: number }> }>,
  now: Date,
): Promise<Arrival | null> {
  const chilled = orders.filter((o) => o.temp_class === 'chilled');
  if (chilled.length === 0) return null;
  const goods = await db
    .selectFrom('order_goods as g')
    .innerJoin('orders as o', 'o.id', 'g.order_id')
    .leftJoin('stability_budgets as b', (join) =>
      join.onRef('b.pr_id', '=', 'o.pr_id').onRef('b.code', '=', 'g.code'),
    )
    .select(['g.order_id', 'b.id as budget'])
    .where('o.cu_id', '=', cuId)
    .where(
      'g.order_id',
      'in',
      chilled.map((o) => o.id),
    )
    .execute();
  const rank = (o: (typeof chilled)[number]) =>
    (o.status === 'not_finished' ? 0 : 2) + (o.excursion === 'none' ? 0 : 1);
  const candidates = chilled
    .filter((o) => {
      const mine = goods.filter((g) => g.order_id === o.id);
      return mine.length > 0 && mine.every((g) => g.budget !== null);
    })
    .sort((a, b) => rank(a) - rank(b) || b.id - a.id);
  for (const o of candidates) {
    const first = loggersOf(o.id)[0];
    if (!first || first.own.length < 4) continue;
    const i = Math.floor(first.own.length * 0.6);
    const from = first.own[i]!.at.getTime();
    const gap = first.own[i + 1]!.at.getTime() - from;
    if (gap < 4 * MINUTE) continue;
    return {
      at: new Date(now.getTime() - 30_000),
      orderNo: o.order_no,
      loggerId: first.loggerId,
      readings: [1.4, 0.6, 0.9].map((celsius, k) => ({
        at: new Date(from + ((k + 1) * gap) / 4).toISOString(),
        celsius,
      })),
    };
  }
  return null;
}
