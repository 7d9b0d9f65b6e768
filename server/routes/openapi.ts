import { Hono } from 'hono';
import { operations } from '../../src/contract/operations.ts';
import type { AppEnv } from '../http/env.ts';
import { openApiDocument } from '../openapi/document.ts';

const INFO = {
  title: 'LP customer portal API',
  version: '2.9.0',
  description:
    'The provider API of the customer portal. Every answer is an envelope `{code, message, data}`; ' +
    'codes and decisions beyond the contract are in docs/api.md.',
};

/** `/api/openapi.json`, generated from the contract schemas. */
export function openapiRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let document: string | undefined;
  app.get('/openapi.json', (c) => {
    document ??= JSON.stringify(openApiDocument(operations, INFO));
    return c.body(document, 200, { 'content-type': 'application/json; charset=utf-8' });
  });
  return app;
}
