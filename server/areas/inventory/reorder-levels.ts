import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import type { ReorderLevelsAnswer } from '../../../src/contract/inventory/schemas.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';
import { fieldChanges } from '../audit/changes.ts';
import { auditedTransaction, providerActor } from '../audit/trail.ts';

/** A numeric column as read (text from the driver) as a number. */
const numberOrNull = (value: unknown) => (value === null ? null : Number(value));

/**
 * `provider/reorder-levels`: sets (or clears, null) the reorder level of each named stock line, in
 * one transaction. Every line must exist: otherwise 404 with the ids that do not (`data.missing`)
 * and nothing changes. Lines of any customer: the provider keeps every customer's stock.
 */
export async function setReorderLevels(
  db: DB,
  levels: ReadonlyArray<{ in_id: number; low_level: number | null }>,
  now: Date,
): Promise<ReorderLevelsAnswer> {
  const ids = levels.map((l) => l.in_id);
  return auditedTransaction(db, now, async (trx, audit) => {
    const found = await trx
      .selectFrom('inventory')
      .select(['in_id', 'cu_id', 'low_level'])
      .where('in_id', 'in', ids)
      .forUpdate()
      .execute();
    const known = new Map(found.map((r) => [r.in_id, r]));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw new ApiError(Code.notFound, 'No such stock line', { missing });
    const rows = sql.join(levels.map((l) => sql`(${l.in_id}::integer, ${l.low_level}::numeric)`));
    await sql`
      update inventory as i set low_level = v.low_level
      from (values ${rows}) as v(in_id, low_level)
      where i.in_id = v.in_id
    `.execute(trx);
    for (const level of levels) {
      const line = known.get(level.in_id) as (typeof found)[number];
      audit.record({
        cuId: line.cu_id,
        recordType: 'inventory',
        recordId: level.in_id,
        action: 'reorder_level',
        actor: providerActor(''),
        changes: fieldChanges({ low_level: numberOrNull(line.low_level) }, { low_level: level.low_level }),
      });
    }
    return { updated: levels.length };
  });
}
