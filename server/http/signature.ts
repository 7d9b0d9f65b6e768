import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/database.ts';

/** Signed server-to-server calls may be at most 5 minutes away from our clock. */
export const MAX_SKEW_MS = 5 * 60 * 1000;

/** Hex HMAC-SHA256 over `${timestamp}.${rawBody}` with the shared integration secret. */
export function signIntegration(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export type SignatureCheck = 'ok' | 'bad-timestamp' | 'skew' | 'bad-signature';

/** Checks `X-Timestamp` (Unix seconds) and `X-Signature` of a raw body. */
export function checkIntegrationSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  now: Date,
): SignatureCheck {
  if (!timestamp || !/^\d{1,12}$/.test(timestamp)) return 'bad-timestamp';
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > MAX_SKEW_MS) return 'skew';
  if (!signature || !/^[0-9a-fA-F]{64}$/.test(signature)) return 'bad-signature';
  const expected = Buffer.from(signIntegration(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  return timingSafeEqual(expected, given) ? 'ok' : 'bad-signature';
}

/**
 * Remembers a checked signature so that the same signed request works once: false when it was
 * seen before. Kept in `rate_limits` under `integration:<signature>` for twice the allowed skew
 * (older requests fail the timestamp check anyway), then cleared.
 */
export async function claimSignature(db: DB, signature: string, now: Date): Promise<boolean> {
  const fresh = await db
    .insertInto('rate_limits')
    .values({ key: `integration:${signature.toLowerCase()}`, window_start: now, hits: 1 })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  await db
    .deleteFrom('rate_limits')
    .where('key', 'like', 'integration:%')
    .where('window_start', '<', sql<Date>`${new Date(now.getTime() - 2 * MAX_SKEW_MS)}::timestamptz`)
    .execute();
  return fresh !== undefined;
}
