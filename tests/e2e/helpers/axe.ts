import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/**
 * Runs axe-core on the page (WCAG 2.1 A/AA and best practices) and expects no violation, once the
 * page's running animations have ended. Only violations are collected: the passes' details cost
 * axe about a tenth of its time and nothing reads them. The page's CSP allows no foreign script:
 * the context must be created with `bypassCSP: true`.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // What axe reads (contrast, visibility) is the page at rest, not a frame of a menu's fade-in.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.addScriptTag({ path: require.resolve('axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<unknown> } }
    ).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      resultTypes: ['violations'],
    })) as { violations: unknown[] };
    return result.violations;
  });
  const summary = (violations as AxeViolation[]).map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  );
  expect(summary).toEqual([]);
}
