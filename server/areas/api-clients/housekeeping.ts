import type { Chore } from '../../core/housekeeping.ts';

/**
 * How long a client's order-creation key (the IRT's shipment request id) is remembered: longer
 * than a user's (orders/housekeeping.ts, a week), since a sponsor's system may resend a shipment
 * request days or weeks later, after an outage or a manual retry.
 */
export const CLIENT_KEY_KEEP_MS = 90 * 24 * 60 * 60_000;

export const chores: Chore[] = [
  {
    name: 'API clients’ idempotency keys',
    async run({ db }, now) {
      const gone = await db
        .deleteFrom('api_client_keys')
        .where('created_at', '<', new Date(now.getTime() - CLIENT_KEY_KEEP_MS))
        .executeTakeFirst();
      return Number(gone.numDeletedRows);
    },
  },
];
