import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TEMP_LIMITS, type Milestone, type TempClass } from '../src/contract/orders/domain.ts';
import type { ProviderDecision } from '../src/contract/excursions/schemas.ts';
import type {
  OpenOrder,
  OpenOrdersAnswer,
  ProviderOrderState,
  StoredAnswer,
} from '../src/contract/provider/schemas.ts';
import { PortalUnreachable, type ProviderCall, providerClient } from './areas/provider/client.ts';
import { CITY_COORDS, PEOPLE } from './seed/demo-catalogue.ts';

/**
 * `npm run simulate`: the provider at work, compressed, against a running portal. A few orders at
 * a time are confirmed and moved through their milestones (one step every 20–60 s each) to the
 * signature; their loggers send a reading every few seconds (now and then an excursion) and
 * their vehicles a track point; open modification requests are answered. The first two chilled
 * orders on the road have an excursion each: a warm stretch (9–18 °C, within a 2–8 °C product's
 * stability budget of the demo) and a freeze below 2 °C (over it), so both kinds of excursion
 * case open; later ones come by chance. The simulator cannot sign in, so deciding a case is left
 * to the person at the demo; once decided, the provider reports the goods dealt with and closes
 * it. Everything goes through the signed provider API, so a demo shows orders changing while one
 * watches.
 */

const NEXT: Partial<Record<Milestone, Milestone>> = {
  confirmed: 'picked_up',
  picked_up: 'in_transit',
  in_transit: 'out_for_delivery',
  out_for_delivery: 'delivered',
};
const MOVING: readonly Milestone[] = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'];
const BASE: Record<TempClass, number> = {
  ambient: 20,
  chilled: 5,
  frozen: -20,
  deep_frozen: -76,
  cryo: -186,
};
/** How far along the road a milestone is (track points move between these). */
const PROGRESS: Partial<Record<Milestone, [number, number]>> = {
  picked_up: [0, 0.05],
  in_transit: [0.05, 0.85],
  out_for_delivery: [0.85, 0.98],
  delivered: [1, 1],
};

interface SimOrder {
  order: OpenOrder;
  /** When its next step (confirm, milestone, sign) is due, ms. */
  dueAt: number;
  /** When the open modification request gets its answer, ms. */
  answerAt: number | null;
  progress: number;
  /** Readings left in the excursion under way, how far past the limit, and which limit. */
  excursion: { left: number; by: number; kind: ExcursionKind } | null;
}

/** An excursion above the class's upper limit, or below its lower one (a freeze, for chilled goods). */
export type ExcursionKind = 'warm' | 'cold';

export interface SimulatorOptions {
  call: ProviderCall;
  log: (line: string) => void;
  /** How many orders move at the same time (default 12). */
  active?: number;
  random?: () => number;
  /** Seconds between a logger's readings (default 5) and a vehicle's track points (default 15). */
  readingEvery?: number;
  trackEvery?: number;
  /** Moves only the orders this accepts, and closes only their cases (default: all). */
  only?: (order: { order_no: string }) => boolean;
  /**
   * The excursions the first chilled orders on the road have, one each, on their second reading
   * (default: a warm one, then a cold one).
   */
  planned?: readonly ExcursionKind[];
  /** Seconds between looks at the decided excursion cases (default 15). */
  decisionsEvery?: number;
}

export interface SimulatorCounts {
  confirmed: number;
  milestones: number;
  signed: number;
  answered: number;
  readings: number;
  trackPoints: number;
  /** Excursion cases the readings opened, and decided ones the provider closed. */
  cases: number;
  closed: number;
  refused: number;
}

