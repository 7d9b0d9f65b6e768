import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import type { ReorderLevelsAnswer } from '../../../src/contract/inventory/schemas.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';

/**
 * `provider/reorder-levels`: sets (or clears, null) the reorder level of each named stock line, in
 * one transaction. Every line must exist: otherwise 404 with the ids that do not (`data.missing`)
 * and nothing changes. Lines of any customer: the provider keeps every customer's stock.
 */
export async function setReorderLevels(
  db: DB,
  levels: ReadonlyArray<{ in_id: number; low_level: number | null }>,
): Promise<ReorderLevelsAnswer> {
  const ids = levels.map((l) => l.in_id);
  return db.transaction().execute(async (trx) => {
    const found = await trx
      .selectFrom('inventory')
      .select('in_id')
      .where('in_id', 'in', ids)
      .forUpdate()
      .execute();
    const known = new Set(found.map((r) => r.in_id));
    const missing = ids.filter((id) => !known.has(id));
    if (missing.length > 0) throw new ApiError(Code.notFound, 'No such stock line', { missing });
    const rows = sql.join(levels.map((l) => sql`(${l.in_id}::integer, ${l.low_level}::numeric)`));
    await sql`
      update inventory as i set low_level = v.low_level
      from (values ${rows}) as v(in_id, low_level)
      where i.in_id = v.in_id
    `.execute(trx);
    return { updated: levels.length };
  });
}
