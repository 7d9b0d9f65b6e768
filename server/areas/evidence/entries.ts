import canonicalize from 'canonicalize';
import type { EvidenceEntry } from '../../../src/contract/evidence/schemas.ts';
import type { DB } from '../../db/database.ts';
import type { Row } from '../../db/schema.ts';
import type { AuditChange } from '../audit/tables.ts';
import type { HashedContent } from '../audit/trail.ts';
import { storedContent } from '../audit/trail.ts';
import { changeShower } from '../orders/history-changes.ts';
import type { Redactor } from '../orders/redaction.ts';

/**
 * Ids the history shows by name (a project, a site, a region). The pack keeps them as stored:
 * an id names nobody, and a value changed only to be read would leave the entry unverifiable.
 */
const IDS = new Set(['pr_id', 'ho_id', 'from_city_id', 'to_city_id']);
const isId = (change: AuditChange) => IDS.has(change.field.replace(/^requested\./, ''));

/** The order's audit entries, in the chain's order, as stored. */
export function entriesOf(db: DB, order: Row<'orders'>): Promise<Row<'audit_entries'>[]> {
  return db
    .selectFrom('audit_entries')
    .selectAll()
    .where('cu_id', '=', order.cu_id)
    .where('record_type', '=', 'order')
    .where('record_id', '=', String(order.id))
    .orderBy('seq')
    .execute();
}

/**
 * The order's entries as the pack gives them: masked as the order's history masks them
 * (orders/history-changes.ts `changeShower`, under every rule the order has had; free text, the
 * reason and the actor's name redacted as the view's events are). An entry that masking left as
 * stored is `masked: false`, and its hash can be made again from it; one it changed is `masked:
 * true`: its hash covers values the pack must not show, so a verifier checks its links only.
 */
export function packEntries(
  order: Row<'orders'>,
  rows: readonly Row<'audit_entries'>[],
  redact: Redactor,
): EvidenceEntry[] {
  const show = changeShower(
    order,
    rows.flatMap((r) => r.changes),
    new Map(),
    redact,
  );
  // free text outside the changes goes through the same path as a change's text value
  const text = (value: string, kind: string): string => {
    const [shown] = show([{ field: 'text', old: null, new: value }], kind);
    return typeof shown?.new === 'string' ? shown.new : value;
  };
  return rows.map((row) => {
    const stored = storedContent(row);
    const shown: HashedContent = {
      ...stored,
      actor_name: text(stored.actor_name, row.actor_kind),
      reason: stored.reason === null ? null : text(stored.reason, row.actor_kind),
      changes: stored.changes.map((c) => (isId(c) ? c : (show([c], row.actor_kind)[0] as AuditChange))),
    };
    return {
      id: row.id,
      ...shown,
      changes: [...shown.changes],
      prev_hash: row.prev_hash,
      hash: row.hash,
      masked: canonicalize(shown) !== canonicalize(stored),
    };
  });
}