export class Simulator {
  readonly counts: SimulatorCounts = {
    confirmed: 0,
    milestones: 0,
    signed: 0,
    answered: 0,
    readings: 0,
    trackPoints: 0,
    cases: 0,
    closed: 0,
    refused: 0,
  };
  private readonly orders = new Map<string, SimOrder>();
  /** Decided cases to close, by case number: when. */
  private readonly closing = new Map<string, { decision: ProviderDecision; at: number }>();
  private readonly planned: ExcursionKind[];
  /** Readings ticks each order had on the road (a planned excursion starts on the second). */
  private readonly ticks = new Map<string, number>();
  private readonly random: () => number;
  private lastReadings = 0;
  private lastTrack = 0;
  private lastDecisions = 0;

  constructor(private readonly options: SimulatorOptions) {
    this.random = options.random ?? Math.random;
    this.planned = [...(options.planned ?? ['warm', 'cold'])];
  }

  /** Decided cases waiting for the provider to close them. */
  get toClose(): number {
    return this.closing.size;
  }

  private between(min: number, max: number) {
    return min + this.random() * (max - min);
  }

  /** The orders being moved now. */
  get moving(): readonly OpenOrder[] {
    return [...this.orders.values()].map((o) => o.order);
  }

  /** Takes up open orders (the portal's list) until `active` are being moved; forgets closed ones. */
  async refresh(now: number): Promise<void> {
    const answer = await this.options.call<OpenOrdersAnswer>('open-orders', {
      limit: 500,
      nonce: String(now),
    });
    if (answer.code !== 0)
      throw new SimulationStopped(`open-orders refused (${answer.code}): ${answer.message}`);
    const open = new Map(answer.data.list.map((o) => [o.order_no, o]));
    for (const no of this.orders.keys()) if (!open.has(no)) this.orders.delete(no);
    for (const [no, sim] of this.orders) {
      sim.order = open.get(no)!;
      if (sim.order.modification && sim.answerAt === null) sim.answerAt = now + this.between(30, 90) * 1000;
    }
    // orders on the road and orders waiting for confirmation, taken in turn
    const fresh = answer.data.list.filter(
      (o) => !this.orders.has(o.order_no) && (this.options.only?.(o) ?? true),
    );
    const onRoad = fresh.filter((o) => o.status === 'not_finished');
    const waiting = fresh.filter((o) => o.status !== 'not_finished');
    const candidates = Array.from({ length: Math.max(onRoad.length, waiting.length) }, (_, i) => [
      onRoad[i],
      waiting[i],
    ])
      .flat()
      .filter((o): o is OpenOrder => o !== undefined);
    for (const order of candidates) {
      if (this.orders.size >= (this.options.active ?? 12)) break;
      const [from, to] = PROGRESS[order.milestone] ?? [0, 0];
      this.orders.set(order.order_no, {
        order,
        dueAt: now + this.between(20, 60) * 1000,
        answerAt: order.modification ? now + this.between(30, 90) * 1000 : null,
        progress: from + (to - from) * this.random(),
        excursion: null,
      });
    }
  }

  /** Does whatever is due at `now` (ms). */
  async tick(now: number): Promise<void> {
    for (const sim of [...this.orders.values()]) {
      if (sim.answerAt !== null && now >= sim.answerAt) await this.answer(sim, now);
      else if (now >= sim.dueAt) await this.step(sim, now);
    }
    if (now - this.lastReadings >= (this.options.readingEvery ?? 5) * 1000) {
      this.lastReadings = now;
      for (const sim of this.orders.values()) await this.readings(sim, now);
    }
    if (now - this.lastTrack >= (this.options.trackEvery ?? 15) * 1000) {
      this.lastTrack = now;
      for (const sim of this.orders.values()) await this.track(sim, now);
    }
    if (now - this.lastDecisions >= (this.options.decisionsEvery ?? 15) * 1000) {
      this.lastDecisions = now;
      await this.decisions(now);
    }
    for (const [caseNo, due] of [...this.closing])
      if (now >= due.at) await this.close(caseNo, due.decision, now);
  }

