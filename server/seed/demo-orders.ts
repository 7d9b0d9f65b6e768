import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import {
  type AttachmentKind,
  type AttachmentState,
  type AttachmentStatus,
  MILESTONES,
  type Milestone,
  type OrderStatus,
  type OrderType,
  TEMP_LIMITS,
  type TempClass,
} from '../../src/contract/orders/domain.ts';
import { pinyinInitials } from '../core/pinyin.ts';
import type { FileStorage } from '../core/storage.ts';
import type { DB } from '../db/database.ts';
import type { OrderAttachmentsTable } from '../areas/order-files/tables.ts';
import { orderSearchText } from '../areas/orders/search-text.ts';
import type {
  OrderBoxesTable,
  OrderEventsTable,
  OrderGoodsTable,
  OrderModificationsTable,
  OrderRemarksTable,
  OrdersTable,
} from '../areas/orders/tables.ts';
import { assessReadings } from '../areas/orders/excursion.ts';
import {
  CENTRAL_LAB,
  CITY_COORDS,
  CUSTOMER_SITES,
  DEPARTMENTS,
  DEPOTS,
  DESTRUCTION,
  type DemoProject,
  type Goods,
  HOSPITALS,
  MATERIALS,
  PATIENTS,
  PEOPLE,
  PROJECTS,
  SAMPLE_GOODS,
} from './demo-catalogue.ts';
import { demoPdf, demoPng } from './demo-files.ts';
import { districtId } from './regions.ts';

/**
 * The demo's order data for the customers of `demo` and `multi`: projects, sites, addresses,
 * inventory and a few hundred orders over every status, type and temperature class, each with
 * goods, boxes, events that match its status, logger readings (some with excursions), track points
 * while it moves and attachments in every state. Deterministic (a seeded random source), written
 * with batched inserts in one transaction; the attachment files go to the storage first.
 */

export interface DemoOrdersOptions {
  storage: FileStorage;
  now?: Date;
  /** Orders per customer of `demo` (the first user); the others get `perOtherCustomer`. */
  perDemoCustomer?: number;
  perOtherCustomer?: number;
}

export interface DemoOrdersSummary {
  customers: number;
  projects: number;
  sites: number;
  orders: number;
  events: number;
  readings: number;
  trackPoints: number;
  attachments: number;
}

/** Customers whose orders wait for internal approval; `demo` approves for the first. */
const APPROVAL_CUSTOMERS = ['HR-ONC-03', 'XD-DTP-01'];
const DEMO_APPROVES = 'HR-ONC-03';

const HOUR = 3_600_000;
const MINUTE = 60_000;

