import * as v from 'valibot';
import { RequiredText, TrimmedText } from '../fields.ts';
import { ADDRESS_MAX, CONTACT_MAX, Moment, ORDER_REMARK_MAX, Phone } from '../order-editor/schemas.ts';
import { MILESTONES, type Milestone } from './domain.ts';

/**
 * A change request of a confirmed order (`customer-order/apply-modify`, kind `change`): which
 * fields it may name, each checked as the order editor checks it, and the rules that need the
 * order and the time. The dialog runs them before sending and the server again before storing,
 * so both say the same thing under the same field (`changes.<field>`).
 */

/** What the server shows in place of a hidden value (server/areas/orders/masking.ts `MASK`). */
export const MASK = '******';

/** The fields a change request may name (the provider applies these: provider/modify-changes.ts). */
export const ChangesInput = v.strictObject({
  pickup_at: v.optional(Moment),
  deliver_by: v.optional(Moment),
  from_contact: v.optional(RequiredText(CONTACT_MAX)),
  from_phone: v.optional(Phone),
  to_contact: v.optional(RequiredText(CONTACT_MAX)),
  to_phone: v.optional(Phone),
  to_address: v.optional(RequiredText(ADDRESS_MAX)),
  remark: v.optional(TrimmedText(ORDER_REMARK_MAX)),
});
export type ChangesValue = v.InferOutput<typeof ChangesInput>;
export type ChangeableField = keyof typeof ChangesInput.entries;
/** The changeable fields, in the order the dialog and the request's lines show them. */
export const CHANGEABLE = Object.keys(ChangesInput.entries) as readonly ChangeableField[];
export const CHANGE_TIMES: readonly ChangeableField[] = ['pickup_at', 'deliver_by'];

/** The start side is settled once the goods are picked up, the stop side once they are delivered. */
const START_SIDE: readonly ChangeableField[] = ['pickup_at', 'from_contact', 'from_phone'];
const STOP_SIDE: readonly ChangeableField[] = ['deliver_by', 'to_contact', 'to_phone', 'to_address'];
const reached = (milestone: Milestone, step: Milestone) =>
  MILESTONES.indexOf(milestone) >= MILESTONES.indexOf(step);

/** The fields the order's progress no longer lets a request change (the remark always may). */
export function settledFields(milestone: Milestone): ChangeableField[] {
  return [
    ...(reached(milestone, 'picked_up') ? START_SIDE : []),
    ...(reached(milestone, 'delivered') ? STOP_SIDE : []),
  ];
}

/** What is wrong with a field's asked value, beyond its own format. */
export type ChangeProblem =
  | 'pickedUp'
  | 'delivered'
  | 'masked'
  | 'same'
  | 'pickupPast'
  | 'pickupAfterDelivery'
  | 'deliverPast'
  | 'deliverBeforePickup';

/** The order as the request is judged against: its values, progress, and what the asker cannot see. */
export interface ChangeContext {
  values: Readonly<Record<ChangeableField, string | null>>;
  milestone: Milestone;
  /**
   * Fields whose value the asker sees masked or redacted: never compared ("same as now" would
   * tell whether a guess is the patient's phone).
   */
  hidden: ReadonlySet<string>;
}

const instant = (text: string | null | undefined) => (text ? Date.parse(text) : Number.NaN);

function same(field: ChangeableField, asked: string, now: string | null): boolean {
  if ((CHANGE_TIMES as readonly string[]).includes(field)) return instant(asked) === instant(now);
  return asked.trim() === (now ?? '').trim();
}

/**
 * The problems of a request whose values passed `ChangesInput`, by field: a settled side, the
 * mask sent back (asterisks stand for a value the asker cannot see; a phone of asterisks is not
 * a phone already), a value the order holds already, a time not in the future, a deliver-by not after the pickup
 * (the asked one, else the order's) or a pickup not before the order's deliver-by. Times are
 * compared as instants (`+08:00` or `Z` alike).
 */
export function changeProblems(
  changes: ChangesValue,
  order: ChangeContext,
  now: Date,
): Partial<Record<ChangeableField, ChangeProblem>> {
  const out: Partial<Record<ChangeableField, ChangeProblem>> = {};
  const settled = settledFields(order.milestone);
  for (const field of CHANGEABLE) {
    const asked = changes[field];
    if (asked === undefined) continue;
    if (settled.includes(field)) out[field] = START_SIDE.includes(field) ? 'pickedUp' : 'delivered';
    else if (asked.includes(MASK)) out[field] = 'masked';
    else if (!order.hidden.has(field) && same(field, asked, order.values[field])) out[field] = 'same';
  }
  const pickup = instant(changes.pickup_at ?? order.values.pickup_at);
  const deliver = instant(changes.deliver_by ?? order.values.deliver_by);
  if (changes.pickup_at !== undefined && !out.pickup_at) {
    if (pickup <= now.getTime()) out.pickup_at = 'pickupPast';
    else if (changes.deliver_by === undefined && deliver <= pickup) out.pickup_at = 'pickupAfterDelivery';
  }
  if (changes.deliver_by !== undefined && !out.deliver_by) {
    if (deliver <= now.getTime()) out.deliver_by = 'deliverPast';
    else if (deliver <= pickup) out.deliver_by = 'deliverBeforePickup';
  }
  return out;
}

/**
 * One field a request asked to change, as the order view shows it: the order's value when it was
 * asked (`old`; left out when not known: a request answered before the audit trail kept it) and
 * the value asked, masked fields masked.
 */
export const AskedFieldSchema = v.strictObject({
  field: v.string(),
  old: v.optional(v.nullable(v.string())),
  new: v.string(),
});
export type AskedField = v.InferOutput<typeof AskedFieldSchema>;
