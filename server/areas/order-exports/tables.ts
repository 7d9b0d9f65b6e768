import type { ColumnType, Generated } from 'kysely';
import type { GeneratedTimestamp, Json, Timestamp } from '../../db/columns.ts';

export interface ExportJobsTable {
  id: Generated<number>;
  cu_id: number;
  uid: number;
  kind: 'xlsorder' | 'xlsjinyu';
  filter: Json<Record<string, unknown>>;
  status: Generated<'queued' | 'running' | 'done' | 'failed'>;
  total: Generated<number>;
  done: Generated<number>;
  name: string;
  storage_key: string | null;
  size: ColumnType<string | null, number | null | undefined, number | null>;
  error: string | null;
  created_at: GeneratedTimestamp;
  finished_at: Timestamp | null;
  deleted_at: Timestamp | null;
  /** The token of the run that holds the job (server/areas/order-exports/jobs.ts). */
  claim: string | null;
  /** Until when the claim holds unless renewed; past it, another process takes the job over. */
  lease_until: Timestamp | null;
  attempts: Generated<number>;
}

export interface PrintRecordsTable {
  id: Generated<string>;
  order_id: number;
  cu_id: number;
  uid: number | null;
  kind: Generated<string>;
  at: GeneratedTimestamp;
}

export interface MailOutboxTable {
  id: Generated<string>;
  cu_id: number;
  uid: number | null;
  order_id: number | null;
  recipients: string[];
  subject: string;
  html: string;
  text: string;
  created_at: GeneratedTimestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    export_jobs: ExportJobsTable;
    print_records: PrintRecordsTable;
    mail_outbox: MailOutboxTable;
  }
}
