import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  POSTED_MILESTONES,
  type OpenOrdersAnswer,
  type ProviderOrderState,
  type StoredAnswer,
} from '../src/contract/provider/schemas.ts';
import type { ReorderLevelsAnswer } from '../src/contract/inventory/schemas.ts';
import type { StationSyncAnswer } from '../src/contract/stations/schemas.ts';
import type { SupplierLinkIssued } from '../src/contract/supplier/schemas.ts';
import { type Envelope, PortalUnreachable, providerClient } from './areas/provider/client.ts';

export const PROVIDER_USAGE = `usage: npm run provider -- <command> …   (the provider's side of orders, against a running portal)

  open                                         the orders waiting for confirmation or in progress
  confirm <order_no>                           pending_confirm → not_finished
  milestone <order_no> <milestone> [--location <text>] [--at <ISO time>]
                                               ${POSTED_MILESTONES.join(', ')} (in this order)
  readings <order_no> <logger_id> <°C> [<°C> …] [--every <minutes>]
                                               readings ending now, --every minutes apart (default 5)
  sign <order_no> <sign_name> [--at <ISO time>] not_finished → finished
  answer-modify <order_no> <request_id> accept|reject [answer]
                                               answer the customer's change or cancel request
  stations <file.json>                         send the whole list of stations and depots (/station):
                                               a JSON list (or {stations: […]}) as docs/api.md describes
  reorder-levels <in_id>=<level>|none …        set (or clear) stock lines' reorder levels, in each
                                               line's unit: at or under it a line is running low
  supplier-link <order_no> pickup|delivery <party name> [--hours <1–720>]
                                               a signed link for a carrier or supplier to confirm,
                                               propose another time or decline the task (default 72 h)

settings: PORTAL_URL (default http://127.0.0.1:8080) and INTEGRATION_SECRET (the portal's own)`;

export interface ProviderCliIo {
  env: Record<string, string | undefined>;
  out: (line: string) => void;
  err: (line: string) => void;
  /** The current time (tests move it). */
  now?: () => Date;
}

class Usage extends Error {}

/** Splits `--name value` options from the positional arguments. */
function parse(args: string[]): { positional: string[]; flags: Map<string, string> } {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg.startsWith('--')) {
      const value = args[i + 1];
      if (value === undefined) throw new Usage(`${arg} needs a value`);
      flags.set(arg.slice(2), value);
      i++;
    } else positional.push(arg);
  }
  return { positional, flags };
}

const describe = (s: ProviderOrderState) =>
  `${s.order_no}: ${s.status}, milestone ${s.milestone}, excursion ${s.excursion}, version ${s.version}`;

