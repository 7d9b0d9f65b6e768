import * as v from 'valibot';
import { Id, IntIn, RequiredText } from '../fields.ts';
import { msg } from '../messages.ts';
import { EXCURSION_LEVELS, TEMP_CLASSES } from '../orders/domain.ts';
import { SignatureInput, SignatureSchema } from '../signatures/schemas.ts';
import { BUDGET_STATES, CASE_STATES, DECISIONS, HOLDS } from './domain.ts';

const pick = <const T extends readonly string[]>(values: T) =>
  v.picklist(values, msg('oneOf', { values: values.join(', ') }));

const Stamp = v.string(); // ISO 8601
const Level = v.picklist(EXCURSION_LEVELS.filter((l) => l !== 'none') as ['low', 'medium', 'high']);

/** The ages the case list filters by: open (or opened) for more than so many days. */
export const CASE_AGES = [0, 1, 3, 7, 30] as const;
/** The most readings a case page draws (evenly thinned, the first and last kept). */
export const CASE_READINGS_MAX = 1500;
export const REASON_MAX = 1000;
export const COMMENT_MAX = 2000;
/** The most bands a product's stability budget has. */
export const BANDS_MAX = 6;

/** `GET excursion/list`: the customer's cases, open first, by severity. */
export const CaseListQuery = v.strictObject({
  start: v.optional(IntIn(0, 10_000_000), 0),
  limit: v.optional(IntIn(1, 100), 20),
  /** A state, or `active` (open and under assessment). */
  state: v.optional(pick([...CASE_STATES, 'active'] as const)),
  pr_id: v.optional(Id),
  /** Opened more than so many days ago (0: any). */
  older_than_days: v.optional(
    v.pipe(
      IntIn(0, 30),
      v.check(
        (n) => (CASE_AGES as readonly number[]).includes(n),
        msg('oneOf', { values: CASE_AGES.join(', ') }),
      ),
    ),
    0,
  ),
});
export type CaseListQuery = v.InferInput<typeof CaseListQuery>;

export const PersonSchema = v.strictObject({ uid: v.number(), name: v.string() });

/** A case as the list shows it. */
export const CaseRowSchema = v.strictObject({
  id: v.number(),
  case_no: v.string(),
  order_id: v.number(),
  order_no: v.string(),
  pr_id: v.nullable(v.number()),
  protocol_no: v.string(),
  logger_id: v.string(),
  temp_class: v.picklist(TEMP_CLASSES),
  state: v.picklist(CASE_STATES),
  level: Level,
  budget: v.picklist(BUDGET_STATES),
  /** Total minutes the logger spent outside the order's range. */
  minutes_out: v.number(),
  /** The reading furthest outside the range, °C. */
  peak: v.number(),
  opened_at: Stamp,
  assignee: v.nullable(PersonSchema),
  decision: v.nullable(v.picklist(DECISIONS)),
  decided_at: v.nullable(Stamp),
});
export type CaseRow = v.InferOutput<typeof CaseRowSchema>;

export const CaseCountsSchema = v.strictObject({
  open: v.number(),
  assessment: v.number(),
  decided: v.number(),
  closed: v.number(),
  /** Active cases whose goods went over a stability budget. */
  over_budget: v.number(),
});
export type CaseCounts = v.InferOutput<typeof CaseCountsSchema>;

export const CaseListSchema = v.strictObject({
  list: v.array(CaseRowSchema),
  total: v.number(),
  counts: CaseCountsSchema,
});
export type CaseList = v.InferOutput<typeof CaseListSchema>;

export const CaseIdQuery = v.strictObject({ id: Id });

/** One out-of-range episode of the case's logger. */
export const EpisodeSchema = v.strictObject({
  from: Stamp,
  to: Stamp,
  minutes: v.number(),
  min: v.number(),
  max: v.number(),
  level: Level,
});

export const BandSchema = v.strictObject({
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
  hours: v.number(),
});

