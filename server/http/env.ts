import type { ServerConfig } from '../config.ts';
import type { DB } from '../db/database.ts';
import type { SmsSender } from '../areas/accounts/sms.ts';

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
  };
};
