import { createHash } from 'node:crypto';
import { Code } from '../../../src/contract/codes.ts';
import { ApiError } from '../../core/errors.ts';
import type { DB } from '../../db/database.ts';

/** The header a client sends with `merge` (and `create`): a UUID made when the form opens. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY = /^[\x21-\x7e]{8,128}$/;

/** The key as sent, or 400 when it is missing or malformed. */
export function idempotencyKey(value: string | undefined): string {
  if (value === undefined || value.trim() === '')
    throw new ApiError(Code.badRequest, 'The Idempotency-Key header is required');
  const key = value.trim();
  if (!KEY.test(key))
    throw new ApiError(Code.badRequest, 'The Idempotency-Key header must be 8 to 128 visible characters');
  return key;
}

/** A request's fingerprint: the customer and the validated body. */
export const requestHash = (cuId: number | null, body: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify([cuId, body]))
    .digest('hex');

export interface IdempotentCall {
  uid: number;
  cuId: number;
  operation: string;
  key: string;
  hash: string;
  /**
   * An API client's call (its id): its key is the customer's, whichever of its clients sends it
   * (the IRT's shipment request id), kept in `api_client_keys`; a user's key is the user's.
   */
  client?: number;
}

/** The earlier call's row under the key: the user's, or the customer's for a client. */
const earlierRow = (db: DB, call: IdempotentCall) =>
  call.client === undefined
    ? db
        .selectFrom('idempotency_keys')
        .select(['request_hash', 'answer'])
        .where('uid', '=', call.uid)
        .where('operation', '=', call.operation)
        .where('key', '=', call.key)
        .executeTakeFirst()
    : db
        .selectFrom('api_client_keys')
        .select(['request_hash', 'answer'])
        .where('cu_id', '=', call.cuId)
        .where('operation', '=', call.operation)
        .where('key', '=', call.key)
        .executeTakeFirst();

/**
 * The stored answer of an earlier call with this key (same user and operation; for an API
 * client, same customer and operation), or undefined. The same key with another body (or on
 * another customer) answers 422.
 */
export async function replayed<T>(db: DB, call: IdempotentCall): Promise<T | undefined> {
  const row = await earlierRow(db, call);
  if (!row) return undefined;
  if (row.request_hash !== call.hash)
    throw new ApiError(Code.invalid, 'This Idempotency-Key was used with another request');
  return row.answer as T;
}

/** Keeps the answer under the key, in the transaction that made it. */
export async function remember(db: DB, call: IdempotentCall, answer: unknown, now: Date): Promise<void> {
  if (call.client !== undefined) {
    await db
      .insertInto('api_client_keys')
      .values({
        cu_id: call.cuId,
        operation: call.operation,
        key: call.key,
        client: call.client,
        request_hash: call.hash,
        answer: JSON.stringify(answer),
        created_at: now,
      })
      .execute();
    return;
  }
  await db
    .insertInto('idempotency_keys')
    .values({
      uid: call.uid,
      operation: call.operation,
      key: call.key,
      cu_id: call.cuId,
      request_hash: call.hash,
      answer: JSON.stringify(answer),
      created_at: now,
    })
    .execute();
}

/**
 * Runs `work` once per key: a repeat with the same body answers the first answer (without
 * running `work`), another body 422. `work` and the key's record share one transaction, so a
 * failure keeps neither and the key may be used again. Two concurrent first calls: the second
 * to commit fails (on the key's primary key, or on the sources the first changed) and then
 * replays the first's answer.
 */
export async function oncePerKey<T>(
  db: DB,
  call: IdempotentCall,
  now: Date,
  work: (trx: DB) => Promise<T>,
): Promise<T> {
  const earlier = await replayed<T>(db, call);
  if (earlier !== undefined) return earlier;
  try {
    return await db.transaction().execute(async (trx) => {
      const answer = await work(trx);
      await remember(trx, call, answer, now);
      return answer;
    });
  } catch (error) {
    // A concurrent first call with the same key may have won (this one then failed on the key,
    // or on the state the winner left): its answer is the answer.
    const winner = await replayed<T>(db, call);
    if (winner !== undefined) return winner;
    throw error;
  }
}