/** A band of a product's budget and what was used of it: by this shipment, before it, in all. */
export const BandUseSchema = v.strictObject({
  min: v.nullable(v.number()),
  max: v.nullable(v.number()),
  hours: v.number(),
  shipment_minutes: v.number(),
  earlier_minutes: v.number(),
  over: v.boolean(),
});

/** An earlier case of the same batch (another shipment of it). */
export const EarlierCaseSchema = v.strictObject({
  id: v.number(),
  case_no: v.string(),
  order_no: v.string(),
  opened_at: Stamp,
  minutes_out: v.number(),
  decision: v.nullable(v.picklist(DECISIONS)),
});

/** A goods line of the shipment, its stock at the destination and its batch's budget. */
export const CaseLineSchema = v.strictObject({
  code: v.string(),
  name: v.string(),
  batch_no: v.string(),
  quantity: v.number(),
  unit: v.string(),
  /** The stock line that holds these goods at the destination (null: none, yet). */
  in_id: v.nullable(v.number()),
  depot: v.string(),
  hold: v.picklist(HOLDS),
  /** What is left of the line at the destination (0 once destroyed or returned). */
  on_hand: v.number(),
  budget: v.picklist(BUDGET_STATES),
  bands: v.array(BandUseSchema),
  /** Minutes outside every band of the budget (they count as over it). */
  unbudgeted_minutes: v.number(),
  earlier: v.array(EarlierCaseSchema),
});
export type CaseLine = v.InferOutput<typeof CaseLineSchema>;

export const TimelineEntrySchema = v.strictObject({
  at: Stamp,
  kind: v.picklist(['opened', 'assigned', 'comment', 'decided', 'closed', 'readings']),
  author: v.string(),
  text: v.string(),
  /** An order document the comment points to as evidence. */
  file: v.nullable(v.strictObject({ id: v.number(), name: v.string(), kind: v.string() })),
});
export type TimelineEntry = v.InferOutput<typeof TimelineEntrySchema>;

export const EvidenceSchema = v.strictObject({
  id: v.number(),
  name: v.string(),
  kind: v.string(),
  uploaded_at: Stamp,
});

export const CaseViewSchema = v.strictObject({
  case: CaseRowSchema,
  order: v.strictObject({
    id: v.number(),
    order_no: v.string(),
    status: v.string(),
    from_company: v.string(),
    to_company: v.string(),
    pickup_at: v.nullable(Stamp),
    signed_at: v.nullable(Stamp),
  }),
  limits: v.strictObject({ min: v.nullable(v.number()), max: v.nullable(v.number()) }),
  /** The mean kinetic temperature of the logger's readings, °C (null: not for this class). */
  mkt: v.nullable(v.number()),
  readings: v.array(v.strictObject({ at: Stamp, celsius: v.number() })),
  episodes: v.array(EpisodeSchema),
  lines: v.array(CaseLineSchema),
  /** What the server proposes: release when every line is within budget. */
  proposal: v.nullable(v.picklist(DECISIONS)),
  decision: v.nullable(
    v.strictObject({
      decision: v.picklist(DECISIONS),
      reason: v.string(),
      by: v.string(),
      at: Stamp,
      signature: v.nullable(SignatureSchema),
    }),
  ),
  timeline: v.array(TimelineEntrySchema),
  evidence: v.array(EvidenceSchema),
  /** Whom the case may be assigned to: the customer's users. */
  assignees: v.array(PersonSchema),
  may: v.strictObject({ assign: v.boolean(), comment: v.boolean(), decide: v.boolean() }),
});
export type CaseView = v.InferOutput<typeof CaseViewSchema>;

export const AssignRequest = v.strictObject({ id: Id, uid: Id });
export type AssignRequest = v.InferInput<typeof AssignRequest>;

export const CommentRequest = v.strictObject({
  id: Id,
  text: RequiredText(COMMENT_MAX),
  /** An order document of the case's order, as evidence. */
  file_id: v.optional(Id),
});
export type CommentRequest = v.InferInput<typeof CommentRequest>;

export const DecideRequest = v.strictObject({
  id: Id,
  decision: pick(DECISIONS),
  reason: RequiredText(REASON_MAX),
  signature: SignatureInput,
});
export type DecideRequest = v.InferInput<typeof DecideRequest>;

