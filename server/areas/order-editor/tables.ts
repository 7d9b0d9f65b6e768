import type { Generated } from 'kysely';
import type { EditorMode } from '../../../src/contract/order-editor/schemas.ts';
import type { AttachmentKind } from '../../../src/contract/orders/domain.ts';
import type { GeneratedTimestamp, Json } from '../../db/columns.ts';

/** A user's order form in the draft box of one customer. */
export interface OrderDraftsTable {
  id: Generated<number>;
  uid: number;
  cu_id: number;
  version: Generated<number>;
  mode: EditorMode;
  order_id: number | null;
  idempotency_key: string;
  data: Json<unknown>;
  pr_id: number | null;
  order_type: string | null;
  temp_class: string | null;
  from_company: Generated<string>;
  to_company: Generated<string>;
  goods_count: Generated<number>;
  /** What a keyword matches (lower case): parties, project protocol number and name, order number. */
  search_text: Generated<string>;
  saved_at: GeneratedTimestamp;
  created_at: GeneratedTimestamp;
}

/** A file uploaded while creating an order, not attached yet. */
export interface PendingFilesTable {
  file_id: number;
  uid: number;
  cu_id: number;
  kind: AttachmentKind;
  created_at: GeneratedTimestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    order_drafts: OrderDraftsTable;
    pending_files: PendingFilesTable;
  }
}
