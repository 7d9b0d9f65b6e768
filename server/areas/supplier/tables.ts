import type { Generated } from 'kysely';
import type { SupplierDecision, SupplierTask } from '../../../src/contract/supplier/schemas.ts';
import type { GeneratedTimestamp, Timestamp } from '../../db/columns.ts';

export interface SupplierLinksTable {
  id: Generated<number>;
  order_id: number;
  task: SupplierTask;
  party: string;
  /** Who on the provider's side made it (an operator's name; '' when none was given). */
  created_by: Generated<string>;
  expires_at: Timestamp;
  decision: SupplierDecision | null;
  proposed_at: Timestamp | null;
  reason: Generated<string>;
  decided_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    supplier_links: SupplierLinksTable;
  }
}
