import { executeServerCommand } from '@web/test-runner-commands';

/** A user made for one test on the real server (server/testing/fixtures.ts `createUser`). */
export interface TestUser {
  uid: number;
  username: string;
  password: string;
  mobile: string;
  sgId: number;
  customers: Array<{ cu_id: number; cu_name: string; identifier: string; co_id: number; co_name: string }>;
}

export interface TestUserOptions {
  password?: string;
  customers?: number;
  /** Names of the customer accounts (for filters by text and pinyin initials). */
  customerNames?: string[];
  sgId?: number;
  passFlag?: 0 | 1 | 2;
  white?: boolean;
  mobile?: string;
  name?: string;
}

/** Makes a fresh user with its own customer accounts in the test server's database. */
export const createTestUser = (options: TestUserOptions = {}): Promise<TestUser> =>
  executeServerCommand<TestUser, TestUserOptions>('lp-create-user', options);

/** The 6-digit code the test server last sent to a mobile number by SMS (null when none). */
export const lastSmsCode = (mobile: string): Promise<string | null> =>
  executeServerCommand<string | null, { mobile: string }>('lp-last-sms-code', { mobile });

/** `count` orders of customer `cuId` in the test server's database (the first made by the order fixture, the rest its copies). */
export const createTestOrders = (cuId: number, count: number): Promise<number> =>
  executeServerCommand<number, { cu_id: number; count: number }>('lp-create-orders', { cu_id: cuId, count });
