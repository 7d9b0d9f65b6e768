import type { StabilityBand } from '../../../src/contract/excursions/domain.ts';
import type { StabilityList } from '../../../src/contract/excursions/schemas.ts';
import { forbidden, invalidField, notFound } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { auditedTransaction, sessionActor } from '../audit/trail.ts';
import { lockOrders } from '../orders/lock.ts';
import { refreshBudget } from './cases.ts';
import { canApprove } from '../orders/detail.ts';

/**
 * Stability budgets in the master data (`customer-project/stability*`): per product of a
 * project (a code of its stock), the bands it tolerates outside its storage range and for how
 * many hours over a batch's life. A project of another customer is not found.
 */

async function projectOf(db: DB, cuId: number, prId: number) {
  const project = await db
    .selectFrom('projects')
    .select('pr_id')
    .where('pr_id', '=', prId)
    .where('cu_id', '=', cuId)
    .executeTakeFirst();
  if (!project) throw notFound('No such project');
  return project;
}

/** The project's products (its stock's codes, and any code with a budget kept) and their budgets. */
export async function stabilityList(db: DB, cuId: number, prId: number): Promise<StabilityList> {
  await projectOf(db, cuId, prId);
  const [products, budgets] = await Promise.all([
    db
      .selectFrom('inventory')
      .select(['code', (eb) => eb.fn.min('name').as('name')])
      .where('cu_id', '=', cuId)
      .where('pr_id', '=', prId)
      .groupBy('code')
      .execute(),
    db.selectFrom('stability_budgets').selectAll().where('pr_id', '=', prId).execute(),
  ]);
  const byCode = new Map(budgets.map((b) => [b.code, b]));
  const codes = [...new Set([...products.map((p) => p.code), ...byCode.keys()])].sort();
  const names = new Map(products.map((p) => [p.code, p.name]));
  return {
    list: codes.map((code) => {
      const budget = byCode.get(code);
      return {
        code,
        name: names.get(code) ?? '',
        bands: budget?.bands ?? [],
        updated_at: budget ? new Date(budget.updated_at).toISOString() : null,
      };
    }),
  };
}

const ordered = (bands: readonly StabilityBand[]) =>
  [...bands].sort((a, b) => (a.min ?? -Infinity) - (b.min ?? -Infinity));

/**
 * `customer-project/stability-save`: by an administrator or an approver of the customer. The
 * active cases whose goods are of the product are judged again against the new budget.
 */
export async function saveStability(
  db: DB,
  actor: { uid: number; name: string; cuId: number; isAdmin: boolean },
  input: { pr_id: number; code: string; bands: StabilityBand[] },
  now: Date,
): Promise<StabilityList> {
  if (!actor.isAdmin && !(await canApprove(db, actor)))
    throw forbidden('Only an administrator or an approver of this customer may change stability budgets');
  await auditedTransaction(db, now, async (trx, audit) => {
    // the orders of the active cases this budget re-judges, locked first and in ascending id
    // (docs/decisions/lock-order.md): readings arriving meanwhile wait, and are judged after
    const affected = await trx
      .selectFrom('excursion_cases as c')
      .select('c.order_id')
      .distinct()
      .where('c.cu_id', '=', actor.cuId)
      .where('c.state', 'in', ['open', 'assessment'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_goods as g')
            .select('g.id')
            .whereRef('g.order_id', '=', 'c.order_id')
            .where('g.code', '=', input.code),
        ),
      )
      .execute();
    await lockOrders(trx, { ids: affected.map((a) => a.order_id), cuId: actor.cuId });
    await projectOf(trx, actor.cuId, input.pr_id);
    const stocked = await trx
      .selectFrom('inventory')
      .select('in_id')
      .where('cu_id', '=', actor.cuId)
      .where('pr_id', '=', input.pr_id)
      .where('code', '=', input.code)
      .executeTakeFirst();
    if (!stocked) throw invalidField('code', 'This product is not in the project’s stock');
    const before = await trx
      .selectFrom('stability_budgets')
      .select('bands')
      .where('pr_id', '=', input.pr_id)
      .where('code', '=', input.code)
      .forUpdate()
      .executeTakeFirst();
    const bands = ordered(input.bands);
    await trx
      .insertInto('stability_budgets')
      .values({
        cu_id: actor.cuId,
        pr_id: input.pr_id,
        code: input.code,
        bands: JSON.stringify(bands),
        updated_by: actor.uid,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .columns(['pr_id', 'code'])
          .doUpdateSet({ bands: JSON.stringify(bands), updated_by: actor.uid, updated_at: now }),
      )
      .execute();
    audit.record({
      cuId: actor.cuId,
      recordType: 'product',
      recordId: `${input.pr_id}:${input.code}`,
      action: 'stability',
      actor: sessionActor(actor),
      changes: [{ field: 'bands', old: before?.bands ?? null, new: bands }],
    });
    const cases = await trx
      .selectFrom('excursion_cases as c')
      .innerJoin('orders as o', 'o.id', 'c.order_id')
      .select(['c.id', 'c.cu_id', 'c.order_id', 'c.logger_id', 'c.budget', 'o.temp_class', 'o.pr_id'])
      .where('c.cu_id', '=', actor.cuId)
      .where('c.state', 'in', ['open', 'assessment'])
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('order_goods as g')
            .select('g.id')
            .whereRef('g.order_id', '=', 'c.order_id')
            .where('g.code', '=', input.code),
        ),
      )
      .orderBy('c.id')
      .execute();
    for (const c of cases) {
      const budget = await refreshBudget(trx, c, c);
      if (budget !== c.budget)
        audit.record({
          cuId: actor.cuId,
          recordType: 'excursion',
          orderId: c.order_id,
          recordId: c.id,
          action: 'budget',
          actor: sessionActor(actor),
          changes: [{ field: 'budget', old: c.budget, new: budget }],
        });
    }
  });
  return stabilityList(db, actor.cuId, input.pr_id);
}
