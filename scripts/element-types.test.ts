import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateJsxTypes } from '@wc-toolkit/jsx-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailType, toField } from './cem-plugin.mjs';
import { elementsOf, writeElementTypes } from './element-types.mjs';

/**
 * custom-elements.json as `npm run build` makes it (the analyzer with scripts/cem-plugin.mjs), and
 * the types made from it (scripts/element-types.mjs), checked the way an integrator would use
 * them: consumer pages of React 19, plain TypeScript and Vue 3 (scripts/fixtures/element-types/)
 * compile against the types, and each mistake planted in them (`@ts-expect-error`) is caught.
 */

interface Member {
  kind: string;
  name: string;
  privacy?: string;
  static?: boolean;
  attribute?: string;
  type?: { text: string };
}
interface Element {
  tagName: string;
  name: string;
  superclass?: { name: string };
  members?: Member[];
  attributes?: Array<{ name: string; fieldName?: string; type?: { text: string } }>;
  events?: Array<{ name: string; type?: { text: string } }>;
}
interface Manifest {
  modules: Array<{ path: string; declarations?: unknown[] }>;
}

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.resolve(import.meta.dirname, 'fixtures', 'element-types');
let dir = '';
let manifest: Manifest;
let elements: Element[];

beforeAll(() => {
  // under node_modules, so that a page copied there finds React's and Vue's types as ours does
  mkdirSync(path.join(root, 'node_modules', '.cache'), { recursive: true });
  dir = mkdtempSync(path.join(root, 'node_modules', '.cache', 'lp-element-types-'));
  // the analyzer joins its outdir to the working folder
  const run = spawnSync('npx', ['cem', 'analyze', '--outdir', path.relative(root, dir)], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`cem analyze failed: ${run.stderr}`);
  manifest = JSON.parse(readFileSync(path.join(dir, 'custom-elements.json'), 'utf8')) as Manifest;
  elements = elementsOf(manifest) as Element[];
  writeElementTypes(manifest, path.join(dir, 'types'));
  // a community generator we do not ship, on the same manifest: React 19's JSX by @wc-toolkit/jsx-types,
  // its props typed from the manifest, its element classes from our .d.ts files
  // (a copy: the generator writes into the manifest it is given)
  generateJsxTypes(structuredClone(manifest) as Parameters<typeof generateJsxTypes>[0], {
    outdir: path.join(dir, 'types'),
    fileName: 'wc-toolkit-jsx.d.ts',
    useCemTypes: true,
    componentTypePath: (_name, tag) => `./${tag}.js`,
  });
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * The errors of compiling `files` against the generated types (`lp-elements/*`) with the
 * project's compiler (TypeScript 7: a program, not a JavaScript API), strict, libraries checked.
 */
function compile(files: string[]): string[] {
  const config = path.join(dir, `tsconfig.${path.basename(files[0] ?? 'none')}.json`);
  writeFileSync(
    config,
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        lib: ['es2022', 'dom'],
        jsx: 'react-jsx',
        types: [],
        skipLibCheck: false,
        paths: { 'lp-elements': ['./types/index.d.ts'], 'lp-elements/*': ['./types/*.d.ts'] },
      },
      files: files.map((f) => (path.isAbsolute(f) ? f : path.join(fixtures, f))),
    }),
  );
  const run = spawnSync(path.join(root, 'node_modules', '.bin', 'tsc'), ['-p', config, '--pretty', 'false'], {
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  return `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.trim() !== '');
}

const planted = (file: string) =>
  (readFileSync(path.join(fixtures, file), 'utf8').match(/@ts-expect-error/g) ?? []).length;

describe('custom-elements.json', () => {
  it('names the property of every attribute, and the attribute of that property', () => {
    const attributes = elements.flatMap((e) => (e.attributes ?? []).map((a) => ({ e, a })));
    expect(attributes.length).toBeGreaterThan(90);
    for (const { e, a } of attributes) {
      const field = e.members?.find((m) => m.kind === 'field' && m.name === a.fieldName);
      expect(field, `${e.tagName} ${a.name}`).toBeDefined();
      expect(field?.attribute).toBe(a.name);
      expect(field?.privacy).not.toBe('private');
    }
  });

  it("lists a React element's properties, its base class's two included", () => {
    const list = elements.find((e) => e.tagName === 'lp-order-list');
    const fields = new Map(list?.members?.filter((m) => m.kind === 'field').map((m) => [m.name, m]));
    expect(list?.superclass?.name).toBe('ReactElement');
    expect(fields.get('apiBase')?.type?.text).toBe('string | null');
    expect(fields.get('locale')?.type?.text).toBe("'zh-CN' | 'en' | null");
    expect(fields.get('noAddressSync')?.type?.text).toBe('boolean');
    // the store getter is @internal, the statics are implementation
    expect(fields.has('list')).toBe(false);
    expect(list?.members?.some((m) => m.static)).toBe(false);
  });

  it("keeps an element's internal state private and gives events their detail's type", () => {
    const chat = elements.find((e) => e.tagName === 'lp-chat-widget');
    // the plain launcher's state is a #private field, not a property
    expect(chat?.members?.find((m) => m.name === '#point')?.privacy).toBe('private');
    expect(chat?.members?.some((m) => m.name === 'point')).toBe(false);
    // …and its members are the accessors and methods of its API, typed as before
    expect(
      chat?.members
        ?.filter((m) => !m.name.startsWith('#'))
        .map((m) => `${m.name}: ${m.type?.text ?? m.kind}`),
    ).toEqual([
      'apiBase: string | null',
      "locale: 'zh-CN' | 'en' | null",
      "position: 'bottom-right' | 'bottom-left' | null",
      'open: boolean',
      'updateComplete: Promise<boolean>',
      'show: method',
      'close: method',
    ]);
    expect(chat?.members?.find((m) => m.name === 'position')?.type?.text).toBe(
      "'bottom-right' | 'bottom-left' | null",
    );
    expect(chat?.events?.find((e) => e.name === 'lp-chat-toggle')?.type?.text).toBe('{ open: boolean }');
    for (const e of elements)
      for (const event of e.events ?? [])
        expect(event.type?.text, `${e.tagName} ${event.name}`).not.toMatch(/CustomEvent/);
  });

  it('maps names and unwraps event types as the plugin says', () => {
    expect(toField('no-address-sync')).toBe('noAddressSync');
    expect(toField('locale')).toBe('locale');
    expect(detailType('CustomEvent<{ a: Array<number> }>')).toBe('{ a: Array<number> }');
    expect(detailType('Event')).toBe('Event');
  });
});

describe('the types in dist/embed/types', () => {
  it('type-check in a React 19 page and catch each planted mistake', () => {
    expect(planted('react-page.tsx')).toBeGreaterThanOrEqual(7);
    expect(compile(['react-page.tsx'])).toEqual([]);
  }, 60_000);

  it('drive @wc-toolkit/jsx-types too: its React types check the same page and catch the same mistakes', () => {
    // react-page.tsx with that generator's file in place of ours
    const copy = path.join(dir, 'wc-toolkit-page.tsx');
    const page = readFileSync(path.join(fixtures, 'react-page.tsx'), 'utf8');
    expect(page).toContain("import type {} from 'lp-elements/react';");
    writeFileSync(copy, page.replace("'lp-elements/react'", "'lp-elements/wc-toolkit-jsx'"));
    expect(compile([copy])).toEqual([]);
    // its props are the manifest's types, not `unknown`
    const types = readFileSync(path.join(dir, 'types', 'wc-toolkit-jsx.d.ts'), 'utf8');
    expect(types).toContain('position?: "bottom-right" | "bottom-left" | null | undefined;');
    expect(types).not.toMatch(/\?: unknown/);
  }, 60_000);

  it('type-check in plain TypeScript (and Angular) through the tag map, and catch each planted mistake', () => {
    expect(planted('dom-page.ts')).toBeGreaterThanOrEqual(6);
    expect(compile(['dom-page.ts'])).toEqual([]);
  }, 60_000);

  it("type-check as Vue 3's GlobalComponents, and catch each planted mistake", () => {
    expect(planted('vue-page.ts')).toBeGreaterThanOrEqual(5);
    expect(compile(['vue-page.ts'])).toEqual([]);
  }, 60_000);

  it("type-check as Svelte 5's SvelteHTMLElements, and catch each planted mistake", () => {
    expect(planted('svelte-page.ts')).toBeGreaterThanOrEqual(4);
    expect(compile(['svelte-page.ts'])).toEqual([]);
  }, 60_000);

  it('fail when a planted mistake is no longer caught', () => {
    // the check itself: a fixture whose expect-error has nothing to expect fails to compile
    const file = path.join(fixtures, 'react-page.tsx');
    const copy = path.join(dir, 'unused-expect-error.tsx');
    writeFileSync(copy, readFileSync(file, 'utf8').replace('position="top"', 'position="bottom-left"'));
    expect(compile([copy]).join('\n')).toMatch(/Unused '@ts-expect-error' directive/);
  }, 60_000);

  it('declare each element, the whole tag map, and one file per framework', () => {
    const types = path.join(dir, 'types');
    const index = readFileSync(path.join(types, 'index.d.ts'), 'utf8');
    for (const e of elements) {
      expect(index).toContain(`./${e.tagName}.js`);
      expect(readFileSync(path.join(types, `${e.tagName}.d.ts`), 'utf8')).toContain(
        `'${e.tagName}': ${e.name};`,
      );
    }
    for (const file of ['jsx.d.ts', 'vue.d.ts', 'svelte.d.ts']) {
      const text = readFileSync(path.join(types, file), 'utf8');
      for (const e of elements) expect(text, file).toContain(`${e.tagName}`);
    }
    expect(readFileSync(path.join(types, 'react.d.ts'), 'utf8')).toContain(
      'IntrinsicElements extends CustomElements',
    );
    // a read-only property is the class's (`el.updateComplete`), not a prop a template could set
    expect(readFileSync(path.join(types, 'lp-chat-widget.d.ts'), 'utf8')).toContain(
      'readonly updateComplete: Promise<boolean>;',
    );
    for (const file of ['jsx.d.ts', 'vue.d.ts'])
      expect(readFileSync(path.join(types, file), 'utf8'), file).not.toContain('updateComplete?:');
  });
});
