import { call } from '../../api/transport.ts';
import {
  customerHospital,
  getHospital,
  projectsUser,
  provinces,
} from '../../contract/master-data/operations.ts';
import type {
  ProjectOption,
  Region,
  SiteDetail,
  SiteList,
  SiteListQuery,
} from '../../contract/master-data/schemas.ts';

/** `GET common/customer-hospital`: one page of the customer's sites with their place and projects. */
export const fetchSites = (query: SiteListQuery, signal?: AbortSignal): Promise<SiteList> =>
  call(customerHospital, query, signal ? { signal } : {});

/** `POST common/get-hospital`: one site with its projects' names and site numbers. */
export const fetchSite = (hoId: number, signal?: AbortSignal): Promise<SiteDetail> =>
  call(getHospital, { ho_id: hoId }, signal ? { signal } : {});

/** `POST common/projectsuser`: every project of the customer (closed ones too), for the filter. */
export const fetchProjects = (): Promise<ProjectOption[]> => call(projectsUser, {}, { quiet: true });

/** `POST common/provice`: the provinces, for the filter. */
export const fetchProvinces = (): Promise<Region[]> => call(provinces, {}, { quiet: true });
