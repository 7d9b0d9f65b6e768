import { Code } from '../../../src/contract/codes.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';

/**
 * Which of the user's customer accounts holds order `id` (a link a colleague sent): the account,
 * its company and whether it is the one the session is on. 404 when none of the user's accounts
 * holds it: another customer's orders stay unknown, as in every read.
 */
export async function orderOwner(db: DB, session: { uid: number; cuId: number | null }, id: number) {
  const found = await db
    .selectFrom('orders as o')
    .innerJoin('user_customers as uc', (join) =>
      join.onRef('uc.cu_id', '=', 'o.cu_id').on('uc.uid', '=', session.uid),
    )
    .innerJoin('customers as cu', 'cu.cu_id', 'o.cu_id')
    .innerJoin('companies as co', 'co.co_id', 'cu.co_id')
    .select(['o.order_no', 'o.cu_id', 'cu.identifier', 'cu.cu_name', 'co.co_name'])
    .where('o.id', '=', id)
    .executeTakeFirst();
  if (!found) throw new ApiError(Code.notFound, 'No such order');
  return {
    order_no: found.order_no,
    identifier: found.identifier,
    cu_name: found.cu_name,
    co_name: found.co_name,
    current: found.cu_id === session.cuId,
  };
}
