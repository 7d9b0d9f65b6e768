import { Code } from '../codes.ts';
import { operation, READS } from '../operation.ts';
import { NoInput } from '../fields.ts';
import {
  ApiClientCreate,
  ApiClientId,
  ApiClientListSchema,
  ApiClientRotate,
  ApiClientSchema,
  ApiClientUpdate,
  ApiClientWithSecretSchema,
} from './schemas.ts';

/**
 * The customer's API clients (`<lp-api-clients>`, from the account menu), for its administrators
 * (`user_customers.is_admin`; anyone else 403). Every change is in the customer's audit trail
 * (record `api_client`), never with the secret. An API client's own token may not call these.
 */
const area = 'api-clients';
const MINUTE = 60_000;
const CHANGES = { records: ['api_client'] } as const;
const WRITE_LIMIT = [{ by: 'user', limit: 30, windowMs: MINUTE, bucket: 'api-client/write' }] as const;

export const apiClientList = operation({
  area,
  method: 'GET',
  path: 'api-client/index',
  summary: 'The customer’s API clients (active and revoked, newest first), the scopes a client may hold',
  auth: 'session',
  audit: READS,
  input: NoInput,
  output: ApiClientListSchema,
  codes: [Code.forbidden],
});

export const apiClientCreate = operation({
  area,
  method: 'POST',
  path: 'api-client/create',
  summary:
    'Make an API client (name, scopes, allowed source addresses, calls a minute); its secret is in this answer only (only its SHA-256 is kept)',
  auth: 'session',
  audit: CHANGES,
  input: ApiClientCreate,
  output: ApiClientWithSecretSchema,
  rateLimits: WRITE_LIMIT,
  codes: [Code.forbidden],
});

export const apiClientUpdate = operation({
  area,
  method: 'POST',
  path: 'api-client/update',
  summary:
    'Change an active client’s scopes, allowed source addresses or calls a minute (a scope taken away stops at once, also for its tokens; one added holds for tokens made after the change)',
  auth: 'session',
  audit: CHANGES,
  input: ApiClientUpdate,
  output: ApiClientSchema,
  rateLimits: WRITE_LIMIT,
  codes: [Code.forbidden, Code.notFound, Code.conflict],
});

export const apiClientRotate = operation({
  area,
  method: 'POST',
  path: 'api-client/rotate',
  summary:
    'A new secret for a client (in this answer only); the old one, and its tokens, still hold for `grace_hours` (0: not at all)',
  auth: 'session',
  audit: CHANGES,
  input: ApiClientRotate,
  output: ApiClientWithSecretSchema,
  rateLimits: WRITE_LIMIT,
  codes: [Code.forbidden, Code.notFound, Code.conflict],
});

export const apiClientRevoke = operation({
  area,
  method: 'POST',
  path: 'api-client/revoke',
  summary: 'Revoke a client: its secrets and every token it holds stop working at once (for good)',
  auth: 'session',
  audit: CHANGES,
  input: ApiClientId,
  output: ApiClientSchema,
  rateLimits: WRITE_LIMIT,
  codes: [Code.forbidden, Code.notFound],
});
