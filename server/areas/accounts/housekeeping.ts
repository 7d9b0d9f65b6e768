import { sql } from 'kysely';
import type { Chore } from '../../core/housekeeping.ts';
import { DEVICE_KEEP_MS, DEVICES_PER_USER } from './devices.ts';
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
    // Each user's newest device stays, however old: the next sign-in from another is still "new".
    name: 'devices not seen for long',
    async run({ db }, now) {
      const { numAffectedRows } = await sql`
        delete from user_devices
        where id in (
          select id from (
            select id, last_seen_at,
              row_number() over (partition by uid order by last_seen_at desc, id desc) as place
            from user_devices
          ) ranked
          where ranked.place > ${DEVICES_PER_USER}
            or (ranked.place > 1 and ranked.last_seen_at <= ${new Date(now.getTime() - DEVICE_KEEP_MS)})
        )`.execute(db);
      return Number(numAffectedRows ?? 0);
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
