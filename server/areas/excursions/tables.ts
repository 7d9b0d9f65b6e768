import type { ColumnType, Generated } from 'kysely';
import type {
  BudgetState,
  CaseState,
  Decision,
  StabilityBand,
} from '../../../src/contract/excursions/domain.ts';
import type { ExcursionLevel } from '../../../src/contract/orders/domain.ts';
import type { GeneratedTimestamp, Json, Timestamp } from '../../db/columns.ts';
import type { Numeric } from '../inventory/tables.ts';

export interface StabilityBudgetsTable {
  id: Generated<number>;
  cu_id: number;
  pr_id: number;
  code: string;
  bands: Json<StabilityBand[]>;
  updated_by: number | null;
  updated_at: GeneratedTimestamp;
}

export interface ExcursionCasesTable {
  id: Generated<number>;
  cu_id: number;
  order_id: number;
  pr_id: number | null;
  logger_id: string;
  seq: Generated<number>;
  state: Generated<CaseState>;
  level: Exclude<ExcursionLevel, 'none'>;
  budget: Generated<BudgetState>;
  minutes_out: number;
  peak: Numeric;
  opened_at: Timestamp;
  assignee_uid: number | null;
  decision: Decision | null;
  decision_reason: string | null;
  decided_by: number | null;
  decided_by_name: string | null;
  decided_at: Timestamp | null;
  signature_id: number | null;
  minutes_at_decision: number | null;
  closed_at: Timestamp | null;
  closed_by: string | null;
  /** Minutes out of range per temperature (migration 2026-12-02T0009; null: not kept, read the readings). */
  out_minutes: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  updated_at: GeneratedTimestamp;
}

export interface ExcursionLinesTable {
  case_id: number;
  goods_id: number;
  in_id: number | null;
}

export type NoteKind = 'opened' | 'assigned' | 'comment' | 'decided' | 'closed' | 'readings';

export interface ExcursionNotesTable {
  id: Generated<string>;
  case_id: number;
  at: Timestamp;
  kind: NoteKind;
  uid: number | null;
  author: Generated<string>;
  text: Generated<string>;
  file_id: number | null;
}

declare module '../../db/schema.ts' {
  interface Database {
    stability_budgets: StabilityBudgetsTable;
    excursion_cases: ExcursionCasesTable;
    excursion_lines: ExcursionLinesTable;
    excursion_notes: ExcursionNotesTable;
  }
}
