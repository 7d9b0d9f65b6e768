import { sql } from 'kysely';
import { isWeakPassword } from '../../src/contract/password.ts';
import type { DB } from '../db/database.ts';
import { hashPassword } from '../areas/accounts/passwords.ts';
import { pinyinInitials } from '../core/pinyin.ts';
import { seedStations } from '../areas/stations/seed.ts';
import { seedDemoDrafts } from './demo-drafts.ts';
import { seedDemoExcursions } from './demo-excursions.ts';
import { type DemoNames, demoNames } from './demo-names.ts';
import { type DemoOrdersOptions, type DemoOrdersSummary, seedDemoOrders } from './demo-orders.ts';
import { seedDemoOverview } from './demo-overview.ts';

/** Companies and their customer accounts: realistic names so the pinyin filter has work to do. */
const CUSTOMERS: Array<{ company: string; customers: Array<[string, string, boolean?]> }> = [
  {
    company: '恒瑞医药股份有限公司',
    customers: [
      ['恒瑞医药-肿瘤三期临床项目', 'HR-ONC-03'],
      ['恒瑞医药-上海研发中心', 'HR-SH-RD'],
    ],
  },
  {
    company: '百济神州（北京）生物科技有限公司',
    customers: [
      ['百济神州-北京临床运营', 'BG-BJ-CO'],
      ['百济神州-广州中心', 'BG-GZ-01'],
    ],
  },
  { company: '药明康德新药开发有限公司', customers: [['药明康德-苏州临床供应', 'WX-SZ-CS', true]] },
  {
    company: '复星医药（集团）股份有限公司',
    customers: [
      ['复星医药-华东区域', 'FS-EAST'],
      ['复星医药-成都分中心', 'FS-CD-02'],
    ],
  },
  { company: '信达生物制药（苏州）有限公司', customers: [['信达生物-直送患者项目', 'XD-DTP-01']] },
  { company: '石药集团中奇制药技术有限公司', customers: [['石药集团-石家庄研究中心', 'SY-SJZ-01']] },
];

interface DemoUser {
  account: string;
  password: string;
  name: string;
  mobile: string;
  city: string;
  sg: number;
  customers: string[];
  passFlag?: number;
}

/** The demo logins of contract.md. */
export const DEMO_USERS: DemoUser[] = [
  {
    account: 'demo',
    password: 'Demo@2026pass',
    name: '张敏',
    mobile: '13800138000',
    city: '上海',
    sg: 19,
    customers: ['HR-ONC-03', 'BG-BJ-CO'],
  },
  {
    account: 'weak',
    password: '12345678',
    name: '李伟',
    mobile: '13800138001',
    city: '北京',
    sg: 20,
    customers: ['FS-EAST'],
  },
  {
    account: 'white',
    password: 'abc12345',
    name: '王芳',
    mobile: '13800138002',
    city: '苏州',
    sg: 23,
    customers: ['WX-SZ-CS'],
  },
  {
    account: 'forced',
    password: 'Init#2026a',
    name: '赵磊',
    mobile: '13800138003',
    city: '广州',
    sg: 31,
    customers: ['BG-GZ-01'],
    passFlag: 1,
  },
  {
    account: 'multi',
    password: 'Multi#2026x',
    name: '陈静',
    mobile: '13800138004',
    city: '成都',
    sg: 42,
    customers: ['HR-SH-RD', 'FS-CD-02', 'XD-DTP-01', 'SY-SJZ-01', 'BG-GZ-01'],
  },
];

export const DEMO_LOGINS = DEMO_USERS.map((u) => ({ username: u.account, password: u.password }));

/** The demo usernames (a production start refuses while any of them exists). */
export const DEMO_USERNAMES: readonly string[] = DEMO_USERS.map((u) => u.account);

/**
 * The demo accounts whose password is still the seeded one (DEMO_LOGINS): never changed since the
 * account was made. What a development start prints as its demo logins.
 */
export async function demoLoginsIn(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('ur_account')
    .where('ur_account', 'in', DEMO_USERNAMES)
    .whereRef('password_changed_at', '<=', 'created_at')
    .execute();
  return rows.map((r) => r.ur_account).sort();
}

/** The demo accounts present in the database. */
export async function demoAccountsIn(db: DB): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('ur_account')
    .where('ur_account', 'in', DEMO_USERNAMES)
    .execute();
  return rows.map((r) => r.ur_account).sort();
}

export interface DemoOptions {
  /** Also seed the order data of `demo`'s and `multi`'s customers, files into this storage. */
  orders?: Pick<DemoOrdersOptions, 'storage' | 'now' | 'perDemoCustomer' | 'perOtherCustomer'>;
  /**
   * With `orders`, also the demo user's excursion cases in every state (seed/demo-excursions.ts):
   * `seedDemo` does, a tenant's set (end-to-end tests) only when asked: a case puts the goods of
   * its order on a stock line of their own at the destination, beside the depot's line of the
   * same batch, which a test searching a batch for its one line does not expect.
   */
  excursionCases?: boolean;
  /** Told what the order data came to and how long it took. */
  onOrders?: (summary: DemoOrdersSummary, ms: number) => void;
}

