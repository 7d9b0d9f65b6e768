import { kindStates, orderAttachmentStatus } from '../areas/order-attachments/attachment-state.ts';
import type { Insertable } from 'kysely';
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
import type {
  OrderBoxesTable,
  OrderEventsTable,
  OrderGoodsTable,
  OrderModificationsTable,
  OrderRemarksTable,
  OrdersTable,
} from '../areas/orders/tables.ts';
import {
  CENTRAL_LAB,
  CITY_COORDS,
  DEPOTS,
  DESTRUCTION,
  type DemoProject,
  type Goods,
  PATIENTS,
  PEOPLE,
  SAMPLE_GOODS,
} from './demo-catalogue.ts';
import { districtId } from './regions.ts';

/**
 * One demo order as it is built before it has an id: its parties, goods, boxes, the moments
 * of its life, its events, readings, track, documents and requests (seed/demo-orders.ts writes
 * them). Deterministic given the random source.
 */

export const HOUR = 3_600_000;
export const MINUTE = 60_000;

/** mulberry32: a small deterministic random source, so every seed has the same data. */
export function randomSource(seed: number) {
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
export type Random = ReturnType<typeof randomSource>;

/** The day in China as yyyymmdd (order numbers carry it). */
export const chinaDay = (at: Date) =>
  new Date(at.getTime() + 8 * HOUR).toISOString().slice(0, 10).replaceAll('-', '');
export const isoDay = (at: Date) => at.toISOString().slice(0, 10);

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
  /** The party's district (orders name the district, as the editor and the address book do). */
  district: string;
}

export interface SiteRef {
  ho_id: number;
  name: string;
  department: string;
  investigator: string;
  phone: string;
  address: string;
  city: string;
  district: string;
  region_id: number;
}

export interface InventoryRef {
  in_id: number;
  goods: Goods;
  pr_id: number | null;
  batch_no: string;
  expiry: string;
}

/** An order being built: its row, lines and what happened to it, before it has an id. */
export interface Draft {
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
  // The rule of the attachments area itself, so the seed never disagrees with an upload.
  const facts = attachments.map((a) => ({
    kind: a.kind as AttachmentKind,
    status: a.status,
    reason: '',
    uploaded_at: new Date(0),
  }));
  return orderAttachmentStatus(kindStates(required, facts));
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

export interface DraftContext {
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
export function draftOrder(r: Random, now: Date, ctx: DraftContext): Draft {
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
  const asParty = (p: Party): Party => p;
  const siteParty: Party = {
    company: `${site.name} ${site.department}`,
    contact: r.pick(PEOPLE),
    phone: mobile(r),
    address: site.address,
    city: site.city,
    district: site.district,
  };
  const patientParty: Party = {
    company: patient[0],
    contact: patient[0],
    phone: mobile(r),
    address: patient[3],
    city: patient[1],
    district: patient[2],
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
      goodsPool = ctx.stock.filter(
        (s) => s.pr_id === project.pr_id && s.goods.goods_type === 2 && s.goods.temp_class === tc,
      );
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
      goodsPool = ctx.stock.filter((s) => s.pr_id === project.pr_id && s.goods.goods_type === 3);
      break;
    default:
      order_type = 'supply';
      from = asParty(depot);
      to = siteParty;
      goodsPool = projectStock;
  }
  if (goodsPool.length === 0) goodsPool = projectStock;
  const first = r.pick(goodsPool);
  // goods travel at their own class, also to destruction (an order's goods are all of its class)
  const temp_class: TempClass = first.goods.temp_class;
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
      from_city_id: districtId(from.city, from.district),
      to_company: to.company,
      to_contact: to.contact,
      to_phone: to.phone,
      to_address: to.address,
      to_city_id: districtId(to.city, to.district),
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
export function mergeSources(target: Draft): Draft[] {
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
