import type { PassFlag } from '../../src/contract/accounts/schemas.ts';
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
}

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
