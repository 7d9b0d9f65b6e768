import { randomBytes } from 'node:crypto';
import { book, cancel, planShipments, readBack, shipmentOrder } from './booking.ts';
import { registerEndpoint, removeEndpoint, sendTestEvent } from './endpoint.ts';
import { clientToken, portalClient } from './portal.ts';
import { providerSide } from './provider.ts';
import { postTampered, startReceiver } from './receiver.ts';
import { makeClient } from './setup.ts';
import type { Booked, Seen, SimOptions, SimReport } from './types.ts';

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/** One line per webhook: type, order, status (and what changed). */
export function describeEvent(s: Seen): string {
  const d = s.event.data;
  const order = d.order_no ? `${String(d.order_no)} (#${String(d.order_id)})` : '';
  let what = '';
  if (s.event.type === 'order.status_changed') what = `${String(d.previous_status)} → ${String(d.status)}`;
  else if (s.event.type === 'webhook.test') what = String(d.message ?? '');
  else if (d.status !== undefined)
    what = `${String(d.status)}${d.milestone ? `, ${String(d.milestone)}` : ''}`;
  return `${s.event.type.padEnd(22)} ${order.padEnd(24)} ${what.padEnd(30)} ${String(s.latencyMs).padStart(5)} ms after the event`;
}

/**
 * The sponsor's IRT at work against a running portal: gets a token by client credentials, registers
 * its receiver, books shipments (each with its shipment request id as the Idempotency-Key, one sent
 * twice), reads them back, withdraws one, has the provider deliver one, and verifies every webhook
 * that tells it so; a tampered copy of one is refused.
 */
