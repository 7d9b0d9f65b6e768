import fs from 'node:fs';
import path from 'node:path';

/**
 * Publishes a TXT record on the run's DNS server (server/testing/dns-test-server-cli.ts, which
 * the portal asks: playwright.config.ts), as a domain's owner does at their DNS host: the file of
 * the name in its records folder, one value a line.
 */
export function publishTxt(name: string, values: readonly string[]): void {
  const dir = process.env.LP_E2E_DNS_DIR;
  if (!dir) throw new Error('publishTxt: LP_E2E_DNS_DIR is not set (playwright.config.ts sets it)');
  const file = path.join(dir, name.toLowerCase());
  // written whole, then renamed: the server never reads half a file
  fs.writeFileSync(`${file}.tmp`, `${values.join('\n')}\n`);
  fs.renameSync(`${file}.tmp`, file);
}
