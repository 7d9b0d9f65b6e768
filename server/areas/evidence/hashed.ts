import type { Row } from '../../db/schema.ts';
import type { HashedContent } from '../audit/trail.ts';

/**
 * The keys of an entry's content as its hash covers it (trail.ts `HashedContent`): what a verifier
 * takes from a pack's entry to hash it again. Typed as a map of every key, so a key added to or
 * removed from the content fails the type check here until the pack follows.
 */
const HASHED: { readonly [K in keyof HashedContent]: true } = {
  cu_id: true,
  seq: true,
  at: true,
  record_type: true,
  record_id: true,
  action: true,
  actor_kind: true,
  actor_id: true,
  actor_name: true,
  reason: true,
  changes: true,
  request_id: true,
};
export const HASHED_KEYS = Object.keys(HASHED) as ReadonlyArray<keyof HashedContent>;

/** An entry's content as hashed (trail.ts), read back from its row. */
export function contentOf(row: Row<'audit_entries'>): HashedContent {
  return {
    cu_id: row.cu_id,
    seq: row.seq,
    at: new Date(row.at).toISOString(),
    record_type: row.record_type,
    record_id: row.record_id,
    action: row.action,
    actor_kind: row.actor_kind,
    actor_id: row.actor_id,
    actor_name: row.actor_name,
    reason: row.reason,
    changes: row.changes,
    request_id: row.request_id,
  };
}
