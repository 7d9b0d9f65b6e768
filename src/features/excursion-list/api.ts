import { call } from '../../api/transport.ts';
import { projectsUser } from '../../contract/master-data/operations.ts';
import type { ProjectOption } from '../../contract/master-data/schemas.ts';
import { caseList } from '../../contract/excursions/operations.ts';
import type { CaseList, CaseListQuery, CaseRow } from '../../contract/excursions/schemas.ts';

export type { CaseList, CaseListQuery, CaseRow, ProjectOption };

/** `GET excursion/list`: one page of the customer's cases, active first, by severity. */
export const fetchCases = (query: CaseListQuery, signal?: AbortSignal): Promise<CaseList> =>
  call(caseList, query, signal ? { signal } : {});

/** `POST common/projectsuser`: every project of the customer (closed ones too), for the filter. */
export const fetchProjects = (): Promise<ProjectOption[]> => call(projectsUser, {}, { quiet: true });
