import { call } from '../../api/transport.ts';
import { customerProject } from '../../contract/master-data/operations.ts';
import type { ProjectList, ProjectListQuery } from '../../contract/master-data/schemas.ts';

/** `GET common/customer-project`: one page of the customer's projects. */
export const fetchProjects = (query: ProjectListQuery, signal: AbortSignal): Promise<ProjectList> =>
  call(customerProject, query, { signal });
