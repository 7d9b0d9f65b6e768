import { randomBytes, randomInt } from 'node:crypto';
import type { GoodsType, TempClass } from '../../src/contract/orders/domain.ts';
import type { DB } from '../db/database.ts';
import { pinyinInitials } from '../core/pinyin.ts';
import type { InventoryMovementsTable } from '../areas/inventory/tables.ts';
import type { Operation } from '../../src/contract/operation.ts';
import { createUser, type FixtureCustomer, loginAs } from './fixtures.ts';
import type { TestApp } from './test-app.ts';

const suffix = () => randomBytes(4).toString('hex');

/**
 * A province → city → district chain of the test's own (ids far above the national codes, names
 * unique), so a test can find it among the regions other tests and the seed put in the shared
 * table. `served` false on the district when asked.
 */
export async function createRegionTree(
  db: DB,
  options: { province?: string; city?: string; district?: string; districtServed?: boolean } = {},
): Promise<{
  province: { region_id: number; name: string };
  city: { region_id: number; name: string };
  district: { region_id: number; name: string };
}> {
  const base = 900_000_000 + randomInt(0, 100_000_000) * 10;
  const id = suffix();
  const province = { region_id: base, name: options.province ?? `测试省${id}` };
  const city = { region_id: base + 1, name: options.city ?? `测试市${id}` };
  const district = { region_id: base + 2, name: options.district ?? `测试区${id}` };
  await db
    .insertInto('regions')
    .values([
      {
        ...province,
        parent_id: null,
        level: 1,
        pinyin: pinyinInitials(province.name),
        name_en: `Province ${id}`,
      },
      {
        ...city,
        parent_id: province.region_id,
        level: 2,
        pinyin: pinyinInitials(city.name),
        name_en: `City ${id}`,
      },
      {
        ...district,
        parent_id: city.region_id,
        level: 3,
        pinyin: pinyinInitials(district.name),
        name_en: `District ${id}`,
        served: options.districtServed ?? true,
      },
    ])
    .execute();
  return { province, city, district };
}

/** An address of a customer (pinyin initials of the company kept). */
export async function createAddress(
  db: DB,
  cuId: number,
  options: Partial<{
    kind: 'start' | 'stop' | 'both';
    business_type: string;
    company: string;
    contact: string;
    phone: string;
    address: string;
    region_id: number | null;
    ho_id: number | null;
    deleted: boolean;
  }> = {},
): Promise<{ ad_id: number; company: string; contact: string }> {
  const id = suffix();
  const company = options.company ?? `测试公司${id}`;
  return db
    .insertInto('addresses')
    .values({
      cu_id: cuId,
      kind: options.kind ?? 'both',
      business_type: options.business_type ?? 'general',
      company,
      contact: options.contact ?? `联系人${id}`,
      phone: options.phone ?? '13800000000',
      address: options.address ?? `测试路${id}号`,
      region_id: options.region_id ?? null,
      ho_id: options.ho_id ?? null,
      pinyin: pinyinInitials(company),
      deleted_at: options.deleted ? new Date() : null,
    })
    .returning(['ad_id', 'company', 'contact'])
    .executeTakeFirstOrThrow();
}

/** A stock line of a customer: 100 on hand, nothing reserved, unless told otherwise. */
export async function createStockLine(
  db: DB,
  cuId: number,
  options: Partial<{
    pr_id: number | null;
    goods_type: GoodsType;
    code: string;
    name: string;
    spec: string;
    unit: string;
    batch_no: string;
    expiry: string | null;
    quantity: number;
    reserved: number;
    depot: string;
    temp_class: TempClass;
    recoverable: boolean;
    /** The reorder level (none by default). */
    low_level: number | null;
  }> = {},
): Promise<{ in_id: number; code: string; name: string }> {
  const id = suffix();
  const name = options.name ?? `试验药品${id}`;
  return db
    .insertInto('inventory')
    .values({
      cu_id: cuId,
      pr_id: options.pr_id ?? null,
      goods_type: options.goods_type ?? 1,
      code: options.code ?? `IP-${id}`,
      name,
      spec: options.spec ?? '10mg×28片',
      unit: options.unit ?? '盒',
      batch_no: options.batch_no ?? `B${id}`,
      expiry: options.expiry === undefined ? '2028-06-30' : options.expiry,
      quantity: options.quantity ?? 100,
      reserved: String(options.reserved ?? 0),
      depot: options.depot ?? '上海中心仓',
      temp_class: options.temp_class ?? 'chilled',
      recoverable: options.recoverable ?? false,
      low_level: options.low_level ?? null,
      pinyin: pinyinInitials(name),
    })
    .returning(['in_id', 'code', 'name'])
    .executeTakeFirstOrThrow();
}

/** A movement of a stock line at `at`. */
export async function createMovement(
  db: DB,
  inId: number,
  options: {
    kind: InventoryMovementsTable['kind'];
    delta: number;
    at: Date;
    orderId?: number;
    note?: string;
  },
): Promise<void> {
  await db
    .insertInto('inventory_movements')
    .values({
      in_id: inId,
      kind: options.kind,
      delta: options.delta,
      at: options.at,
      order_id: options.orderId ?? null,
      note: options.note ?? '',
    })
    .execute();
}

/** A signed-in user of one new customer: the token and the customer's id. */
export async function customerSession(t: TestApp): Promise<{ token: string; cuId: number }> {
  const user = await createUser(t.deps.db);
  return { token: await loginAs(t, user), cuId: (user.customers[0] as FixtureCustomer).cu_id };
}

/**
 * Calls an operation as its contract says: a GET with `input` as the query string, a POST with it
 * as the JSON body. Answers are checked against the operation's schema by the app in tests.
 */
export function callOp<T = unknown>(
  t: TestApp,
  op: Operation,
  input: Record<string, unknown>,
  token?: string,
) {
  const auth = token ? { token } : {};
  if (op.method === 'GET') {
    const query = Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)]));
    return t.call<T>(op.path, { ...auth, query });
  }
  return t.call<T>(op.path, { ...auth, body: input });
}
