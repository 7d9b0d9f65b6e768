import type { Page } from '@playwright/test';

/**
 * A screenshot for a person to look at (`LOOK=1 npx playwright test <spec>` writes them to
 * test-results/look/<name>.png). Off otherwise: no test reads them, and each one is a PNG encoded
 * by the browser (0.4 core-s a full page), which `npm test` has no use for.
 */
export async function look(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.LOOK) return;
  await page.screenshot({ path: `test-results/look/${name}.png`, ...options });
}
