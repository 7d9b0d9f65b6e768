import { Hono } from 'hono';
import { IntegrationCodeRequest, type IntegrationCodeResponse } from '../../src/contract/user.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { parseInput } from '../http/input.ts';
import {
  checkIntegrationSignature,
  DEV_INTEGRATION_SECRET,
  useSignatureOnce,
} from '../services/integration-signature.ts';
import { issueOneTimeCode, ONE_TIME_TTL_MS } from '../services/one-time-codes.ts';
import { ok } from './reply.ts';

const REFUSALS = {
  'bad-timestamp': 'X-Timestamp must be Unix seconds',
  skew: 'X-Timestamp is more than 5 minutes away from the server clock',
  'bad-signature': 'X-Signature does not match',
} as const;

/**
 * `integration/*`: calls from the provider's other systems, signed with the shared secret
 * (`X-Timestamp`, `X-Signature` = hex HMAC-SHA256 over `${timestamp}.${rawBody}`; see docs/api.md).
 */
export function integrationRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/jump-code.html', async (c) => {
    const { db, now, config } = c.var.deps;
    if (config.production && config.integrationSecret === DEV_INTEGRATION_SECRET) {
      throw forbidden('integration is not configured on this server');
    }
    const raw = await c.req.text();
    const check = checkIntegrationSignature(
      config.integrationSecret,
      c.req.header('x-timestamp'),
      c.req.header('x-signature'),
      raw,
      now(),
    );
    if (check !== 'ok') throw forbidden(REFUSALS[check]);
    if (!(await useSignatureOnce(db, c.req.header('x-signature')!, now()))) {
      throw forbidden('this signed request was already used');
    }

    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      throw badRequest('request body is not valid JSON');
    }
    const input = parseInput(IntegrationCodeRequest, body);
    const issued = await issueOneTimeCode(db, input, now());
    if (!issued.ok) {
      if (issued.reason === 'unknown-user') throw notFound('no such user');
      throw forbidden("this customer account is not the user's");
    }
    const data: IntegrationCodeResponse = {
      code: issued.code,
      kind: input.kind,
      expires_in: ONE_TIME_TTL_MS / 1000,
    };
    return ok(c, data);
  });

  return app;
}
