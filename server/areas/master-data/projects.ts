import type { OrderStatus } from '../../../src/contract/orders/domain.ts';
import { sql } from 'kysely';
import type {
  ProjectConf,
  ProjectData,
  ProjectDetail,
  ProjectOption,
  ProjectListQuery,
  ProjectRow,
  ProjectSortKey,
  TagList,
} from '../../../src/contract/master-data/schemas.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { DB } from '../../db/database.ts';
import { ApiError } from '../../core/errors.ts';
import { pinyinInitials } from '../../core/pinyin.ts';
import { textMatches } from './text-match.ts';

/**
 * The projects of a customer. A customer runs tens of projects, not thousands: they are read
 * whole and filtered here, which lets the keyword match pinyin initials of names computed on the
 * fly (projects keep no pinyin column).
 */
export interface ProjectRecord extends ProjectRow {
  conf: ProjectConf;
}

const initials = new Map<string, string>();
/** Pinyin initials of a project name, remembered (names repeat on every call). */
function pinyinOf(name: string): string {
  let out = initials.get(name);
  if (out === undefined) {
    if (initials.size > 10_000) initials.clear();
    out = pinyinInitials(name);
    initials.set(name, out);
  }
  return out;
}

/** The largest `integer` (the id columns' type). */
const INT_MAX = 2_147_483_647;

/** Statuses of an order still under way. */
const OPEN: readonly OrderStatus[] = ['pending_approval', 'pending_confirm', 'not_finished'];

/**
 * Each project's orders, all and open ones, from the kept counts (`order_counts`, the orders
 * area's trigger-maintained totals: a project's rows are `*` with day -infinity), not a count over
 * the orders.
 */
async function orderTotals(
  db: DB,
  cuId: number,
  prId?: number,
): Promise<Map<number, { all: number; open: number }>> {
  let query = db
    .selectFrom('order_counts')
    .select(['pr_id', 'status', sql<string>`sum(n)`.as('n')])
    .where('cu_id', '=', cuId)
    .where('order_type', '=', '*')
    .where(sql<boolean>`day = '-infinity'`)
    .groupBy(['pr_id', 'status']);
  query = prId === undefined ? query.where('pr_id', '>', 0) : query.where('pr_id', '=', prId);
  const rows = await query.execute();
  const totals = new Map<number, { all: number; open: number }>();
  for (const row of rows) {
    const total = totals.get(row.pr_id) ?? { all: 0, open: 0 };
    const n = Number(row.n);
    total.all += n;
    if (OPEN.includes(row.status as OrderStatus)) total.open += n;
    totals.set(row.pr_id, total);
  }
  return totals;
}

/** Every project of customer `cuId`, newest first, with its configuration, number of sites and orders. */
export function customerProjects(db: DB, cuId: number): Promise<ProjectRecord[]> {
  return projectRecords(db, cuId);
}

/** The customer's projects (only `prId` when given: the order editor checks one on every save). */
async function projectRecords(db: DB, cuId: number, prId?: number): Promise<ProjectRecord[]> {
  // an id no project can have is no project (not a query the database refuses)
  if (prId !== undefined && !(Number.isInteger(prId) && Math.abs(prId) <= INT_MAX)) return [];
  const totals = orderTotals(db, cuId, prId);
  let query = db
    .selectFrom('projects as p')
    .selectAll('p')
    .select((eb) =>
      eb
        .selectFrom('project_sites as ps')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('ps.pr_id', '=', 'p.pr_id')
        .as('site_count'),
    )
    .where('p.cu_id', '=', cuId);
  if (prId !== undefined) query = query.where('p.pr_id', '=', prId);
  const [rows, orders] = await Promise.all([
    query.orderBy('p.created_at', 'desc').orderBy('p.pr_id', 'desc').execute(),
    totals,
  ]);
  return rows.map((p) => ({
    pr_id: p.pr_id,
    protocol_no: p.protocol_no,
    name: p.name,
    phase: p.phase,
    sponsor: p.sponsor,
    status: p.status,
    tags: p.tags,
    dtp_allowed: p.dtp_allowed,
    time_limit_hours: p.time_limit_hours,
    site_count: Number(p.site_count ?? 0),
    order_count: orders.get(p.pr_id)?.all ?? 0,
    open_order_count: orders.get(p.pr_id)?.open ?? 0,
    pinyin: pinyinOf(p.name),
    created_at: p.created_at.toISOString(),
    conf: {
      pr_id: p.pr_id,
      goods_types: p.goods_types.map(Number) as ProjectConf['goods_types'],
      temp_classes: p.temp_classes as ProjectConf['temp_classes'],
      order_types: p.order_types as ProjectConf['order_types'],
      required_attachments: p.required_attachments,
      dtp_allowed: p.dtp_allowed,
      time_limit_hours: p.time_limit_hours,
    },
  }));
}