  /** Takes up the decided cases (by a person in the portal) to close a while later. */
  private async decisions(now: number): Promise<void> {
    const res = await this.options.call<{ list: ProviderDecision[] }>('excursion-decisions', {
      limit: 100,
      nonce: String(now),
    });
    if (res.code !== 0) {
      this.counts.refused++;
      if (res.code === 403) throw new SimulationStopped(`excursion-decisions refused (403): ${res.message}`);
      return;
    }
    for (const decision of res.data.list)
      if (!this.closing.has(decision.case_no) && (this.options.only?.(decision) ?? true))
        this.closing.set(decision.case_no, { decision, at: now + this.between(30, 90) * 1000 });
  }

  /** What the provider did with the goods of a decided case, reported: the case is closed. */
  private async close(caseNo: string, decision: ProviderDecision, now: number): Promise<void> {
    this.closing.delete(caseNo);
    const res = await this.options.call<ProviderDecision>('excursion-close', {
      case_no: caseNo,
      operator: '仓库 周婷',
      note: CLOSE_NOTES[decision.decision],
    });
    const time = new Date(now).toTimeString().slice(0, 8);
    if (res.code !== 0) {
      // closed meanwhile (another provider system), or not decided any more: nothing to do
      this.counts.refused++;
      this.options.log(`${time} ${decision.order_no} ${caseNo} close refused (${res.code}): ${res.message}`);
      return;
    }
    this.counts.closed++;
    this.options.log(`${time} ${decision.order_no} ${caseNo} ${decision.decision} carried out: closed`);
  }

  private say(sim: SimOrder, what: string, now: number) {
    const time = new Date(now).toTimeString().slice(0, 8);
    this.options.log(`${time} ${sim.order.order_no} ${what}`);
  }

  /** A refused call: the order changed meanwhile (cancelled by the customer…): let it go. */
  private refused(sim: SimOrder, name: string, answer: { code: number; message: string }, now: number) {
    this.counts.refused++;
    if (answer.code === 403) throw new SimulationStopped(`${name} refused (403): ${answer.message}`);
    this.say(sim, `${name} refused (${answer.code}): ${answer.message}`, now);
    this.orders.delete(sim.order.order_no);
  }

  private apply(sim: SimOrder, state: ProviderOrderState) {
    sim.order = {
      ...sim.order,
      status: state.status,
      milestone: state.milestone,
      excursion: state.excursion,
    };
    if (state.status !== 'pending_confirm' && state.status !== 'not_finished')
      this.orders.delete(state.order_no);
  }

  private async step(sim: SimOrder, now: number): Promise<void> {
    sim.dueAt = now + this.between(20, 60) * 1000;
    const { order } = sim;
    const at = new Date(now).toISOString();
    if (order.status === 'pending_confirm') {
      const res = await this.options.call<ProviderOrderState>('confirm', {
        order_no: order.order_no,
        operator: '调度 刘洋',
      });
      if (res.code !== 0) return this.refused(sim, 'confirm', res, now);
      this.counts.confirmed++;
      this.apply(sim, res.data);
      return this.say(sim, 'confirmed', now);
    }
    const next = NEXT[order.milestone];
    if (!next) {
      const sign_name = PEOPLE[Math.floor(this.random() * PEOPLE.length)]!;
      const res = await this.options.call<ProviderOrderState>('sign', {
        order_no: order.order_no,
        sign_name,
        signed_at: at,
        operator: '司机 马强',
      });
      if (res.code !== 0) return this.refused(sim, 'sign', res, now);
      this.counts.signed++;
      this.apply(sim, res.data);
      return this.say(sim, `signed for by ${sign_name}: finished`, now);
    }
    const location =
      next === 'picked_up'
        ? order.from_city
        : next === 'delivered'
          ? order.to_city
          : next === 'out_for_delivery'
            ? `${order.to_city} 配送站`
            : `${order.from_city}—${order.to_city}`;
    const res = await this.options.call<ProviderOrderState>('milestone', {
      order_no: order.order_no,
      milestone: next,
      at,
      location,
      operator: '司机 马强',
    });
    if (res.code !== 0) return this.refused(sim, 'milestone', res, now);
    this.counts.milestones++;
    this.apply(sim, res.data);
    const [from] = PROGRESS[next] ?? [sim.progress];
    sim.progress = Math.max(sim.progress, from);
    this.say(sim, `${next} (${location})`, now);
  }

