import { ok, type Portal, portalClient } from './portal.ts';

/** The scopes the simulator's client needs: book and read orders, pick stock, manage its endpoint. */
export const SIM_SCOPES = ['orders:read', 'orders:write', 'inventory:read', 'webhooks:manage'] as const;

/** An API client the simulator made as the customer's administrator, and how to revoke it. */
export interface MadeClient {
  clientId: string;
  clientSecret: string;
  customer: string;
  /** Revokes the client (its secret and tokens stop at once), and signs the administrator out. */
  revoke(): Promise<void>;
}

/**
 * Does what a customer's administrator does in the portal (account menu → API Clients): signs in
 * through the portal's own API, enters `customer` (an identifier) when given, and creates an API
 * client with the simulator's scopes. Its secret is in this answer only.
 */
export async function makeClient(
  baseUrl: string,
  admin: { username: string; password: string; customer?: string | undefined },
  name: string,
): Promise<MadeClient> {
  const anonymous = portalClient(baseUrl);
  const login = ok(
    'user/login',
    await anonymous.POST('/api/user/login.html', {
      body: { username: admin.username, password: admin.password },
    }),
  );
  let session: Portal = portalClient(baseUrl, { 'X-Token': login.access_token });
  if (admin.customer) {
    const switched = ok(
      'customer-account/switch-customer',
      await session.POST('/api/customer-account/switch-customer.html', {
        body: { identifier: admin.customer },
      }),
    );
    // a switch that makes a new session answers its token (the old one has ended)
    if (switched.access_token) session = portalClient(baseUrl, { 'X-Token': switched.access_token });
  }
  const me = ok('user/get-user-info', await session.GET('/api/user/get-user-info.html'));
  const made = ok(
    'api-client/create',
    await session.POST('/api/api-client/create.html', { body: { name, scopes: [...SIM_SCOPES] } }),
  );
  return {
    clientId: made.client.client_id,
    clientSecret: made.client_secret,
    customer: me.customer ? `${me.customer.identifier} ${me.customer.cu_name}` : '(none)',
    async revoke() {
      ok(
        'api-client/revoke',
        await session.POST('/api/api-client/revoke.html', { body: { id: made.client.id } }),
      );
      await session.POST('/api/user/logout.html', {});
    },
  };
}
