// `npm run new:element -- <name> <zh title> <en title>`: a new React element `<lp-<name>>` in the
// shape every element has (docs/decisions/element-anatomy.md), with its feature, its messages
// area, a Chromium test that passes, and its lines in the lists the checks read:
//
//   elements/<name>/<name>.ts           the element (JSDoc header for the manifest, class, define)
//   elements/<name>/<name>.styles.ts    its own CSS
//   elements/<name>/<name>.test.ts      its test: both languages, no raw key, axe
//   src/features/<name>/<name>.tsx      the React feature it shows (a titled section to start from)
//   src/features/<name>/index.ts
//   src/i18n/messages/<name>.ts         its strings, zh-CN and en
//   src/i18n/areas/<name>.ts            registers them and types their keys
//   CARRIES in src/i18n/areas.test.ts   the areas its bundle carries
//   src/ui/testing/raw-keys.ts          reads the new area's keys
//
// The build finds the element by its folder (rollup, the host's element list, the embeds). What is
// left is printed: the size budget (measured after a build; `npm run size` fails until it has one)
// and, for a page of the portal, its menu entry.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Lower-case words of letters joined by hyphens: each name gives its own identifiers and keys. */
const NAME = /^[a-z]+(-[a-z]+)+$/;

/** `order-notes` → `orderNotes` (the messages' key prefix and the module's import name). */
export const camel = (name) => name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
/** `order-notes` → `OrderNotes` (the feature component's name). */
export const pascal = (name) => camel(name).replace(/^./, (c) => c.toUpperCase());

/** A string literal as the formatter writes it: single quotes, double when the text has a single one. */
const quote = (text) => {
  const escaped = text.replace(/\\/g, '\\\\');
  if (text.includes("'") && !text.includes('"')) return `"${escaped}"`;
  return `'${escaped.replace(/'/g, "\\'")}'`;
};

/** A title fits on one line of a string and of a doc comment. */
const TITLE = /^\P{Cc}{1,60}$/u;

function files(name, zhTitle, enTitle) {
  const key = camel(name);
  const Component = pascal(name);
  const tag = `lp-${name}`;
  return {
    [`elements/${name}/${name}.ts`]: `import { createElement, type ReactNode } from 'react';
import { ${Component} } from '../../src/features/${name}/index.ts';
import { define } from '../kit/define.ts';
import { ReactElement } from '../kit/react-element.ts';
import { ${key}Styles } from './${name}.styles.ts';

/**
 * ${enTitle}: what the user sees and can do here, in one paragraph.
 *
 * @summary ${enTitle}.
 * @tag ${tag}
 *
 * @attr {string} api-base - Base URL of the API for the page's calls (default: \`LP_CONFIG.apiBase\`, else \`/api\`).
 * @attr {'zh-CN' | 'en'} locale - Language of the page's elements (default: the user's saved choice, else zh-CN).
 *
 * @csspart base - The wrapper of the element's content.
 * @cssproperty --lp-color-primary - Theme colour (default #0095A2).
 */
export class Lp${Component} extends ReactElement {
  static override styles = ${key}Styles;

  protected render(): ReactNode {
    return createElement(${Component});
  }
}

define('${tag}', Lp${Component});

declare global {
  interface HTMLElementTagNameMap {
    '${tag}': Lp${Component};
  }
}
`,
    [`elements/${name}/${name}.styles.ts`]: `import { css } from '../../src/ui/css.ts';

/** Own rules of \`<${tag}>\` (tokens and the UI kit come first). */
export const ${key}Styles = css\`
  :host {
    display: block;
    min-width: 0;
  }
  .${name} {
    display: flex;
    flex-direction: column;
    gap: var(--lp-space-4);
  }
\`;
`,
    [`elements/${name}/${name}.test.ts`]: `import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetStores } from '../../src/stores/test-reset.ts';
import { drawn } from '../../src/ui/testing/mount.tsx';
import { rawKeys } from '../../src/ui/testing/raw-keys.ts';
import './${name}.ts';

describe('<${tag}>', () => {
  const placed: HTMLElement[] = [];
  beforeEach(() => resetStores());
  afterEach(() => {
    for (const el of placed.splice(0)) el.remove();
    resetStores();
  });

  async function place(locale: 'zh-CN' | 'en'): Promise<HTMLElement> {
    const el = document.createElement('${tag}');
    el.setAttribute('locale', locale);
    document.body.append(el);
    placed.push(el);
    await drawn(el);
    return el;
  }

  it('shows its title in both languages, with no raw message key and no axe violation', async () => {
    for (const [locale, title] of [
      ['zh-CN', ${quote(zhTitle)}],
      ['en', ${quote(enTitle)}],
    ] as const) {
      const el = await place(locale);
      expect(el.shadowRoot?.querySelector('h2')?.textContent).to.equal(title);
      expect(rawKeys(el)).to.deep.equal([]);
      await expect(el).to.be.accessible();
    }
  });
});
`,
    [`src/features/${name}/${name}.tsx`]: `import { useT } from '../../ui/use-t.ts';
import '../../i18n/areas/${name}.ts';

/** ${enTitle}: the feature \`<${tag}>\` shows. */
export function ${Component}() {
  const t = useT();
  return (
    <section className="${name}" aria-labelledby="${name}-title">
      <h2 id="${name}-title">{t('${key}.title')}</h2>
    </section>
  );
}
`,
    [`src/features/${name}/index.ts`]: `export { ${Component} } from './${name}.tsx';
`,
    [`src/i18n/messages/${name}.ts`]: `/** Messages of \`<${tag}>\` (src/features/${name}). */
export const zh = {
  '${key}.title': ${quote(zhTitle)},
} as const;

export const en: Record<keyof typeof zh, string> = {
  '${key}.title': ${quote(enTitle)},
};
`,
    [`src/i18n/areas/${name}.ts`]: `import * as messages from '../messages/${name}.ts';
import { registerMessages } from '../translate.ts';

type Messages = typeof messages.zh;
declare module '../catalogue.ts' {
  /** This area's keys are message keys (\`t()\` takes them); catalogue.ts says why they are merged here. */
  interface FeatureMessages extends Messages {}
}

/** Imported by every module that names a \`${key}.*\` key (src/features/${name}). */
registerMessages(messages);
`,
  };
}

