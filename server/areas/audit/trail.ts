import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { currentRequestId } from '../../core/request-scope.ts';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import type { ActorKind, AuditChange } from './tables.ts';
import { appendEvents, eventsOfAudit } from '../live/outbox.ts';

/**
 * The audit trail: every write to a GxP record leaves an entry in the transaction that makes it
 * (docs/decisions/audit-trail.md). Entries form one hash chain per customer: an entry's hash is
 * SHA-256 over the previous entry's hash and the entry's canonical JSON (RFC 8785, the
 * `canonicalize` package), so an entry changed, removed or put in after the fact breaks the chain
 * from there on, and verify.ts names where.
 */

/** The `prev_hash` of a chain's first entry. */
export const GENESIS = '0'.repeat(64);

export interface Actor {
  kind: ActorKind;
  /** The user's uid, the API client's id (`api_clients.id`); null for the provider or the server itself. */
  id: number | null;
  /** The printed name at the time of the act. */
  name: string;
}

/** A signed-in user as the actor of what their call writes (or the API client whose token it is). */
export const sessionActor = (session: {
  uid: number;
  name: string;
  client?: { id: number; name: string } | undefined;
}): Actor =>
  session.client
    ? { kind: 'client', id: session.client.id, name: session.client.name }
    : { kind: 'user', id: session.uid, name: session.name };

/** The provider system's printed name (its events and entries when no operator is named). */
export const PROVIDER_NAME = 'LP 物流';

/** The provider as the audit trail names it: the operator, else the provider system. */
export const providerActor = (operator: string): Actor => ({
  kind: 'provider',
  id: null,
  name: operator || PROVIDER_NAME,
});

/** What a write records (the chain's place, time and hashes are added by appendAudit). */
export interface AuditFacts {
  cuId: number;
  recordType: string;
  recordId: string | number;
  action: string;
  actor: Actor;
  reason?: string | null;
  changes?: readonly AuditChange[];
  requestId?: string | null;
  /**
   * The order the record belongs to, for the live stream's event (areas/live/outbox.ts; an
   * order's own entries default to the order). Not part of the entry.
   */
  orderId?: number | null;
}

/** An entry's content as hashed: every column but `id` and the hashes, `at` as ISO 8601 UTC. */
export interface HashedContent {
  cu_id: number;
  seq: number;
  at: string;
  record_type: string;
  record_id: string;
  action: string;
  actor_kind: ActorKind;
  actor_id: number | null;
  actor_name: string;
  reason: string | null;
  changes: readonly AuditChange[];
  request_id: string | null;
}

/** An entry's content as its hash covers it, read back from its row (verify.ts, the evidence pack). */
export function storedContent(row: Row<'audit_entries'>): HashedContent {
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

/** SHA-256 (hex) over the previous hash, a newline and the content's canonical JSON. */
export function entryHash(prevHash: string, content: HashedContent): string {
  const json = canonicalize(content);
  if (json === undefined) throw new Error('an audit entry has no JSON form');
  return createHash('sha256').update(`${prevHash}\n${json}`).digest('hex');
}

/**
 * Appends entries to their customers' chains, inside the caller's transaction (the writes they
 * record commit with them, or nothing does). Locks each chain's tip (`audit_heads`, customers in
 * ascending order) until that transaction ends, so call it as the transaction's last step, after
 * every other lock (AuditBuffer; docs/decisions/lock-order.md). Returns each entry's place and hash.
 */
export async function appendAudit(
  trx: DB,
  entries: readonly AuditFacts[],
  now: Date,
): Promise<Array<{ seq: number; hash: string }>> {
  if (!trx.isTransaction) throw new Error('audit entries are written inside the transaction of their write');
  const heads = new Map<number, { seq: number; hash: string }>();
  for (const cuId of [...new Set(entries.map((e) => e.cuId))].sort((a, b) => a - b)) {
    await trx
      .insertInto('audit_heads')
      .values({ cu_id: cuId, seq: 0, hash: GENESIS })
      .onConflict((oc) => oc.column('cu_id').doNothing())
      .execute();
    const head = await trx
      .selectFrom('audit_heads')
      .select(['seq', 'hash'])
      .where('cu_id', '=', cuId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    heads.set(cuId, head);
  }
  const placed: Array<{ seq: number; hash: string }> = [];
  for (const facts of entries) {
    const head = heads.get(facts.cuId) as { seq: number; hash: string };
    const content = contentOf(facts, head.seq + 1, now);
    const hash = entryHash(head.hash, content);
    await trx
      .insertInto('audit_entries')
      .values({ ...content, at: now, changes: JSON.stringify(content.changes), prev_hash: head.hash, hash })
      .execute();
    heads.set(facts.cuId, { seq: content.seq, hash });
    placed.push({ seq: content.seq, hash });
  }
  for (const [cuId, head] of heads)
    await trx.updateTable('audit_heads').set(head).where('cu_id', '=', cuId).execute();
  return placed;
}

/** Whether every string in a value is well-formed Unicode without NUL (what the database keeps as given). */
function storable(value: unknown): boolean {
  // no NUL, and no lone surrogate (a high one not followed by a low one, or a low one alone)
  if (typeof value === 'string')
    return (
      !value.includes('\0') &&
      !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value)
    );
  if (Array.isArray(value)) return value.every(storable);
  if (value && typeof value === 'object')
    return Object.entries(value).every(([k, v]) => storable(k) && storable(v));
  return true;
}

function contentOf(facts: AuditFacts, seq: number, now: Date): HashedContent {
  const content = build(facts, seq, now);
  // a lone surrogate would be stored as U+FFFD and the hash never match again
  if (!storable(content)) throw new Error('an audit entry holds text that cannot be stored as written');
  return content;
}

function build(facts: AuditFacts, seq: number, now: Date): HashedContent {
  return {
    cu_id: facts.cuId,
    seq,
    at: now.toISOString(),
    record_type: facts.recordType,
    record_id: String(facts.recordId),
    action: facts.action,
    actor_kind: facts.actor.kind,
    actor_id: facts.actor.id,
    actor_name: facts.actor.name,
    reason: facts.reason ?? null,
    changes: facts.changes ?? [],
    request_id: facts.requestId === undefined ? (currentRequestId() ?? null) : facts.requestId,
  };
}

/**
 * What a transaction's writes record, kept until its end: `flush` appends them all (appendAudit)
 * as the transaction's last step, so the chains' locks are the last any write takes and no two
 * writes wait on each other through them.
 */
export class AuditBuffer {
  readonly #entries: AuditFacts[] = [];

  record(facts: AuditFacts): void {
    this.#entries.push(facts);
  }

  /** Appends the entries, then their events (the outbox's heads are locked after the chains'). */
  async flush(trx: DB, now: Date): Promise<void> {
    if (this.#entries.length === 0) return;
    const entries = this.#entries.splice(0);
    await appendAudit(trx, entries, now);
    await appendEvents(trx, eventsOfAudit(entries), now);
  }
}

/** A transaction whose writes record into an AuditBuffer, flushed as its last step. */
export function auditedTransaction<T>(
  db: DB,
  now: Date,
  work: (trx: DB, audit: AuditBuffer) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const audit = new AuditBuffer();
    const result = await work(trx, audit);
    await audit.flush(trx, now);
    return result;
  });
}
