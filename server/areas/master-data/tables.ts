import type { Generated } from 'kysely';
import type { GeneratedTimestamp, Timestamp } from '../../db/columns.ts';

/** A province (level 1), city (2) or district (3); `served`: the provider delivers there. */
export interface RegionsTable {
  region_id: number;
  parent_id: number | null;
  level: number;
  name: string;
  name_en: Generated<string>;
  pinyin: Generated<string>;
  served: Generated<boolean>;
}

/** A clinical trial of a customer, with what its orders may be. */
export interface ProjectsTable {
  pr_id: Generated<number>;
  cu_id: number;
  protocol_no: string;
  name: string;
  phase: Generated<string>;
  sponsor: Generated<string>;
  status: Generated<'active' | 'closed'>;
  goods_types: Generated<number[]>;
  temp_classes: Generated<string[]>;
  order_types: Generated<string[]>;
  required_attachments: Generated<string[]>;
  dtp_allowed: Generated<boolean>;
  tags: Generated<string[]>;
  time_limit_hours: number | null;
  created_at: GeneratedTimestamp;
}

/** A trial site: a hospital department with its investigator. */
export interface SitesTable {
  ho_id: Generated<number>;
  cu_id: number;
  name: string;
  department: Generated<string>;
  investigator: Generated<string>;
  phone: Generated<string>;
  address: Generated<string>;
  region_id: number | null;
  pinyin: Generated<string>;
  created_at: GeneratedTimestamp;
}

export interface ProjectSitesTable {
  pr_id: number;
  ho_id: number;
  site_no: Generated<string>;
}

export interface AddressesTable {
  ad_id: Generated<number>;
  cu_id: number;
  kind: Generated<'start' | 'stop' | 'both'>;
  business_type: Generated<string>;
  company: string;
  contact: string;
  phone: string;
  address: string;
  region_id: number | null;
  ho_id: number | null;
  pinyin: Generated<string>;
  version: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  deleted_at: Timestamp | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    regions: RegionsTable;
    projects: ProjectsTable;
    sites: SitesTable;
    project_sites: ProjectSitesTable;
    addresses: AddressesTable;
  }
}
