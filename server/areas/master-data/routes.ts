import * as ops from '../../../src/contract/master-data/operations.ts';
import { Code } from '../../../src/contract/codes.ts';
import { ApiError } from '../../core/errors.ts';
import { handle } from '../../http/route.ts';
import { sessionActor } from '../audit/trail.ts';
import { createAddress, deleteAddress, updateAddress } from './address-book.ts';
import { addressList, addressPage, contacts } from './addresses.ts';
import {
  customerProjects,
  projectData,
  projectMatches,
  projectOf,
  projectPage,
  projectTags,
  timeLimit,
  toDetail,
  toOption,
} from './projects.ts';
import { children, cityList, provinces, regionInfo } from './regions.ts';
import { projectSites, siteOf, sitePage } from './sites.ts';
import { regionSearch, regionUsage } from './region-usage.ts';
import { pageStart } from './text-match.ts';

/**
 * The master-data reads: the session's customer's projects, sites and addresses, and the shared
 * region tree. A session without a customer sees none (customer 0 owns nothing).
 */
const customer = (session: { cuId: number | null }) => session.cuId ?? 0;
const bookOwner = (session: { cuId: number | null }) => {
  if (session.cuId === null) throw new ApiError(Code.notFound, 'No such customer account');
  return session.cuId;
};
const page = (input: { start: number; limit: number; currentPage?: number | undefined }) => ({
  start: pageStart(input),
  limit: input.limit,
});

export const routes = [
  // projects
  handle(ops.getUserProject, async ({ input, session, deps }) =>
    (await customerProjects(deps.db, customer(session)))
      .filter((p) => p.status === 'active' && projectMatches(p, input.keyword))
      .map(toOption),
  ),
  handle(ops.projectsUser, async ({ input, session, deps }) => {
    if (input.cu_id !== undefined && input.cu_id !== session.cuId)
      throw new ApiError(Code.notFound, 'No such customer account');
    return (await customerProjects(deps.db, customer(session)))
      .filter((p) => projectMatches(p, input.keyword))
      .map(toOption);
  }),
  handle(ops.customerProject, ({ input, session, deps }) =>
    projectPage(deps.db, customer(session), input, page(input)),
  ),
  handle(ops.getProjectx, async ({ input, session, deps }) =>
    toDetail(await projectOf(deps.db, customer(session), input.pr_id)),
  ),
  handle(ops.getUserProjectAdd, async ({ session, deps }) =>
    (await customerProjects(deps.db, customer(session)))
      .filter((p) => p.status === 'active')
      .map((p) => ({ ...toOption(p), conf: p.conf })),
  ),
  handle(
    ops.customerProjectConf,
    async ({ input, session, deps }) => (await projectOf(deps.db, customer(session), input.pr_id)).conf,
  ),
  handle(ops.projectTags, ({ input, session, deps }) => projectTags(deps.db, customer(session), input.pr_id)),
  handle(ops.projectData, ({ input, session, deps }) => projectData(deps.db, customer(session), input.pr_id)),
  handle(ops.toTimeLimit, ({ input, session, deps }) =>
    timeLimit(deps.db, customer(session), input.pr_id, input.pickup_at),
  ),
  // sites
  handle(ops.getProjectHospital, ({ input, session, deps }) =>
    projectSites(deps.db, customer(session), input.pr_id, input.keyword),
  ),
  handle(ops.getHospital, ({ input, session, deps }) => siteOf(deps.db, customer(session), input.ho_id)),
  handle(ops.customerHospital, ({ input, session, deps }) =>
    sitePage(
      deps.db,
      customer(session),
      { keyword: input.keyword, prId: input.pr_id, provinceId: input.province_id, sort: input.sort },
      page(input),
    ),
  ),
  // addresses
  handle(ops.customerAddress, ({ input, session, deps }) =>
    addressPage(
      deps.db,
      customer(session),
      { keyword: input.keyword, kind: input.kind, businessType: input.business_type },
      page(input),
      input.sort,
    ),
  ),
  handle(ops.businessTypeAddress, ({ input, session, deps }) =>
    addressList(deps.db, customer(session), {
      keyword: input.keyword,
      kind: input.kind,
      businessType: input.business_type,
    }),
  ),
  handle(ops.contactData, ({ input, session, deps }) => contacts(deps.db, customer(session), input.keyword)),
  handle(ops.getExperimentAddress, ({ input, session, deps }) =>
    addressList(deps.db, customer(session), { keyword: input.keyword, businessType: 'lab' }),
  ),
  // regions
  handle(ops.provinces, ({ deps }) => provinces(deps.db)),
  handle(ops.getCity, ({ input, deps }) => children(deps.db, input.province_id, 1)),
  handle(ops.childCity, ({ input, deps }) => children(deps.db, input.parent_id)),
  handle(ops.getCityList, ({ input, deps }) => cityList(deps.db, input.keyword)),
  handle(ops.checkRegionInfo, ({ input, deps }) => regionInfo(deps.db, input.region_id)),
  handle(ops.regionSearch, ({ input, deps }) => regionSearch(deps.db, input.keyword)),
  handle(ops.regionUsage, ({ session, deps }) => regionUsage(deps.db, customer(session))),

  // address book writes (a session without a customer has no address book)
  handle(ops.addressCreate, ({ input, session, deps, now }) =>
    createAddress(deps.db, bookOwner(session), input, sessionActor(session), now),
  ),
  handle(ops.addressUpdate, ({ input, session, deps, now }) =>
    updateAddress(deps.db, bookOwner(session), input, sessionActor(session), now),
  ),
  handle(ops.addressDelete, ({ input, session, deps, now }) =>
    deleteAddress(deps.db, bookOwner(session), input, sessionActor(session), now),
  ),
];
