import type { Operation } from '../../../src/contract/operation.ts';
import * as ops from '../../../src/contract/webhooks/operations.ts';

/**
 * The API-client scope that manages webhooks, and the calls it grants (for the API clients'
 * scope table, server/areas/api-clients). The scope's name is the one the design names
 * (`webhooks:manage`); scopes.ts of api-clients is its home once it exists.
 */
export const WEBHOOKS_MANAGE = 'webhooks:manage';

export const WEBHOOK_SCOPE_CALLS: readonly Operation[] = [
  ops.webhookIndex,
  ops.webhookCreate,
  ops.webhookUpdate,
  ops.webhookRotate,
  ops.webhookSecret,
  ops.webhookDelete,
  ops.webhookDeliveries,
  ops.webhookReplay,
  ops.webhookTest,
];
