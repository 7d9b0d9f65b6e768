import * as v from 'valibot';
import { Id, IntIn, RequiredText, TrimmedText } from '../fields.ts';
import { msg } from '../messages.ts';
import { GOODS_TYPES, ORDER_TYPES, TEMP_CLASSES } from '../orders/domain.ts';

/**
 * Master data the order forms and lists stand on: projects (clinical trials) with their order
 * configuration, sites, addresses and the region tree. Every answer is the session's customer's
 * only (regions are shared). `keyword` filters match the text or its pinyin initials,
 * case-insensitively (`bjxh` finds 北京协和医院).
 */

const pick = <const T extends readonly (string | number)[]>(values: T) =>
  v.picklist(values, msg('oneOf', { values: values.join(', ') }));

export const KEYWORD_MAX = 100;
export const PAGE_MAX = 100;

/** A text filter: trimmed, '' (no filter) when left out. */
export const Keyword = v.optional(TrimmedText(KEYWORD_MAX), '');

/** Paging as the order list's (`start`, `limit`, `currentPage`; first page 0, 10, 1). */
export const paging = {
  start: v.optional(IntIn(0, 10_000_000), 0),
  limit: v.optional(IntIn(1, PAGE_MAX), 10),
  currentPage: v.optional(IntIn(1, 1_000_000)),
};

const Stamp = v.string(); // ISO 8601

// ---------------------------------------------------------------- projects

export const PROJECT_STATUSES = ['active', 'closed'] as const;

/** A project in a picker: enough to show and filter it. */
export const ProjectOptionSchema = v.strictObject({
  pr_id: v.number(),
  protocol_no: v.string(),
  name: v.string(),
  status: v.picklist(PROJECT_STATUSES),
  /** Pinyin initials of the name, for the picker's filter. */
  pinyin: v.string(),
});
export type ProjectOption = v.InferOutput<typeof ProjectOptionSchema>;
export const ProjectOptionList = v.array(ProjectOptionSchema);

/** What orders of a project may be (`customer-project-conf`). */
export const ProjectConfSchema = v.strictObject({
  pr_id: v.number(),
  goods_types: v.array(v.picklist(GOODS_TYPES)),
  temp_classes: v.array(v.picklist(TEMP_CLASSES)),
  order_types: v.array(v.picklist(ORDER_TYPES)),
  /** Attachment kinds every order of the project must carry (`packing_list`, `pod` …). */
  required_attachments: v.array(v.string()),
  dtp_allowed: v.boolean(),
  /** Hours from pickup to the latest delivery (null: no fixed limit). */
  time_limit_hours: v.nullable(v.number()),
});
export type ProjectConf = v.InferOutput<typeof ProjectConfSchema>;

/** A row of the project list. */
export const ProjectRowSchema = v.strictObject({
  pr_id: v.number(),
  protocol_no: v.string(),
  name: v.string(),
  phase: v.string(),
  sponsor: v.string(),
  status: v.picklist(PROJECT_STATUSES),
  tags: v.array(v.string()),
  dtp_allowed: v.boolean(),
  time_limit_hours: v.nullable(v.number()),
  site_count: v.number(),
  /** The project's orders, all of them and those still open (pending review, confirmation or unfinished). */
  order_count: v.number(),
  open_order_count: v.number(),
  pinyin: v.string(),
  created_at: Stamp,
});
export type ProjectRow = v.InferOutput<typeof ProjectRowSchema>;

/** One project with its configuration (`get-projectx`). */
export const ProjectDetailSchema = v.strictObject({
  ...ProjectRowSchema.entries,
  conf: ProjectConfSchema,
});
export type ProjectDetail = v.InferOutput<typeof ProjectDetailSchema>;

/** A project an order can be created in, with its configuration (`get-user-projectadd`). */
export const ProjectForOrderSchema = v.strictObject({
  ...ProjectOptionSchema.entries,
  conf: ProjectConfSchema,
});
export const ProjectForOrderList = v.array(ProjectForOrderSchema);

export const ProjectList = v.strictObject({ list: v.array(ProjectRowSchema), total: v.number() });
export type ProjectList = v.InferOutput<typeof ProjectList>;

/** The columns the project list sorts by; `-` first for descending. */
export const PROJECT_SORT_KEYS = [
  'protocol_no',
  'name',
  'phase',
  'sponsor',
  'site_count',
  'order_count',
  'created_at',
] as const;
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];
const PROJECT_SORTS = PROJECT_SORT_KEYS.flatMap((key) => [key, `-${key}`] as const);

