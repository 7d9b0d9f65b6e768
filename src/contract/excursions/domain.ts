import type { TempClass } from '../orders/domain.ts';

/**
 * Temperature excursion cases (docs/decisions/excursions.md): when a logger's readings leave its
 * order's range a case opens by itself; a person of the customer assesses it and decides, with a
 * reason and an electronic signature, what becomes of the goods; the stock follows the decision.
 */
export const CASE_STATES = ['open', 'assessment', 'decided', 'closed'] as const;
export type CaseState = (typeof CASE_STATES)[number];

export const DECISIONS = ['release', 'quarantine', 'destroy', 'return'] as const;
export type Decision = (typeof DECISIONS)[number];

/** Whether the goods stayed within their products' stability budgets over each batch's life. */
export const BUDGET_STATES = ['within', 'over', 'none'] as const;
export type BudgetState = (typeof BUDGET_STATES)[number];

/** What a stock line holds back of its goods: nothing, until a case is decided, or for good. */
export const HOLDS = ['none', 'on_hold', 'quarantined'] as const;
export type Hold = (typeof HOLDS)[number];

/**
 * The classes whose products are labelled for storage where the mean kinetic temperature (USP
 * <1160>) says something: controlled room temperature and the refrigerator. Frozen goods are
 * judged on time above their limit alone.
 */
export const MKT_CLASSES: readonly TempClass[] = ['ambient', 'chilled'];

/** ΔH/R for ΔH = 83.144 kJ/mol and R = 8.3144 J/(mol·K): 10,000 K. */
export const MKT_DELTA_H_OVER_R = 83_144 / 8.3144;

/**
 * A range a product tolerates outside its labelled storage, and for how long in total over a
 * batch's life: `hours` 0 means never. A bound left out is open (`min` null: any colder).
 */
export interface StabilityBand {
  min: number | null;
  max: number | null;
  hours: number;
}

/** A case's number as people read it. */
export const caseNo = (id: number) => `EXC-${String(id).padStart(6, '0')}`;
