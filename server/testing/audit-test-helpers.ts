import { randomInt } from 'node:crypto';
import type { DB } from '../db/database.ts';
import { type AuditFacts, auditedTransaction } from '../areas/audit/trail.ts';

/** A customer number no other test uses (audit chains are per customer; no customers row needed). */
export const chainOf = (): number => 1_000_000 + randomInt(0, 1_000_000_000);

/** An entry of `cuId` with a given action (a user's edit with one change). */
export const factsOf = (cuId: number, action = 'edit', reason: string | null = null): AuditFacts => ({
  cuId,
  recordType: 'order',
  recordId: 42,
  action,
  actor: { kind: 'user', id: 7, name: '张三' },
  reason,
  changes: [
    { field: 'to_phone', old: '138-0000-0000', new: { digits: '13811112222', note: 'a “quoted” value' } },
  ],
  requestId: 'req-1',
});

/** Appends `count` entries to `cuId`'s chain, each in a transaction of its own. */
export async function appendMany(db: DB, cuId: number, count: number, now = new Date()): Promise<void> {
  for (let i = 0; i < count; i++)
    await auditedTransaction(db, now, async (_trx, audit) => audit.record(factsOf(cuId, `edit-${i}`)));
}
