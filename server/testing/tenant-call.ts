import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import { ANSWERS_PATH, answerWatch } from './e2e-answers.ts';
import { type DemoTenant, demoPasswordHashes, seedDemoTenant } from '../seed/demo.ts';

/** The test server's call that seeds one test's demo set (e2e-server.ts, tests/e2e/fixtures.ts). */
export const TENANT_PATH = '/__e2e/tenant';
/** The test server's call that reads a tenant user's latest text message (the SMS code a test asked for). */
export const SMS_PATH = '/__e2e/sms';

/**
 * Orders per customer in a tenant's order data: fewer than `npm start`'s 110 and 40 (424 orders),
 * with every status, type and temperature class and more than a list page, at about 0.9 core-s of
 * the server's time against 2.5 (tests/e2e/README.md).
 */
const TENANT_ORDERS = { perDemoCustomer: 45, perOtherCustomer: 12 };

/** Makes a set's `multi` a member (not an administrator) of its `demo`'s first customer, last in its list. */
async function joinDemoCustomer(db: AppDeps['db'], logins: DemoTenant['logins']): Promise<void> {
  const account = (name: string) =>
    db
      .selectFrom('users')
      .select(['uid', 'default_cu_id'])
      .where('ur_account', '=', logins[name]?.username ?? '')
      .executeTakeFirstOrThrow();
  const [demo, multi] = [await account('demo'), await account('multi')];
  if (demo.default_cu_id === null) throw new Error('the demo user has no customer');
  const { n } = await db
    .selectFrom('user_customers')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('uid', '=', multi.uid)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_customers')
    .values({ uid: multi.uid, cu_id: demo.default_cu_id, position: Number(n), is_admin: false })
    .execute();
}

/**
 * `app` with `POST /__e2e/tenant` in front of it: with the `x-e2e-secret` header equal to `secret`
 * it seeds a demo set of its own (seed/demo.ts `seedDemoTenant`: the demo's users and customers
 * under a fresh tag, with `{"orders": true}` their order data, with `{"emails": true}` e-mail
 * addresses, with `{"members": true}` `multi` a member of `demo`'s first customer) and answers
 * its tag and logins;
 * without it, 403 and nothing written. Every other request goes to `app`.
 */
export function withTenantCall(
  app: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> },
  deps: Pick<AppDeps, 'db' | 'storage'>,
  secret: string,
): Hono {
  let hashes: Promise<string[]> | null = null;
  const allowed = (given: string | undefined) => {
    const a = Buffer.from(given ?? '');
    const b = Buffer.from(secret);
    return secret.length > 0 && a.length === b.length && timingSafeEqual(a, b);
  };
  const front = new Hono();
  front.post(TENANT_PATH, async (c) => {
    if (!allowed(c.req.header('x-e2e-secret'))) return c.json({ error: 'not allowed' }, 403);
    const body: unknown = await c.req.json().catch(() => ({}));
    const flag = (name: string) =>
      typeof body === 'object' &&
      body !== null &&
      name in body &&
      (body as Record<string, unknown>)[name] === true;
    hashes ??= demoPasswordHashes();
    const tenant = await seedDemoTenant(deps.db, randomBytes(5).toString('hex'), await hashes, {
      ...(flag('orders') ? { orders: { storage: deps.storage, ...TENANT_ORDERS } } : {}),
    });
    // with `{"emails": true}` each user has the e-mail `<account>@e2e-<tag>.example`: a single
    // sign-on of that domain links the account (tests/e2e/single-sign-on.spec.ts)
    if (flag('emails'))
      await deps.db
        .updateTable('users')
        .set({ email: sql<string>`ur_account || ${`@e2e-${tenant.tag}.example`}` })
        .where(
          'ur_account',
          'in',
          Object.values(tenant.logins).map((login) => login.username),
        )
        .execute();
    // with `{"members": true}` `multi` is a member (not an administrator) of `demo`'s first
    // customer too: someone whose two-step sign-in that customer's administrator may reset
    // (tests/e2e/member-factor-reset.spec.ts)
    if (flag('members')) await joinDemoCustomer(deps.db, tenant.logins);
    return c.json(tenant);
  });
  // a tenant user's own mobile (seed/demo.ts gives each one) and the latest text message sent to it
  front.get(SMS_PATH, async (c) => {
    if (!allowed(c.req.header('x-e2e-secret'))) return c.json({ error: 'not allowed' }, 403);
    const account = c.req.query('account') ?? '';
    const user = await deps.db
      .selectFrom('users')
      .select('mobile')
      .where('ur_account', '=', account)
      .executeTakeFirst();
    // only a tenant's account (`demo-<tag>`): never the demo's own users or anyone else's
    if (!user || !/-[a-z0-9]{4,16}$/.test(account)) return c.json({ error: 'no such tenant user' }, 404);
    const sms = await deps.db
      .selectFrom('sms_outbox')
      .select('body')
      .where('mobile', '=', user.mobile)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return c.json({ mobile: user.mobile, body: sms?.body ?? null });
  });
  // every API answer of the run checked against the document (e2e-answers.ts), read at its end
  const watch = answerWatch((request, env) => app.fetch(request, env));
  front.get(ANSWERS_PATH, async (c) => {
    if (!allowed(c.req.header('x-e2e-secret'))) return c.json({ error: 'not allowed' }, 403);
    return c.json(await watch.report());
  });
  front.all('*', (c) => watch.fetch(c.req.raw, c.env));
  return front;
}
