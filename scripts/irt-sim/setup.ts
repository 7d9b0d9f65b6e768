import { ok, type Portal, portalClient } from './portal.ts';

/** The scopes the simulator's client needs: book and read orders, pick stock, manage its endpoint. */
export const SIM_SCOPES = ['orders:read', 'orders:write', 'inventory:read', 'webhooks:manage'] as const;

/** An API client the simulator made as the customer's administrator, and how to revoke it. */
export interface MadeClient {
  clientId: string;
  clientSecret: string;
  customer: string;
  /** Signs in again, revokes the client (its secret and tokens stop at once) and signs out. */
  revoke(): Promise<void>;
}

type Admin = { username: string; password: string; customer?: string | undefined };

/**
 * Does what a customer's administrator does in the portal (account menu → API Clients): signs in
 * through the portal's own API, enters `customer` (an identifier) when given, creates an API
 * client with the simulator's scopes (its secret is in this answer only) and signs out. The portal
 * keeps one session per user, so each sign-in ends the user's session elsewhere (a browser's);
 * the simulator holds none while it runs.
 */
export async function makeClient(baseUrl: string, admin: Admin, name: string): Promise<MadeClient> {
  const session = await signIn(baseUrl, admin);
  const me = ok('user/get-user-info', await session.GET('/api/user/get-user-info.html'));
  const made = ok(
    'api-client/create',
    await session.POST('/api/api-client/create.html', { body: { name, scopes: [...SIM_SCOPES] } }),
  );
  await session.POST('/api/user/logout.html', {});
  return {
    clientId: made.client.client_id,
    clientSecret: made.client_secret,
    customer: me.customer ? `${me.customer.identifier} ${me.customer.cu_name}` : '(none)',
    async revoke() {
      const again = await signIn(baseUrl, admin);
      try {
        ok(
          'api-client/revoke',
          await again.POST('/api/api-client/revoke.html', { body: { id: made.client.id } }),
        );
      } finally {
        await again.POST('/api/user/logout.html', {});
      }
    },
  };
}

/** Signs in (`user/login`) and enters `customer` when it is given: the session's client. */
async function signIn(baseUrl: string, admin: Admin): Promise<Portal> {
  const login = ok(
    'user/login',
    await portalClient(baseUrl).POST('/api/user/login.html', {
      body: { username: admin.username, password: admin.password },
    }),
  );
  const session = portalClient(baseUrl, { 'X-Token': login.access_token });
  if (!admin.customer) return session;
  const switched = ok(
    'customer-account/switch-customer',
    await session.POST('/api/customer-account/switch-customer.html', {
      body: { identifier: admin.customer },
    }),
  );
  // a switch that makes a new session answers its token (the old one has ended)
  return switched.access_token ? portalClient(baseUrl, { 'X-Token': switched.access_token }) : session;
}
