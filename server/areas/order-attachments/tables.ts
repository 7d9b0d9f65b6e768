import type { ColumnType, Generated } from 'kysely';
import type { AttachmentKind, AttachmentState } from '../../../src/contract/orders/domain.ts';
import type { GeneratedTimestamp, Timestamp } from '../../db/columns.ts';

export interface FilesTable {
  file_id: Generated<number>;
  cu_id: number;
  uid: number | null;
  name: string;
  media_type: string;
  size: ColumnType<string, number, number>;
  sha256: string;
  storage_key: string;
  created_at: GeneratedTimestamp;
}

export interface OrderAttachmentsTable {
  id: Generated<number>;
  order_id: number;
  file_id: number;
  kind: AttachmentKind;
  status: Generated<AttachmentState>;
  reason: Generated<string>;
  source: Generated<'customer' | 'provider'>;
  uploaded_by: number | null;
  uploaded_at: GeneratedTimestamp;
  audited_by: string | null;
  audited_at: Timestamp | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    files: FilesTable;
    order_attachments: OrderAttachmentsTable;
  }
}
