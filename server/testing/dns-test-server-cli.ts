import fs from 'node:fs';
import path from 'node:path';
import { startTestDnsServer } from './dns-test-server.ts';

/**
 * The end-to-end run's DNS server (playwright.config.ts starts it beside the portal, whose
 * `SSO_DNS_SERVERS` names it): dns-test-server.ts on 127.0.0.1 and `DNS_PORT`, answering the TXT
 * records of a name from the file of that name in `DNS_RECORDS_DIR` (one value a line), which the
 * specs write (tests/e2e/helpers/dns.ts): the specs' workers are other processes than this one.
 * Removes the folder as it stops when `REMOVE_RECORDS_DIR_ON_EXIT=1`. Tests only.
 */
const port = Number(process.env.DNS_PORT);
const dir = process.env.DNS_RECORDS_DIR ?? '';
if (!Number.isInteger(port) || port < 1 || !dir) {
  console.error('dns-test-server-cli: DNS_PORT and DNS_RECORDS_DIR are required');
  process.exit(1);
}
fs.mkdirSync(dir, { recursive: true });
const NAME = /^[a-z0-9_.-]{1,253}$/;
const server = await startTestDnsServer({
  port,
  lookup(name) {
    if (!NAME.test(name)) return undefined;
    try {
      return fs
        .readFileSync(path.join(dir, name), 'utf8')
        .split('\n')
        .filter((line) => line !== '');
    } catch {
      return undefined;
    }
  },
});
if (process.env.REMOVE_RECORDS_DIR_ON_EXIT === '1')
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void server.close().then(() => process.exit(0)));
console.log(`test DNS server on ${server.server}, records in ${dir}`);
