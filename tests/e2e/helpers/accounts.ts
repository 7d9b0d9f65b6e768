import { randomBytes } from 'node:crypto';
import { test } from '@playwright/test';

export interface Login {
  username: string;
  password: string;
}

export type DemoAccount = 'demo' | 'weak' | 'white' | 'forced' | 'multi';

/** One test's own demo set (fixtures.ts): its logins and its customers' identifiers. */
export interface Tenant {
  tag: string;
  logins: Record<DemoAccount, Login>;
  /** The identifier of a demo customer in this set (`HR-SH-RD` → `HR-SH-RD-<tag>`). */
  identifier(demoIdentifier: string): string;
}

/** The running tests' sets by test id (one test at a time per worker; fixtures.ts fills it). */
export const tenants = new Map<string, Tenant>();

/**
 * The running test's login of a demo account (server/seed/demo.ts: demo, weak, white, forced,
 * multi): of the demo set the test's fixture made for it alone (fixtures.ts), so no other test
 * signs in as the same user or changes its data.
 */
export function demoLogin(account: DemoAccount): Login {
  const tenant = tenants.get(test.info().testId);
  if (!tenant) throw new Error('demoLogin: no demo set for this test (import test from fixtures.ts)');
  return tenant.logins[account];
}

/**
 * A username nobody has: the server counts failed logins per username, known or not, so captcha
 * and lock tests use one of these and never lock a demo user another test needs.
 */
export function ghostUsername(prefix = 'ghost'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}
