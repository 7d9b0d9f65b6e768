import type { APIRequestContext } from '@playwright/test';
import { SMS_PATH } from '../../../server/testing/tenant-call.ts';

/**
 * A tenant user's own mobile and the latest text message sent to it, from the e2e server
 * (server/testing/tenant-call.ts): how a test reads the SMS code it asked for.
 */
export async function textsOf(
  request: APIRequestContext,
  account: string,
): Promise<{ mobile: string; body: string | null }> {
  const res = await request.get(`${SMS_PATH}?account=${encodeURIComponent(account)}`, {
    headers: { 'x-e2e-secret': process.env.LP_E2E_SECRET ?? '' },
  });
  if (!res.ok()) throw new Error(`no texts of ${account}: ${res.status()}`);
  return (await res.json()) as { mobile: string; body: string | null };
}

/** The six-digit code of a verification message. */
export const codeIn = (body: string | null): string => /\b(\d{6})\b/.exec(body ?? '')?.[1] ?? '';
