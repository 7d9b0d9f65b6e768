import type { ServerConfig } from '../config.ts';
import type { DB } from '../db/database.ts';
import type { SmsSender } from '../services/sms.ts';

/** The session behind a valid `X-Token`. */
export interface SessionContext {
  sessionId: string;
  uid: number;
  username: string;
  sgId: number;
  cuId: number | null;
  passFlag: number;
}

export interface AppDeps {
  db: DB;
  config: ServerConfig;
  sms: SmsSender;
  /** Clock, replaceable in tests that need to move time. */
  now: () => Date;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    session: SessionContext;
  };
};
