import { Code } from '../codes.ts';
import { NoInput, Nothing } from '../fields.ts';
import { operation, READS } from '../operation.ts';
import {
  CreateWebhookRequest,
  ReplayAnswerSchema,
  ReplayWebhookRequest,
  RotateWebhookRequest,
  TestAnswerSchema,
  UpdateWebhookRequest,
  WebhookDeliveriesQuery,
  WebhookDeliveriesSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookIdRequest,
  WebhookSecretSchema,
  WebhookWithSecretSchema,
} from './schemas.ts';

/**
 * Webhooks (Standard Webhooks 1.0) of the session's customer: its endpoints, their secrets, the
 * delivery log, replays and test events. For the customer's administrators in the portal, and for
 * API clients with the `webhooks:manage` scope (server/areas/webhooks/scope.ts lists these calls).
 * Anyone else is refused (403); an endpoint of another customer is not found (404). Each change
 * of an endpoint, and each reading of its secret, is an audit entry of record `webhook_endpoint`
 * (never with a secret); replays and test events are the customer's integration traffic.
 */
const area = 'webhooks';

const SETTINGS = { none: "the customer's integration traffic, no GxP record" } as const;
const CHANGES = { records: ['webhook_endpoint'] } as const;
const WRITES = [{ by: 'user', limit: 60, windowMs: 60_000, bucket: 'webhook/write' }] as const;

export const webhookIndex = operation({
  area,
  method: 'GET',
  path: 'webhook/index',
  summary: 'The customer’s webhook endpoints (without their secrets) and the event types there are',
  auth: 'session',
  input: NoInput,
  output: WebhookEndpointListSchema,
  codes: [Code.forbidden],
});

export const webhookCreate = operation({
  area,
  method: 'POST',
  path: 'webhook/create',
  summary:
    'Add an endpoint (https; its host must resolve to public addresses unless WEBHOOK_ALLOW_PRIVATE): answers it with its new secret',
  auth: 'session',
  audit: CHANGES,
  input: CreateWebhookRequest,
  output: WebhookWithSecretSchema,
  codes: [Code.forbidden],
  rateLimits: WRITES,
});

export const webhookUpdate = operation({
  area,
  method: 'POST',
  path: 'webhook/update',
  summary: 'Change an endpoint’s address, description or event types, or disable or enable it',
  auth: 'session',
  audit: CHANGES,
  input: UpdateWebhookRequest,
  output: WebhookEndpointSchema,
  codes: [Code.forbidden, Code.notFound],
  rateLimits: WRITES,
});

export const webhookRotate = operation({
  area,
  method: 'POST',
  path: 'webhook/rotate',
  summary:
    'A new secret for an endpoint; the old one signs beside it (two signatures) for `keep_hours` (24 by default)',
  auth: 'session',
  audit: CHANGES,
  input: RotateWebhookRequest,
  output: WebhookWithSecretSchema,
  codes: [Code.forbidden, Code.notFound],
  rateLimits: WRITES,
});

export const webhookSecret = operation({
  area,
  method: 'POST',
  path: 'webhook/secret',
  summary: 'An endpoint’s signing secret (and the previous one while it still signs)',
  auth: 'session',
  audit: CHANGES,
  input: WebhookIdRequest,
  output: WebhookSecretSchema,
  codes: [Code.forbidden, Code.notFound],
  rateLimits: [{ by: 'user', limit: 30, windowMs: 60_000, bucket: 'webhook/secret' }],
});

export const webhookDelete = operation({
  area,
  method: 'POST',
  path: 'webhook/delete',
  summary: 'Remove an endpoint with its pending deliveries and its log',
  auth: 'session',
  audit: CHANGES,
  input: WebhookIdRequest,
  output: Nothing,
  codes: [Code.forbidden, Code.notFound],
  rateLimits: WRITES,
});

export const webhookDeliveries = operation({
  area,
  method: 'GET',
  path: 'webhook/deliveries',
  summary: 'An endpoint’s delivery log, newest attempt first (kept 30 days)',
  auth: 'session',
  audit: READS,
  input: WebhookDeliveriesQuery,
  output: WebhookDeliveriesSchema,
  codes: [Code.forbidden, Code.notFound],
});

export const webhookReplay = operation({
  area,
  method: 'POST',
  path: 'webhook/replay',
  summary:
    'Send again one delivery (`attempt_id`, from the log) or every delivery made in a time range (`from`, `to`; `failed_only`: those not delivered, including what was kept while the endpoint was disabled, and not replayed since), with the same webhook-id',
  auth: 'session',
  audit: SETTINGS,
  input: ReplayWebhookRequest,
  output: ReplayAnswerSchema,
  codes: [Code.forbidden, Code.notFound, Code.conflict],
  rateLimits: WRITES,
});

export const webhookTest = operation({
  area,
  method: 'POST',
  path: 'webhook/test',
  summary: 'Send a `webhook.test` event to an endpoint now (signed and retried like any other)',
  auth: 'session',
  audit: SETTINGS,
  input: WebhookIdRequest,
  output: TestAnswerSchema,
  codes: [Code.forbidden, Code.notFound, Code.conflict],
  rateLimits: [{ by: 'user', limit: 10, windowMs: 60_000, bucket: 'webhook/test' }],
});
