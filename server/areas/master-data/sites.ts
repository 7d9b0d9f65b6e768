import { sql } from 'kysely';
import type {
  ProjectSite,
  SiteDetail,
  SiteList,
  SiteRow,
  SiteSort,
} from '../../../src/contract/master-data/schemas.ts';
import { Code } from '../../../src/contract/codes.ts';
import type { DB } from '../../db/database.ts';
import { ApiError } from '../../core/errors.ts';
import { projectOf } from './projects.ts';
import { cityName, textMatch } from './text-match.ts';

/** What a keyword matches on a site: name, department, investigator, address, initials. */
const SITE_TEXT = ['s.name', 's.department', 's.investigator', 's.address', 's.pinyin'] as const;

/** The customer's sites with their city, as a query to narrow down. */
function sites(db: DB, cuId: number) {
  return db
    .selectFrom('sites as s')
    .leftJoin('regions as r', 'r.region_id', 's.region_id')
    .leftJoin('regions as rp', 'rp.region_id', 'r.parent_id')
    .select([
      's.ho_id',
      's.name',
      's.department',
      's.investigator',
      's.phone',
      's.address',
      's.region_id',
      's.pinyin',
      cityName.as('city'),
    ])
    .where('s.cu_id', '=', cuId);
}

/** The sites of a project (404 for another customer's project), by site number then name. */
export async function projectSites(
  db: DB,
  cuId: number,
  prId: number,
  keyword: string,
): Promise<ProjectSite[]> {
  await projectOf(db, cuId, prId);
  let query = sites(db, cuId)
    .innerJoin('project_sites as ps', 'ps.ho_id', 's.ho_id')
    .select('ps.site_no')
    .where('ps.pr_id', '=', prId);
  if (keyword) query = query.where(textMatch(keyword, [...SITE_TEXT, 'ps.site_no']));
  return query.orderBy('ps.site_no').orderBy('s.name').orderBy('s.ho_id').execute();
}

/** One site with the projects it takes part in; 404 for an unknown one and another customer's. */
export async function siteOf(db: DB, cuId: number, hoId: number): Promise<SiteDetail> {
  const site = await sites(db, cuId).where('s.ho_id', '=', hoId).executeTakeFirst();
  if (!site) throw new ApiError(Code.notFound, 'No such site');
  const projects = await db
    .selectFrom('project_sites as ps')
    .innerJoin('projects as p', 'p.pr_id', 'ps.pr_id')
    .select(['p.pr_id', 'p.protocol_no', 'p.name', 'ps.site_no'])
    .where('ps.ho_id', '=', hoId)
    .where('p.cu_id', '=', cuId)
    .orderBy('p.protocol_no')
    .execute();
  return { ...site, projects };
}

/** The province of a site's region joined as `r` (parent `rp`, grandparent `rpp`): its id and name. */
const provinceId = sql<
  number | null
>`case r.level when 3 then rpp.region_id when 2 then rp.region_id else r.region_id end`;
const provinceName = sql<string>`coalesce(case r.level when 3 then rpp.name when 2 then rp.name else r.name end, '')`;
const districtName = sql<string>`case when r.level = 3 then r.name else '' end`;

/** What the site list's keyword also matches: the names of the site's regions and their initials. */
const PLACE_TEXT = ['r.name', 'r.pinyin', 'rp.name', 'rp.pinyin', 'rpp.name', 'rpp.pinyin'] as const;

/** The columns of each sort (then name and id, so that pages never overlap). */
const SORT_COLUMNS = {
  name: [sql`s.name`],
  department: [sql`s.department`],
  investigator: [sql`s.investigator`],
  city: [provinceName, cityName, districtName],
  created_at: [sql`s.created_at`],
} as const;

function orderBy(sort: SiteSort) {
  const desc = sort.startsWith('-');
  const key = (desc ? sort.slice(1) : sort) as keyof typeof SORT_COLUMNS;
  const direction = desc ? sql`desc` : sql`asc`;
  return sql.join([
    ...SORT_COLUMNS[key].map((column) => sql`${column} ${direction}`),
    sql`s.name asc`,
    sql`s.ho_id asc`,
  ]);
}

/** The projects of the customer each of `hoIds` takes part in, by protocol number. */
async function projectsOf(db: DB, cuId: number, hoIds: readonly number[]) {
  const byHo = new Map<number, SiteRow['projects']>();
  if (hoIds.length === 0) return byHo;
  const rows = await db
    .selectFrom('project_sites as ps')
    .innerJoin('projects as p', 'p.pr_id', 'ps.pr_id')
    .select(['ps.ho_id', 'p.pr_id', 'p.protocol_no', 'ps.site_no'])
    .where('ps.ho_id', 'in', [...hoIds])
    .where('p.cu_id', '=', cuId)
    .orderBy('p.protocol_no')
    .orderBy('p.pr_id')
    .execute();
  for (const { ho_id, ...project } of rows) byHo.set(ho_id, [...(byHo.get(ho_id) ?? []), project]);
  return byHo;
}

/**
 * A page of the customer's sites with their place and projects, by keyword (the site's text, its
 * regions' names and initials), project and province (404 for another customer's project).
 */
export async function sitePage(
  db: DB,
  cuId: number,
  filter: { keyword: string; prId?: number | undefined; provinceId?: number | undefined; sort: SiteSort },
  page: { start: number; limit: number },
): Promise<SiteList> {
  if (filter.prId) await projectOf(db, cuId, filter.prId);
  let query = sites(db, cuId)
    .leftJoin('regions as rpp', 'rpp.region_id', 'rp.parent_id')
    .select([provinceName.as('province'), districtName.as('district')]);
  if (filter.keyword) query = query.where(textMatch(filter.keyword, [...SITE_TEXT, ...PLACE_TEXT]));
  if (filter.provinceId) query = query.where(provinceId, '=', filter.provinceId);
  if (filter.prId) {
    const prId = filter.prId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_sites as ps')
          .select('ps.ho_id')
          .whereRef('ps.ho_id', '=', 's.ho_id')
          .where('ps.pr_id', '=', prId),
      ),
    );
  }
  const [rows, total] = await Promise.all([
    query.orderBy(orderBy(filter.sort)).limit(page.limit).offset(page.start).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const projects = await projectsOf(
    db,
    cuId,
    rows.map((row) => row.ho_id),
  );
  const list: SiteRow[] = rows.map((row) => ({ ...row, projects: projects.get(row.ho_id) ?? [] }));
  return { list, total: Number(total.n) };
}