  private async answer(sim: SimOrder, now: number): Promise<void> {
    const request = sim.order.modification;
    sim.answerAt = null;
    if (!request) return;
    const accept = this.random() < 0.7;
    const res = await this.options.call<ProviderOrderState>('answer-modify', {
      order_no: sim.order.order_no,
      id: request.id,
      accept,
      answer: accept ? '已安排' : '货物已在途，无法修改',
      operator: '客服 许可',
    });
    if (res.code !== 0) return this.refused(sim, 'answer-modify', res, now);
    this.counts.answered++;
    sim.order = { ...sim.order, modification: null };
    this.apply(sim, res.data);
    this.say(sim, `${request.kind} request ${accept ? 'accepted' : 'rejected'} → ${res.data.status}`, now);
  }

  private async readings(sim: SimOrder, now: number): Promise<void> {
    const { order } = sim;
    if (order.status !== 'not_finished' || !MOVING.includes(order.milestone)) return;
    const tick = (this.ticks.get(order.order_no) ?? 0) + 1;
    this.ticks.set(order.order_no, tick);
    const limits = TEMP_LIMITS[order.temp_class];
    if (!sim.excursion && tick === 2 && order.temp_class === 'chilled' && this.planned.length > 0)
      sim.excursion = this.excursion(this.planned.shift()!);
    else if (!sim.excursion && this.random() < 0.01)
      sim.excursion = this.excursion(limits.min !== null && this.random() < 0.3 ? 'cold' : 'warm');
    for (const logger_id of order.loggers) {
      const normal = BASE[order.temp_class] + this.between(-0.8, 0.8);
      const off = sim.excursion && logger_id === order.loggers[0] ? sim.excursion : null;
      const celsius = !off
        ? normal
        : off.kind === 'cold' && limits.min !== null
          ? limits.min - off.by * this.between(0.8, 1.1)
          : (limits.max ?? BASE[order.temp_class]) + off.by * this.between(0.8, 1.1);
      const res = await this.options.call<StoredAnswer>('readings', {
        order_no: order.order_no,
        logger_id,
        readings: [{ at: new Date(now).toISOString(), celsius: Math.round(celsius * 10) / 10 }],
      });
      if (res.code !== 0) return this.refused(sim, 'readings', res, now);
      this.counts.readings += res.data.stored;
      if (res.data.excursion !== sim.order.excursion)
        this.say(sim, `excursion ${res.data.excursion} (${logger_id})`, now);
      if (res.data.case_no) {
        this.counts.cases++;
        this.say(sim, `excursion case ${res.data.case_no} opened (${logger_id})`, now);
      }
      sim.order = { ...sim.order, excursion: res.data.excursion };
    }
    if (sim.excursion && --sim.excursion.left <= 0) sim.excursion = null;
  }

  /**
   * An excursion of some readings: warm goes 1.5–8 °C past the upper limit (9.5–16 °C for
   * chilled goods: within the demo's 8–25 °C budget), cold 1.5–3 °C below the lower one (a
   * freeze, beyond any chilled product's budget) for longer, so its minutes out count.
   */
  private excursion(kind: ExcursionKind): NonNullable<SimOrder['excursion']> {
    return kind === 'cold'
      ? { kind, left: Math.round(this.between(12, 20)), by: this.between(1.5, 3) }
      : { kind, left: Math.round(this.between(8, 14)), by: this.between(1.5, 8) };
  }

