import type { PassFlag } from '../../src/contract/accounts/schemas.ts';
import type { Operation } from '../../src/contract/operation.ts';
import type { DB } from '../db/database.ts';

/**
 * What the HTTP layer knows of sessions: the record a call gets, and how a token becomes one
 * (`AppDeps.authenticate`; the accounts area implements it: areas/accounts/sessions.ts). The HTTP
 * layer never imports an area.
 */
/** Everything a call may need about the session behind a token, read in one query. */
export interface SessionRecord {
  sessionId: string;
  uid: number;
  username: string;
  sgId: number;
  cuId: number | null;
  passFlag: PassFlag;
  name: string;
  avatar: string;
  introduction: string;
  city: string;
  mobile: string;
  isWeakPassword: boolean;
  roleLabel: string;
  groupName: string;
  customer: { cu_id: number; cu_name: string; identifier: string; co_id: number; co_name: string } | null;
  isWhiteCustomer: boolean;
  /** An administrator of the session's customer (user_customers.is_admin). */
  isAdmin: boolean;
  /** How long the session may go without a call: its person's policy (areas/accounts/session-policy.ts). */
  idleMs?: number;
  /**
   * Set when the call comes with an API client's bearer token instead of a user's session
   * (areas/api-clients/bearer.ts): then `uid` is CLIENT_UID (no user), `cuId` the client's
   * customer, `name` the client's name, and the writes it makes name the client as their actor.
   */
  client?: ClientPrincipal;
}

/** The API client behind a bearer token. */
export interface ClientPrincipal {
  /** Its row (`api_clients.id`): the audit trail's actor id. */
  id: number;
  /** The OAuth `client_id`. */
  clientId: string;
  name: string;
  /** What its token holds (never more than the client still has). */
  scopes: readonly string[];
}

/**
 * The `uid` of a client's record: no user has it (uids start at 1), so a lookup by it finds
 * nothing; a write names the client instead (orders/write.ts `customerActor`, audit `sessionActor`).
 */
export const CLIENT_UID = 0;

/**
 * The record of a call made with an API client's bearer token (`Authorization: Bearer …`) to
 * operation `opId`: the token checked (598 when it is not valid, expired, or its client revoked),
 * the call within the token's scopes (403, and 403 for every call no scope grants), the address
 * allowed, the client's rate counted (429).
 */
export type AuthenticateClient = (request: {
  db: DB;
  token: string;
  op: Pick<Operation, 'id' | 'area' | 'auth' | 'signature'>;
  address: string;
  now: Date;
}) => Promise<SessionRecord>;

/**
 * The live session of a token in `db`, or an ApiError (598/599); a session idle for longer than
 * `idleMs` (the server's `SESSION_IDLE_MINUTES`) has ended.
 */
export type Authenticate = (
  db: DB,
  token: string | undefined,
  now: Date,
  idleMs?: number,
) => Promise<SessionRecord>;