/** mulberry32: a small deterministic random source, so every seed has the same data. */
function randomSource(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    between: (min: number, max: number) => min + next() * (max - min),
    int: (min: number, max: number) => Math.floor(min + next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    weighted: <T>(items: ReadonlyArray<readonly [T, number]>): T => {
      const total = items.reduce((s, [, w]) => s + w, 0);
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      return items[items.length - 1]![0];
    },
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof randomSource>;

/** The day in China as yyyymmdd (order numbers carry it). */
const chinaDay = (at: Date) =>
  new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 10).replaceAll('-', '');
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** Writes rows in chunks small enough for the parameter limit. */
async function insertChunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

const BOX_TYPES: Record<TempClass, Array<[string, number]>> = {
  ambient: [
    ['15-25°C 保温箱 (M)', 6.5],
    ['15-25°C 保温箱 (L)', 11],
  ],
  chilled: [
    ['2-8°C 保温箱 (M)', 7.2],
    ['2-8°C 保温箱 (L)', 12.8],
  ],
  frozen: [['-20°C 冷冻箱 (相变材料)', 14.5]],
  deep_frozen: [['干冰箱 (≤ -60°C)', 18]],
  cryo: [['液氮干式罐 (≤ -150°C)', 22]],
};

/** Where each class's readings sit when all is well, and how much they wander. */
const PROFILE: Record<TempClass, { base: number; noise: number }> = {
  ambient: { base: 20, noise: 1.5 },
  chilled: { base: 5, noise: 0.8 },
  frozen: { base: -20, noise: 1.2 },
  deep_frozen: { base: -76, noise: 2.5 },
  cryo: { base: -186, noise: 4 },
};

interface Party {
  company: string;
  contact: string;
  phone: string;
  address: string;
  city: string;
}

interface SiteRef {
  ho_id: number;
  name: string;
  department: string;
  investigator: string;
  phone: string;
  address: string;
  city: string;
}

interface InventoryRef {
  in_id: number;
  goods: Goods;
  pr_id: number | null;
  batch_no: string;
  expiry: string;
}

/** An order being built: its row, lines and what happened to it, before it has an id. */
interface Draft {
  cu_id: number;
  order: Omit<Insertable<OrdersTable>, 'order_no' | 'search_text'> & {
    status: OrderStatus;
    order_type: OrderType;
    temp_class: TempClass;
    milestone: Milestone;
  };
  extra: string[];
  goods: Array<Omit<Insertable<OrderGoodsTable>, 'order_id'>>;
  boxes: Array<Omit<Insertable<OrderBoxesTable>, 'order_id'>>;
  events: Array<Omit<Insertable<OrderEventsTable>, 'order_id'>>;
  readings: Array<{ logger_id: string; at: Date; celsius: number }>;
  track: Array<{ at: Date; lat: number; lng: number }>;
  attachments: Array<{
    kind: AttachmentKind;
    status: AttachmentState;
    reason: string;
    at: Date;
    png: boolean;
  }>;
  remarks: Array<Omit<Insertable<OrderRemarksTable>, 'order_id'>>;
  modifications: Array<Omit<Insertable<OrderModificationsTable>, 'order_id'>>;
  required: AttachmentKind[];
  /** Inventory movements of its goods (by goods line index). */
  movement: 'reserve' | 'outbound' | null;
  /** A source of a merge: the order it was merged into. */
  mergedInto?: Draft;
}

/**
 * The order's documents as a whole, by the rule of the attachments area: a required kind with no
 * file is `missing`; else any kind whose files are all rejected makes it `rejected`; else a file
 * waiting for audit makes it `pending`; else `approved`.
 */
export function demoAttachmentStatus(
  required: readonly string[],
  attachments: ReadonlyArray<{ kind: string; status: AttachmentState }>,
): AttachmentStatus {
  const kinds = [...new Set([...required, ...attachments.map((a) => a.kind)])];
  const states = kinds.map((kind) => {
    const mine = attachments.filter((a) => a.kind === kind);
    const live = mine.filter((a) => a.status !== 'rejected');
    if (live.some((a) => a.status === 'pending')) return 'pending';
    if (live.length > 0) return 'approved';
    return mine.length === 0 ? 'missing' : 'rejected';
  });
  for (const state of ['missing', 'rejected', 'pending'] as const) if (states.includes(state)) return state;
  return 'approved';
}

const STATUS_MIX: ReadonlyArray<readonly [OrderStatus, number]> = [
  ['pending_confirm', 14],
  ['not_finished', 22],
  ['finished', 48],
  ['cancelled', 10],
];
const STATUS_MIX_APPROVAL: ReadonlyArray<readonly [OrderStatus, number]> = [
  ['pending_approval', 9],
  ...STATUS_MIX,
];
const TYPE_MIX: ReadonlyArray<readonly [OrderType | 'dtp_return', number]> = [
  ['supply', 38],
  ['sample', 20],
  ['dtp', 12],
  ['dtp_return', 5],
  ['return', 7],
  ['destroy', 6],
  ['custom', 12],
];
const MOVING: readonly Milestone[] = [
  'confirmed',
  'picked_up',
  'in_transit',
  'out_for_delivery',
  'delivered',
];

const mobile = (r: Random) =>
  `1${r.pick(['35', '38', '39', '50', '58', '86', '88'])}${String(r.int(0, 99_999_999)).padStart(8, '0')}`;

/** Seeds the demo customers' order data; the customers and users must exist (seedDemo). */
export async function seedDemoOrders(db: DB, options: DemoOrdersOptions): Promise<DemoOrdersSummary> {
  const now = options.now ?? new Date();
  const r = randomSource(2026);
  const customers = await db
    .selectFrom('customers')
    .select(['cu_id', 'identifier'])
    .where('identifier', 'in', Object.keys(PROJECTS))
    .execute();
  const users = await db
    .selectFrom('users')
    .innerJoin('user_customers', 'user_customers.uid', 'users.uid')
    .select(['users.uid', 'users.name', 'users.ur_account', 'user_customers.cu_id'])
    .where('users.ur_account', 'in', ['demo', 'multi'])
    .execute();
  const userOf = (cuId: number) =>
    users.find((u) => u.cu_id === cuId && u.ur_account === 'demo') ?? users.find((u) => u.cu_id === cuId);
  const demoCustomers = new Set(users.filter((u) => u.ur_account === 'demo').map((u) => u.cu_id));

  const written: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const cuIds = new Map(customers.map((c) => [c.identifier, c.cu_id]));
      await trx
        .updateTable('customers')
        .set({ requires_approval: true })
        .where('identifier', 'in', APPROVAL_CUSTOMERS)
        .execute();
      const demoUser = users.find((u) => u.ur_account === 'demo' && u.cu_id === cuIds.get(DEMO_APPROVES));
      if (demoUser)
        await trx
          .updateTable('user_customers')
          .set({ can_approve: true })
          .where('uid', '=', demoUser.uid)
          .where('cu_id', '=', demoUser.cu_id)
          .execute();

      const drafts: Draft[] = [];
      const inventoryRows: Array<
        InventoryRef & { cu_id: number; depot: string; quantity: number; at: Date }
      > = [];
      let projectCount = 0;
      let siteCount = 0;

      for (const { identifier, cu_id } of customers) {
        const user = userOf(cu_id);
        // projects
        const projects = await trx
          .insertInto('projects')
          .values(
            PROJECTS[identifier]!.map((p) => ({
              cu_id,
              protocol_no: p.protocol_no,
              name: p.name,
              phase: p.phase,
              sponsor: p.sponsor,
              required_attachments: p.required_attachments,
              dtp_allowed: p.dtp_allowed,
              temp_classes: p.temp_classes,
              tags: p.tags,
              time_limit_hours: p.time_limit_hours,
              created_at: new Date(now.getTime() - 200 * 24 * HOUR),
            })),
          )
          .returning(['pr_id', 'protocol_no'])
          .execute();
        projectCount += projects.length;
        const projectsWithIds = PROJECTS[identifier]!.map((p, i) => ({ ...p, pr_id: projects[i]!.pr_id }));

        // sites, linked to every project of the customer
        const siteDefs = CUSTOMER_SITES[identifier]!.map((h, i) => {
          const [city, district, name, address, phone] = HOSPITALS[h]!;
          return {
            cu_id,
            name,
            department: DEPARTMENTS[(h + i) % DEPARTMENTS.length]!,
            investigator: PEOPLE[(h * 7 + i) % PEOPLE.length]!,
            phone,
            address,
            region_id: districtId(city, district),
            pinyin: pinyinInitials(name),
            city,
          };
        });
        const siteRows = await trx
          .insertInto('sites')
          .values(siteDefs.map(({ city: _city, ...s }) => s))
          .returning('ho_id')
          .execute();
        siteCount += siteRows.length;
        const sites: SiteRef[] = siteDefs.map((s, i) => ({ ...s, ho_id: siteRows[i]!.ho_id }));
        await trx
          .insertInto('project_sites')
          .values(
            projectsWithIds.flatMap((p) =>
              sites.map((s, i) => ({
                pr_id: p.pr_id,
                ho_id: s.ho_id,
                site_no: String(i + 1).padStart(2, '0'),
              })),
            ),
          )
          .execute();

        // addresses: the depots and the lab as starts, the sites as stops
        await trx
          .insertInto('addresses')
          .values([
            ...[...DEPOTS, CENTRAL_LAB].map((d) => ({
              cu_id,
              kind: 'both' as const,
              business_type: d === CENTRAL_LAB ? 'lab' : 'depot',
              company: d.company,
              contact: d.contact,
              phone: d.phone,
              address: d.address,
              region_id: districtId(d.city, d.district),
              ho_id: null,
              pinyin: pinyinInitials(d.company),
            })),
            ...sites.map((s) => ({
              cu_id,
              kind: 'stop' as const,
              business_type: 'site',
              company: `${s.name} ${s.department}`,
              contact: s.investigator,
              phone: s.phone,
              address: s.address,
              region_id: null as number | null,
              ho_id: s.ho_id,
              pinyin: pinyinInitials(s.name),
            })),
          ])
          .execute();

        // inventory: two or three batches of each drug, sample and material lines
        const lines: Array<Omit<(typeof inventoryRows)[number], 'in_id'>> = [];
        for (const p of projectsWithIds) {
          for (const g of p.drugs) {
            const batches = r.int(2, 3);
            for (let b = 0; b < batches; b++) {
              const days = b === 0 && r.chance(0.5) ? r.int(12, 55) : r.int(150, 720);
              lines.push({
                cu_id,
                pr_id: p.pr_id,
                goods: g,
                batch_no: `${g.code.replace('IP-', '')}-${chinaDay(new Date(now.getTime() - r.int(60, 300) * 24 * HOUR)).slice(2, 6)}${String.fromCharCode(65 + b)}`,
                expiry: isoDay(new Date(now.getTime() + days * 24 * HOUR)),
                depot: r.pick(DEPOTS).company,
                quantity: r.int(60, 400) * 10,
                at: new Date(now.getTime() - r.int(130, 190) * 24 * HOUR),
              });
            }
          }
        }
        for (const g of [...SAMPLE_GOODS, ...MATERIALS]) {
          lines.push({
            cu_id,
            pr_id: projectsWithIds[0]!.pr_id,
            goods: g,
            batch_no: g.goods_type === 2 ? '' : `M${chinaDay(now).slice(2, 6)}`,
            expiry: g.goods_type === 2 ? '' : isoDay(new Date(now.getTime() + r.int(200, 900) * 24 * HOUR)),
            depot: g.goods_type === 2 ? CENTRAL_LAB.company : DEPOTS[0].company,
            quantity: r.int(30, 120) * 10,
            at: new Date(now.getTime() - r.int(100, 190) * 24 * HOUR),
          });
        }
        const inserted = await trx
          .insertInto('inventory')
          .values(
            lines.map((l) => ({
              cu_id: l.cu_id,
              pr_id: l.pr_id,
              goods_type: l.goods.goods_type,
              code: l.goods.code,
              name: l.goods.name,
              spec: l.goods.spec,
              unit: l.goods.unit,
              batch_no: l.batch_no,
              expiry: l.expiry || null,
              quantity: l.quantity,
              depot: l.depot,
              temp_class: l.goods.temp_class,
              recoverable: l.goods.goods_type === 1,
              pinyin: pinyinInitials(l.goods.name),
              created_at: l.at,
            })),
          )
          .returning('in_id')
          .execute();
        const stock = lines.map((l, i) => ({ ...l, in_id: inserted[i]!.in_id }));
        inventoryRows.push(...stock);

        // orders
        const count = demoCustomers.has(cu_id)
          ? (options.perDemoCustomer ?? 110)
          : (options.perOtherCustomer ?? 40);
        const approval = APPROVAL_CUSTOMERS.includes(identifier);
        for (let i = 0; i < count; i++) {
          drafts.push(
            draftOrder(r, now, {
              cu_id,
              approval,
              projects: projectsWithIds,
              sites,
              stock,
              user: user ? { uid: user.uid, name: user.name } : null,
              approver: approval ? (identifier === DEMO_APPROVES && demoUser ? '张敏' : '许婧') : null,
              index: i,
            }),
          );
        }
      }

      // merges: one open order of each of demo's customers is made of two earlier ones
      for (const target of drafts.filter(
        (d, i, all) =>
          demoCustomers.has(d.cu_id) &&
          d.order.status === 'pending_confirm' &&
          all.findIndex((x) => x.cu_id === d.cu_id && x.order.status === 'pending_confirm') === i,
      ))
        drafts.push(...mergeSources(target));

      // order numbers in time order, from the order-number sequence
      drafts.sort((a, b) => (a.order.created_at as Date).getTime() - (b.order.created_at as Date).getTime());
      const { rows: seq } = await sql<{ n: string }>`
        select nextval('order_no_seq') as n from generate_series(1, ${drafts.length})`.execute(trx);
      const regionNames = new Map(
        (await trx.selectFrom('regions').select(['region_id', 'name']).execute()).map((x) => [
          x.region_id,
          x.name,
        ]),
      );
      const orderRows = drafts.map((d, i) => {
        const order_no = `LP${chinaDay(d.order.created_at as Date)}${String(Number(seq[i]!.n) % 1_000_000).padStart(6, '0')}`;
        const cities = [d.order.from_city_id, d.order.to_city_id]
          .filter((id): id is number => typeof id === 'number')
          .map((id) => regionNames.get(id) ?? '');
        const search_text = orderSearchText({
          ...d.order,
          order_no,
          extra: [...d.extra, ...cities],
        });
        const excursion = assessReadings(d.readings, d.order.temp_class).level;
        const attachment_status = demoAttachmentStatus(d.required, d.attachments);
        return { ...d.order, order_no, search_text, excursion, attachment_status };
      });
      const ids: number[] = [];
      await insertChunked(orderRows, 300, async (chunk) => {
        const rows = await trx.insertInto('orders').values(chunk).returning(['id', 'order_no']).execute();
        const byNo = new Map(rows.map((x) => [x.order_no, x.id]));
        for (const o of chunk) ids.push(byNo.get(o.order_no)!);
      });

      const idOf = new Map(drafts.map((d, i) => [d, i]));
      const sources: Array<{ order_id: number; source_id: number }> = [];
      for (const [i, d] of drafts.entries()) {
        if (!d.mergedInto) continue;
        const t = idOf.get(d.mergedInto)!;
        const into = orderRows[t]!.order_no;
        const reason = `已合并至 ${into}`;
        for (const e of d.events) if (e.kind === 'merged_into') e.reason = reason;
        await trx
          .updateTable('orders')
          .set({ merged_into: ids[t]!, cancel_reason: reason })
          .where('id', '=', ids[i]!)
          .execute();
        sources.push({ order_id: ids[t]!, source_id: ids[i]! });
      }
      for (const [t, d] of drafts.entries()) {
        const mine = sources
          .filter((x) => x.order_id === ids[t])
          .map((x) => orderRows[ids.indexOf(x.source_id)]!.order_no);
        if (mine.length)
          for (const e of d.events) if (e.kind === 'merged') e.reason = `由 ${mine.join('、')} 合并而成`;
      }
      if (sources.length) await trx.insertInto('order_sources').values(sources).execute();

      // files first (outside the database), then every line table in batches
      const attachmentRows: Array<Insertable<OrderAttachmentsTable> & { file: number }> = [];
      const fileRows: Array<{
        cu_id: number;
        uid: number | null;
        name: string;
        media_type: string;
        size: number;
        sha256: string;
        storage_key: string;
        created_at: Date;
      }> = [];
      const KIND_NAMES: Record<AttachmentKind, string> = {
        packing_list: 'Packing list',
        temperature_report: 'Temperature report',
        pod: 'Proof of delivery',
        customs: 'Customs declaration',
        print_scan: 'Signed waybill scan',
        other: 'Document',
      };
      const jobs: Array<() => Promise<void>> = [];
      drafts.forEach((d, i) => {
        const orderNo = orderRows[i]!.order_no;
        for (const a of d.attachments) {
          const index = fileRows.length;
          const name = `${a.kind}-${orderNo}.${a.png ? 'png' : 'pdf'}`;
          fileRows.push({
            cu_id: d.cu_id,
            uid: a.kind === 'print_scan' ? (d.order.created_by ?? null) : null,
            name,
            media_type: a.png ? 'image/png' : 'application/pdf',
            size: 0,
            sha256: '',
            storage_key: '',
            created_at: a.at,
          });
          attachmentRows.push({
            order_id: ids[i]!,
            file_id: 0,
            file: index,
            kind: a.kind,
            status: a.status,
            reason: a.reason,
            source: a.kind === 'print_scan' ? 'customer' : 'provider',
            uploaded_by: a.kind === 'print_scan' ? (d.order.created_by ?? null) : null,
            uploaded_at: a.at,
            audited_by: a.status === 'pending' ? null : (userOf(d.cu_id)?.name ?? ''),
            audited_at: a.status === 'pending' ? null : new Date(a.at.getTime() + 3 * HOUR),
          });
          const bytes = a.png
            ? demoPng(120, 160, index)
            : demoPdf([
                `${KIND_NAMES[a.kind]} - ${orderNo}`,
                `Order ${orderNo}, ${d.order.temp_class}, ${d.boxes.length} box(es)`,
                `Issued ${a.at.toISOString()} by LP Logistics`,
              ]);
          jobs.push(async () => {
            const stored = await options.storage.put(bytes);
            written.push(stored.key);
            Object.assign(fileRows[index]!, {
              size: stored.size,
              sha256: stored.sha256,
              storage_key: stored.key,
            });
          });
        }
      });
      for (let j = 0; j < jobs.length; j += 32) await Promise.all(jobs.slice(j, j + 32).map((job) => job()));
      const fileIds: number[] = [];
      await insertChunked(fileRows, 1000, async (chunk) => {
        const rows = await trx.insertInto('files').values(chunk).returning('file_id').execute();
        fileIds.push(...rows.map((x) => x.file_id));
      });
      await insertChunked(
        attachmentRows.map(({ file, ...a }) => ({ ...a, file_id: fileIds[file]! })),
        1000,
        (chunk) => trx.insertInto('order_attachments').values(chunk).execute(),
      );

      const withId = <T>(pick: (d: Draft) => T[]) =>
        drafts.flatMap((d, i) => pick(d).map((x) => ({ ...x, order_id: ids[i]! })));
      const goods = withId((d) => d.goods);
      await insertChunked(goods, 1000, (c) => trx.insertInto('order_goods').values(c).execute());
      await insertChunked(
        withId((d) => d.boxes),
        2000,
        (c) => trx.insertInto('order_boxes').values(c).execute(),
      );
      const events = withId((d) => d.events);
      await insertChunked(events, 1500, (c) => trx.insertInto('order_events').values(c).execute());
      const readings = withId((d) =>
        d.readings.map((x) => ({ ...x, celsius: Math.round(x.celsius * 100) / 100 })),
      );
      // the long tables go in as arrays (unnest): one statement of four parameters per 20,000 rows
      await insertChunked(readings, 20_000, (c) =>
        sql`insert into order_readings (order_id, logger_id, at, celsius)
          select * from unnest(${c.map((x) => x.order_id)}::int[], ${c.map((x) => x.logger_id)}::text[],
            ${c.map((x) => x.at.toISOString())}::timestamptz[], ${c.map((x) => x.celsius)}::numeric[])`.execute(
          trx,
        ),
      );
      const track = withId((d) => d.track);
      await insertChunked(track, 20_000, (c) =>
        sql`insert into order_track (order_id, at, lat, lng)
          select * from unnest(${c.map((x) => x.order_id)}::int[], ${c.map((x) => x.at.toISOString())}::timestamptz[],
            ${c.map((x) => x.lat)}::float8[], ${c.map((x) => x.lng)}::float8[])`.execute(trx),
      );
      const remarks = withId((d) => d.remarks);
      if (remarks.length) await trx.insertInto('order_remarks').values(remarks).execute();
      const mods = withId((d) => d.modifications);
      if (mods.length) await trx.insertInto('order_modifications').values(mods).execute();

      // inventory: what came in, what left with orders and what open orders hold
      const moves: Array<{
        in_id: number;
        at: Date;
        delta: number;
        kind: 'inbound' | 'reserve' | 'outbound';
        order_id: number | null;
        note: string;
      }> = inventoryRows.map((l) => ({
        in_id: l.in_id,
        at: l.at,
        delta: l.quantity,
        kind: 'inbound',
        order_id: null,
        note: '入库',
      }));
      const left = new Map(inventoryRows.map((l) => [l.in_id, { quantity: l.quantity, reserved: 0 }]));
      drafts.forEach((d, i) => {
        if (!d.movement) return;
        for (const g of d.goods) {
          const line = g.in_id ? left.get(g.in_id) : undefined;
          if (!line) continue;
          const q = Number(g.quantity);
          if (d.movement === 'outbound') line.quantity -= q;
          else line.reserved += q;
          moves.push({
            in_id: g.in_id!,
            at: d.order.created_at as Date,
            delta: d.movement === 'outbound' ? -q : q,
            kind: d.movement,
            order_id: ids[i]!,
            note: orderRows[i]!.order_no,
          });
        }
      });
      await insertChunked(moves, 2000, (c) => trx.insertInto('inventory_movements').values(c).execute());
      for (const [in_id, { quantity, reserved }] of left)
        await trx
          .updateTable('inventory')
          .set({ quantity, reserved: String(reserved) })
          .where('in_id', '=', in_id)
          .execute();

      return {
        customers: customers.length,
        projects: projectCount,
        sites: siteCount,
        orders: drafts.length,
        events: events.length,
        readings: readings.length,
        trackPoints: track.length,
        attachments: attachmentRows.length,
      };
    });
  } catch (error) {
    await Promise.all(written.map((key) => options.storage.remove(key)));
    throw error;
  }
}

