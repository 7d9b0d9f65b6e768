import { sql } from 'kysely';
import type { CaseCounts, CaseList, CaseRow } from '../../../src/contract/excursions/schemas.ts';
import type { caseList as listOp } from '../../../src/contract/excursions/operations.ts';
import type { ParsedInputOf } from '../../../src/contract/operation.ts';
import { caseNo } from '../../../src/contract/excursions/domain.ts';
import type { DB } from '../../db/database.ts';

const DAY = 86_400_000;

/** The case rows of a customer as a query (one case by id with `.where('c.id', '=', id)`). */
export function caseRows(db: DB, cuId: number) {
  return db
    .selectFrom('excursion_cases as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .leftJoin('projects as p', 'p.pr_id', 'c.pr_id')
    .leftJoin('users as u', 'u.uid', 'c.assignee_uid')
    .select([
      'c.id',
      'c.order_id',
      'o.order_no',
      'c.pr_id',
      sql<string>`coalesce(p.protocol_no, '')`.as('protocol_no'),
      'c.logger_id',
      'o.temp_class',
      'c.state',
      'c.level',
      'c.budget',
      'c.minutes_out',
      'c.peak',
      'c.opened_at',
      'c.assignee_uid',
      'u.name as assignee_name',
      'c.decision',
      'c.decided_at',
    ])
    .where('c.cu_id', '=', cuId);
}

type Row = Awaited<ReturnType<ReturnType<typeof caseRows>['execute']>>[number];

export const toCaseRow = (r: Row): CaseRow => ({
  id: r.id,
  case_no: caseNo(r.id),
  order_id: r.order_id,
  order_no: r.order_no,
  pr_id: r.pr_id,
  protocol_no: r.protocol_no,
  logger_id: r.logger_id,
  temp_class: r.temp_class,
  state: r.state,
  level: r.level,
  budget: r.budget,
  minutes_out: r.minutes_out,
  peak: Number(r.peak),
  opened_at: new Date(r.opened_at).toISOString(),
  assignee: r.assignee_uid === null ? null : { uid: r.assignee_uid, name: r.assignee_name ?? '' },
  decision: r.decision,
  decided_at: r.decided_at === null ? null : new Date(r.decided_at).toISOString(),
});

/** A case of the customer as a row (undefined: none such). */
export async function caseRow(db: DB, cuId: number, id: number): Promise<CaseRow | undefined> {
  const row = await caseRows(db, cuId).where('c.id', '=', id).executeTakeFirst();
  return row && toCaseRow(row);
}

/** The customer's cases by state, and the active ones over a budget (the list's and the home page's counts). */
export async function caseCounts(db: DB, cuId: number): Promise<CaseCounts> {
  const rows = await db
    .selectFrom('excursion_cases')
    .select([
      'state',
      (eb) => eb.fn.countAll<string>().as('n'),
      sql<string>`count(*) filter (where budget = 'over')`.as('over'),
    ])
    .where('cu_id', '=', cuId)
    .groupBy('state')
    .execute();
  const counts: CaseCounts = { open: 0, assessment: 0, decided: 0, closed: 0, over_budget: 0 };
  for (const row of rows) {
    counts[row.state] = Number(row.n);
    if (row.state === 'open' || row.state === 'assessment') counts.over_budget += Number(row.over);
  }
  return counts;
}

/**
 * `excursion/list`: active cases first (open, under assessment), over budget first, then by
 * level (high first), then the newest; filtered by state, project and age.
 */
export async function caseList(
  db: DB,
  cuId: number,
  query: ParsedInputOf<typeof listOp>,
  now: Date,
): Promise<CaseList> {
  let filtered = caseRows(db, cuId);
  if (query.state === 'active') filtered = filtered.where('c.state', 'in', ['open', 'assessment']);
  else if (query.state) filtered = filtered.where('c.state', '=', query.state);
  if (query.pr_id !== undefined) filtered = filtered.where('c.pr_id', '=', query.pr_id);
  if (query.older_than_days > 0)
    filtered = filtered.where('c.opened_at', '<', new Date(now.getTime() - query.older_than_days * DAY));
  const [rows, total, counts] = await Promise.all([
    filtered
      .orderBy(sql`case when c.state in ('open', 'assessment') then 0 else 1 end`)
      .orderBy(sql`case c.budget when 'over' then 0 when 'none' then 1 else 2 end`)
      .orderBy(sql`case c.level when 'high' then 0 when 'medium' then 1 else 2 end`)
      .orderBy('c.opened_at', 'desc')
      .orderBy('c.id', 'desc')
      .offset(query.start)
      .limit(query.limit)
      .execute(),
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    caseCounts(db, cuId),
  ]);
  return { list: rows.map(toCaseRow), total: Number(total.n), counts };
}
