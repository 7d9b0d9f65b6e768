import type { ServerConfig } from '../config.ts';
import type { DB } from '../db/database.ts';
import type { Bus } from '../core/bus.ts';
import type { Authenticate, AuthenticateClient } from '../core/session.ts';
import type { CheckSigner } from '../core/signer.ts';
import type { SmsSender } from '../core/sms-sender.ts';
import type { FileStorage } from '../core/storage.ts';

export interface AppDeps {
  db: DB;
  config: ServerConfig;
  sms: SmsSender;
  /** A token's live session in `db` (areas/accounts/sessions.ts `authenticate`; always given `db`). */
  authenticate: Authenticate;
  /**
   * An API client's bearer token as the record of a call (areas/api-clients/bearer.ts); without
   * it, a call with `Authorization: Bearer …` is refused like a missing session (598).
   */
  authenticateClient?: AuthenticateClient;
  /** A signing call's credentials checked (areas/signatures/check.ts `checkSigner`). */
  checkSigner: CheckSigner;
  /** File contents (attachments, exports): a folder under `DATA_DIR` by default. */
  storage: FileStorage;
  /**
   * Notifications between the server processes sharing the database (core/bus.ts): session
   * changes, export jobs to run.
   */
  bus: Bus;
  /** Clock, replaceable in tests that need to move time. */
  now: () => Date;
}

/** Hono's environment of the app: the dependencies reach every handler through its declaration. */
export type AppEnv = {
  Variables: Record<string, never>;
};
