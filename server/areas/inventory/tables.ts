import type { ColumnType, Generated } from 'kysely';
import type { Hold } from '../../../src/contract/excursions/domain.ts';
import type { GeneratedTimestamp } from '../../db/columns.ts';

/** numeric columns come back as strings (exact); numbers go in. */
export type Numeric = ColumnType<string, number | string, number | string>;
/** date columns: `yyyy-mm-dd` in and a Date out. */
export type DateColumn = ColumnType<Date | null, string | null | undefined, string | null>;

export interface InventoryTable {
  in_id: Generated<number>;
  cu_id: number;
  pr_id: number | null;
  goods_type: number;
  code: string;
  name: string;
  spec: Generated<string>;
  unit: string;
  batch_no: Generated<string>;
  expiry: DateColumn;
  quantity: Numeric;
  reserved: Generated<string>;
  /** The reorder level (migration 2026-11-30T0002); null: none set. */
  low_level: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  depot: Generated<string>;
  temp_class: string;
  recoverable: Generated<boolean>;
  pinyin: Generated<string>;
  /** What the line holds back (migration 2026-12-02T0007): on hold until its excursion cases are decided, or quarantined. */
  hold: Generated<Hold>;
  /** A line at an order's destination: the order and the goods line its stock came from. */
  origin_order_id: number | null;
  origin_goods_id: number | null;
  created_at: GeneratedTimestamp;
}

export interface InventoryMovementsTable {
  id: Generated<string>;
  in_id: number;
  at: GeneratedTimestamp;
  delta: Numeric;
  kind: 'inbound' | 'reserve' | 'release' | 'outbound' | 'return' | 'adjust' | 'write_off';
  order_id: number | null;
  note: Generated<string>;
}

declare module '../../db/schema.ts' {
  interface Database {
    inventory: InventoryTable;
    inventory_movements: InventoryMovementsTable;
  }
}
