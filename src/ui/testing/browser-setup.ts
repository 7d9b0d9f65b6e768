import { chaiA11yAxe } from 'chai-a11y-axe';
import { afterEach, beforeEach, chai } from 'vitest';
import { commands, page } from 'vitest/browser';
import { clockTestEnds, clockTestStarts } from './clock.ts';
import './commands.ts';
import { cleanup } from './mount.tsx';

/**
 * Set-up of every browser test file (vitest.config.ts `setupFiles` of the browser project). The
 * files of a run share one page and its modules (the project's `isolate: false`), and this runs
 * again before each of them.
 *
 * Each file starts on an empty page and empty storage: the files share the page, so what one left
 * in the body (an element, a toast region in the top layer), cookies, localStorage, sessionStorage
 * or IndexedDB (the theme, size and language choices, the offline drafts) is cleared before the
 * next begins.
 *
 * `expect(element).to.be.accessible()` runs axe (chai-a11y-axe).
 *
 * A failed assertion keeps its `actual` and `expected` values, which the reporter and the
 * test runner stringify to report them. A DOM node rendered by React carries the fiber tree, and with it the whole
 * page's state: serializing it failed ("Converting circular structure to JSON") or took long
 * enough for the file to "not finish". The values are replaced by plain descriptions (a node by
 * its tag, id and classes) as the assertion fails; the assertion's message already says them.
 */

const MAX_DEPTH = 3;
const MAX_ITEMS = 50;

/** A JSON-safe copy of `value`: nodes named, plain containers copied a few levels deep. */
export function reportable(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') {
    return typeof value === 'function' ? `[function ${value.name || 'anonymous'}]` : value;
  }
  if (value instanceof Node) return describeNode(value);
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[array]' : '[object]';
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map((item) => reportable(item, depth + 1));
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null) {
    return `[${(value as object).constructor?.name ?? 'object'}]`;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).slice(0, MAX_ITEMS)) {
    out[key] = reportable((value as Record<string, unknown>)[key], depth + 1);
  }
  return out;
}

function describeNode(node: Node): string {
  if (!(node instanceof Element)) return `[${node.nodeName}]`;
  const id = node.id ? `#${node.id}` : '';
  const classes = [...node.classList].map((c) => `.${c}`).join('');
  return `<${node.localName}${id}${classes}>`;
}

// chai builds the assertion's message from the values, then throws: the thrown error carries
// plain copies of them, before the reporter (which stringifies them) sees it.
const assertion = chai.Assertion.prototype as unknown as {
  assert: ((...args: unknown[]) => void) & { reportable?: true };
};
const assert = assertion.assert;
if (!assert.reportable)
  assertion.assert = Object.assign(
    function (this: unknown, ...args: unknown[]) {
      try {
        assert.apply(this, args);
      } catch (error) {
        if (error && typeof error === 'object') {
          const failure = error as { actual?: unknown; expected?: unknown };
          if ('actual' in failure) failure.actual = reportable(failure.actual);
          if ('expected' in failure) failure.expected = reportable(failure.expected);
        }
        throw error;
      }
    },
    { reportable: true as const },
  );

chai.use(chaiA11yAxe);

// The fake clock (clock.ts) of each test of this file.
beforeEach(clockTestStarts);
afterEach(clockTestEnds);

// What an earlier file left on the shared page goes: its React trees and elements…
cleanup();
document.body.replaceChildren();
// …and the page's size (a file that sized it for a phone), and the mouse (pressed, or left where
// the next file's first event would start from).
await page.viewport(1280, 720);
await commands.lpResetMouse();
localStorage.clear();
sessionStorage.clear();
for (const { name } of await indexedDB.databases()) {
  if (name) indexedDB.deleteDatabase(name);
}
await commands.lpClearCookies();