/** `GET common/customer-project`: by keyword, status and tag, sorted (default newest first). */
export const ProjectListQuery = v.strictObject({
  ...paging,
  keyword: Keyword,
  status: v.optional(pick(['all', ...PROJECT_STATUSES] as const), 'all'),
  tag: v.optional(TrimmedText(KEYWORD_MAX)),
  sort: v.optional(pick(PROJECT_SORTS), '-created_at'),
});
export type ProjectListQuery = v.InferInput<typeof ProjectListQuery>;

/** Picker calls: an optional keyword. */
export const KeywordRequest = v.strictObject({ keyword: Keyword });
export type KeywordRequest = v.InferInput<typeof KeywordRequest>;

/** `projectsuser`: the spec sends `cu_id`; another customer's than the session's answers 404. */
export const ProjectsUserRequest = v.strictObject({ cu_id: v.optional(Id), keyword: Keyword });

export const ProjectIdRequest = v.strictObject({ pr_id: Id });
export type ProjectIdRequest = v.InferInput<typeof ProjectIdRequest>;

/** `projecttags`: one project's tags, or (no `pr_id`) every tag the customer's projects use. */
export const ProjectTagsRequest = v.strictObject({ pr_id: v.optional(Id) });
export const TagList = v.array(v.strictObject({ tag: v.string(), projects: v.number() }));
export type TagList = v.InferOutput<typeof TagList>;

/** `projectdata`: a project's orders per status (`all` is their sum). */
export const ProjectDataSchema = v.strictObject({
  pr_id: v.number(),
  counts: v.strictObject({
    all: v.number(),
    pending_approval: v.number(),
    pending_confirm: v.number(),
    not_finished: v.number(),
    finished: v.number(),
    cancelled: v.number(),
  }),
});
export type ProjectData = v.InferOutput<typeof ProjectDataSchema>;

/** `customer-project/to-timelimit`: the latest delivery for a pickup time under the project's limit. */
export const TimeLimitRequest = v.strictObject({
  pr_id: Id,
  pickup_at: v.optional(v.pipe(v.string(msg('string')), v.isoTimestamp(msg('date')))),
});
export const TimeLimitSchema = v.strictObject({
  pr_id: v.number(),
  time_limit_hours: v.nullable(v.number()),
  /** pickup_at + the limit (null without either). */
  deliver_by: v.nullable(Stamp),
});
export type TimeLimit = v.InferOutput<typeof TimeLimitSchema>;

// ---------------------------------------------------------------- sites

export const SiteSchema = v.strictObject({
  ho_id: v.number(),
  name: v.string(),
  department: v.string(),
  investigator: v.string(),
  phone: v.string(),
  address: v.string(),
  region_id: v.nullable(v.number()),
  /** The city of the site (the region's city when the region is a district). */
  city: v.string(),
  pinyin: v.string(),
});
export type Site = v.InferOutput<typeof SiteSchema>;

/** A site within a project: its site number there. */
export const ProjectSiteSchema = v.strictObject({ ...SiteSchema.entries, site_no: v.string() });
export const ProjectSiteList = v.array(ProjectSiteSchema);
export type ProjectSite = v.InferOutput<typeof ProjectSiteSchema>;

export const SiteDetailSchema = v.strictObject({
  ...SiteSchema.entries,
  projects: v.array(
    v.strictObject({ pr_id: v.number(), protocol_no: v.string(), name: v.string(), site_no: v.string() }),
  ),
});
export type SiteDetail = v.InferOutput<typeof SiteDetailSchema>;

export const ProjectSitesRequest = v.strictObject({ pr_id: Id, keyword: Keyword });
export const SiteIdRequest = v.strictObject({ ho_id: Id });

/** What `customer-hospital` sorts by: `field` ascending, `-field` descending (default `name`). */
export const SITE_SORTS = [
  'name',
  '-name',
  'department',
  '-department',
  'investigator',
  '-investigator',
  'city',
  '-city',
  'created_at',
  '-created_at',
] as const;
export type SiteSort = (typeof SITE_SORTS)[number];

/**
 * `GET common/customer-hospital`: a page of the customer's sites by keyword (name, department,
 * investigator, address, city or their initials), project, province (the site's region or one
 * below it) and sort.
 */
export const SiteListQuery = v.strictObject({
  ...paging,
  keyword: Keyword,
  pr_id: v.optional(Id),
  province_id: v.optional(Id),
  sort: v.optional(pick(SITE_SORTS), 'name'),
});
export type SiteListQuery = v.InferInput<typeof SiteListQuery>;

