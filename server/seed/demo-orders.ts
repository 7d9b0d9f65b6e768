import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { AttachmentKind } from '../../src/contract/orders/domain.ts';
import { pinyinInitials } from '../core/pinyin.ts';
import type { FileStorage } from '../core/storage.ts';
import type { DB } from '../db/database.ts';
import type { OrderAttachmentsTable } from '../areas/order-attachments/tables.ts';
import { nextSequenceValues, orderDigits, orderNumberKey } from '../areas/orders/order-numbers.ts';
import { orderSearchText } from '../areas/orders/search-text.ts';
import { assessReadings } from '../areas/orders/excursion.ts';
import {
  CENTRAL_LAB,
  CUSTOMER_SITES,
  DEPARTMENTS,
  DEPOTS,
  HOSPITALS,
  MATERIALS,
  PEOPLE,
  PROJECTS,
  SAMPLE_GOODS,
} from './demo-catalogue.ts';
import { seedDemoBudgets } from './demo-excursions.ts';
import { demoPdf, demoPng } from './demo-files.ts';
import { type DemoNames, demoNames } from './demo-names.ts';
import { districtId } from './regions.ts';
import {
  chinaDay,
  type Draft,
  demoAttachmentStatus,
  draftOrder,
  HOUR,
  type InventoryRef,
  isoDay,
  mergeSources,
  randomSource,
  type SiteRef,
} from './demo-order-draft.ts';

export { demoAttachmentStatus };

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
  /** Whose data: the demo's own accounts and customers (default), or a tenant's (demo.ts). */
  names?: DemoNames;
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

/** Writes rows in chunks small enough for the parameter limit. */
async function insertChunked<T>(rows: T[], size: number, write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size));
}

/** Seeds the demo customers' order data; the customers and users must exist (seedDemo). */
export async function seedDemoOrders(db: DB, options: DemoOrdersOptions): Promise<DemoOrdersSummary> {
  const now = options.now ?? new Date();
  const r = randomSource(2026);
  const names = options.names ?? demoNames();
  const demoAccount = names.account('demo');
  // the catalogue's identifier of each stored one (a tenant's carry its tag)
  const catalogueId = new Map(Object.keys(PROJECTS).map((id) => [names.identifier(id), id]));
  const customers = (
    await db
      .selectFrom('customers')
      .select(['cu_id', 'identifier'])
      .where('identifier', 'in', [...catalogueId.keys()])
      // in the order they were made: each customer's orders come from the one random stream in turn
      .orderBy('cu_id')
      .execute()
  ).map((c) => ({ cu_id: c.cu_id, identifier: catalogueId.get(c.identifier)! }));
  const users = await db
    .selectFrom('users')
    .innerJoin('user_customers', 'user_customers.uid', 'users.uid')
    .select(['users.uid', 'users.name', 'users.ur_account', 'user_customers.cu_id'])
    .where('users.ur_account', 'in', [demoAccount, names.account('multi')])
    .execute();
  const userOf = (cuId: number) =>
    users.find((u) => u.cu_id === cuId && u.ur_account === demoAccount) ??
    users.find((u) => u.cu_id === cuId);
  const demoCustomers = new Set(users.filter((u) => u.ur_account === demoAccount).map((u) => u.cu_id));

  const written: string[] = [];
  try {
    return await db.transaction().execute(async (trx) => {
      const cuIds = new Map(customers.map((c) => [c.identifier, c.cu_id]));
      await trx
        .updateTable('customers')
        .set({ requires_approval: true })
        .where('identifier', 'in', APPROVAL_CUSTOMERS.map(names.identifier))
        .execute();
      const demoUser = users.find(
        (u) => u.ur_account === demoAccount && u.cu_id === cuIds.get(DEMO_APPROVES),
      );
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
            district,
          };
        });
        const siteRows = await trx
          .insertInto('sites')
          .values(siteDefs.map(({ city: _city, district: _district, ...s }) => s))
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
              region_id: s.region_id,
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
        // each project keeps its own sample kits and materials (an order takes only its project's goods)
        for (const p of projectsWithIds)
          for (const g of [...SAMPLE_GOODS, ...MATERIALS]) {
            lines.push({
              cu_id,
              pr_id: p.pr_id,
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
        // the chilled drugs' stability budgets, kept since the projects were set up
        await seedDemoBudgets(trx, lines, user?.uid ?? null, new Date(now.getTime() - 200 * 24 * HOUR));

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

      // order numbers from the order-number sequence, in time order (server/areas/orders/order-numbers.ts)
      drafts.sort((a, b) => (a.order.created_at as Date).getTime() - (b.order.created_at as Date).getTime());
      const seq = await nextSequenceValues(trx, drafts.length);
      const numberKey = await orderNumberKey(trx);
      const regions = new Map(
        (await trx.selectFrom('regions').select(['region_id', 'name', 'level', 'parent_id']).execute()).map(
          (x) => [x.region_id, x],
        ),
      );
      // a side's city (a district's parent), as order-store.ts searchExtras writes them
      const cityIdOf = (id: number) => {
        const region = regions.get(id);
        return region?.level === 3 && region.parent_id !== null ? region.parent_id : id;
      };
      const orderRows = drafts.map((d, i) => {
        const order_no = `LP${chinaDay(d.order.created_at as Date)}${orderDigits(numberKey, seq[i]!)}`;
        const cities = [
          ...new Set(
            [d.order.from_city_id, d.order.to_city_id]
              .filter((id): id is number => typeof id === 'number')
              .map(cityIdOf),
          ),
        ]
          .sort((a, b) => a - b)
          .map((id) => regions.get(id)?.name ?? '');
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
