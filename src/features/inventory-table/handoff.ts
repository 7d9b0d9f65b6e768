import type { InventoryLine } from '../../contract/inventory/schemas.ts';
import { GOODS_LINES_MAX } from '../../contract/order-editor/schemas.ts';
import { newFormKey, ORDER_CREATE_PATH } from '../../lib/order-drafts.ts';

/** Why the chosen lines cannot go into one order (the first reason found). */
export type HandoffProblem =
  | { kind: 'mixedProject' }
  | { kind: 'mixedType' }
  | { kind: 'mixedTemp' }
  | { kind: 'mixedDepot' }
  | { kind: 'tooMany'; max: number }
  | { kind: 'nothingAvailable'; line: InventoryLine }
  | { kind: 'held'; line: InventoryLine };

/** The address's parameter the order editor reads its stock lines from. */
export const STOCK_PARAM = 'stock';

const mixed = (lines: readonly InventoryLine[], of: (line: InventoryLine) => unknown) =>
  new Set(lines.map(of)).size > 1;

/**
 * The editor's address for an order of these stock lines (`/customer-order/create?stock=12,15&
 * form-key=…`), or why they cannot make one order: one project, goods type, temperature class and
 * depot, each with something available and none held back by an excursion (on hold or
 * quarantined), at most as many lines as an order holds. The address
 * names a new form (`formKey`): an editor already open in its tab then starts that order instead
 * of showing the form it held (which stays in the browser and the draft box, under its own key).
 */
export function orderFromLines(
  lines: readonly InventoryLine[],
  formKey: string = newFormKey(),
): { path: string; problem: null } | { path: null; problem: HandoffProblem } {
  const fail = (problem: HandoffProblem) => ({ path: null, problem }) as const;
  if (lines.length > GOODS_LINES_MAX) return fail({ kind: 'tooMany', max: GOODS_LINES_MAX });
  if (mixed(lines, (l) => l.pr_id)) return fail({ kind: 'mixedProject' });
  if (mixed(lines, (l) => l.goods_type)) return fail({ kind: 'mixedType' });
  if (mixed(lines, (l) => l.temp_class)) return fail({ kind: 'mixedTemp' });
  if (mixed(lines, (l) => l.depot)) return fail({ kind: 'mixedDepot' });
  const held = lines.find((l) => l.hold !== 'none');
  if (held) return fail({ kind: 'held', line: held });
  const empty = lines.find((l) => l.available <= 0);
  if (empty) return fail({ kind: 'nothingAvailable', line: empty });
  const ids = lines.map((l) => l.in_id).join(',');
  const query = `${STOCK_PARAM}=${ids}&form-key=${encodeURIComponent(formKey)}`;
  return { path: `${ORDER_CREATE_PATH}?${query}`, problem: null };
}

/** The stock line ids of an address's `stock=12,15` (positive integers, each once, at most an order's lines). */
export function stockIdsOf(value: string | null | undefined): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);
  return [...new Set(ids)].slice(0, GOODS_LINES_MAX);
}
