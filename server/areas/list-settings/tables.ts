import type { ColumnSetting } from '../../../src/contract/list-settings/schemas.ts';
import type { Generated } from 'kysely';
import type { GeneratedTimestamp, Json } from '../../db/columns.ts';

export interface ListSettingsTable {
  uid: number;
  /** The session's customer; 0 for a session without one. */
  cu_id: number;
  /** The list's name (`customer-order/index`). */
  list: string;
  /** The columns in display order. */
  fields: Json<ColumnSetting[]>;
  updated_at: GeneratedTimestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    list_settings: ListSettingsTable;
  }
}

export interface SavedViewsTable {
  id: Generated<number>;
  uid: number;
  /** The session's customer; 0 for a session without one. */
  cu_id: number;
  list: string;
  name: string;
  /** The list's address query (`?status=finished`), or ''. */
  query: string;
  updated_at: GeneratedTimestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    saved_views: SavedViewsTable;
  }
}