/** A row of the site list: the site with its place (province, city, district) and its projects. */
export const SiteRowSchema = v.strictObject({
  ...SiteSchema.entries,
  province: v.string(),
  /** The district's name when the site's region is a district, else ''. */
  district: v.string(),
  projects: v.array(v.strictObject({ pr_id: v.number(), protocol_no: v.string(), site_no: v.string() })),
});
export type SiteRow = v.InferOutput<typeof SiteRowSchema>;
export const SiteList = v.strictObject({ list: v.array(SiteRowSchema), total: v.number() });
export type SiteList = v.InferOutput<typeof SiteList>;

// ---------------------------------------------------------------- addresses

/** Which side of an order an address may be: start, stop, or both. */
export const ADDRESS_KINDS = ['start', 'stop', 'both'] as const;
/** What the place is (free text in the database; these are the ones the portal names). */
export const BUSINESS_TYPES = ['general', 'depot', 'site', 'lab', 'patient', 'destruction'] as const;

export const AddressSchema = v.strictObject({
  ad_id: v.number(),
  kind: v.picklist(ADDRESS_KINDS),
  business_type: v.string(),
  company: v.string(),
  contact: v.string(),
  phone: v.string(),
  address: v.string(),
  region_id: v.nullable(v.number()),
  city: v.string(),
  ho_id: v.nullable(v.number()),
  pinyin: v.string(),
  version: v.number(),
});
export type Address = v.InferOutput<typeof AddressSchema>;
export const AddressList = v.strictObject({ list: v.array(AddressSchema), total: v.number() });
export type AddressList = v.InferOutput<typeof AddressList>;

/** How the address book can be sorted (`-` first: descending); the default is last changed first. */
export const ADDRESS_SORTS = [
  'company',
  '-company',
  'contact',
  '-contact',
  'city',
  '-city',
  'updated_at',
  '-updated_at',
] as const;
export type AddressSort = (typeof ADDRESS_SORTS)[number];

/**
 * `GET common/customer-address`: `kind` `start` lists the addresses usable as a start (`start`
 * and `both`), `stop` likewise; left out, all. `keyword` matches company, contact, phone, street,
 * city and the company's pinyin initials.
 */
export const AddressListQuery = v.strictObject({
  ...paging,
  keyword: Keyword,
  kind: v.optional(pick(['start', 'stop'] as const)),
  business_type: v.optional(TrimmedText(32)),
  sort: v.optional(pick(ADDRESS_SORTS), '-updated_at'),
});
export type AddressListQuery = v.InferInput<typeof AddressListQuery>;

/** `POST common/business-type-address`: the addresses of one business type (at most 200). */
export const BusinessTypeAddressRequest = v.strictObject({
  business_type: v.pipe(TrimmedText(32), v.nonEmpty(msg('required'))),
  kind: v.optional(pick(['start', 'stop'] as const)),
  keyword: Keyword,
});
export const AddressArray = v.array(AddressSchema);

/** `GET common/contact-data`: the people the customer's addresses name, for the contact field. */
export const ContactSchema = v.strictObject({
  contact: v.string(),
  phone: v.string(),
  company: v.string(),
  ad_id: v.number(),
  /** Pinyin initials of the contact and of the company (`zw cdc`), for pickers that filter by them. */
  pinyin: v.string(),
});
export const ContactList = v.array(ContactSchema);
export type Contact = v.InferOutput<typeof ContactSchema>;

// ---------------------------------------------------------------- address book writes

export const ADDRESS_COMPANY_MAX = 100;
export const ADDRESS_CONTACT_MAX = 50;
export const ADDRESS_PHONE_MAX = 30;
export const ADDRESS_STREET_MAX = 200;

/** A mainland mobile number: 1[3-9] and nine more digits, optionally after +86. */
export const MOBILE_PATTERN = /^(?:\+?86[ -]?)?1[3-9]\d{9}$/;
/**
 * A landline: area code 0xx or 0xxx, an optional dash, a 7–8 digit local number, then optionally
 * an extension after `-`, `#`, `转` or `ext`.
 */
