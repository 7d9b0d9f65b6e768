import * as ops from '../../../src/contract/api-clients/operations.ts';
import { API_CLIENT_SCOPES } from '../../../src/contract/api-clients/schemas.ts';
import { forbidden } from '../../core/errors.ts';
import type { SessionRecord } from '../../core/session.ts';
import { handle } from '../../http/route.ts';
import {
  type Administrator,
  createClient,
  listClients,
  revokeClient,
  rotateClient,
  updateClient,
} from './clients.ts';

/** Where a client gets its tokens (app.ts mounts it beside the envelope calls). */
export const TOKEN_PATH = '/api/oauth/token';

/**
 * The customer's API clients (`api-client/*`), for its administrators: anyone else, a session
 * without a customer and an API client's own token (no scope grants these) are refused (403).
 */
function administrator(session: SessionRecord): Administrator {
  if (session.cuId === null || !session.isAdmin || session.client)
    throw forbidden('Only an administrator of this customer account may manage its API clients');
  return { uid: session.uid, name: session.name, cuId: session.cuId };
}

export const routes = [
  handle(ops.apiClientList, async ({ session, deps, now }) => ({
    list: await listClients(deps.db, administrator(session).cuId, now),
    scopes: [...API_CLIENT_SCOPES],
    token_url: TOKEN_PATH,
  })),
  handle(ops.apiClientCreate, ({ input, session, deps, now }) =>
    createClient(deps.db, administrator(session), input, now),
  ),
  handle(ops.apiClientUpdate, ({ input, session, deps, now }) => {
    const { id, ...change } = input;
    return updateClient(deps.db, administrator(session), id, change, now);
  }),
  handle(ops.apiClientRotate, ({ input, session, deps, now }) =>
    rotateClient(deps.db, administrator(session), input.id, input.grace_hours, now),
  ),
  handle(ops.apiClientRevoke, ({ input, session, deps, now }) =>
    revokeClient(deps.db, administrator(session), input.id, now),
  ),
];
