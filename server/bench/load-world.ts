import { isWeakPassword } from '../../src/contract/password.ts';
import type { DB } from '../db/database.ts';
import { hashPassword } from '../areas/accounts/passwords.ts';
import { createAddress, createRegionTree, createStockLine } from '../testing/master-data-fixtures.ts';
import { createProject, createSite } from '../testing/order-fixtures.ts';
import { createViewOrder } from '../testing/order-view-fixtures.ts';
import { generateOrders } from './order-generator.ts';

/**
 * The data `npm run bench:load` and `bench:soak` run against: `orders` generated orders
 * (order-generator.ts) of `customers` customers (the first holds 40 %), and per customer `users`
 * users, an orderable project (two sites, a start and a stop address in a served district,
 * plenty of stock), and `detailed` orders with goods, a box, events, remarks and attachments for
 * the order view. The chat's knowledge base is the reference data's (seedBase).
 */
export interface WorldOptions {
  orders: number;
  customers?: number;
  users?: number;
  detailed?: number;
}

/** What a create sends, for one customer (the orderable project's ids). */
export interface OrderTemplate {
  pr_id: number;
  from_ad_id: number;
  from_company: string;
  to_ad_id: number;
  to_company: string;
  city_id: number;
  ho_id: number;
  in_id: number;
}

export interface BenchCustomer {
  cuId: number;
  /** Projects with generated orders (for the list's project filter). */
  projects: number[];
  /** Orders to open in the view: the detailed ones and a spread of generated ones. */
  viewIds: number[];
  template: OrderTemplate;
}

export interface BenchUser {
  username: string;
  password: string;
  /** Index into `customers`. */
  customer: number;
}

export interface BenchWorld {
  customers: BenchCustomer[];
  users: BenchUser[];
  chat: { categories: number[]; questions: number[]; keywords: string[] };
}

/** Bench users' password (their scrypt cost is low: logging 50 connections in stays quick). */
const PASSWORD = 'Bench#2026load';
const LOGIN_COST = 1024;

async function orderable(db: DB, cuId: number, n: number): Promise<OrderTemplate> {
  const project = await createProject(db, cuId, {
    name: `基准下单项目${n + 1}`,
    temp_classes: ['chilled', 'ambient'],
    goods_types: [1, 2, 3],
    order_types: ['supply', 'sample', 'dtp', 'return', 'destroy', 'custom'],
    dtp_allowed: true,
    required_attachments: [],
    time_limit_hours: 48,
  });
  const tree = await createRegionTree(db);
  const district = tree.district.region_id;
  const site = await createSite(db, cuId, { prId: project.pr_id, regionId: district, siteNo: '01' });
  await createSite(db, cuId, { prId: project.pr_id, regionId: district, siteNo: '02' });
  const start = await createAddress(db, cuId, {
    kind: 'start',
    company: `基准中心仓${n + 1}`,
    region_id: district,
  });
  const stop = await createAddress(db, cuId, { kind: 'stop', region_id: district, ho_id: site.ho_id });
  const stock = await createStockLine(db, cuId, {
    pr_id: project.pr_id,
    temp_class: 'chilled',
    quantity: 100_000_000,
  });
  return {
    pr_id: project.pr_id,
    from_ad_id: start.ad_id,
    from_company: start.company,
    to_ad_id: stop.ad_id,
    to_company: stop.company,
    city_id: district,
    ho_id: site.ho_id,
    in_id: stock.in_id,
  };
}

async function addUser(db: DB, cuId: number, name: string, hash: string): Promise<void> {
  const user = await db
    .insertInto('users')
    .values({
      ur_account: name,
      name: `基准用户${name.slice(-4)}`,
      mobile: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      city: '上海',
      sg_id: 19,
      password_hash: hash,
      is_weak_password: isWeakPassword(PASSWORD),
      pass_flag: 0,
      default_cu_id: cuId,
    })
    .returning('uid')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_customers').values({ uid: user.uid, cu_id: cuId, position: 0 }).execute();
}

/** Fills the (migrated, seedBase'd) database; returns what the virtual users need. */
export async function prepareWorld(db: DB, options: WorldOptions): Promise<BenchWorld> {
  const customerCount = options.customers ?? 4;
  const usersPer = options.users ?? 3;
  const detailed = options.detailed ?? 20;
  const made = await generateOrders(db, { orders: options.orders, customers: customerCount, bigShare: 0.4 });
  const hash = await hashPassword(PASSWORD, { cost: LOGIN_COST });
  const run = Date.now().toString(36);
  const customers: BenchCustomer[] = [];
  const users: BenchUser[] = [];
  for (const [n, cuId] of made.cuIds.entries()) {
    const template = await orderable(db, cuId, n);
    const projects = (
      await db
        .selectFrom('projects')
        .select('pr_id')
        .where('cu_id', '=', cuId)
        .orderBy('pr_id')
        .limit(20)
        .execute()
    ).map((p) => p.pr_id);
    const viewIds: number[] = [];
    for (let i = 0; i < detailed; i++) {
      const order = await createViewOrder(db, {
        cuId,
        order: { pr_id: template.pr_id, ho_id: template.ho_id, status: i % 3 ? 'not_finished' : 'finished' },
        remarks: [{ author: '基准客服', text: `已联系收货方，第${i + 1}次确认收货时间。` }],
        events: [{ kind: 'picked_up' }, { kind: 'in_transit' }, { kind: 'temperature_checked' }],
        attachments: [{ kind: 'packing_list', status: 'approved', name: `装箱单-${i + 1}.pdf` }],
      });
      viewIds.push(order.id);
    }
    const spread = await db
      .selectFrom('orders')
      .select('id')
      .where('cu_id', '=', cuId)
      .where('id', '>=', made.firstId)
      .where('id', '<=', made.lastId)
      .orderBy('id')
      .execute();
    const step = Math.max(1, Math.floor(spread.length / 200));
    for (let i = 0; i < spread.length; i += step) viewIds.push((spread[i] as { id: number }).id);
    customers.push({ cuId, projects, viewIds, template });
    for (let u = 0; u < usersPer; u++) {
      const username = `bench-${run}-${n + 1}-${u + 1}`;
      await addUser(db, cuId, username, hash);
      users.push({ username, password: PASSWORD, customer: n });
    }
  }
  const categories = (
    await db.selectFrom('chat_categories').select('qc_id').where('active', '=', true).execute()
  ).map((c) => c.qc_id);
  // Active questions of active categories only: the chat answers 404 for any other (in the tests,
  // another file on the same database may have switched some off).
  const questions = await db
    .selectFrom('chat_questions as q')
    .innerJoin('chat_categories as c', 'c.qc_id', 'q.qc_id')
    .select(['q.q_id', 'q.keywords'])
    .where('q.active', '=', true)
    .where('c.active', '=', true)
    .orderBy('q.q_id')
    .limit(200)
    .execute();
  const keywords = [
    ...new Set(questions.flatMap((q) => (q.keywords ?? '').split(/[\s,，]+/).filter((w) => w.length >= 2))),
  ].slice(0, 40);
  return {
    customers,
    users,
    chat: {
      categories,
      questions: questions.map((q) => q.q_id),
      keywords: keywords.length ? keywords : ['订单'],
    },
  };
}
