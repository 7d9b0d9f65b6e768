import { ok, type Portal } from './portal.ts';
import type { Booked } from './types.ts';

const DAY = 86_400_000;

/** What the IRT ships from where to which sites: found through the API as a sponsor's system would. */
export interface ShipmentPlan {
  pr_id: number;
  protocol_no: string;
  temp_class: 'ambient' | 'chilled' | 'frozen' | 'deep_frozen' | 'cryo';
  /** The stock line (the kit's batch) and its depot. */
  in_id: number;
  kit: string;
  depot: string;
  from: { ad_id: number; company: string; contact: string; phone: string; address: string; city_id: number };
  sites: Array<{
    ho_id: number;
    site_no: string;
    name: string;
    investigator: string;
    phone: string;
    address: string;
    city_id: number;
  }>;
  /** Hours a delivery may take (the project's time limit). */
  hours: number;
}

/**
 * Finds a project to resupply: an active one that takes drug supply orders, with a drug batch
 * available (not on hold, good until after the delivery), a start address (its depot, else any)
 * and sites with an address.
 */
export async function planShipments(api: Portal, now: Date = new Date()): Promise<ShipmentPlan> {
  const projects = ok('common/get-user-projectadd', await api.GET('/api/common/get-user-projectadd.html'));
  const starts = ok(
    'common/customer-address',
    await api.GET('/api/common/customer-address.html', { params: { query: { kind: 'start', limit: 100 } } }),
  ).list.filter((a) => a.region_id !== null);
  for (const project of projects) {
    const conf = project.conf;
    if (project.status !== 'active' || !conf.order_types.includes('supply') || !conf.goods_types.includes(1))
      continue;
    const hours = conf.time_limit_hours && conf.time_limit_hours > 0 ? conf.time_limit_hours : 48;
    const lastDay = new Date(now.getTime() + DAY + hours * 3_600_000 + 7 * DAY).toISOString().slice(0, 10);
    const lines = ok(
      'common/search-drug',
      await api.GET('/api/common/search-drug.html', {
        params: { query: { pr_id: project.pr_id, goods_type: 1 } },
      }),
    ).filter(
      (l) =>
        l.available >= 10 &&
        l.hold === 'none' &&
        conf.temp_classes.includes(l.temp_class) &&
        (l.expiry === null || l.expiry > lastDay),
    );
    const sites = ok(
      'common/get-project-hospital',
      await api.POST('/api/common/get-project-hospital.html', { body: { pr_id: project.pr_id } }),
    ).filter((s) => s.region_id !== null && s.address !== '');
    const line = lines.find((l) => starts.some((a) => a.company === l.depot)) ?? lines[0];
    const from = starts.find((a) => a.company === line?.depot) ?? starts[0];
    if (!line || !from || sites.length === 0) continue;
    return {
      pr_id: project.pr_id,
      protocol_no: project.protocol_no,
      temp_class: line.temp_class,
      in_id: line.in_id,
      kit: `${line.name} ${line.spec} (batch ${line.batch_no || '–'})`,
      depot: line.depot,
      from: {
        ad_id: from.ad_id,
        company: from.company,
        contact: from.contact,
        phone: from.phone,
        address: from.address,
        city_id: from.region_id as number,
      },
      sites: sites.map((s) => ({
        ho_id: s.ho_id,
        site_no: s.site_no,
        name: s.department ? `${s.name} ${s.department}` : s.name,
        investigator: s.investigator,
        phone: s.phone,
        address: s.address,
        city_id: s.region_id as number,
      })),
      hours,
    };
  }
  throw new Error(
    'no project of this customer can be resupplied: none takes drug supply orders with a drug batch available, a start address and a site',
  );
}

/** The order the IRT books for shipment request `n` (1, 2 …): 2 kits to a site, in turn. */
export function shipmentOrder(plan: ShipmentPlan, n: number, now: Date) {
  const site = plan.sites[(n - 1) % plan.sites.length]!;
  const pickup = new Date(now.getTime() + DAY);
  return {
    pr_id: plan.pr_id,
    order_type: 'supply' as const,
    to_goodstype: 1 as const,
    is_dtp: 0 as const,
    temp_class: plan.temp_class,
    from_ad_id: plan.from.ad_id,
    from_company: plan.from.company,
    from_contact: plan.from.contact,
    from_phone: plan.from.phone,
    from_address: plan.from.address,
    from_city_id: plan.from.city_id,
    to_company: site.name,
    to_contact: site.investigator || 'Site pharmacist',
    to_phone: site.phone,
    to_address: site.address,
    to_city_id: site.city_id,
    ho_id: site.ho_id,
    pickup_at: pickup.toISOString(),
    deliver_by: new Date(pickup.getTime() + plan.hours * 3_600_000).toISOString(),
    remark: `IRT resupply of site ${site.site_no}`,
    goods: [{ in_id: plan.in_id, quantity: 2 }],
    boxes: [{ box_type: `${plan.temp_class} shipper` }],
  };
}
export type ShipmentOrder = ReturnType<typeof shipmentOrder>;

/**
 * Books one shipment: `customer-order/create` with the shipment request id as its
 * `Idempotency-Key` (the same key and body again answer the same order, never a second one).
 */
export async function book(api: Portal, key: string, order: ShipmentOrder): Promise<Booked> {
  const made = ok(
    'customer-order/create',
    await api.POST('/api/customer-order/create.html', {
      params: { header: { 'Idempotency-Key': key } },
      body: order,
    }),
  );
  const site = order.remark.replace(/^IRT resupply of site /, '');
  return { key, id: made.id, order_no: made.order_no, status: made.status, site_no: site };
}

/** The order as the portal holds it now. */
export async function readBack(api: Portal, id: number) {
  const view = ok(
    'customer-order/view',
    await api.GET('/api/customer-order/view.html', { params: { query: { id } } }),
  );
  return {
    id: view.id,
    order_no: view.order_no,
    status: view.status,
    milestone: view.milestone,
    to: view.to_company,
  };
}

/** Cancels an order still waiting for confirmation (the IRT's request was withdrawn). */
export async function cancel(api: Portal, id: number, reason: string): Promise<void> {
  ok(
    'customer-order/cancel',
    await api.POST('/api/customer-order/cancel.html', { body: { ids: [id], reason } }),
  );
}
