import { existsSync } from 'node:fs';

/** The system Chromium used by every browser test (Debian's package, or CHROME_PATH). */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Flags for headless Chromium on a machine without a sandbox, GPU or outside network. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export const hasChromium = () => existsSync(chromiumPath);
