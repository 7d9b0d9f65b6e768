import type { Signature } from '../../../src/contract/signatures/schemas.ts';
import type { Signer } from '../../core/signer.ts';
import type { DB } from '../../db/database.ts';
import type { AuditChange } from '../audit/tables.ts';
import { contentHash } from './content.ts';

export interface SignedRecord {
  cuId: number;
  recordType: 'order' | 'attachment' | 'excursion';
  recordId: number;
  /** The record's version as signed (an order's), when it has one. */
  version?: number;
  /** Its canonical content as signed (content.ts). */
  content: unknown;
}

/**
 * Stores a signature of `record` by `signer` inside the caller's transaction (the signed act
 * commits with it, or neither does), and answers its id and what the act's audit entry carries
 * of it (the manifestation and the content hash, so the trail's chain covers the signature too).
 */
export async function recordSignature(
  trx: DB,
  signer: Signer,
  record: SignedRecord,
  now: Date,
): Promise<{ id: number; change: AuditChange }> {
  const hash = contentHash(record.content);
  const row = await trx
    .insertInto('signatures')
    .values({
      cu_id: record.cuId,
      record_type: record.recordType,
      record_id: String(record.recordId),
      record_version: record.version ?? null,
      uid: signer.uid,
      printed_name: signer.name,
      meaning: signer.meaning,
      method: signer.method,
      content_hash: hash,
      signed_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    change: {
      field: 'signature',
      old: null,
      new: {
        id: row.id,
        name: signer.name,
        meaning: signer.meaning,
        method: signer.method,
        signed_at: now.toISOString(),
        content_sha256: hash,
      },
    },
  };
}

/** A stored signature as the views show it, `current` telling whether the record is still as signed. */
export function manifestation(
  row: { printed_name: string; meaning: Signature['meaning']; signed_at: Date; content_hash: string },
  currentHash: string | null,
): Signature {
  return {
    name: row.printed_name,
    meaning: row.meaning,
    signed_at: row.signed_at.toISOString(),
    current: currentHash === row.content_hash,
  };
}
