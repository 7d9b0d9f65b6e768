import * as v from 'valibot';
import { Id } from '../fields.ts';
import { LANGS } from '../messages.ts';
import { msg } from '../messages.ts';
import {
  AttachmentSchema,
  OrderDetailSchema,
  OrderEventSchema,
  TemperatureSchema,
} from '../orders/schemas.ts';
import { SignatureSchema } from '../signatures/schemas.ts';

/**
 * An order's evidence pack (21 CFR Part 11 §11.10(b), (e); docs/decisions/evidence-pack.md): the
 * order, its timeline, its temperature record, its documents with their SHA-256, its signatures
 * and its audit entries with their chain hashes, masked as the order view masks them. One PDF for
 * people, or the same as JSON for machines, which `npm run audit:verify -- --pack FILE` checks
 * offline.
 */
export const EVIDENCE_FORMAT = 'lp-evidence-pack';
export const EVIDENCE_VERSION = 1;
export const EVIDENCE_FORMATS = ['pdf', 'json'] as const;

/** `customer-order/evidence`: the order, `format` (PDF by default), and the PDF's language (default: `Accept-Language`). */
export const EvidenceQuery = v.strictObject({
  id: Id,
  format: v.optional(
    v.picklist(EVIDENCE_FORMATS, msg('oneOf', { values: EVIDENCE_FORMATS.join(', ') })),
    'pdf',
  ),
  lang: v.optional(v.picklist(LANGS, msg('oneOf', { values: LANGS.join(', ') }))),
});
export type EvidenceQuery = v.InferInput<typeof EvidenceQuery>;

/** SHA-256 as lower-case hex. */
export const Sha256Hex = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));

/** The order as its view shows it (masked), without the lists the pack has sections for and without the viewer's actions. */
export const EvidenceOrderSchema = v.omit(OrderDetailSchema, ['events', 'attachments', 'actions']);

/** A document of the order as the view lists it, with the SHA-256 of its bytes as stored. */
export const EvidenceDocumentSchema = v.strictObject({ ...AttachmentSchema.entries, sha256: Sha256Hex });
export type EvidenceDocument = v.InferOutput<typeof EvidenceDocumentSchema>;

/**
 * A signature of the order or of one of its documents (§11.50: printed name, meaning, date and
 * time), with what it signed: the record and the SHA-256 of its canonical content then.
 */
export const EvidenceSignatureSchema = v.strictObject({
  id: v.number(),
  ...SignatureSchema.entries,
  record_type: v.string(),
  record_id: v.string(),
  method: v.string(),
  content_sha256: Sha256Hex,
  /** The timeline's event of the signed act. */
  event_id: v.number(),
});
export type EvidenceSignature = v.InferOutput<typeof EvidenceSignatureSchema>;

/**
 * An audit entry of the order as stored (server/areas/audit/trail.ts), with its place, the hash
 * of the chain's entry before it and its own hash. `masked` false: its content is as stored, and
 * its hash can be computed again from it; true: masking changed some of its values (a DTP order's
 * patient), so only its links can be checked offline.
 */
export const EvidenceEntrySchema = v.strictObject({
  id: v.number(),
  cu_id: v.number(),
  seq: v.number(),
  at: v.string(),
  record_type: v.string(),
  record_id: v.string(),
  action: v.string(),
  actor_kind: v.string(),
  actor_id: v.nullable(v.number()),
  actor_name: v.string(),
  reason: v.nullable(v.string()),
  changes: v.array(v.strictObject({ field: v.string(), old: v.unknown(), new: v.unknown() })),
  request_id: v.nullable(v.string()),
  prev_hash: Sha256Hex,
  hash: Sha256Hex,
  masked: v.boolean(),
});
export type EvidenceEntry = v.InferOutput<typeof EvidenceEntrySchema>;

/** How an entry's hash is made, as the pack states it for a verifier of its own. */
export const HASH_METHOD =
  'hex(SHA-256(prev_hash + "\\n" + RFC 8785 JSON of the entry without id, prev_hash, hash and masked))';

export const EvidencePackSchema = v.strictObject({
  format: v.literal(EVIDENCE_FORMAT),
  version: v.literal(EVIDENCE_VERSION),
  generated_at: v.string(),
  /** Who made the pack (the session's user, by printed name) and for which customer account. */
  generated_by: v.strictObject({ uid: v.number(), name: v.string(), customer: v.string() }),
  order: EvidenceOrderSchema,
  timeline: v.array(OrderEventSchema),
  temperature: TemperatureSchema,
  documents: v.array(EvidenceDocumentSchema),
  signatures: v.array(EvidenceSignatureSchema),
  audit: v.strictObject({
    hash_method: v.string(),
    /** The order's entries in their chain's order (not consecutive: the chain is the customer's). */
    entries: v.array(EvidenceEntrySchema),
    /** The customer's chain: the order's first and last place in it, and its head when the pack was made. */
    chain: v.strictObject({
      cu_id: v.number(),
      first_seq: v.nullable(v.number()),
      last_seq: v.nullable(v.number()),
      head: v.strictObject({ seq: v.number(), hash: Sha256Hex }),
    }),
  }),
});
export type EvidencePack = v.InferOutput<typeof EvidencePackSchema>;