/** One project of customer `cuId`; 404 for an unknown one and for another customer's. */
export async function projectOf(db: DB, cuId: number, prId: number): Promise<ProjectRecord> {
  const [project] = await projectRecords(db, cuId, prId);
  if (!project) throw new ApiError(Code.notFound, 'No such project');
  return project;
}

/** Whether a project matches a keyword: protocol number, name, sponsor or the name's initials. */
export const projectMatches = (p: ProjectRow, keyword: string) =>
  !keyword || textMatches(keyword, [p.protocol_no, p.name, p.sponsor, p.pinyin]);

export const toOption = (p: ProjectRow): ProjectOption => ({
  pr_id: p.pr_id,
  protocol_no: p.protocol_no,
  name: p.name,
  status: p.status,
  pinyin: p.pinyin,
});

export const toRow = ({ conf: _conf, ...row }: ProjectRecord): ProjectRow => row;
export const toDetail = (p: ProjectRecord): ProjectDetail => ({ ...toRow(p), conf: p.conf });

type ProjectSort = NonNullable<ProjectListQuery['sort']>;
/** One collator for every sort (making an `Intl.Collator` costs far more than comparing). */
const ZH_COLLATOR = new Intl.Collator('zh-CN', { numeric: true });

/**
 * Orders projects by a column (`-` first: descending); texts in Chinese collation (pinyin). Ties
 * keep the newest-first order they come in (the sort is stable).
 */
export function sortProjects(projects: ProjectRecord[], sort: ProjectSort): ProjectRecord[] {
  const desc = sort.startsWith('-');
  const key = sort.replace(/^-/, '') as ProjectSortKey;
  const collator = ZH_COLLATOR;
  const compare = (a: ProjectRecord, b: ProjectRecord): number => {
    const x = a[key];
    const y = b[key];
    return typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
  };
  if (key === 'created_at') return desc ? projects : [...projects].reverse();
  return [...projects].sort((a, b) => (desc ? compare(b, a) : compare(a, b)));
}

/** A page of the project list: by keyword, status and tag, sorted. */
export async function projectPage(
  db: DB,
  cuId: number,
  query: {
    keyword: string;
    status: 'all' | 'active' | 'closed';
    tag?: string | undefined;
    sort: ProjectSort;
  },
  page: { start: number; limit: number },
): Promise<{ list: ProjectRow[]; total: number }> {
  const matching = (await customerProjects(db, cuId)).filter(
    (p) =>
      projectMatches(p, query.keyword) &&
      (query.status === 'all' || p.status === query.status) &&
      (!query.tag || p.tags.includes(query.tag)),
  );
  const all = sortProjects(matching, query.sort);
  return { list: all.slice(page.start, page.start + page.limit).map(toRow), total: all.length };
}

/** One project's tags, or every tag of the customer's projects; each with how many projects carry it. */
export async function projectTags(db: DB, cuId: number, prId?: number): Promise<TagList> {
  const projects = prId ? [await projectOf(db, cuId, prId)] : await customerProjects(db, cuId);
  const counts = new Map<string, number>();
  for (const p of projects) for (const tag of p.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .map(([tag, projects]) => ({ tag, projects }))
    .sort((a, b) => b.projects - a.projects || a.tag.localeCompare(b.tag, 'zh-CN'));
}

/** A project's orders per status. */
export async function projectData(db: DB, cuId: number, prId: number): Promise<ProjectData> {
  await projectOf(db, cuId, prId);
  const rows = await db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('cu_id', '=', cuId)
    .where('pr_id', '=', prId)
    .groupBy('status')
    .execute();
  const counts = {
    all: 0,
    pending_approval: 0,
    pending_confirm: 0,
    not_finished: 0,
    finished: 0,
    cancelled: 0,
  };
  for (const row of rows) {
    counts[row.status as OrderStatus] = Number(row.n);
    counts.all += Number(row.n);
  }
  return { pr_id: prId, counts };
}

/** The project's delivery limit, and the latest delivery for a pickup at `pickupAt`. */
export async function timeLimit(db: DB, cuId: number, prId: number, pickupAt?: string) {
  const { time_limit_hours } = await projectOf(db, cuId, prId);
  const deliverBy =
    pickupAt && time_limit_hours !== null
      ? new Date(new Date(pickupAt).getTime() + time_limit_hours * 3_600_000).toISOString()
      : null;
  return { pr_id: prId, time_limit_hours, deliver_by: deliverBy };
}