/**
 * Inserts \`line\` into the list of lines that follows \`start\` in \`text\` and ends before \`end\`,
 * in order of \`order(line)\` (the lines' own order is kept: each list is sorted already).
 */
function insertSorted(text, start, end, line, file, order = (l) => l.trim()) {
  const from = text.indexOf(start);
  const to = from < 0 ? -1 : text.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`${file}: cannot find its list (after "${start.trim()}")`);
  const head = text.slice(0, from + start.length);
  const lines = text.slice(from + start.length, to).split('\n');
  const tail = lines.pop(); // what follows the last line's newline, before \`end\` ('' or indentation)
  if (lines.includes(line)) return text;
  const at = lines.findIndex((l) => l.trim() && order(l) > order(line));
  lines.splice(at < 0 ? lines.length : at, 0, line);
  return `${head}${lines.join('\n')}\n${tail}${text.slice(to)}`;
}

const modulePath = (line) => line.match(/from '([^']+)'/)?.[1] ?? line;

function addToLists(dir, name) {
  const key = camel(name);
  const areasTest = path.join(dir, 'src/i18n/areas.test.ts');
  let code = fs.readFileSync(areasTest, 'utf8');
  code = insertSorted(
    code,
    'const CARRIES: Record<string, string[]> = {\n',
    "  'host/main.tsx'",
    `  'elements/${name}/${name}.ts': ['${name}'],`,
    'src/i18n/areas.test.ts',
  );

  const rawKeysFile = path.join(dir, 'src/ui/testing/raw-keys.ts');
  let rawKeys = fs.readFileSync(rawKeysFile, 'utf8');
  const imports = rawKeys.match(/^(import \* as \w+ from '\.\.\/\.\.\/i18n\/messages\/[\w-]+\.ts';\n)+/);
  if (!imports) throw new Error('src/ui/testing/raw-keys.ts: cannot find its imports of the messages');
  rawKeys = insertSorted(
    rawKeys,
    '',
    rawKeys.slice(imports[0].length),
    `import * as ${key} from '../../i18n/messages/${name}.ts';`,
    'src/ui/testing/raw-keys.ts',
    modulePath,
  );
  rawKeys = insertSorted(
    rawKeys,
    'const PREFIXES = new Set(\n  [\n',
    '].flatMap',
    `    ${key},`,
    'src/ui/testing/raw-keys.ts',
  );
  // Both files are written once both edits have worked: a failed run changes nothing.
  return () => {
    fs.writeFileSync(areasTest, code);
    fs.writeFileSync(rawKeysFile, rawKeys);
  };
}

/**
 * Writes the element's files under `dir` and adds it to the lists; returns the paths written.
 * Refuses a name that is not lower-case words joined by hyphens (a custom element's name needs
 * one) and a name whose element, feature or messages already exist: it never overwrites.
 */
export function newElement(dir, name, zhTitle, enTitle) {
  if (!NAME.test(name))
    throw new Error(
      `"${name}" is not a name for an element: lower-case words joined by hyphens (order-notes)`,
    );
  if (!zhTitle?.trim() || !enTitle?.trim()) throw new Error('both titles are needed: <zh title> <en title>');
  for (const title of [zhTitle.trim(), enTitle.trim()])
    if (!TITLE.test(title) || title.includes('*/'))
      throw new Error(`"${title}" is not a title: one line of at most 60 characters, without "*/"`);
  const planned = files(name, zhTitle.trim(), enTitle.trim());
  const taken = Object.keys(planned).filter((file) => fs.existsSync(path.join(dir, file)));
  if (fs.existsSync(path.join(dir, 'elements', name))) taken.unshift(`elements/${name}/`);
  if (taken.length) throw new Error(`already there: ${taken.join(', ')}`);
  const writeLists = addToLists(dir, name);
  for (const [file, text] of Object.entries(planned)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text, { flag: 'wx' });
  }
  writeLists();
  return Object.keys(planned);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [name, zhTitle, enTitle] = process.argv.slice(2);
  try {
    const written = newElement(root, name ?? '', zhTitle ?? '', enTitle ?? '');
    console.log(`<lp-${name}>:\n${written.map((f) => `  ${f}`).join('\n')}`);
    console.log('  src/i18n/areas.test.ts (CARRIES) and src/ui/testing/raw-keys.ts: its lines added');
    console.log(`
Next:
  npx vitest run --project browser elements/${name}   its test, in Chromium
  npm run build && npm run size   measures embed/lp-${name}.js, and fails until scripts/size-budgets.mjs
                                  has its line (the measured size and a little room, with a comment)
  a page of the portal: its route in the menu seed (server/areas/menu/migrations, a new migration:
                        npm run new:migration -- menu <name>) and its row in docs/decisions/element-anatomy.md`);
  } catch (error) {
    console.error(`new:element: ${error instanceof Error ? error.message : error}`);
    process.exitCode = 1;
  }
}