/**
 * Seeds the demo companies, customer accounts and users of contract.md into a database that has
 * no users yet (reference data comes first: seed/base.ts), and with `orders` their projects,
 * sites, inventory and orders (seed/demo-orders.ts); returns false when users exist.
 * Only asked for by `npm start` in development, never in production.
 */
export async function seedDemo(db: DB, options: DemoOptions = {}): Promise<boolean> {
  const existing = await db.selectFrom('users').select('uid').limit(1).executeTakeFirst();
  if (existing) return false;
  const hashes = await demoPasswordHashes();
  await writeDemoSet(db, demoNames(), hashes, { excursionCases: true, ...options });
  return true;
}

/** One demo set's accounts, as a tenant's test signs in with them. */
export interface DemoTenant {
  tag: string;
  logins: Record<string, { username: string; password: string }>;
}

/**
 * Seeds one more demo set beside whatever the database holds: the demo's companies, customers
 * and users (and with `orders` their order data), every account and customer identifier carrying
 * `tag` (seed/demo-names.ts). For test servers only (server/testing/e2e-server.ts): each
 * end-to-end test signs in to a set of its own. `hashes` are the demo passwords' hashes in
 * DEMO_USERS' order (one hashing per server, not per set).
 */
export async function seedDemoTenant(
  db: DB,
  tag: string,
  hashes: readonly string[],
  options: DemoOptions = {},
): Promise<DemoTenant> {
  const names = demoNames(tag);
  await writeDemoSet(db, names, hashes, options);
  const logins = Object.fromEntries(
    DEMO_USERS.map((u) => [u.account, { username: names.account(u.account), password: u.password }]),
  );
  return { tag, logins };
}

/** The demo passwords' hashes, in DEMO_USERS' order. */
export const demoPasswordHashes = () => Promise.all(DEMO_USERS.map((u) => hashPassword(u.password)));

async function writeDemoSet(db: DB, names: DemoNames, hashes: readonly string[], options: DemoOptions) {
  await db.transaction().execute(async (trx) => {
    const cuIds = new Map<string, number>();
    for (const { company, customers } of CUSTOMERS) {
      const co = await trx
        .insertInto('companies')
        .values({ co_name: company })
        .returning('co_id')
        .executeTakeFirstOrThrow();
      for (const [cu_name, identifier, white] of customers) {
        const cu = await trx
          .insertInto('customers')
          .values({
            cu_name,
            identifier: names.identifier(identifier),
            co_id: co.co_id,
            is_white: white ?? false,
            pinyin: pinyinInitials(cu_name),
          })
          .returning('cu_id')
          .executeTakeFirstOrThrow();
        cuIds.set(identifier, cu.cu_id);
      }
    }
    for (const [i, u] of DEMO_USERS.entries()) {
      const ids = u.customers.map((identifier) => cuIds.get(identifier)!);
      const user = await trx
        .insertInto('users')
        .values({
          ur_account: names.account(u.account),
          name: u.name,
          mobile: u.mobile,
          city: u.city,
          sg_id: u.sg,
          password_hash: hashes[i]!,
          is_weak_password: isWeakPassword(u.password),
          pass_flag: u.passFlag ?? 0,
          default_cu_id: ids[0] ?? null,
        })
        .returning('uid')
        .executeTakeFirstOrThrow();
      // a tenant's users each get a mobile of their own (147 and the uid; test fixtures use 139): the SMS a test makes
      // them send is its own to read (server/testing/tenant-call.ts)
      if (names.tag)
        await trx
          .updateTable('users')
          .set({ mobile: sql<string>`'147' || lpad(uid::text, 8, '0')` })
          .where('uid', '=', user.uid)
          .execute();
      // `demo` administers its customers: it reads their audit trail and is told of failed signatures
      await trx
        .insertInto('user_customers')
        .values(
          ids.map((cu_id, position) => ({ uid: user.uid, cu_id, position, is_admin: u.account === 'demo' })),
        )
        .execute();
    }
    // the provider's stations and depots of the public /station page (once per database)
    await seedStations(trx);
  });
  if (options.orders) {
    const started = performance.now();
    const summary = await seedDemoOrders(db, { ...options.orders, names });
    options.onOrders?.(summary, performance.now() - started);
    // two drafts in demo's draft box of its default customer (the order editor's draft box)
    const demo = await db
      .selectFrom('users')
      .select(['uid', 'name', 'default_cu_id'])
      .where('ur_account', '=', names.account('demo'))
      .executeTakeFirst();
    if (demo?.default_cu_id) {
      const now = options.orders.now ?? new Date();
      await seedDemoDrafts(db, { uid: demo.uid, cuId: demo.default_cu_id }, now);
      // something in every block of the home page's overview
      await seedDemoOverview(db, demo.default_cu_id, now);
      // excursion cases open, under assessment, decided with a signature and closed
      if (options.excursionCases)
        await seedDemoExcursions(db, { uid: demo.uid, name: demo.name, cuId: demo.default_cu_id }, now);
    }
  }
}

/** Deletes the demo users (sessions, codes and customer links go with them); returns who was removed. */
export async function removeDemoAccounts(db: DB): Promise<string[]> {
  const rows = await db
    .deleteFrom('users')
    .where('ur_account', 'in', DEMO_USERNAMES)
    .returning('ur_account')
    .execute();
  return rows.map((r) => r.ur_account).sort();
}
