import { existsSync } from 'node:fs';

/**
 * The browser of the element and end-to-end tests: Debian's `chromium-headless-shell` (the
 * headless-only build of Chromium that Playwright itself runs for headless tests), or CHROME_PATH.
 * Against the full Chromium in its headless mode it starts in a quarter of the time and loads a
 * page in about half (a new context, the portal, the login heading: 0.65 s against 1.2–1.5 s;
 * the element tests 167 s against 261 s alone; docs/decisions/test-time.md).
 */
export const chromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium-headless-shell';

/** The full Chromium, for what needs a whole browser (Lighthouse: `npm run bench:lighthouse`). */
export const fullChromiumPath = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Debian's packages of the two (scripts/ensure-chromium.mjs installs what is missing). */
export const chromiumPackages = ['chromium', 'chromium-headless-shell'];

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

/**
 * apt-get waits for another apt-get's lock instead of failing at once: npm test installs Chromium
 * (ensure-chromium.mjs) beside the PostgreSQL step, which installs PostgreSQL when it is missing.
 */
export const APT_WAIT = ['-o', 'DPkg::Lock::Timeout=600'];

export const hasChromium = () => existsSync(chromiumPath) && existsSync(fullChromiumPath);
