import { sql } from 'kysely';
import {
  EVIDENCE_FORMAT,
  EVIDENCE_VERSION,
  type EvidencePack,
  type EvidenceSignature,
  HASH_METHOD,
} from '../../../src/contract/evidence/schemas.ts';
import type { Attachment } from '../../../src/contract/orders/schemas.ts';
import type { SessionRecord } from '../../core/session.ts';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import { GENESIS } from '../audit/trail.ts';
import { loadOrder, orderDetail } from '../orders/detail.ts';
import { redactorOf } from '../orders/redaction.ts';
import { temperatureOf } from '../orders/temperature.ts';
import { viewerOf } from '../orders/write.ts';
import { signaturesOf } from '../signatures/read.ts';
import { entriesOf, packEntries } from './entries.ts';

/**
 * The evidence pack of the session's customer's order `id` (404 for any other): every section as
 * the order view shows it, masked as it masks (the view's own functions make them), with the
 * documents' SHA-256, the signatures and the audit entries with their hashes. Read in one
 * read-only snapshot, so the sections, the entries and the chain's head are of one moment.
 */
export function evidencePack(db: DB, session: SessionRecord, id: number, now: Date): Promise<EvidencePack> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      const order = await loadOrder(trx, session.cuId, id);
      return packOf(trx, session, order, now);
    });
}

async function packOf(
  db: DB,
  session: SessionRecord,
  order: Row<'orders'>,
  now: Date,
): Promise<EvidencePack> {
  const [detail, temperature, rows, head, redact] = await Promise.all([
    orderDetail(db, viewerOf(session), order),
    temperatureOf(db, order),
    entriesOf(db, order),
    db.selectFrom('audit_heads').select(['seq', 'hash']).where('cu_id', '=', order.cu_id).executeTakeFirst(),
    redactorOf(db, order),
  ]);
  const { events, attachments, actions: _actions, ...shown } = detail;
  const [documents, signatures] = await Promise.all([documentsOf(db, attachments), signaturesIn(db, order)]);
  const entries = packEntries(order, rows, redact);
  return {
    format: EVIDENCE_FORMAT,
    version: EVIDENCE_VERSION,
    generated_at: now.toISOString(),
    generated_by: { uid: session.uid, name: session.name, customer: session.customer?.cu_name ?? '' },
    order: shown,
    timeline: events,
    temperature,
    documents,
    signatures,
    audit: {
      hash_method: HASH_METHOD,
      entries,
      chain: {
        cu_id: order.cu_id,
        first_seq: entries[0]?.seq ?? null,
        last_seq: entries.at(-1)?.seq ?? null,
        head: head ?? { seq: 0, hash: GENESIS },
      },
    },
  };
}

/** The view's documents (names redacted) with the SHA-256 of each one's bytes. */
async function documentsOf(db: DB, attachments: readonly Attachment[]) {
  const ids = attachments.map((a) => a.file_id);
  const hashes = new Map(
    ids.length === 0
      ? []
      : (
          await db.selectFrom('files').select(['file_id', 'sha256']).where('file_id', 'in', ids).execute()
        ).map((f) => [f.file_id, f.sha256] as const),
  );
  return attachments.map((a) => ({ ...a, sha256: hashes.get(a.file_id) ?? '' }));
}

/**
 * The signatures of the order's acts (an approval; a document's review), oldest first: the
 * manifestation the views show (with `current`) and what was signed.
 */
async function signaturesIn(db: DB, order: Row<'orders'>): Promise<EvidenceSignature[]> {
  const signed = await db
    .selectFrom('order_events as e')
    .innerJoin('signatures as s', 's.id', 'e.signature_id')
    .select(['e.id as event_id', 's.id', 's.record_type', 's.record_id', 's.method', 's.content_hash'])
    .where('e.order_id', '=', order.id)
    .where('s.cu_id', '=', order.cu_id)
    .orderBy('s.signed_at')
    .orderBy('s.id')
    .execute();
  const shown = await signaturesOf(
    db,
    signed.map((s) => ({ signature_id: s.id })),
  );
  return signed.flatMap((s) => {
    const manifestation = shown.get(s.id);
    if (!manifestation) return [];
    return [
      {
        id: s.id,
        ...manifestation,
        record_type: s.record_type,
        record_id: s.record_id,
        method: s.method,
        content_sha256: s.content_hash,
        event_id: Number(s.event_id),
      },
    ];
  });
}
