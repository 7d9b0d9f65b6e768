import * as v from 'valibot';
import { Day, IntIn, TrimmedText } from '../fields.ts';
import { msg } from '../messages.ts';
import { SignatureSchema } from '../signatures/schemas.ts';

/** The kinds of record a customer's audit log filters by (src/contract/operation.ts AuditRecordType). */
export const AUDIT_RECORD_TYPES = [
  'order',
  'address',
  'inventory',
  'user',
  'excursion',
  'product',
  'api_client',
  'webhook_endpoint',
  'session_policy',
  'sso_config',
] as const;
/** The most entries one export holds (a narrower filter for more). */
export const AUDIT_EXPORT_MAX = 20_000;
/** The most entries the log counts exactly (more: "20,000+"). */
export const AUDIT_COUNT_CAP = 20_000;

const pick = <const T extends readonly string[]>(values: T) =>
  v.picklist(values, msg('oneOf', { values: values.join(', ') }));

/**
 * `customer-audit/index` and its exports: the session customer's audit trail, newest first,
 * filtered by record (its type, and an order by its number), user, action and days (China time).
 */
export const AuditLogQuery = v.strictObject({
  start: v.optional(IntIn(0, 10_000_000), 0),
  limit: v.optional(IntIn(1, 100), 20),
  record_type: v.optional(pick(AUDIT_RECORD_TYPES)),
  /** An order number (`LP…`) or a record's id. */
  record: v.optional(TrimmedText(40), ''),
  /** The acting user's uid. */
  uid: v.optional(IntIn(1, 2_147_483_647)),
  action: v.optional(v.pipe(TrimmedText(40), v.regex(/^[a-z_]*$/, msg('invalid'))), ''),
  date_from: v.optional(Day),
  date_to: v.optional(Day),
});
export type AuditLogQuery = v.InferInput<typeof AuditLogQuery>;

export const AuditChangeSchema = v.strictObject({ field: v.string(), old: v.unknown(), new: v.unknown() });

/** One entry as the log shows it: masked values masked (the rules of the record they belong to). */
export const AuditLogEntrySchema = v.strictObject({
  id: v.number(),
  /** The chain (0: a user's sign-ins, no customer's) and the place in it. */
  chain: v.number(),
  seq: v.number(),
  at: v.string(),
  record_type: v.string(),
  record_id: v.string(),
  /** What people call the record: an order's number, an address's company (empty: none). */
  record_label: v.string(),
  action: v.string(),
  actor_kind: v.picklist(['user', 'provider', 'system', 'client']),
  actor_id: v.nullable(v.number()),
  actor_name: v.string(),
  reason: v.nullable(v.string()),
  changes: v.array(AuditChangeSchema),
  request_id: v.nullable(v.string()),
  hash: v.string(),
  signature: v.optional(SignatureSchema),
});
export type AuditLogEntry = v.InferOutput<typeof AuditLogEntrySchema>;

export const AuditLogSchema = v.strictObject({
  list: v.array(AuditLogEntrySchema),
  /** How many match (at most AUDIT_COUNT_CAP; `capped` when more do). */
  total: v.number(),
  capped: v.boolean(),
  /** The filter's choices: the actions and the users the customer's trail holds. */
  actions: v.array(v.string()),
  users: v.array(v.strictObject({ uid: v.number(), name: v.string() })),
});
export type AuditLog = v.InferOutput<typeof AuditLogSchema>;
