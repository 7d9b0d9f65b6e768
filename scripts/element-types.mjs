import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateJsxTypes } from 'custom-element-jsx-integration';
import { generateVuejsTypes } from 'custom-element-vuejs-integration';

/**
 * The types a page's own code imports, from custom-elements.json (docs/embedding.md, "Types"):
 * - `<tag>.d.ts`: the element's class (its properties, methods and typed `addEventListener`) and
 *   its entry in `HTMLElementTagNameMap` (`document.querySelector('lp-chat-widget')`, Angular's
 *   `ElementRef<LpChatWidget>`); `index.d.ts` re-exports them all;
 * - `react.d.ts`: React 19's JSX (`React.JSX.IntrinsicElements`), from custom-element-jsx-integration;
 * - `vue.d.ts`: Vue 3's `GlobalComponents`, from custom-element-vuejs-integration;
 * - `svelte.d.ts`: Svelte 5's `SvelteHTMLElements`, with the JSX file's props (`onlp-…` is also
 *   Svelte 5's way to listen; custom-element-svelte-integration writes Svelte 4's `on:` and `JSX`).
 * Written to dist/embed/types/ (served at /embed/types/) by `npm run build`.
 */

const HEADER = '// Generated from custom-elements.json by scripts/element-types.mjs: do not edit.\n';

/** The manifest's custom elements, each with its module's path. */
export function elementsOf(manifest) {
  return (manifest.modules ?? []).flatMap((mod) =>
    (mod.declarations ?? [])
      .filter((d) => d.customElement && d.tagName)
      .map((d) => ({ ...d, path: mod.path })),
  );
}

const comment = (text, indent = '') => {
  if (!text) return '';
  const lines = text.replace(/\*\//g, '*\\/').split('\n');
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`.trimEnd()).join('\n')}\n${indent} */\n`;
};

const isPublic = (member) =>
  !member.static &&
  member.privacy !== 'private' &&
  member.privacy !== 'protected' &&
  !member.name.startsWith('#');

function memberLine(member) {
  if (member.kind === 'field') {
    const readonly = member.readonly ? 'readonly ' : '';
    return `${comment(member.description, '  ')}  ${readonly}${member.name}: ${member.type?.text ?? 'unknown'};`;
  }
  const parameters = (member.parameters ?? [])
    .map((p) => `${p.rest ? '...' : ''}${p.name}${p.optional ? '?' : ''}: ${p.type?.text ?? 'unknown'}`)
    .join(', ');
  return `${comment(member.description, '  ')}  ${member.name}(${parameters}): ${member.return?.type?.text ?? 'void'};`;
}

const listenerOverloads = (name, map) =>
  ['addEventListener', 'removeEventListener']
    .map((method) => {
      const options =
        method === 'addEventListener'
          ? 'boolean | AddEventListenerOptions'
          : 'boolean | EventListenerOptions';
      return [
        `  ${method}<K extends keyof ${map}>(type: K, listener: (this: ${name}, event: ${map}[K]) => unknown, options?: ${options}): void;`,
        `  ${method}(type: string, listener: EventListenerOrEventListenerObject, options?: ${options}): void;`,
      ].join('\n');
    })
    .join('\n');

/** The `.d.ts` of one element: its class, its events' map and its tag. */
export function elementDeclaration(element) {
  const map = `${element.name}EventMap`;
  const events = (element.events ?? [])
    .map((e) => `${comment(e.description, '  ')}  '${e.name}': CustomEvent<${e.type?.text ?? 'unknown'}>;`)
    .join('\n');
  const members = (element.members ?? []).filter(isPublic).map(memberLine).join('\n');
  const doc = [element.summary, element.description].filter(Boolean).join('\n\n');
  return `${HEADER}
/** The events of \`<${element.tagName}>\` (\`event.detail\` is their data), with an HTML element's own. */
export interface ${map} extends HTMLElementEventMap {
${events}
}

${comment(`${doc}\n\n\`<${element.tagName}>\`: load \`/embed/${element.tagName}.js\` to define it.`)}export declare class ${element.name} extends HTMLElement {
${members}
${listenerOverloads(element.name, map)}
}

declare global {
  interface HTMLElementTagNameMap {
    '${element.tagName}': ${element.name};
  }
}
`;
}

/**
 * The manifest the framework generators read: without read-only properties (the chat launcher's
 * `updateComplete`, the order status's `zone`), which a template cannot set. The classes'
 * declarations keep them, `readonly`.
 */
export function settableOnly(manifest) {
  return {
    ...manifest,
    modules: (manifest.modules ?? []).map((mod) => ({
      ...mod,
      declarations: (mod.declarations ?? []).map((d) =>
        d.customElement && d.members
          ? { ...d, members: d.members.filter((m) => !(m.kind === 'field' && m.readonly)) }
          : d,
      ),
    })),
  };
}

/** Writes every file of dist/embed/types from `manifest` into `outDir`; returns the file names. */
export function writeElementTypes(manifest, outDir) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const elements = elementsOf(manifest);
  const files = [];
  for (const element of elements) {
    writeFileSync(path.join(outDir, `${element.tagName}.d.ts`), elementDeclaration(element));
    files.push(`${element.tagName}.d.ts`);
  }
  writeFileSync(
    path.join(outDir, 'index.d.ts'),
    `${HEADER}${elements.map((e) => `export * from './${e.tagName}.js';`).join('\n')}\n`,
  );
  const generated = { globalTypePath: './index.js', outdir: outDir, hideLogs: true };
  generateJsxTypes(settableOnly(manifest), { ...generated, fileName: 'jsx.d.ts' });
  writeFileSync(
    path.join(outDir, 'react.d.ts'),
    `${HEADER}import type { CustomElements } from './jsx.js';

/** React 19: the elements' attributes, properties and \`on<event>\` handlers in JSX. */
declare module 'react' {
  namespace JSX {
    interface IntrinsicElements extends CustomElements {}
  }
}
`,
  );
  generateVuejsTypes(settableOnly(manifest), { ...generated, fileName: 'vue.d.ts' });
  writeFileSync(
    path.join(outDir, 'svelte.d.ts'),
    `${HEADER}import type { HTMLAttributes } from 'svelte/elements';
import type { ${elements.map((e) => e.name).join(', ')} } from './index.js';
import type { ${elements.map((e) => `${e.name}Props`).join(', ')} } from './jsx.js';

/** Svelte 5: the elements' attributes, properties and \`on<event>\` handlers in markup. */
declare module 'svelte/elements' {
  interface SvelteHTMLElements {
${elements.map((e) => `    '${e.tagName}': HTMLAttributes<${e.name}> & ${e.name}Props;`).join('\n')}
  }
}
`,
  );
  files.push('index.d.ts', 'jsx.d.ts', 'react.d.ts', 'vue.d.ts', 'svelte.d.ts');
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const files = writeElementTypes(manifest, path.join('dist', 'embed', 'types'));
  console.log(`element types: ${files.length} files in dist/embed/types/`);
}