/** What a case call answers: the case as it now is. */
export const CaseAnswer = CaseRowSchema;

const Celsius = v.pipe(
  v.number(msg('number')),
  v.finite(msg('number')),
  v.minValue(-273, msg('min', { min: -273 })),
  v.maxValue(200, msg('max', { max: 200 })),
);

/** A band as saved: a bound or both, an allowance of 0 (never) to 10 years in hours. */
export const BandInput = v.pipe(
  v.strictObject({
    min: v.nullable(Celsius),
    max: v.nullable(Celsius),
    hours: v.pipe(
      v.number(msg('number')),
      v.finite(msg('number')),
      v.minValue(0, msg('min', { min: 0 })),
      v.maxValue(87_600, msg('max', { max: 87_600 })),
    ),
  }),
  v.check((b) => b.min !== null || b.max !== null, msg('bandBounds')),
  v.check((b) => b.min === null || b.max === null || b.min < b.max, msg('bandBounds')),
);

const overlaps = (a: v.InferOutput<typeof BandInput>, b: v.InferOutput<typeof BandInput>) =>
  (a.min ?? -Infinity) < (b.max ?? Infinity) && (b.min ?? -Infinity) < (a.max ?? Infinity);

/** `GET customer-project/stability`: a project's products and their budgets. */
export const StabilityQuery = v.strictObject({ pr_id: Id });

export const StabilityListSchema = v.strictObject({
  list: v.array(
    v.strictObject({
      code: v.string(),
      name: v.string(),
      bands: v.array(BandSchema),
      updated_at: v.nullable(Stamp),
    }),
  ),
});
export type StabilityList = v.InferOutput<typeof StabilityListSchema>;

/** `POST customer-project/stability-save`: a product's budget (no bands: none kept). */
export const StabilitySaveRequest = v.strictObject({
  pr_id: Id,
  code: RequiredText(64),
  bands: v.pipe(
    v.array(BandInput, msg('list')),
    v.maxLength(BANDS_MAX, msg('maxItems', { max: BANDS_MAX })),
    v.check(
      (bands) => bands.every((a, i) => bands.every((b, j) => i === j || !overlaps(a, b))),
      msg('bandsOverlap'),
    ),
  ),
});
export type StabilitySaveRequest = v.InferInput<typeof StabilitySaveRequest>;

/** `provider/excursion-decisions`: at most `limit`; `nonce` makes a repeated poll a new signed request. */
export const ProviderDecisionsQuery = v.strictObject({
  limit: v.optional(IntIn(1, 500), 100),
  nonce: v.optional(v.pipe(v.string(), v.maxLength(64, msg('maxLength', { max: 64 })))),
});

/** A decision as the provider carries it out: the order, what to do, and the goods where they are. */
export const ProviderDecisionSchema = v.strictObject({
  case_no: v.string(),
  order_no: v.string(),
  logger_id: v.string(),
  state: v.picklist(CASE_STATES),
  decision: v.picklist(DECISIONS),
  reason: v.string(),
  decided_by: v.string(),
  decided_at: Stamp,
  goods: v.array(
    v.strictObject({
      code: v.string(),
      name: v.string(),
      batch_no: v.string(),
      quantity: v.number(),
      unit: v.string(),
      depot: v.string(),
    }),
  ),
});
export type ProviderDecision = v.InferOutput<typeof ProviderDecisionSchema>;
export const ProviderDecisionsSchema = v.strictObject({ list: v.array(ProviderDecisionSchema) });

export const ProviderCloseRequest = v.strictObject({
  case_no: v.pipe(v.string(msg('string')), v.trim(), v.regex(/^EXC-\d{6,}$/, msg('invalid'))),
  /** Who dealt with the goods on the provider's side. */
  operator: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50, msg('maxLength', { max: 50 }))), ''),
  note: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(COMMENT_MAX, msg('maxLength', { max: COMMENT_MAX }))),
    '',
  ),
});
