// `npm run irt-sim`: a sponsor's IRT/RTSM against a running portal (README "The sponsor's
// systems"; docs/api.md "API clients"). Books shipments with a token of its own and prints every
// webhook it receives and verifies.
import { parseArgs } from 'node:util';
import { EndpointRefused } from './endpoint.ts';
import { Refused } from './portal.ts';
import { runIrtSim } from './run.ts';
import type { SimOptions } from './types.ts';

const USAGE = `usage: npm run irt-sim -- [options]   (a sponsor's IRT against a running portal)

  --url <address>            the portal (default $PORTAL_URL or http://127.0.0.1:8080)
  --client-id <lpc_…>        an API client made in the portal (account menu → API Clients) with the
  --client-secret <lpcs_…>   scopes orders:read, orders:write, inventory:read, webhooks:manage
                             ($IRT_CLIENT_ID, $IRT_CLIENT_SECRET); without them the simulator signs
                             in as an administrator and makes a client for the run (revoked after)
  --username <name>          that administrator (default demo)
  --password <password>      (default the demo's, Demo@2026pass)
  --customer <identifier>    the customer to enter first (default the user's current one)
  --orders <n>               shipments to book, at least 2 (default 3)
  --receiver-host <address>  where the webhook receiver listens (default 127.0.0.1)
  --receiver-port <port>     (default a free one)
  --wait <seconds>           longest wait for one webhook (default 30)
  --watch                    then keep printing webhooks until Ctrl-C (approve or move the orders
                             in the portal to see theirs)

Ctrl-C stops it at any point; it then removes its endpoint and revokes the client it made.

The provider confirms, delivers and signs the first shipment when $INTEGRATION_SECRET is the
portal's. The portal must allow webhooks to the loopback over http (demo only):
  INTEGRATION_SECRET=dev-secret WEBHOOK_ALLOW_PRIVATE=on WEBHOOK_ALLOW_HTTP=on npm start
  INTEGRATION_SECRET=dev-secret npm run irt-sim -- --customer BG-BJ-CO`;

function options(argv: string[], env: NodeJS.ProcessEnv): SimOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      url: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      username: { type: 'string', default: 'demo' },
      password: { type: 'string', default: 'Demo@2026pass' },
      customer: { type: 'string' },
      orders: { type: 'string', default: '3' },
      'receiver-host': { type: 'string', default: '127.0.0.1' },
      'receiver-port': { type: 'string', default: '0' },
      wait: { type: 'string', default: '30' },
      watch: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return null;
  const id = values['client-id'] ?? env.IRT_CLIENT_ID;
  const secret = values['client-secret'] ?? env.IRT_CLIENT_SECRET;
  if (Boolean(id) !== Boolean(secret)) throw new Error('give --client-id and --client-secret together');
  const whole = (name: string, text: string, min: number) => {
    const n = Number(text);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`--${name} must be a whole number of at least ${min}`);
    return n;
  };
  return {
    url: values.url ?? env.PORTAL_URL?.trim() ?? 'http://127.0.0.1:8080',
    client: id && secret ? { id, secret } : undefined,
    admin: { username: values.username, password: values.password, customer: values.customer },
    orders: whole('orders', values.orders, 2),
    integrationSecret: env.INTEGRATION_SECRET?.trim() || undefined,
    receiverHost: values['receiver-host'],
    receiverPort: whole('receiver-port', values['receiver-port'], 0),
    waitMs: whole('wait', values.wait, 1) * 1000,
    watch: values.watch,
  };
}

let parsed: SimOptions | null;
try {
  parsed = options(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  process.exit(2);
}
if (!parsed) {
  console.log(USAGE);
  process.exit(0);
}
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
try {
  const report = await runIrtSim({ ...parsed, signal: stop.signal }, (line) => console.log(line));
  const once = report.repeated.id === report.booked[0]?.id;
  process.exit(once && report.tamperedStatus === 400 ? 0 : 1);
} catch (error) {
  if (error instanceof EndpointRefused || error instanceof Refused) console.error(error.message);
  else if (error instanceof TypeError && /fetch failed/.test(error.message))
    console.error(`no portal answers at ${parsed.url}: start it first (npm start), or give --url`);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
}
