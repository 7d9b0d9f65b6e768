import { randomBytes } from 'node:crypto';
import type { SignatureMeaning } from '../../src/contract/signatures/schemas.ts';
import { isWeakPassword } from '../../src/contract/password.ts';
import type { LoginResponse } from '../../src/contract/accounts/schemas.ts';
import type { DB } from '../db/database.ts';
import { hashPassword } from '../areas/accounts/passwords.ts';
import { pinyinInitials } from '../core/pinyin.ts';
import type { TestApp } from './test-app.ts';

/** Low scrypt cost for fixture users only, so tests that log in many times stay fast. */
const FIXTURE_COST = 1024;

export interface FixtureCustomer {
  cu_id: number;
  cu_name: string;
  identifier: string;
  co_id: number;
  co_name: string;
}

export interface FixtureUser {
  uid: number;
  username: string;
  password: string;
  mobile: string;
  sgId: number;
  customers: FixtureCustomer[];
}

const suffix = () => randomBytes(5).toString('hex');

/**
 * A fixture user's password: unique, and never weak, also when its random hex happens to make a
 * run or a repeat the policy refuses (`Fx#123456a`): then a fixed one that meets it.
 */
function fixturePassword(id: string): string {
  const password = `Fx#${id.slice(0, 6)}a`;
  return isWeakPassword(password) ? 'Fx#k9Qm2Wp7a' : password;
}

/**
 * Inserts a user with unique names, `customers` customer accounts of one new company (the first is
 * the default) and a known password. Options cover what tests vary.
 */
export async function createUser(
  db: DB,
  options: {
    password?: string;
    customers?: number;
    /** Names of the customer accounts (their count wins over `customers`): for pinyin filters. */
    customerNames?: string[];
    sgId?: number;
    passFlag?: 0 | 1 | 2;
    white?: boolean;
    mobile?: string;
    name?: string;
    /** An administrator of its first customer (reads its audit trail). */
    admin?: boolean;
  } = {},
): Promise<FixtureUser> {
  const id = suffix();
  const password = options.password ?? fixturePassword(id);
  const mobile = options.mobile ?? `139${String(Number.parseInt(id, 16) % 100_000_000).padStart(8, '0')}`;
  const sgId = options.sgId ?? 19;
  const hash = await hashPassword(password, { cost: FIXTURE_COST });
  return db.transaction().execute(async (trx) => {
    const coName = `测试医药公司${id}`;
    const co = await trx
      .insertInto('companies')
      .values({ co_name: coName })
      .returning('co_id')
      .executeTakeFirstOrThrow();
    const customers: FixtureCustomer[] = [];
    const names =
      options.customerNames ??
      Array.from({ length: options.customers ?? 1 }, (_, i) => `测试客户${i + 1}-${id}`);
    for (const [i, cuName] of names.entries()) {
      const identifier = `T-${id}-${i + 1}`;
      const cu = await trx
        .insertInto('customers')
        .values({
          cu_name: cuName,
          identifier,
          co_id: co.co_id,
          is_white: options.white ?? false,
          pinyin: pinyinInitials(cuName),
        })
        .returning('cu_id')
        .executeTakeFirstOrThrow();
      customers.push({ cu_id: cu.cu_id, cu_name: cuName, identifier, co_id: co.co_id, co_name: coName });
    }
    const user = await trx
      .insertInto('users')
      .values({
        ur_account: `u-${id}`,
        name: options.name ?? `测试用户${id}`,
        mobile,
        city: '上海',
        sg_id: sgId,
        password_hash: hash,
        is_weak_password: isWeakPassword(password),
        pass_flag: options.passFlag ?? 0,
        default_cu_id: customers[0]?.cu_id ?? null,
      })
      .returning('uid')
      .executeTakeFirstOrThrow();
    if (customers.length > 0) {
      await trx
        .insertInto('user_customers')
        .values(
          customers.map((c, position) => ({
            uid: user.uid,
            cu_id: c.cu_id,
            position,
            is_admin: options.admin === true && position === 0,
          })),
        )
        .execute();
    }
    return { uid: user.uid, username: `u-${id}`, password, mobile, sgId, customers };
  });
}

/** Logs a fixture user in through the API and returns the access token. */
export async function loginAs(t: TestApp, user: { username: string; password: string }): Promise<string> {
  const res = await t.call<LoginResponse>('user/login', {
    body: { username: user.username, password: user.password },
  });
  if (res.code !== 0) throw new Error(`login of ${user.username} failed: ${res.code} ${res.message}`);
  return res.data.access_token;
}

/** An electronic signature of `user` for a signing call's body (the fixture user's own password). */
export const signatureOf = (user: { password: string }, meaning: SignatureMeaning = 'approval') => ({
  password: user.password,
  meaning,
});
