import { sql } from 'kysely';
import { Code } from '../../../src/contract/codes.ts';
import type { CustomerAccountList } from '../../../src/contract/accounts/schemas.ts';
import type { DB } from '../../db/database.ts';
import { ApiError } from '../../core/errors.ts';
import { startSession } from './sessions.ts';

export interface OwnCustomer {
  cu_id: number;
  cu_name: string;
  identifier: string;
  co_id: number;
  co_name: string;
  pinyin: string;
  is_white: boolean;
}

/** The customer accounts a user holds, in the user's order. */
export async function customersOf(db: DB, uid: number): Promise<OwnCustomer[]> {
  return db
    .selectFrom('user_customers as uc')
    .innerJoin('customers as cu', 'cu.cu_id', 'uc.cu_id')
    .innerJoin('companies as co', 'co.co_id', 'cu.co_id')
    .select(['cu.cu_id', 'cu.cu_name', 'cu.identifier', 'cu.co_id', 'co.co_name', 'cu.pinyin', 'cu.is_white'])
    .where('uc.uid', '=', uid)
    .orderBy('uc.position')
    .orderBy('cu.cu_id')
    .execute();
}

/** One of the user's own customers by identifier, or undefined when it is not theirs. */
export async function ownCustomer(db: DB, uid: number, identifier: string): Promise<OwnCustomer | undefined> {
  return db
    .selectFrom('user_customers as uc')
    .innerJoin('customers as cu', 'cu.cu_id', 'uc.cu_id')
    .innerJoin('companies as co', 'co.co_id', 'cu.co_id')
    .select(['cu.cu_id', 'cu.cu_name', 'cu.identifier', 'cu.co_id', 'co.co_name', 'cu.pinyin', 'cu.is_white'])
    .where('uc.uid', '=', uid)
    .where('cu.identifier', '=', identifier)
    .executeTakeFirst();
}

/** The customer a new session starts on: the user's default when they still hold it, else their first. */
export async function startingCustomer(
  db: DB,
  uid: number,
): Promise<{ cu_id: number; is_white: boolean; count: number } | null> {
  const row = await db
    .selectFrom('users as u')
    .innerJoin('user_customers as uc', 'uc.uid', 'u.uid')
    .innerJoin('customers as cu', 'cu.cu_id', 'uc.cu_id')
    .select(['cu.cu_id', 'cu.is_white', sql<number>`count(*) over ()::int`.as('count')])
    .where('u.uid', '=', uid)
    .orderBy(sql`(uc.cu_id = u.default_cu_id) is true`, 'desc')
    .orderBy('uc.position')
    .orderBy('uc.cu_id')
    .limit(1)
    .executeTakeFirst();
  return row ?? null;
}

/** The `customer-account/index` answer for a user on the session's customer. */
export async function customerAccountList(
  db: DB,
  uid: number,
  currentCuId: number | null,
): Promise<CustomerAccountList> {
  const own = await customersOf(db, uid);
  return {
    list: own.map(({ cu_id, cu_name, co_name, identifier, pinyin }) => ({
      cu_id,
      cu_name,
      co_name,
      identifier,
      pinyin,
    })),
    identifier: own.find((c) => c.cu_id === currentCuId)?.identifier ?? '',
    old_customer_button: own.length > 1,
  };
}

/**
 * Moves a session onto one of the user's own customers: a new token on that customer, the old
 * session ended as 'switched' (its next call gets 598, not 599). 403 when the customer is not
 * the user's, and nothing changes.
 */
export async function enterCustomer(
  db: DB,
  session: { uid: number; sessionId: string },
  identifier: string,
  now: Date,
): Promise<{ access_token: string; customer: OwnCustomer }> {
  const { uid } = session;
  const customer = await ownCustomer(db, uid, identifier);
  if (!customer) throw new ApiError(Code.forbidden, 'This customer account is not yours');
  // only the session that switches ends (the person's others stay), its sign-in carried over
  const access_token = await startSession(db, uid, customer.cu_id, now, 'switched', null, session.sessionId);
  return { access_token, customer };
}