interface DraftContext {
  cu_id: number;
  approval: boolean;
  projects: Array<DemoProject & { pr_id: number }>;
  sites: SiteRef[];
  stock: InventoryRef[];
  user: { uid: number; name: string } | null;
  approver: string | null;
  index: number;
}

/** One order of a customer, with everything that happened to it up to `now`. */
function draftOrder(r: Random, now: Date, ctx: DraftContext): Draft {
  // The first orders of each customer cover every status, type and class; the rest are mixed.
  const statuses = ctx.approval ? STATUS_MIX_APPROVAL : STATUS_MIX;
  const status = ctx.index < statuses.length ? statuses[ctx.index]![0] : r.weighted(statuses);
  const dtpProjects = ctx.projects.filter((p) => p.dtp_allowed);
  let kind = ctx.index < TYPE_MIX.length ? TYPE_MIX[ctx.index]![0] : r.weighted(TYPE_MIX);
  if ((kind === 'dtp' || kind === 'dtp_return') && dtpProjects.length === 0) kind = 'supply';
  const project = kind === 'dtp' || kind === 'dtp_return' ? r.pick(dtpProjects) : r.pick(ctx.projects);
  const site = r.pick(ctx.sites);
  const depot = r.pick(DEPOTS);
  const patient = r.pick(PATIENTS);
  const asParty = (p: {
    company: string;
    contact: string;
    phone: string;
    address: string;
    city: string;
  }): Party => p;
  const siteParty: Party = {
    company: `${site.name} ${site.department}`,
    contact: r.pick(PEOPLE),
    phone: mobile(r),
    address: site.address,
    city: site.city,
  };
  const patientParty: Party = {
    company: patient[0],
    contact: patient[0],
    phone: mobile(r),
    address: patient[3],
    city: patient[1],
  };

  let order_type: OrderType;
  let from: Party;
  let to: Party;
  let is_dtp = 0;
  let to_goodstype: 1 | 2 | 3 = 1;
  let goodsPool: InventoryRef[];
  const projectStock = ctx.stock.filter((s) => s.pr_id === project.pr_id && s.goods.goods_type === 1);
  switch (kind) {
    case 'sample': {
      order_type = 'sample';
      to_goodstype = 2;
      from = siteParty;
      to = asParty(CENTRAL_LAB);
      const tc = r.pick(SAMPLE_GOODS).temp_class;
      goodsPool = ctx.stock.filter((s) => s.goods.goods_type === 2 && s.goods.temp_class === tc);
      break;
    }
    case 'dtp':
      order_type = 'dtp';
      is_dtp = 1;
      from = asParty(depot);
      to = patientParty;
      goodsPool = projectStock;
      break;
    case 'dtp_return':
      order_type = 'return';
      is_dtp = 3;
      from = patientParty;
      to = asParty(depot);
      goodsPool = projectStock;
      break;
    case 'return':
      order_type = 'return';
      from = siteParty;
      to = asParty(depot);
      goodsPool = projectStock;
      break;
    case 'destroy':
      order_type = 'destroy';
      from = asParty(depot);
      to = asParty(DESTRUCTION);
      goodsPool = projectStock;
      break;
    case 'custom':
      order_type = 'custom';
      to_goodstype = 3;
      from = asParty(depot);
      to = siteParty;
      goodsPool = ctx.stock.filter((s) => s.goods.goods_type === 3);
      break;
    default:
      order_type = 'supply';
      from = asParty(depot);
      to = siteParty;
      goodsPool = projectStock;
  }
  if (goodsPool.length === 0) goodsPool = projectStock;
  const first = r.pick(goodsPool);
  const temp_class: TempClass = order_type === 'destroy' ? 'ambient' : first.goods.temp_class;
  const lines = [
    first,
    ...goodsPool.filter((g) => g !== first && g.goods.temp_class === temp_class && r.chance(0.35)),
  ].slice(0, 3);
  const goods = lines.map((l) => ({
    in_id: l.in_id,
    goods_type: l.goods.goods_type,
    code: l.goods.code,
    name: l.goods.name,
    spec: l.goods.spec,
    batch_no: l.batch_no,
    expiry: l.expiry || null,
    quantity: l.goods.goods_type === 2 ? r.int(4, 48) : r.int(1, 12),
    unit: l.goods.unit,
  }));
  const boxCount =
    temp_class === 'cryo' || temp_class === 'deep_frozen'
      ? 1
      : r.weighted([
          [1, 7],
          [2, 3],
        ] as const);
  const boxes = Array.from({ length: boxCount }, () => {
    const [box_type, weight] = r.pick(BOX_TYPES[temp_class]);
    return {
      box_type,
      logger_id: `TL-${r.int(1_000_000, 9_999_999)}`,
      weight_kg: Math.round((weight + r.between(-0.8, 2)) * 10) / 10,
    };
  });

  // when things happened: built backwards from the latest step
  const timeline = buildTimeline(r, now, status, ctx.approval, project.time_limit_hours);
  const customer = ctx.user
    ? { actor_kind: 'customer' as const, actor_name: ctx.user.name, uid: ctx.user.uid }
    : { actor_kind: 'system' as const, actor_name: '', uid: null };
  const events: Draft['events'] = [];
  const event = (kindName: string, at: Date, extra: Partial<Draft['events'][number]> = {}) =>
    events.push({
      kind: kindName,
      at,
      status_from: null,
      status_to: null,
      ...customer,
      reason: '',
      location: '',
      ...extra,
    });
  const provider = {
    actor_kind: 'provider' as const,
    actor_name: r.pick(['LP 物流', '调度 刘洋', '调度 许可']),
    uid: null,
  };
  event('created', timeline.created, { status_to: ctx.approval ? 'pending_approval' : 'pending_confirm' });
  if (timeline.approved)
    event('approved', timeline.approved, {
      status_from: 'pending_approval',
      status_to: 'pending_confirm',
      actor_name: ctx.approver ?? '',
      uid: ctx.approver === '张敏' ? (ctx.user?.uid ?? null) : null,
    });
  if (timeline.confirmed)
    event('confirmed', timeline.confirmed, {
      ...provider,
      status_from: 'pending_confirm',
      status_to: 'not_finished',
    });
  const places: Record<string, string> = {
    picked_up: from.address,
    in_transit: `${from.city}—${to.city} 干线运输`,
    out_for_delivery: `${to.city} 配送站`,
    delivered: to.address,
  };
  for (const m of ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'] as const) {
    const at = timeline.milestones[m];
    if (at)
      event(m, at, {
        ...provider,
        actor_name: r.pick(['司机 马强', '司机 周亮', '押运 陈斌']),
        location: places[m]!,
      });
  }
  let sign_name: string | null = null;
  if (timeline.signed) {
    sign_name = is_dtp === 1 ? to.contact : r.pick(PEOPLE);
    event('signed', timeline.signed, { ...provider, status_from: 'not_finished', status_to: 'finished' });
  }
  const modifications: Draft['modifications'] = [];
  let cancel_reason: string | null = null;
  if (status === 'cancelled' && timeline.cancelled) {
    const how = timeline.cancelledFrom;
    cancel_reason = r.pick([
      '受试者退出研究',
      '访视计划调整',
      '中心药房库存充足，暂不需要',
      '申请信息有误，重新下单',
    ]);
    if (how === 'not_finished') {
      modifications.push({
        kind: 'cancel',
        changes: '{}',
        reason: cancel_reason,
        status: 'accepted',
        answer: '已拦截，货物退回仓库',
        requested_by: ctx.user?.uid ?? null,
        requested_at: new Date(timeline.cancelled.getTime() - 2 * HOUR),
        answered_at: timeline.cancelled,
      });
      event('modify_requested', new Date(timeline.cancelled.getTime() - 2 * HOUR), { reason: cancel_reason });
      event('modify_accepted', timeline.cancelled, {
        ...provider,
        status_from: 'not_finished',
        status_to: 'cancelled',
        reason: '已拦截，货物退回仓库',
      });
    } else if (how === 'pending_approval' && r.chance(0.5)) {
      event('rejected', timeline.cancelled, {
        status_from: how,
        status_to: 'cancelled',
        actor_name: ctx.approver ?? '',
        reason: cancel_reason,
      });
    } else {
      event('cancelled', timeline.cancelled, {
        status_from: how,
        status_to: 'cancelled',
        reason: cancel_reason,
      });
    }
  }
  const milestone: Milestone = timeline.milestone;
  // open modification requests on some orders in progress (the provider CLI answers them)
  if (status === 'not_finished' && r.chance(0.12)) {
    const cancel = r.chance(0.3);
    const requested = new Date(now.getTime() - r.between(0.2, 2) * HOUR);
    const reason = cancel ? '受试者本周访视取消' : '研究中心要求改为下午送达';
    modifications.push({
      kind: cancel ? 'cancel' : 'change',
      changes: JSON.stringify(
        cancel
          ? {}
          : {
              deliver_by: new Date(now.getTime() + r.int(20, 40) * HOUR).toISOString(),
              to_contact: r.pick(PEOPLE),
            },
      ),
      reason,
      requested_by: ctx.user?.uid ?? null,
      requested_at: requested,
    });
    event('modify_requested', requested, { reason });
  }

  // readings and track while it moved
  const readings: Draft['readings'] = [];
  const track: Draft['track'] = [];
  const moveFrom = timeline.milestones.picked_up;
  const moveTo = timeline.milestones.delivered ?? (status === 'not_finished' ? now : undefined);
  if (moveFrom && moveTo && moveTo > moveFrom) {
    const span = moveTo.getTime() - moveFrom.getTime();
    const step = Math.max(10 * MINUTE, Math.ceil(span / 240 / MINUTE) * MINUTE);
    const excursion = r.weighted([
      ['none', 82],
      ['low', 7],
      ['medium', 6],
      ['high', 5],
    ] as const);
    const { base, noise } = PROFILE[temp_class];
    const limits = TEMP_LIMITS[temp_class];
    for (const [b, box] of boxes.entries()) {
      const phase = r.between(0, Math.PI * 2);
      const steps = Math.floor(span / step);
      // one box of the order has the excursion, somewhere in the middle of the journey
      const bumpAt = Math.floor(steps * r.between(0.3, 0.7));
      const bumpLen = excursion === 'low' ? 2 : excursion === 'medium' ? 4 : 9;
      const bumpBy = excursion === 'low' ? 1 : excursion === 'medium' ? 3 : 7.5;
      for (let s = 0; s <= steps; s++) {
        let celsius = base + Math.sin(phase + s / 9) * noise * 0.6 + r.between(-noise, noise) * 0.4;
        if (excursion !== 'none' && b === 0 && s >= bumpAt && s < bumpAt + bumpLen)
          celsius = (limits.max ?? base) + bumpBy * (s === bumpAt ? 0.6 : 1) + r.between(0, 0.3);
        readings.push({ logger_id: box.logger_id, at: new Date(moveFrom.getTime() + s * step), celsius });
      }
    }
    const a = CITY_COORDS[from.city];
    const z = CITY_COORDS[to.city];
    if (a && z) {
      const points = Math.min(200, Math.max(8, Math.floor(span / (15 * MINUTE))));
      const trackStep = Math.floor(span / points);
      // an order still on its way is only part of the way there
      const share = timeline.milestones.delivered
        ? 1
        : milestone === 'out_for_delivery'
          ? 0.9
          : r.between(0.3, 0.7);
      for (let p = 0; p <= points; p++) {
        const f = (p / points) * share;
        track.push({
          at: new Date(moveFrom.getTime() + p * trackStep),
          lat: Math.round((a[0] + (z[0] - a[0]) * f + r.between(-0.01, 0.01)) * 1e5) / 1e5,
          lng: Math.round((a[1] + (z[1] - a[1]) * f + r.between(-0.01, 0.01)) * 1e5) / 1e5,
        });
      }
    }
  }

  // documents: the packing list once picked up; the others after delivery, in every state
  const required = project.required_attachments;
  const attachments: Draft['attachments'] = [];
  if (moveFrom && status !== 'cancelled') {
    attachments.push({
      kind: 'packing_list',
      status: r.chance(0.6) ? 'approved' : 'pending',
      reason: '',
      at: moveFrom,
      png: false,
    });
  }
  if (status === 'finished' && timeline.signed) {
    const at = new Date(timeline.signed.getTime() + r.between(1, 20) * HOUR);
    const later = required.filter((k) => k !== 'packing_list');
    const scenario = r.weighted([
      ['approved', 55],
      ['pending', 20],
      ['rejected', 12],
      ['missing', 13],
    ] as const);
    attachments[0]!.status = 'approved';
    const kinds = scenario === 'missing' && later.length > 0 ? later.slice(1) : later;
    for (const [k, kindName] of kinds.entries()) {
      const state: AttachmentState =
        scenario === 'pending' && k === 0
          ? 'pending'
          : scenario === 'rejected' && k === 0
            ? 'rejected'
            : 'approved';
      attachments.push({
        kind: kindName,
        status: state,
        reason:
          state === 'rejected'
            ? r.pick(['签收单缺少签名', '温度报告缺少第 2 箱的记录', '文件不清晰，请重新扫描'])
            : '',
        at,
        png: kindName === 'pod',
      });
    }
    if (scenario === 'missing' && later.length === 0) attachments.pop();
    if (scenario === 'rejected' && later.length === 0) attachments[0]!.status = 'rejected';
    if (scenario === 'pending' && later.length === 0) attachments[0]!.status = 'pending';
    if (r.chance(0.15))
      attachments.push({ kind: 'print_scan', status: 'approved', reason: '', at, png: true });
  }

  const remarks: Draft['remarks'] = [];
  if (r.chance(0.1))
    remarks.push({
      kind: 'remark',
      uid: ctx.user?.uid ?? null,
      author: ctx.user?.name ?? '',
      text: r.pick([
        '请提前一小时电话联系药房',
        '收货时间：工作日 9:00-16:00',
        '请随货附温度记录仪 PDF 报告',
      ]),
      at: new Date(timeline.created.getTime() + 20 * MINUTE),
    });
  if (status === 'finished' && r.chance(0.08))
    remarks.push({
      kind: 'feedback',
      uid: ctx.user?.uid ?? null,
      author: ctx.user?.name ?? '',
      text: '已收货，包装完好，温度正常。',
      at: new Date((timeline.signed ?? now).getTime() + 5 * HOUR),
    });

  const created = timeline.created;
  const pickup_at = new Date(created.getTime() + r.int(12, 30) * HOUR);
  const deliver_by = new Date(pickup_at.getTime() + project.time_limit_hours * HOUR);
  return {
    cu_id: ctx.cu_id,
    order: {
      cu_id: ctx.cu_id,
      pr_id: project.pr_id,
      order_type,
      status,
      is_dtp,
      to_goodstype,
      temp_class,
      from_company: from.company,
      from_contact: from.contact,
      from_phone: from.phone,
      from_address: from.address,
      from_city_id: cityIdOf(from.city),
      to_company: to.company,
      to_contact: to.contact,
      to_phone: to.phone,
      to_address: to.address,
      to_city_id: cityIdOf(to.city),
      ho_id: kind === 'destroy' ? null : site.ho_id,
      pickup_at,
      deliver_by,
      sign_name,
      signed_at: timeline.signed ?? null,
      remark: r.chance(0.2)
        ? r.pick(['冷链运输，请勿倒置', '需提供温度记录仪原始数据', '到货后请尽快入库'])
        : '',
      milestone,
      merged_into: null,
      cancel_reason,
      version: events.length,
      created_by: ctx.user?.uid ?? null,
      created_at: created,
      updated_at: events.reduce((latest, e) => ((e.at as Date) > latest ? (e.at as Date) : latest), created),
    },
    extra: [project.protocol_no, project.name, ...(kind === 'destroy' ? [] : [site.name, site.department])],
    goods,
    boxes,
    events,
    readings,
    track,
    attachments,
    remarks,
    modifications,
    required,
    movement:
      status === 'pending_approval' || status === 'pending_confirm'
        ? 'reserve'
        : (status === 'not_finished' && milestone !== 'confirmed') || status === 'finished'
          ? order_type === 'return'
            ? null
            : 'outbound'
          : null,
  };
}

