import type { Operation } from '../../../src/contract/operation.ts';
import * as ops from '../../../src/contract/webhooks/operations.ts';

/**
 * The API-client scope that manages webhooks (server/areas/api-clients/scopes.ts grants it every
 * customer call of this area), and the calls it grants: the webhooks tests check the two agree.
 */
export { WEBHOOKS_MANAGE } from '../api-clients/scopes.ts';

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
