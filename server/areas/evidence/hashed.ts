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