/** Runs one provider command; answers the exit status (0 done, 1 refused or failed, 2 usage). */
export async function runProviderCli(argv: string[], io: ProviderCliIo): Promise<number> {
  const [command, ...rest] = argv;
  const now = io.now ?? (() => new Date());
  const url = io.env.PORTAL_URL?.trim() || 'http://127.0.0.1:8080';
  const secret = io.env.INTEGRATION_SECRET?.trim();
  if (!command || command === 'help' || command === '--help') {
    io.out(PROVIDER_USAGE);
    return command ? 0 : 2;
  }
  if (!secret) {
    io.err('INTEGRATION_SECRET is not set: give this command the same secret as the running portal.');
    return 2;
  }
  const call = providerClient({ url, secret, clock: () => Math.floor(now().getTime() / 1000) });
  try {
    const { positional: p, flags } = parse(rest);
    const need = (n: number) => {
      if (p.length < n) throw new Usage(`${command} needs ${n} argument${n > 1 ? 's' : ''}`);
    };
    const at = () => {
      const given = flags.get('at');
      if (given && Number.isNaN(Date.parse(given))) throw new Usage(`--at ${given} is not a time`);
      return given ? new Date(given).toISOString() : now().toISOString();
    };
    let answer: Envelope;
    switch (command) {
      case 'open':
        answer = await call('open-orders', { nonce: String(now().getTime()) });
        break;
      case 'confirm':
        need(1);
        answer = await call('confirm', { order_no: p[0] });
        break;
      case 'milestone':
        need(2);
        answer = await call('milestone', {
          order_no: p[0],
          milestone: p[1],
          at: at(),
          location: flags.get('location') ?? '',
        });
        break;
      case 'readings': {
        need(3);
        const values = p.slice(2).map(Number);
        if (values.some((c) => !Number.isFinite(c))) throw new Usage('readings are numbers in °C');
        const every = Number(flags.get('every') ?? 5);
        if (!(every > 0)) throw new Usage('--every is a number of minutes above 0');
        const end = now().getTime();
        answer = await call('readings', {
          order_no: p[0],
          logger_id: p[1],
          readings: values.map((celsius, i) => ({
            at: new Date(end - (values.length - 1 - i) * every * 60_000).toISOString(),
            celsius,
          })),
        });
        break;
      }
      case 'sign':
        need(2);
        answer = await call('sign', { order_no: p[0], sign_name: p[1], signed_at: at() });
        break;
      case 'answer-modify': {
        need(3);
        const id = Number(p[1]);
        if (!Number.isInteger(id) || id < 1) throw new Usage('request_id is a whole number');
        if (p[2] !== 'accept' && p[2] !== 'reject') throw new Usage('say accept or reject');
        answer = await call('answer-modify', {
          order_no: p[0],
          id,
          accept: p[2] === 'accept',
          answer: p.slice(3).join(' '),
        });
        break;
      }
      case 'stations': {
        need(1);
        let parsed: unknown;
        try {
          parsed = JSON.parse(await readFile(p[0]!, 'utf8'));
        } catch (error) {
          throw new Usage(`${p[0]} is not a readable JSON file (${(error as Error).message})`);
        }
        const stations = Array.isArray(parsed) ? parsed : (parsed as { stations?: unknown } | null)?.stations;
        if (!Array.isArray(stations)) throw new Usage(`${p[0]} holds no list of stations`);
        answer = await call('station-sync', { stations });
        break;
      }
      case 'reorder-levels': {
        need(1);
        const levels = p.map((pair) => {
          const [id, level] = pair.split('=');
          const inId = Number(id);
          const low = level === 'none' ? null : Number(level);
          if (
            !Number.isInteger(inId) ||
            inId < 1 ||
            level === undefined ||
            (low !== null && !Number.isFinite(low))
          )
            throw new Usage(`${pair}: say <in_id>=<level> or <in_id>=none`);
          return { in_id: inId, low_level: low };
        });
        answer = await call('reorder-levels', { levels });
        break;
      }
      case 'supplier-link': {
        need(3);
        if (p[1] !== 'pickup' && p[1] !== 'delivery') throw new Usage('say pickup or delivery');
        const hours = flags.has('hours') ? Number(flags.get('hours')) : undefined;
        if (hours !== undefined && !Number.isInteger(hours)) throw new Usage('--hours is a whole number');
        answer = await call('supplier-link', {
          order_no: p[0],
          task: p[1],
          party: p.slice(2).join(' '),
          ...(hours !== undefined ? { hours } : {}),
        });
        if (answer.code === 0) {
          const issued = answer.data as SupplierLinkIssued;
          io.out(`${url.replace(/\/+$/, '')}${issued.path}`);
          io.out(`valid until ${issued.expires_at}; it takes one answer`);
          return 0;
        }
        break;
      }
      default:
        throw new Usage(`unknown command: ${command}`);
    }
    return report(command, answer, io);
  } catch (error) {
    if (error instanceof Usage) {
      io.err(error.message);
      io.err(PROVIDER_USAGE);
      return 2;
    }
    if (error instanceof PortalUnreachable) {
      io.err(`${error.message}: start it (INTEGRATION_SECRET=… npm start) or set PORTAL_URL.`);
      return 1;
    }
    throw error;
  }
}

function report(command: string, answer: Envelope, io: ProviderCliIo): number {
  if (answer.code !== 0) {
    io.err(`refused (${answer.code}): ${answer.message}`);
    const data = answer.data as Partial<ProviderOrderState> | Record<string, string> | null;
    if (answer.code === 409 && data && 'status' in data)
      io.err(`the order now: ${describe(data as ProviderOrderState)}`);
    else if (answer.code === 422 && data)
      for (const [field, why] of Object.entries(data)) io.err(`  ${field}: ${String(why)}`);
    else if (answer.code === 404 && data && 'missing' in data)
      io.err(`  no such line: ${(data as unknown as { missing: number[] }).missing.join(', ')}`);
    if (answer.code === 403) io.err("Is INTEGRATION_SECRET the same as the portal's?");
    return 1;
  }
  if (command === 'stations') {
    const { added, updated, hidden } = answer.data as StationSyncAnswer;
    io.out(`stations: ${added} added, ${updated} updated, ${hidden} hidden`);
    return 0;
  }
  if (command === 'reorder-levels') {
    io.out(`reorder levels: ${(answer.data as ReorderLevelsAnswer).updated} lines updated`);
    return 0;
  }
  if (command === 'open') {
    const { list } = answer.data as OpenOrdersAnswer;
    if (list.length === 0) io.out('no orders are waiting for confirmation or in progress');
    for (const o of list) {
      const request = o.modification ? `  request #${o.modification.id} (${o.modification.kind})` : '';
      io.out(
        `${o.order_no}  ${o.status.padEnd(15)} ${o.milestone.padEnd(16)} ${o.temp_class.padEnd(11)} ` +
          `${o.from_city} → ${o.to_city}  loggers ${o.loggers.join(', ') || '-'}${request}`,
      );
    }
    return 0;
  }
  const state = answer.data as StoredAnswer;
  io.out(command === 'readings' ? `${describe(state)}; ${state.stored} new readings` : describe(state));
  return 0;
}

const script = process.argv[1];
if (script && import.meta.url === pathToFileURL(path.resolve(script)).href) {
  const status = await runProviderCli(process.argv.slice(2), {
    env: process.env,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
  process.exit(status);
}