export async function runIrtSim(options: SimOptions, log: (line: string) => void): Promise<SimReport> {
  if (options.orders < 2) throw new Error('--orders must be at least 2');
  const run = randomBytes(3).toString('hex').toUpperCase();
  const receiver = await startReceiver({
    host: options.receiverHost,
    port: options.receiverPort,
    onSeen: (s) => log(`  ⇐ webhook ${describeEvent(s)}`),
    onRefused: (why) => log(`  ⇐ webhook refused (400): ${why}`),
    signal: options.signal,
  });
  const cleanups: Array<() => Promise<void>> = [() => receiver.close()];
  try {
    log(`IRT simulator, run ${run}, portal ${options.url}; webhooks received on ${receiver.url}`);
    let client = options.client;
    if (!client) {
      const made = await makeClient(options.url, options.admin, `IRT simulator ${run}`);
      cleanups.unshift(made.revoke);
      client = { id: made.clientId, secret: made.clientSecret };
      log(
        `API client made as ${options.admin.username}, administrator of ${made.customer}: ${made.clientId} (revoked at the end)`,
      );
    }
    const credentials = client;
    const token = await clientToken(options.url, credentials.id, credentials.secret);
    log(`token: ${token.accessToken.slice(0, 12)}… for ${token.expiresIn / 60} min, scopes ${token.scope}`);
    const api = portalClient(options.url, { Authorization: `Bearer ${token.accessToken}` });

    const endpoint = await registerEndpoint(api, receiver.url);
    receiver.verifyWith(endpoint.secret);
    // with a token of its own: the run's may have expired (15 minutes) while watching
    cleanups.unshift(async () => {
      const fresh = await clientToken(options.url, credentials.id, credentials.secret);
      await removeEndpoint(
        portalClient(options.url, { Authorization: `Bearer ${fresh.accessToken}` }),
        endpoint.id,
      );
    });
    log(
      `webhook endpoint #${endpoint.id} registered (its signing secret kept in memory only; removed at the end)`,
    );
    const testId = await sendTestEvent(api, endpoint.id);
    await receiver.next((s) => s.id === testId, options.waitMs, 'webhook.test');

    const plan = await planShipments(api);
    log(
      `resupplying ${plan.protocol_no}: ${plan.kit}, ${plan.temp_class}, from ${plan.depot} to ${plan.sites.length} sites`,
    );
    const now = new Date();
    const orders = Array.from({ length: options.orders }, (_, i) => shipmentOrder(plan, i + 1, now));
    const keys = orders.map((_, i) => `IRT-${run}-SR${String(i + 1).padStart(3, '0')}`);
    const burstStart = Date.now();
    const booked: Booked[] = [];
    for (const [i, order] of orders.entries()) {
      options.signal?.throwIfAborted();
      const b = await book(api, keys[i]!, order);
      booked.push(b);
      log(
        `  ⇒ booked shipment request ${b.key}: order ${b.order_no} (#${b.id}), ${b.status}, site ${b.site_no}`,
      );
    }
    const repeated = await book(api, keys[0]!, orders[0]!);
    log(
      `  ⇒ ${repeated.key} sent again: order ${repeated.order_no} (#${repeated.id})${repeated.id === booked[0]!.id ? ', the same order, none made twice' : ', A SECOND ORDER'}`,
    );
    const created = await Promise.all(
      booked.map((b) =>
        receiver.next(
          (s) => s.event.type === 'order.created' && s.event.data.order_id === b.id,
          options.waitMs,
          `order.created of ${b.order_no}`,
        ),
      ),
    );
    const burst = {
      webhooks: created.length,
      ms: Math.max(...created.map((s) => s.receivedAt)) - burstStart,
    };
    for (const b of booked) {
      const o = await readBack(api, b.id);
      log(`  ⇒ read back ${o.order_no}: ${o.status}, milestone ${o.milestone}, to ${o.to}`);
    }

    const statusOf = (id: number, status: string) => (s: Seen) =>
      s.event.type === 'order.status_changed' &&
      s.event.data.order_id === id &&
      s.event.data.status === status;
    const withdrawn = booked.at(-1)!;
    await cancel(api, withdrawn.id, `IRT shipment request ${withdrawn.key} withdrawn`);
    log(`  ⇒ withdrew ${withdrawn.key}: order ${withdrawn.order_no} cancelled`);
    await receiver.next(
      statusOf(withdrawn.id, 'cancelled'),
      options.waitMs,
      `cancelled of ${withdrawn.order_no}`,
    );

    const first = booked[0]!;
    if (options.integrationSecret && first.status === 'pending_confirm') {
      const provider = providerSide(options.url, options.integrationSecret);
      log(`  (the provider confirms ${first.order_no}, delivers it and has it signed for)`);
      await provider.confirm(first.order_no);
      await receiver.next(
        statusOf(first.id, 'not_finished'),
        options.waitMs,
        `confirmation of ${first.order_no}`,
      );
      await provider.deliver(first.order_no);
      await receiver.next(
        (s) => s.event.type === 'order.delivered' && s.event.data.order_id === first.id,
        options.waitMs,
        `order.delivered of ${first.order_no}`,
      );
      await provider.sign(first.order_no);
      await receiver.next(statusOf(first.id, 'finished'), options.waitMs, `finished of ${first.order_no}`);
    } else if (first.status !== 'pending_confirm') {
      log(
        `  (${first.order_no} is ${first.status}: a person approves it in the portal before the provider can take it)`,
      );
    } else {
      log(
        '  (no INTEGRATION_SECRET: the provider does not move the orders; give the portal’s to see them delivered)',
      );
    }

    const tamperedStatus = await postTampered(receiver.url, created[0]!);
    log(
      `  ⇒ a tampered copy of ${created[0]!.id} (status changed, signature kept): answered ${tamperedStatus}`,
    );

    const latencies = receiver.seen.map((s) => s.latencyMs).sort((a, b) => a - b);
    const report: SimReport = {
      tokenScope: token.scope,
      booked,
      repeated,
      seen: [...receiver.seen],
      tamperedStatus,
      refused: receiver.refused(),
      duplicates: receiver.duplicates(),
      latency: { p50: pct(latencies, 50), max: latencies.at(-1) ?? 0 },
      burst,
    };
    log(
      `${report.seen.length} webhooks verified, ${report.refused} refused, ${report.duplicates} duplicates; ` +
        `event → received p50 ${report.latency.p50} ms, max ${report.latency.max} ms; ` +
        `${burst.webhooks} bookings' order.created received ${burst.ms} ms after the first booking`,
    );
    if (options.watch && options.signal && !options.signal.aborted) {
      log(
        'watching for more webhooks (approve or move the orders in the portal); Ctrl-C ends the watch and cleans up',
      );
      const signal = options.signal;
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    }
    return report;
  } finally {
    for (const cleanup of cleanups)
      await cleanup().catch((error: Error) => log(`(cleanup: ${error.message})`));
  }
}
