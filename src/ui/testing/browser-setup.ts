import { chaiA11yAxe } from 'chai-a11y-axe';
import { chai } from 'vitest';
import { commands } from 'vitest/browser';
import './commands.ts';

/**
 * Set-up of every browser test file (vitest.config.ts `setupFiles` of the browser project).
 *
 * Each file starts on empty storage: the files of one worker share a browser context (each file
 * in a frame of its own), so what one left in cookies, localStorage, sessionStorage or IndexedDB
 * (the theme, size and language choices, the offline drafts) is cleared before the next begins.
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
const assertion = chai.Assertion.prototype as unknown as { assert: (...args: unknown[]) => void };
const assert = assertion.assert;
assertion.assert = function (this: unknown, ...args: unknown[]) {
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
};

chai.use(chaiA11yAxe);

localStorage.clear();
sessionStorage.clear();
for (const { name } of await indexedDB.databases()) {
  if (name) indexedDB.deleteDatabase(name);
}
await commands.lpClearCookies();