/**
 * Two earlier orders alike `target` (same project, parties, class and goods type) that were merged
 * into it: each cancelled with `merged_into`, holding part of its goods; the target logs `merged`.
 */
function mergeSources(target: Draft): Draft[] {
  const created = target.order.created_at as Date;
  target.events.splice(1, 0, {
    ...target.events[0]!,
    kind: 'merged',
    status_from: null,
    status_to: null,
    reason: '',
  });
  target.order.version = target.events.length;
  return [2, 1].map((hoursBefore) => {
    const at = new Date(created.getTime() - hoursBefore * HOUR);
    const first = { ...target.events[0]!, at };
    return {
      ...target,
      order: {
        ...target.order,
        status: 'cancelled' as const,
        version: 2,
        created_at: at,
        updated_at: created,
      },
      goods: target.goods.map((g) => ({ ...g, quantity: Math.max(1, Math.ceil(Number(g.quantity) / 2)) })),
      boxes: target.boxes.map((b) => ({ ...b, logger_id: `${b.logger_id}-${hoursBefore}` })),
      events: [
        first,
        { ...first, kind: 'merged_into', at: created, status_from: first.status_to, status_to: 'cancelled' },
      ],
      readings: [],
      track: [],
      attachments: [],
      remarks: [],
      modifications: [],
      movement: null,
      mergedInto: target,
    };
  });
}

