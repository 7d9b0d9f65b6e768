import { randomBytes } from 'node:crypto';
import { DEMO_LOGINS } from '../../../server/seed/demo.ts';

export interface Login {
  username: string;
  password: string;
}

/** A seeded demo login by account name (server/seed/demo.ts: demo, weak, white, forced, multi). */
export function demoLogin(account: 'demo' | 'weak' | 'white' | 'forced' | 'multi'): Login {
  const found = DEMO_LOGINS.find((l) => l.username === account);
  if (!found) throw new Error(`no demo login ${account}`);
  return found;
}

/**
 * A username nobody has: the server counts failed logins per username, known or not, so captcha
 * and lock tests use one of these and never lock a demo user another test needs.
 */
export function ghostUsername(prefix = 'ghost'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}
