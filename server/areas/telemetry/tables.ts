import type { Generated } from 'kysely';
import type { GeneratedTimestamp } from '../../db/columns.ts';

export interface TrackingEventsTable {
  id: Generated<string>;
  created_at: GeneratedTimestamp;
  uid: number | null;
  client_time: string;
  customer: string;
  account: string;
  role: string;
  page: string;
  element: string;
  description: string;
  type: number;
  element_code: number;
}

export interface ErrorLogsTable {
  id: Generated<string>;
  created_at: GeneratedTimestamp;
  uid: number | null;
  url: string;
  message: string;
  tag: string;
  type: string;
  cu_id: string;
  user_agent: string;
}

declare module '../../db/schema.ts' {
  interface Database {
    tracking_events: TrackingEventsTable;
    error_logs: ErrorLogsTable;
  }
}
