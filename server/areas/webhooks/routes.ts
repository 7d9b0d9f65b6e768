import * as ops from '../../../src/contract/webhooks/operations.ts';
import { WEBHOOK_EVENT_TYPES } from '../../../src/contract/webhooks/schemas.ts';
import { forbidden } from '../../core/errors.ts';
import type { SessionRecord } from '../../core/session.ts';
import { handle } from '../../http/route.ts';
import {
  type Administrator,
  createEndpoint,
  deleteEndpoint,
  deliveryLog,
  listEndpoints,
  replay,
  revealSecret,
  rotateSecret,
  sendTest,
  updateEndpoint,
} from './endpoints.ts';
import { WEBHOOKS_MANAGE } from './scope.ts';

/**
 * The customer's webhooks (`webhook/*`), for its administrators and its API clients whose token
 * holds `webhooks:manage` (scope.ts; the bearer check refuses the others before, this says it
 * again). Anyone else, and a session without a customer, is refused (403); every call reads and
 * writes only the session's customer's endpoints (another's: 404).
 */
export function mayManageWebhooks(session: SessionRecord): boolean {
  if (session.cuId === null) return false;
  return session.client ? session.client.scopes.includes(WEBHOOKS_MANAGE) : session.isAdmin;
}

function administered(session: SessionRecord): number {
  if (session.cuId === null || !mayManageWebhooks(session))
    throw forbidden('Only an administrator of this customer account may manage its webhooks');
  return session.cuId;
}

/** The administrator (or API client) whose changes the audit entries name. */
function administrator(session: SessionRecord): Administrator {
  return { uid: session.uid, name: session.name, cuId: administered(session), client: session.client };
}

export const routes = [
  handle(ops.webhookIndex, async ({ session, deps, now }) => ({
    list: await listEndpoints(deps.db, administered(session), now),
    event_types: [...WEBHOOK_EVENT_TYPES],
  })),
  handle(ops.webhookCreate, ({ input, session, deps, now }) =>
    createEndpoint(deps, administrator(session), input, now),
  ),
  handle(ops.webhookUpdate, ({ input, session, deps, now }) =>
    updateEndpoint(deps, administrator(session), input, now),
  ),
  handle(ops.webhookRotate, ({ input, session, deps, now }) =>
    rotateSecret(deps, administrator(session), input, now),
  ),
  handle(ops.webhookSecret, ({ input, session, deps, now }) =>
    revealSecret(deps, administrator(session), input.id, now),
  ),
  handle(ops.webhookDelete, ({ input, session, deps, now }) =>
    deleteEndpoint(deps, administrator(session), input.id, now),
  ),
  handle(ops.webhookDeliveries, ({ input, session, deps }) =>
    deliveryLog(deps, administered(session), input),
  ),
  handle(ops.webhookReplay, ({ input, session, deps, now }) =>
    replay(deps, administered(session), input, now),
  ),
  handle(ops.webhookTest, ({ input, session, deps, now }) =>
    sendTest(deps, administered(session), input.id, now),
  ),
];
