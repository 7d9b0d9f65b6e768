import { spawnSync } from 'node:child_process';
import { chromiumPath, hasChromium } from './chromium.mjs';

/**
 * Browser tests use Debian's Chromium. When it is missing, install it with apt-get if we can;
 * otherwise stop and say what to install.
 */
if (!hasChromium()) {
  const canApt = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (canApt && !process.env.CHROME_PATH) {
    console.log(`Chromium not found at ${chromiumPath}: installing Debian's chromium with apt-get…`);
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
            stdio: 'inherit',
            env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
          })
        : update;
    if (install.status !== 0 || !hasChromium()) {
      console.error(
        'Installing chromium with apt-get failed. Install it yourself (apt-get install -y chromium) or set CHROME_PATH to a Chromium/Chrome binary.',
      );
      process.exit(1);
    }
  } else {
    console.error(
      `Chromium is needed for the browser tests and was not found at ${chromiumPath}.\n` +
        'Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium or Chrome binary.',
    );
    process.exit(1);
  }
}