/** The city-level region of a city name (`上海` → 310100). */
function cityIdOf(city: string): number {
  return Math.floor(districtIdOfCity(city) / 100) * 100;
}
const CITY_DISTRICT: Record<string, string> = {};
function districtIdOfCity(city: string): number {
  const known = CITY_DISTRICT[city];
  if (known) return districtId(city, known);
  for (const source of [
    ...HOSPITALS.map((h) => [h[0], h[1]] as const),
    ...PATIENTS.map((p) => [p[1], p[2]] as const),
  ]) {
    if (source[0] === city) {
      CITY_DISTRICT[city] = source[1];
      return districtId(city, source[1]);
    }
  }
  for (const d of [...DEPOTS, CENTRAL_LAB, DESTRUCTION])
    if (d.city === city) {
      CITY_DISTRICT[city] = d.district;
      return districtId(city, d.district);
    }
  throw new Error(`no district known in ${city}`);
}

interface Timeline {
  created: Date;
  approved?: Date;
  confirmed?: Date;
  milestones: Partial<Record<'picked_up' | 'in_transit' | 'out_for_delivery' | 'delivered', Date>>;
  signed?: Date;
  cancelled?: Date;
  cancelledFrom?: OrderStatus;
  milestone: Milestone;
}

/** The moments of an order's life, the last one before `now`, the others before it. */
function buildTimeline(
  r: Random,
  now: Date,
  status: OrderStatus,
  approval: boolean,
  limitHours: number,
): Timeline {
  const back = (at: Date, minHours: number, maxHours: number) =>
    new Date(at.getTime() - r.between(minHours, maxHours) * HOUR);
  const startOf = (confirmed: Date) => {
    const approved = approval ? back(confirmed, 0.5, 3) : undefined;
    const created = back(approved ?? confirmed, 0.3, 4);
    return { created, approved };
  };
  if (status === 'pending_approval')
    return { created: back(now, 0.1, 30), milestones: {}, milestone: 'none' };
  if (status === 'pending_confirm') {
    const approved = approval ? back(now, 0.1, 20) : undefined;
    return {
      created: approved ? back(approved, 0.3, 6) : back(now, 0.1, 36),
      approved,
      milestones: {},
      milestone: 'none',
    };
  }
  if (status === 'cancelled') {
    const cancelled = back(now, 6, 80 * 24);
    const cancelledFrom = r.weighted<OrderStatus>([
      ['pending_confirm', 5],
      ...(approval ? ([['pending_approval', 3]] as const) : []),
      ['not_finished', 2],
    ]);
    if (cancelledFrom === 'not_finished') {
      const confirmed = back(cancelled, 1, 8);
      return {
        ...startOf(confirmed),
        confirmed,
        milestones: {},
        milestone: 'confirmed',
        cancelled,
        cancelledFrom,
      };
    }
    const created = back(cancelled, 0.5, 30);
    const approved =
      approval && cancelledFrom === 'pending_confirm' ? new Date(created.getTime() + 0.3 * HOUR) : undefined;
    return { created, approved, milestones: {}, milestone: 'none', cancelled, cancelledFrom };
  }
  // not_finished or finished: walk back from the latest step
  const transit = Math.min(limitHours - 2, r.between(6, 30));
  const target: Milestone =
    status === 'finished' ? 'delivered' : MOVING[Math.floor(r.next() * MOVING.length)]!;
  const latest = status === 'finished' ? back(now, 3, 110 * 24) : back(now, 0.05, 2.5);
  const m: Timeline['milestones'] = {};
  let signed: Date | undefined;
  const idx = MILESTONES.indexOf(target);
  let cursor = latest;
  if (status === 'finished') {
    signed = latest;
    cursor = back(latest, 0.05, 0.4);
  }
  if (idx >= MILESTONES.indexOf('delivered')) {
    m.delivered = cursor;
    cursor = back(cursor, 1.5, 3.5);
  }
  if (idx >= MILESTONES.indexOf('out_for_delivery')) {
    m.out_for_delivery = cursor;
    cursor = back(cursor, transit * 0.6, transit * 0.9);
  }
  if (idx >= MILESTONES.indexOf('in_transit')) {
    m.in_transit = cursor;
    cursor = back(cursor, 0.4, 1.2);
  }
  if (idx >= MILESTONES.indexOf('picked_up')) {
    m.picked_up = cursor;
    cursor = back(cursor, 2, 8);
  }
  const confirmed = cursor;
  return { ...startOf(confirmed), confirmed, milestones: m, signed, milestone: target };
}
