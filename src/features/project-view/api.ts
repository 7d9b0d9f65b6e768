import { call } from '../../api/transport.ts';
import {
  customerProjectConf,
  getProjectHospital,
  getProjectx,
  projectData,
  projectTags,
  toTimeLimit,
} from '../../contract/master-data/operations.ts';
import type {
  ProjectConf,
  ProjectData,
  ProjectDetail,
  ProjectSite,
  TagList,
  TimeLimit,
} from '../../contract/master-data/schemas.ts';
import { orderListGet } from '../../contract/orders/operations.ts';
import type { OrderList, OrderListQuery } from '../../contract/orders/schemas.ts';

// `quiet`: the page shows its own not-found and failure states instead of the portal's notices.
const quiet = { quiet: true } as const;

/** `POST common/get-projectx`: the project (404: none, or another customer's). */
export const loadProject = (prId: number): Promise<ProjectDetail> =>
  call(getProjectx, { pr_id: prId }, quiet);

/** The project's sections, one call each, as the spec names them. */
export const loadSites = (prId: number): Promise<ProjectSite[]> =>
  call(getProjectHospital, { pr_id: prId }, quiet);
export const loadConf = (prId: number): Promise<ProjectConf> =>
  call(customerProjectConf, { pr_id: prId }, quiet);
export const loadTags = (prId: number): Promise<TagList> => call(projectTags, { pr_id: prId }, quiet);
export const loadTimeLimit = (prId: number): Promise<TimeLimit> => call(toTimeLimit, { pr_id: prId }, quiet);
export const loadData = (prId: number): Promise<ProjectData> => call(projectData, { pr_id: prId }, quiet);

/** `GET customer-order/index` with the project filter: one page of the project's orders. */
export const loadOrders = (query: OrderListQuery, signal: AbortSignal): Promise<OrderList> =>
  call(orderListGet, query, { signal });
