import type { Signature } from '../../../src/contract/signatures/schemas.ts';
import type { DB } from '../../db/database.ts';
import { attachmentContent, contentHash, orderContent } from './content.ts';
import { manifestation } from './record.ts';

/** The record's content hash as it is now (null: it is gone). */
async function currentHash(db: DB, recordType: string, recordId: number): Promise<string | null> {
  const content =
    recordType === 'order' ? await orderContent(db, recordId) : await attachmentContent(db, recordId);
  return content === undefined ? null : contentHash(content);
}

/**
 * The signatures the events name, as the views show them: each with `current`, whether its record
 * (the order, a document) is still as signed.
 */
export function signaturesOf(
  db: DB,
  events: ReadonlyArray<{ signature_id: number | null }>,
): Promise<Map<number, Signature>> {
  return signaturesById(
    db,
    events.flatMap((e) => (e.signature_id === null ? [] : [e.signature_id])),
  );
}

/** Signatures by id, as the views show them (each with `current`, as signaturesOf). */
export async function signaturesById(db: DB, wanted: readonly number[]): Promise<Map<number, Signature>> {
  const ids = [...new Set(wanted)];
  const found = new Map<number, Signature>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('signatures')
    .select(['id', 'record_type', 'record_id', 'printed_name', 'meaning', 'signed_at', 'content_hash'])
    .where('id', 'in', ids)
    .execute();
  const hashes = new Map<string, string | null>();
  for (const row of rows) {
    const key = `${row.record_type}:${row.record_id}`;
    if (!hashes.has(key)) hashes.set(key, await currentHash(db, row.record_type, Number(row.record_id)));
    found.set(row.id, manifestation({ ...row, signed_at: new Date(row.signed_at) }, hashes.get(key) ?? null));
  }
  return found;
}
