import { Hono } from 'hono';
import { IdentifierRequest, type SwitchCustomerResponse } from '../../src/contract/user.ts';
import { requireSession } from '../http/auth.ts';
import type { AppEnv } from '../http/env.ts';
import { parseInput, readJson } from '../http/input.ts';
import { customerAccountList, enterCustomer } from '../services/customers.ts';
import { ok } from './reply.ts';

/** `customer-account/*`: the user's customer accounts and switching among them. */
export function customerAccountRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requireSession());

  app.get('/index.html', async (c) => {
    const s = c.var.session;
    return ok(c, await customerAccountList(c.var.deps.db, s.uid, s.cuId));
  });

  app.post('/switch-customer.html', async (c) => {
    const { db, now } = c.var.deps;
    const { identifier } = parseInput(IdentifierRequest, await readJson(c));
    const { access_token } = await enterCustomer(db, c.var.session.uid, identifier, now());
    const data: SwitchCustomerResponse = { access_token };
    return ok(c, data, 'switch success');
  });

  return app;
}
