import { spawnSync } from 'node:child_process';
import { APT_WAIT, chromiumPackages, chromiumPath, fullChromiumPath, hasChromium } from './chromium.mjs';

/**
 * Browser tests use Debian's Chromium (its headless shell; Lighthouse the full browser). When
 * either is missing, install both with apt-get if we can; otherwise stop and say what to install.
 */
const install = `apt-get install -y ${chromiumPackages.join(' ')}`;
if (!hasChromium()) {
  const canApt = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (canApt && !process.env.CHROME_PATH) {
    console.log(`Chromium not found at ${chromiumPath} or ${fullChromiumPath}: ${install}…`);
    const update = spawnSync('apt-get', [...APT_WAIT, 'update', '-qq'], { stdio: 'inherit' });
    const installed =
      update.status === 0
        ? spawnSync('apt-get', [...APT_WAIT, 'install', '-y', '-qq', ...chromiumPackages], {
            stdio: 'inherit',
            env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
          })
        : update;
    if (installed.status !== 0 || !hasChromium()) {
      console.error(
        `Installing Chromium with apt-get failed. Install it yourself (${install}) or set CHROME_PATH to a Chromium/Chrome binary.`,
      );
      process.exit(1);
    }
  } else {
    console.error(
      `Chromium is needed for the browser tests and was not found at ${chromiumPath} or ${fullChromiumPath}.\n` +
        `Install it (Debian/Ubuntu: sudo ${install}) or set CHROME_PATH to a Chromium or Chrome binary.`,
    );
    process.exit(1);
  }
}
