import type { DB } from '../../db/database.ts';

/**
 * The trail of attacks on the public doors (login, tracking lookup): one row when a threshold is
 * crossed, never per request, so an attack leaves a few rows and a log line each, not thousands.
 * Kept KEEP_MS (housekeeping.ts). Read them with
 * `select * from security_events order by at desc`.
 *
 * - `login-username`: a username reached another 10 failures (from any addresses): it is under
 *   attack, maybe from many addresses; `address` is where the last one came from.
 * - `login-locked`: an address reached the lock for a username (login-delays.ts LOCK_AFTER).
 * - `login-address-locked`: an address reached the lock over all usernames (login-guard.ts).
 * - `tracking-order`: an order number reached the failures that ask everyone for the captcha.
 * - `tracking-locked`: an address is refused an order number (tracking/failures.ts).
 * - `tracking-address-locked`: an address is refused every lookup for a while.
 * - `signature-failures`: a user's electronic signatures failed (a wrong password) again and again
 *   (signatures/check.ts); the customer's administrators are told.
 * - `api-client-auth`: an address failed to authenticate as an API client at the token endpoint
 *   often enough to be refused for a while (api-clients/token-endpoint.ts); `subject` is the
 *   client id it last tried.
 * - `scim-auth`: an address failed to authenticate with a provisioning token at the SCIM service
 *   often enough to be refused for a while (accounts/scim-endpoint.ts).
 */
export type SecurityEventKind =
  | 'login-username'
  | 'login-locked'
  | 'login-address-locked'
  | 'tracking-order'
  | 'tracking-locked'
  | 'tracking-address-locked'
  | 'signature-failures'
  | 'api-client-auth'
  | 'scim-auth';

export const KEEP_MS = 90 * 24 * 60 * 60_000;

export interface SecurityEvent {
  kind: SecurityEventKind;
  /** The username or order number attacked ('' for an address over all of them). */
  subject: string;
  address: string;
  failures: number;
}

/** Stores the event and says it in the server's log. */
export async function recordSecurityEvent(db: DB, event: SecurityEvent, now: Date): Promise<void> {
  await db
    .insertInto('security_events')
    .values({ ...event, at: now })
    .execute();
  const what = event.subject === '' ? '' : ` ${JSON.stringify(event.subject)}`;
  console.warn(`[security] ${event.kind}${what}: ${event.failures} failures, the last from ${event.address}`);
}
