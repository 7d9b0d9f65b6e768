import { ok, type Portal, Refused } from './portal.ts';

/** The portal refused the receiver's address: what to do about it. */
export class EndpointRefused extends Error {
  override name = 'EndpointRefused';
}

/**
 * Registers the receiver as the customer's webhook endpoint (every event type) with the client's
 * `webhooks:manage` scope; answers its id and signing secret (`whsec_…`). A portal with its safe
 * defaults refuses a loopback `http://` address (422 on `url`): that is said plainly.
 */
export async function registerEndpoint(api: Portal, url: string): Promise<{ id: number; secret: string }> {
  try {
    const made = ok(
      'webhook/create',
      await api.POST('/api/webhook/create.html', {
        body: { url, description: 'IRT simulator (npm run irt-sim)', event_types: [] },
      }),
    );
    return { id: made.endpoint.id, secret: made.secret };
  } catch (error) {
    if (error instanceof Refused && error.code === 422) {
      const fields = (error.data ?? {}) as Record<string, string>;
      throw new EndpointRefused(
        `the portal refused the receiver's address ${url}: ${fields.url ?? error.message}.\n` +
          'A portal sends webhooks only to public https addresses unless it is told otherwise; for this demo start it with\n' +
          '  WEBHOOK_ALLOW_PRIVATE=on WEBHOOK_ALLOW_HTTP=on npm start\n' +
          '(never in production: docs/decisions/webhooks.md), or give --receiver-host an address it accepts.',
      );
    }
    throw error;
  }
}

/** Queues the endpoint's test event (`webhook.test`). */
export async function sendTestEvent(api: Portal, id: number): Promise<string> {
  return ok('webhook/test', await api.POST('/api/webhook/test.html', { body: { id } })).msg_id;
}

/** Removes the endpoint (no more deliveries to a receiver that is gone). */
export async function removeEndpoint(api: Portal, id: number): Promise<void> {
  ok('webhook/delete', await api.POST('/api/webhook/delete.html', { body: { id } }));
}
