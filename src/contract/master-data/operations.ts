import * as v from 'valibot';
import { NoInput } from '../fields.ts';
import { Code } from '../codes.ts';
import { operation, READS } from '../operation.ts';
import {
  AddressArray,
  AddressCreateRequest,
  AddressDeleteAnswer,
  AddressDeleteRequest,
  AddressList,
  AddressListQuery,
  AddressSchema,
  AddressUpdateRequest,
  BusinessTypeAddressRequest,
  ChildRegionRequest,
  CityRequest,
  CityWithProvinceList,
  ContactList,
  KeywordRequest,
  ProjectConfSchema,
  ProjectDataSchema,
  ProjectDetailSchema,
  ProjectForOrderList,
  ProjectIdRequest,
  ProjectList,
  ProjectListQuery,
  ProjectOptionList,
  ProjectSiteList,
  ProjectSitesRequest,
  ProjectTagsRequest,
  ProjectsUserRequest,
  RegionIdQuery,
  RegionInfoSchema,
  RegionList,
  RegionMatchList,
  RegionSearchRequest,
  RegionUsageList,
  SiteDetailSchema,
  SiteIdRequest,
  SiteList,
  SiteListQuery,
  TagList,
  TimeLimitRequest,
  TimeLimitSchema,
} from './schemas.ts';

/**
 * The master-data reads (docs/api.md, "Master data and inventory"): projects, sites, addresses
 * and regions. All need a session and answer the session's customer's records only; another
 * customer's id answers 404, as an unknown one does. Methods as spec §7 names them.
 */
const area = 'master-data';
const session = 'session' as const;
const notFound = [Code.notFound] as const;

// ---------------------------------------------------------------- projects

export const getUserProject = operation({
  area,
  method: 'POST',
  path: 'common/get-user-project',
  summary: 'The active projects of the session’s customer, for pickers (keyword: name, protocol or pinyin)',
  auth: session,
  audit: READS,
  input: KeywordRequest,
  output: ProjectOptionList,
  bodyOptional: true,
});

export const projectsUser = operation({
  area,
  method: 'POST',
  path: 'common/projectsuser',
  summary: 'Every project of the customer, closed ones too, for list filters (cu_id must be the session’s)',
  auth: session,
  audit: READS,
  input: ProjectsUserRequest,
  output: ProjectOptionList,
  bodyOptional: true,
  codes: notFound,
});

export const customerProject = operation({
  area,
  method: 'GET',
  path: 'common/customer-project',
  summary: 'The customer’s projects, a page at a time, by keyword, status and tag',
  auth: session,
  input: ProjectListQuery,
  output: ProjectList,
});

export const getProjectx = operation({
  area,
  method: 'POST',
  path: 'common/get-projectx',
  summary: 'One project with its order configuration',
  auth: session,
  audit: READS,
  input: ProjectIdRequest,
  output: ProjectDetailSchema,
  codes: notFound,
});

export const getUserProjectAdd = operation({
  area,
  method: 'GET',
  path: 'common/get-user-projectadd',
  summary: 'The projects an order can be created in (active), each with its order configuration',
  auth: session,
  input: NoInput,
  output: ProjectForOrderList,
});

export const customerProjectConf = operation({
  area,
  method: 'POST',
  path: 'common/customer-project-conf',
  summary:
    'What orders of a project may be: goods types, temperature classes, order types, required attachments, DTP',
  auth: session,
  audit: READS,
  input: ProjectIdRequest,
  output: ProjectConfSchema,
  codes: notFound,
});

export const projectTags = operation({
  area,
  method: 'POST',
  path: 'common/projecttags',
  summary: 'The tags of one project, or every tag the customer’s projects use, with how many use it',
  auth: session,
  audit: READS,
  input: ProjectTagsRequest,
  output: TagList,
  bodyOptional: true,
  codes: notFound,
});

export const projectData = operation({
  area,
  method: 'POST',
  path: 'common/projectdata',
  summary: 'A project’s orders per status',
  auth: session,
  audit: READS,
  input: ProjectIdRequest,
  output: ProjectDataSchema,
  codes: notFound,
});

export const toTimeLimit = operation({
  area,
  method: 'POST',
  path: 'customer-project/to-timelimit',
  summary: 'A project’s delivery time limit, and the latest delivery for a pickup time',
  auth: session,
  audit: READS,
  input: TimeLimitRequest,
  output: TimeLimitSchema,
  codes: notFound,
});

// ---------------------------------------------------------------- sites

export const getProjectHospital = operation({
  area,
  method: 'POST',
  path: 'common/get-project-hospital',
  summary: 'The sites of a project with their site numbers',
  auth: session,
  audit: READS,
  input: ProjectSitesRequest,
  output: ProjectSiteList,
  codes: notFound,
});

