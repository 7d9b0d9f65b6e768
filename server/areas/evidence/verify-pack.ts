import * as v from 'valibot';
import {
  EVIDENCE_FORMAT,
  EVIDENCE_VERSION,
  type EvidenceEntry,
  type EvidencePack,
  EvidencePackSchema,
} from '../../../src/contract/evidence/schemas.ts';
import { entryHash, GENESIS, type HashedContent } from '../audit/trail.ts';
import { MASK } from '../orders/masking.ts';
import { HASHED_KEYS } from './hashed.ts';

/**
 * Checks an evidence pack offline, with nothing but the pack (`npm run audit:verify -- --pack
 * FILE`; docs/decisions/evidence-pack.md):
 * - every entry belongs to the order, in the chain's order (places rising);
 * - every entry that the pack shows as stored (`masked: false`) hashes again to its hash;
 * - every link the pack holds: an entry right after another in the chain follows that one's
 *   hash, the chain's first entry follows 64 zeros, and a chain head at the last entry's place is
 *   that entry's hash;
 * - a masked entry really masks something (a changed entry cannot hide behind the flag without
 *   showing `******`);
 * - every document's and signature's SHA-256 is one, and each agrees with what the re-hashed
 *   entries recorded of it (an upload's `sha256`, a signature's name, meaning, time and content hash).
 * What it cannot know offline: entries removed from the pack where no link spans them, and whether
 * the chain in the database still holds these hashes (`npm run audit:verify` there).
 */

export interface PackReport {
  order_no: string;
  entries: number;
  /** Entries hashed again from their content. */
  rehashed: number;
  /** Masked entries, checked for their links only. */
  masked: number;
  /** Links between entries checked (consecutive places, the chain's start, the head). */
  links: number;
  documents: number;
  signatures: number;
  /** The first thing that does not match; null when all do. */
  broken: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The pack in a file's JSON: the pack itself, or the API's envelope around it. */
function packIn(value: unknown): unknown {
  if (isObject(value) && value.code === 0 && isObject(value.data) && 'format' in value.data)
    return value.data;
  return value;
}

const contentOf = (entry: EvidenceEntry): HashedContent =>
  Object.fromEntries(HASHED_KEYS.map((key) => [key, entry[key]])) as unknown as HashedContent;

const entryName = (e: EvidenceEntry) => `entry ${e.id} (place ${e.seq})`;

/** Checks `value` (a parsed JSON file); the report names the first mismatch. */
export function verifyPack(value: unknown): PackReport {
  const report: PackReport = {
    order_no: '',
    entries: 0,
    rehashed: 0,
    masked: 0,
    links: 0,
    documents: 0,
    signatures: 0,
    broken: null,
  };
  const given = packIn(value);
  if (!isObject(given) || given.format !== EVIDENCE_FORMAT)
    return { ...report, broken: `not an evidence pack (its format is not ${EVIDENCE_FORMAT})` };
  if (given.version !== EVIDENCE_VERSION)
    return { ...report, broken: `version ${String(given.version)} is not one this verifier knows` };
  const parsed = v.safeParse(EvidencePackSchema, given);
  if (!parsed.success) {
    const issue = parsed.issues[0];
    return { ...report, broken: `${v.getDotPath(issue) ?? 'the pack'}: ${issue.message}` };
  }
  const pack = parsed.output;
  report.order_no = pack.order.order_no;
  report.broken = checkEntries(pack, report) ?? checkChain(pack, report) ?? checkRecords(pack, report);
  return report;
}

function checkEntries(pack: EvidencePack, report: PackReport): string | null {
  const { entries, chain } = pack.audit;
  let before: EvidenceEntry | null = null;
  for (const entry of entries) {
    const name = entryName(entry);
    if (
      entry.cu_id !== chain.cu_id ||
      entry.record_type !== 'order' ||
      entry.record_id !== String(pack.order.id)
    )
      return `${name} is not of this order’s chain`;
    if (before && entry.seq <= before.seq) return `${name} is out of order (after place ${before.seq})`;
    if (entry.seq === 1) {
      report.links += 1;
      if (entry.prev_hash !== GENESIS) return `${name} is the chain’s first but does not follow 64 zeros`;
    }
    if (before && entry.seq === before.seq + 1) {
      report.links += 1;
      if (entry.prev_hash !== before.hash) return `${name} does not follow ${entryName(before)}`;
    }
    if (entry.masked) {
      if (!JSON.stringify(entry).includes(MASK)) return `${name} is marked masked but masks nothing`;
      report.masked += 1;
    } else {
      if (entryHash(entry.prev_hash, contentOf(entry)) !== entry.hash)
        return `${name}: its content does not match its hash`;
      report.rehashed += 1;
    }
    report.entries += 1;
    before = entry;
  }
  return null;
}

function checkChain(pack: EvidencePack, report: PackReport): string | null {
  const { entries, chain } = pack.audit;
  const first = entries[0];
  const last = entries.at(-1);
  if (chain.first_seq !== (first?.seq ?? null) || chain.last_seq !== (last?.seq ?? null))
    return 'the chain’s first and last places are not those of its entries';
  if (!last) return null;
  if (chain.head.seq < last.seq) return `the chain head (place ${chain.head.seq}) is before its last entry`;
  if (chain.head.seq === last.seq) {
    report.links += 1;
    if (chain.head.hash !== last.hash) return `the chain head is not ${entryName(last)}`;
  }
  return null;
}

/** What the re-hashed entries recorded, by a change's field: an upload's document, a signature. */
function recorded(pack: EvidencePack, action: (name: string) => boolean) {
  const out = new Map<string, { entry: EvidenceEntry; value: Record<string, unknown> }>();
  for (const entry of pack.audit.entries)
    if (!entry.masked && action(entry.action))
      for (const c of entry.changes)
        if (isObject(c.new)) out.set(`${c.field}:${String(c.new.id ?? '')}`, { entry, value: c.new });
  return out;
}

function checkRecords(pack: EvidencePack, report: PackReport): string | null {
  const uploads = recorded(pack, (action) => action === 'attachment_upload');
  for (const doc of pack.documents) {
    const upload = uploads.get(`attachments.${doc.id}:`);
    if (upload && upload.value.sha256 !== doc.sha256)
      return `document ${doc.id} (${doc.name}): its SHA-256 is not the one ${entryName(upload.entry)} recorded`;
    report.documents += 1;
  }
  const signed = recorded(pack, () => true);
  for (const signature of pack.signatures) {
    const entry = signed.get(`signature:${signature.id}`);
    if (
      entry &&
      (entry.value.name !== signature.name ||
        entry.value.meaning !== signature.meaning ||
        entry.value.signed_at !== signature.signed_at ||
        entry.value.content_sha256 !== signature.content_sha256)
    )
      return `signature ${signature.id} (${signature.name}) is not the one ${entryName(entry.entry)} recorded`;
    report.signatures += 1;
  }
  return null;
}

/** The report in one line, as `npm run audit:verify -- --pack FILE` prints it. */
export function packReportLine(report: PackReport): string {
  const what = report.order_no ? `evidence pack of ${report.order_no}` : 'evidence pack';
  const counted =
    `${report.entries} entries (${report.rehashed} hashed again, ${report.masked} masked: links only), ` +
    `${report.links} links, ${report.documents} documents, ${report.signatures} signatures`;
  if (!report.broken) return `${what} intact: ${counted}`;
  return `${what} BROKEN: ${report.broken} (${counted} checked before it)`;
}