  private async track(sim: SimOrder, now: number): Promise<void> {
    const { order } = sim;
    if (
      order.status !== 'not_finished' ||
      !MOVING.includes(order.milestone) ||
      order.milestone === 'delivered'
    )
      return;
    const a = CITY_COORDS[order.from_city.replace(/市$/, '')];
    const z = CITY_COORDS[order.to_city.replace(/市$/, '')];
    if (!a || !z) return;
    const [, until] = PROGRESS[order.milestone] ?? [0, 1];
    sim.progress = Math.min(until, sim.progress + this.between(0.01, 0.04));
    const jitter = () => this.between(-0.005, 0.005);
    const res = await this.options.call<StoredAnswer>('track', {
      order_no: order.order_no,
      points: [
        {
          at: new Date(now).toISOString(),
          lat: Math.round((a[0] + (z[0] - a[0]) * sim.progress + jitter()) * 1e5) / 1e5,
          lng: Math.round((a[1] + (z[1] - a[1]) * sim.progress + jitter()) * 1e5) / 1e5,
        },
      ],
    });
    if (res.code !== 0) return this.refused(sim, 'track', res, now);
    this.counts.trackPoints += res.data.stored;
  }
}

/** The provider's note on closing a case, by its decision. */
const CLOSE_NOTES: Record<ProviderDecision['decision'], string> = {
  release: '货物已在目的地放行入库',
  quarantine: '货物已在目的地隔离存放',
  destroy: '货物已按规定销毁，销毁记录已归档',
  return: '货物已退回仓库',
};

/** The simulation cannot go on (wrong secret, the portal refuses the list). */
export class SimulationStopped extends Error {
  override name = 'SimulationStopped';
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const activeArg = args.indexOf('--orders');
  const active = activeArg >= 0 ? Number(args[activeArg + 1]) : 12;
  if (!Number.isInteger(active) || active < 1 || args.some((a) => a.startsWith('--') && a !== '--orders')) {
    console.error('usage: npm run simulate -- [--orders <how many move at once, default 12>]');
    return 2;
  }
  const url = process.env.PORTAL_URL?.trim() || 'http://127.0.0.1:8080';
  const secret = process.env.INTEGRATION_SECRET?.trim();
  if (!secret) {
    console.error('INTEGRATION_SECRET is not set: give the simulator the same secret as the running portal.');
    return 2;
  }
  const sim = new Simulator({ call: providerClient({ url, secret }), log: (l) => console.log(l), active });
  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stop.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stop.signal.addEventListener('abort', done);
    });
  console.log(`Simulating the provider against ${url} (${active} orders at a time); Ctrl-C stops.`);
  let lastRefresh = 0;
  while (!stop.signal.aborted) {
    try {
      const now = Date.now();
      if (now - lastRefresh >= 30_000 || sim.moving.length < active / 2) {
        lastRefresh = now;
        await sim.refresh(now);
        if (sim.moving.length === 0)
          console.log('No orders wait for confirmation or are in progress; looking again in 30 s.');
      }
      await sim.tick(now);
    } catch (error) {
      if (error instanceof SimulationStopped) {
        console.error(`${error.message}\nIs INTEGRATION_SECRET the same as the portal's?`);
        return 1;
      }
      if (!(error instanceof PortalUnreachable)) throw error;
      console.error(`${error.message}; trying again in 5 s (start it with INTEGRATION_SECRET=… npm start).`);
      await sleep(4000);
    }
    await sleep(1000);
  }
  const c = sim.counts;
  console.log(
    `\nStopped. Confirmed ${c.confirmed}, milestones ${c.milestones}, signed ${c.signed}, answered ${c.answered}, ` +
      `${c.readings} readings, ${c.trackPoints} track points, ${c.cases} excursion cases opened, ` +
      `${c.closed} closed, ${c.refused} refused.`,
  );
  return 0;
}

const script = process.argv[1];
if (script && import.meta.url === pathToFileURL(path.resolve(script)).href) process.exit(await main());
