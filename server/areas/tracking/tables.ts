import type { Generated } from 'kysely';
import type { GeneratedTimestamp, Timestamp } from '../../db/columns.ts';

export interface TrackingSharesTable {
  id: Generated<number>;
  order_id: number;
  cu_id: number;
  created_by: number | null;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  last_used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface TrackingFailuresTable {
  id: Generated<string>;
  order_no: string;
  address: string;
  failed_at: Timestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    tracking_shares: TrackingSharesTable;
    tracking_failures: TrackingFailuresTable;
  }
}
