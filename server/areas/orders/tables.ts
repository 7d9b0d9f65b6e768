import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
import type {
  AttachmentStatus,
  ExcursionLevel,
  Milestone,
  OrderStatus,
  OrderType,
  TempClass,
} from '../../../src/contract/orders/domain.ts';
import type { GeneratedTimestamp, Json, Timestamp } from '../../db/columns.ts';
import type { DateColumn, Numeric } from '../inventory/tables.ts';

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  cu_id: number;
  pr_id: number | null;
  order_type: OrderType;
  status: OrderStatus;
  is_dtp: number;
  to_goodstype: number;
  temp_class: TempClass;
  from_company: string;
  from_contact: string;
  from_phone: string;
  from_address: string;
  from_city_id: number | null;
  to_company: string;
  to_contact: string;
  to_phone: string;
  to_address: string;
  to_city_id: number | null;
  ho_id: number | null;
  pickup_at: Timestamp | null;
  deliver_by: Timestamp | null;
  sign_name: string | null;
  signed_at: Timestamp | null;
  remark: Generated<string>;
  milestone: Generated<Milestone>;
  excursion: Generated<ExcursionLevel>;
  attachment_status: Generated<AttachmentStatus>;
  merged_into: number | null;
  cancel_reason: string | null;
  /** What a keyword may match (see the migration); kept by `orderSearchText`. */
  search_text: Generated<string>;
  /**
   * The order's own text a keyword may match (order number, the parties that are not masked),
   * lower-cased; computed by the database (migration 2026-11-27T0001), never written.
   */
  order_text: GeneratedAlways<string>;
  version: Generated<number>;
  created_by: number | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface OrderGoodsTable {
  id: Generated<number>;
  order_id: number;
  in_id: number | null;
  goods_type: number;
  code: Generated<string>;
  name: string;
  spec: Generated<string>;
  batch_no: Generated<string>;
  expiry: DateColumn;
  quantity: Numeric;
  unit: string;
}

export interface OrderBoxesTable {
  id: Generated<number>;
  order_id: number;
  box_type: string;
  logger_id: Generated<string>;
  weight_kg: ColumnType<string, number | string | undefined, number | string>;
}

export interface OrderEventsTable {
  id: Generated<string>;
  order_id: number;
  at: GeneratedTimestamp;
  /** `created`, `submitted`, `approved`, `rejected`, `cancelled`, `merged`, `merged_into`, a milestone, `signed`, `reading_excursion`, `remark`, `attachment_*`, `modify_*`, `printed`, `emailed`. */
  kind: string;
  status_from: string | null;
  status_to: string | null;
  actor_kind: 'customer' | 'provider' | 'system';
  actor_name: Generated<string>;
  uid: number | null;
  reason: Generated<string>;
  location: Generated<string>;
  /** The other time a carrier or supplier proposed (`pickup_proposed`, `delivery_proposed`). */
  proposed_at: Timestamp | null;
  /** The electronic signature of the act (an approval, a document's review): signatures.id. */
  signature_id: number | null;
}

export interface OrderReadingsTable {
  order_id: number;
  logger_id: Generated<string>;
  at: Timestamp;
  celsius: Numeric;
}

export interface OrderTrackTable {
  order_id: number;
  at: Timestamp;
  lat: number;
  lng: number;
}

export interface OrderRemarksTable {
  id: Generated<number>;
  order_id: number;
  kind: Generated<'remark' | 'feedback'>;
  uid: number | null;
  author: string;
  text: string;
  at: GeneratedTimestamp;
}

export interface OrderModificationsTable {
  id: Generated<number>;
  order_id: number;
  /** The order's customer, set by a trigger on insert (migration 2026-11-30T0003). */
  cu_id: Generated<number>;
  kind: 'change' | 'cancel';
  changes: Json<Record<string, unknown>>;
  reason: string;
  status: Generated<'pending' | 'accepted' | 'rejected'>;
  answer: Generated<string>;
  requested_by: number | null;
  requested_at: GeneratedTimestamp;
  answered_at: Timestamp | null;
}

export interface OrderSourcesTable {
  order_id: number;
  source_id: number;
}

export interface IdempotencyKeysTable {
  uid: number;
  operation: string;
  key: string;
  cu_id: number;
  request_hash: string;
  answer: Json<unknown>;
  created_at: GeneratedTimestamp;
}

declare module '../../db/schema.ts' {
  interface Database {
    orders: OrdersTable;
    order_goods: OrderGoodsTable;
    order_boxes: OrderBoxesTable;
    order_events: OrderEventsTable;
    order_readings: OrderReadingsTable;
    order_track: OrderTrackTable;
    order_remarks: OrderRemarksTable;
    order_modifications: OrderModificationsTable;
    order_sources: OrderSourcesTable;
    idempotency_keys: IdempotencyKeysTable;
  }
}
