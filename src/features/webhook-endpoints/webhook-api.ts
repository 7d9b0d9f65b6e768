import { call } from '../../api/transport.ts';
import { Code } from '../../contract/codes.ts';
import * as ops from '../../contract/webhooks/operations.ts';

export type {
  WebhookAttempt,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEventType,
} from '../../contract/webhooks/schemas.ts';
export { WEBHOOK_EVENT_TYPES } from '../../contract/webhooks/schemas.ts';

/** The page says itself when the user is no administrator (403) and what is wrong with a form (422). */
const QUIET = { silentCodes: [Code.forbidden, Code.invalid] } as const;

export const webhookApi = {
  list: () => call(ops.webhookIndex, {}, QUIET),
  create: (input: { url: string; description: string; event_types: string[] }) =>
    call(ops.webhookCreate, input as never, QUIET),
  update: (input: {
    id: number;
    url?: string;
    description?: string;
    event_types?: string[];
    enabled?: boolean;
  }) => call(ops.webhookUpdate, input as never, QUIET),
  rotate: (id: number) => call(ops.webhookRotate, { id }),
  secret: (id: number) => call(ops.webhookSecret, { id }),
  remove: (id: number) => call(ops.webhookDelete, { id }),
  deliveries: (id: number) => call(ops.webhookDeliveries, { id }),
  replayOne: (id: number, attempt_id: number) => call(ops.webhookReplay, { id, attempt_id }),
  replaySince: (id: number, from: string) => call(ops.webhookReplay, { id, from, failed_only: true }),
  test: (id: number) => call(ops.webhookTest, { id }),
};
