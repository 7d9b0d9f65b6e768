import type { Chore } from '../../core/housekeeping.ts';
import { KNOWN_FOR_MS } from './login-addresses.ts';
import { KEEP_MS } from './security-events.ts';

export const chores: Chore[] = [
  {
    name: 'login addresses',
    async run({ db }, now) {
      const gone = await db
        .deleteFrom('login_addresses')
        .where('last_login_at', '<=', new Date(now.getTime() - KNOWN_FOR_MS))
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    },
  },
  {
    name: 'security events',
    async run({ db }, now) {
      const gone = await db
        .deleteFrom('security_events')
        .where('at', '<=', new Date(now.getTime() - KEEP_MS))
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    },
  },
];
