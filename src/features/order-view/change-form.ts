import {
  CHANGE_TIMES,
  CHANGEABLE,
  type ChangeableField,
  type ChangeProblem,
  ChangesInput,
  changeProblems,
  MASK,
  settledFields,
} from '../../contract/orders/change-request.ts';
import type { OrderDetail } from '../../contract/orders/schemas.ts';
import type { Milestone } from '../../contract/orders/domain.ts';
import { type MessageKey, t } from '../../i18n/translate.ts';
import { firstIssues, validate } from '../../lib/form-schema.ts';
import '../../i18n/areas/order-view.ts';

/**
 * Times are typed in China time, as the view writes them (format.ts): UTC+8 all year (China keeps
 * no summer time), so a `datetime-local` text is the instant plus eight hours, and back.
 */
const CHINA_MS = 8 * 3_600_000;
const LOCAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** An ISO moment as a `datetime-local` text in China time ('' for none). */
export function chinaLocal(iso: string | null): string {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(at) ? '' : new Date(at + CHINA_MS).toISOString().slice(0, 16);
}

/** A `datetime-local` text read in China time, as ISO 8601 with its offset ('' for none or half typed). */
export const chinaIso = (local: string): string => (LOCAL.test(local) ? `${local}:00+08:00` : '');

/** The change form: each field's text as typed (a time as `datetime-local` text in China time). */
export type ChangeForm = Record<ChangeableField, string>;

/** What the change form starts from, taken from the order as the view shows it. */
export interface ChangeStart {
  /** The fields a request may still change (the order's progress settles a side: change-request.ts). */
  fields: ChangeableField[];
  form: ChangeForm;
  /** Fields the view shows masked or redacted: never pre-filled, so never sent back, nor compared. */
  hidden: ReadonlySet<string>;
  values: Record<ChangeableField, string | null>;
  milestone: Milestone;
}

const isTime = (field: ChangeableField) => CHANGE_TIMES.includes(field);

export function changeStart(order: OrderDetail): ChangeStart {
  const values = Object.fromEntries(
    CHANGEABLE.map((field) => [field, order[field]]),
  ) as ChangeStart['values'];
  const hidden = new Set<string>(
    CHANGEABLE.filter((field) => order.masked.includes(field) || (values[field] ?? '').includes(MASK)),
  );
  const form = Object.fromEntries(
    CHANGEABLE.map((field) => {
      const value = hidden.has(field) ? '' : (values[field] ?? '');
      return [field, isTime(field) ? chinaLocal(value) : value];
    }),
  ) as ChangeForm;
  const settled = settledFields(order.milestone);
  return {
    fields: CHANGEABLE.filter((field) => !settled.includes(field)),
    form,
    hidden,
    values,
    milestone: order.milestone,
  };
}

/**
 * The fields the user changed, as the request sends them: a shown field whose text differs from
 * the order's, a hidden one typed in, a time typed otherwise (sent with China's offset).
 */
export function askedOf(start: ChangeStart, form: ChangeForm): Partial<Record<ChangeableField, string>> {
  const out: Partial<Record<ChangeableField, string>> = {};
  for (const field of start.fields) {
    const typed = form[field];
    if (isTime(field)) {
      if (typed !== start.form[field]) out[field] = chinaIso(typed);
    } else if (start.hidden.has(field) ? typed.trim() !== '' : typed.trim() !== start.form[field].trim())
      out[field] = typed;
  }
  return out;
}

const PROBLEMS: Record<ChangeProblem, MessageKey> = {
  pickedUp: 'orderView.apply.settled.pickedUp',
  delivered: 'orderView.apply.settled.delivered',
  masked: 'orderView.apply.problem.masked',
  same: 'orderView.apply.problem.same',
  pickupPast: 'orderView.apply.problem.pickupPast',
  pickupAfterDelivery: 'orderView.apply.problem.pickupAfterDelivery',
  deliverPast: 'orderView.apply.problem.deliverPast',
  deliverBeforePickup: 'orderView.apply.problem.deliverBeforePickup',
};

/**
 * What the server would refuse in the asked fields, keyed as its 422 keys them
 * (`changes.<field>`), in `lang`: the contract's formats first, then `changeProblems`.
 */
export function checkAsked(
  start: ChangeStart,
  asked: Partial<Record<ChangeableField, string>>,
  lang: string,
  now = new Date(),
): Record<string, string> {
  const result = validate(ChangesInput, asked, lang);
  const out: Record<string, string> = {};
  for (const [path, issue] of firstIssues(result.issues ?? [])) out[`changes.${path}`] = issue.message;
  if (!result.success) return out;
  const context = { values: start.values, milestone: start.milestone, hidden: start.hidden };
  for (const [field, problem] of Object.entries(changeProblems(result.output, context, now)))
    out[`changes.${field}`] = t(PROBLEMS[problem]);
  return out;
}