export const getHospital = operation({
  area,
  method: 'POST',
  path: 'common/get-hospital',
  summary: 'One site with the projects it takes part in',
  auth: session,
  audit: READS,
  input: SiteIdRequest,
  output: SiteDetailSchema,
  codes: notFound,
});

export const customerHospital = operation({
  area,
  method: 'GET',
  path: 'common/customer-hospital',
  summary:
    'The customer’s sites with their projects, a page at a time, by keyword, project and province, sorted',
  auth: session,
  input: SiteListQuery,
  output: SiteList,
  codes: notFound,
});

// ---------------------------------------------------------------- addresses

export const customerAddress = operation({
  area,
  method: 'GET',
  path: 'common/customer-address',
  summary:
    'The customer’s addresses, a page at a time, by side (start/stop), business type and keyword, sorted',
  auth: session,
  input: AddressListQuery,
  output: AddressList,
});

export const businessTypeAddress = operation({
  area,
  method: 'POST',
  path: 'common/business-type-address',
  summary: 'The customer’s addresses of one business type (at most 200)',
  auth: session,
  audit: READS,
  input: BusinessTypeAddressRequest,
  output: AddressArray,
});

export const contactData = operation({
  area,
  method: 'GET',
  path: 'common/contact-data',
  summary: 'The contacts the customer’s addresses name, for the contact field (at most 50)',
  auth: session,
  input: KeywordRequest,
  output: ContactList,
});

export const getExperimentAddress = operation({
  area,
  method: 'GET',
  path: 'common/get-experiment-address',
  summary: 'The customer’s laboratory addresses (business type lab), where samples go',
  auth: session,
  input: KeywordRequest,
  output: AddressArray,
});

// ---------------------------------------------------------------- regions

export const provinces = operation({
  area,
  method: 'POST',
  path: 'common/provice',
  summary: 'The provinces',
  auth: session,
  audit: READS,
  input: NoInput,
  output: RegionList,
  bodyOptional: true,
});

export const getCity = operation({
  area,
  method: 'POST',
  path: 'common/get-city',
  summary: 'The cities of a province',
  auth: session,
  audit: READS,
  input: CityRequest,
  output: RegionList,
  codes: notFound,
});

export const childCity = operation({
  area,
  method: 'POST',
  path: 'common/childcity',
  summary: 'The regions one level below a region (a city’s districts)',
  auth: session,
  audit: READS,
  input: ChildRegionRequest,
  output: RegionList,
  codes: notFound,
});

export const getCityList = operation({
  area,
  method: 'POST',
  path: 'common/get-city-list',
  summary: 'Every city with its province, for a flat city picker (keyword: name or pinyin)',
  auth: session,
  audit: READS,
  input: KeywordRequest,
  output: CityWithProvinceList,
  bodyOptional: true,
});

export const checkRegionInfo = operation({
  area,
  method: 'GET',
  path: 'common/check-region-info',
  summary: 'Where a region is and whether the provider delivers there',
  auth: session,
  input: RegionIdQuery,
  output: RegionInfoSchema,
  codes: notFound,
});

export const regionSearch = operation({
  area,
  method: 'POST',
  path: 'common/region-search',
  summary:
    'Regions of any level by name, English name or pinyin initials, with the regions above them (at most 50)',
  auth: session,
  audit: READS,
  input: RegionSearchRequest,
  output: RegionMatchList,
});

export const regionUsage = operation({
  area,
  method: 'GET',
  path: 'common/region-usage',
  summary: 'Per region, how many of the customer’s sites and addresses are in it or below it',
  auth: session,
  input: NoInput,
  output: RegionUsageList,
});

// ---------------------------------------------------------------- address book writes

export const addressCreate = operation({
  area,
  method: 'POST',
  path: 'customer-address/adrcreate',
  summary: 'Adds an address to the customer’s address book (the district must be one of the region tree)',
  auth: session,
  audit: { records: ['address'] },
  input: AddressCreateRequest,
  output: AddressSchema,
});

export const addressUpdate = operation({
  area,
  method: 'POST',
  path: 'customer-address/adrupdate',
  summary: 'Changes an address as last read (stale version: 409 with the current address)',
  auth: session,
  audit: { records: ['address'] },
  input: AddressUpdateRequest,
  output: AddressSchema,
  codes: [Code.notFound, Code.conflict],
  refusals: { [Code.conflict]: v.nullable(AddressSchema) },
});

export const addressDelete = operation({
  area,
  method: 'POST',
  path: 'customer-address/del',
  summary:
    'Removes an address as last read (kept hidden while drafts name it; stale version: 409 with the current address)',
  auth: session,
  audit: { records: ['address'] },
  input: AddressDeleteRequest,
  output: AddressDeleteAnswer,
  codes: [Code.notFound, Code.conflict],
  refusals: { [Code.conflict]: v.nullable(AddressSchema) },
});