export const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}(?:(?:-|#|转|\s?ext\.?\s?)\d{1,6})?$/i;

/** A phone of the address book: a Chinese mobile or landline (the browser's form and the server alike). */
export const ChinaPhone = v.pipe(
  v.string(msg('string')),
  v.trim(),
  v.nonEmpty(msg('phoneRequired')),
  v.maxLength(ADDRESS_PHONE_MAX, msg('maxLength', { max: ADDRESS_PHONE_MAX })),
  v.check((phone) => MOBILE_PATTERN.test(phone) || LANDLINE_PATTERN.test(phone), msg('phoneInvalid')),
);

/** A district of the region tree (the server checks that it is one); '' or null: not chosen yet. */
export const DistrictId = v.pipe(
  v.union(
    [v.number(), v.pipe(v.string(), v.regex(/^\d{1,10}$/, msg('districtRequired')))],
    msg('districtRequired'),
  ),
  v.transform(Number),
  v.integer(msg('districtRequired')),
  v.minValue(1, msg('districtRequired')),
  v.maxValue(2_147_483_647, msg('tooLarge')),
);

/** A record's version as last read (writes send it back; a stale one answers 409). */
export const RecordVersion = IntIn(1, 2_147_483_647);

/** What the address form sends: which side, who and where (the district's city is the region tree's). */
export const AddressInput = v.strictObject({
  kind: pick(ADDRESS_KINDS),
  business_type: v.optional(pick(BUSINESS_TYPES), 'general'),
  company: RequiredText(ADDRESS_COMPANY_MAX),
  contact: RequiredText(ADDRESS_CONTACT_MAX),
  phone: ChinaPhone,
  region_id: DistrictId,
  address: RequiredText(ADDRESS_STREET_MAX),
});
export type AddressInput = v.InferInput<typeof AddressInput>;

/** `POST customer-address/adrcreate`: a new address of the session's customer. */
export const AddressCreateRequest = AddressInput;
export type AddressCreateRequest = AddressInput;

/** `POST customer-address/adrupdate`: the address as last read (`version`) and its new values. */
export const AddressUpdateRequest = v.strictObject({
  ad_id: Id,
  version: RecordVersion,
  ...AddressInput.entries,
});
export type AddressUpdateRequest = v.InferInput<typeof AddressUpdateRequest>;

/** `POST customer-address/del`: the address as last read. */
export const AddressDeleteRequest = v.strictObject({ ad_id: Id, version: RecordVersion });
export type AddressDeleteRequest = v.InferInput<typeof AddressDeleteRequest>;

/**
 * What a delete did: `soft` when drafts still name the address (it stays for them but is no
 * longer listed or offered), `hard` otherwise.
 */
export const AddressDeleteAnswer = v.strictObject({
  ad_id: v.number(),
  removed: v.picklist(['soft', 'hard']),
});
export type AddressDeleteAnswer = v.InferOutput<typeof AddressDeleteAnswer>;

// ---------------------------------------------------------------- regions

export const RegionSchema = v.strictObject({
  region_id: v.number(),
  parent_id: v.nullable(v.number()),
  level: v.number(),
  name: v.string(),
  name_en: v.string(),
  pinyin: v.string(),
  served: v.boolean(),
});
export type Region = v.InferOutput<typeof RegionSchema>;
export const RegionList = v.array(RegionSchema);

export const CityRequest = v.strictObject({ province_id: Id });
export const ChildRegionRequest = v.strictObject({ parent_id: Id });
/** A city with its province, for a flat city picker. */
export const CityWithProvinceSchema = v.strictObject({ ...RegionSchema.entries, province: v.string() });
export const CityWithProvinceList = v.array(CityWithProvinceSchema);

export const RegionIdQuery = v.strictObject({ region_id: Id });
/** `check-region-info`: where a region is and whether the provider delivers there. */
export const RegionInfoSchema = v.strictObject({
  region_id: v.number(),
  level: v.number(),
  name: v.string(),
  /** Province → city → district names down to this region. */
  path: v.array(v.string()),
  /** The region and every region above it are served. */
  served: v.boolean(),
});
export type RegionInfo = v.InferOutput<typeof RegionInfoSchema>;

/** `common/region-search`: regions of any level by name, English name or pinyin initials. */
export const RegionSearchRequest = v.strictObject({
  keyword: v.pipe(TrimmedText(KEYWORD_MAX), v.nonEmpty(msg('required'))),
});
export const REGION_SEARCH_MAX = 50;
/** A region found, with the regions above it (province first) so a tree can open down to it. */
export const RegionMatchSchema = v.strictObject({
  ...RegionSchema.entries,
  /** The ids of the regions above it, province first ([] for a province). */
  ancestors: v.array(v.number()),
  /** Province → … → it, by name. */
  path: v.array(v.string()),
});
export type RegionMatch = v.InferOutput<typeof RegionMatchSchema>;
export const RegionMatchList = v.array(RegionMatchSchema);

/** `common/region-usage`: per region, the customer's sites and addresses in it or below it. */
export const RegionUsageSchema = v.strictObject({
  region_id: v.number(),
  sites: v.number(),
  addresses: v.number(),
});
export type RegionUsage = v.InferOutput<typeof RegionUsageSchema>;
export const RegionUsageList = v.array(RegionUsageSchema);
