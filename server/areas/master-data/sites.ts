import type { ProjectSite, Site, SiteDetail, SiteList } from '../../../src/contract/master-data/schemas.ts';
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

/** A page of the customer's sites, by keyword and project. */
export async function sitePage(
  db: DB,
  cuId: number,
  filter: { keyword: string; prId?: number | undefined },
  page: { start: number; limit: number },
): Promise<SiteList> {
  if (filter.prId) await projectOf(db, cuId, filter.prId);
  let query = sites(db, cuId);
  if (filter.keyword) query = query.where(textMatch(filter.keyword, SITE_TEXT));
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
  const [list, total] = await Promise.all([
    query.orderBy('s.name').orderBy('s.ho_id').limit(page.limit).offset(page.start).execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: list satisfies Site[], total: Number(total.n) };
}
