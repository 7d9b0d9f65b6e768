import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { camel, newElement, pascal } from './new-element.mjs';

const root = path.resolve(import.meta.dirname, '..');
const LISTS = ['src/i18n/areas.test.ts', 'src/ui/testing/raw-keys.ts'];

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A throw-away checkout holding the two list files as they are in this one. */
function checkout(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-new-element-'));
  made.push(dir);
  for (const file of LISTS) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
  return dir;
}

const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8');

/** The text as the repository's formatter writes it at `file` (biome, this checkout's settings). */
function formatted(file: string, text: string): string {
  const biome = spawnSync(
    path.join(root, 'node_modules/.bin/biome'),
    ['format', `--stdin-file-path=${file}`],
    {
      cwd: root,
      input: text,
      encoding: 'utf8',
    },
  );
  if (biome.status !== 0) throw new Error(`biome format ${file}: ${biome.stderr}`);
  return biome.stdout;
}

/** Every file under `dir`, relative, with its text. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const walk = (sub: string) => {
    for (const entry of fs.readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else files[rel] = read(dir, rel);
    }
  };
  walk('');
  return files;
}

describe('npm run new:element', () => {
  it('writes the element, its feature and its messages area, and adds it to both lists in order', () => {
    const dir = checkout();
    const written = newElement(dir, 'order-notes', '订单备注', 'Order notes');
    expect(written).toEqual([
      'elements/order-notes/order-notes.ts',
      'elements/order-notes/order-notes.styles.ts',
      'elements/order-notes/order-notes.test.ts',
      'src/features/order-notes/order-notes.tsx',
      'src/features/order-notes/index.ts',
      'src/i18n/messages/order-notes.ts',
      'src/i18n/areas/order-notes.ts',
    ]);
    const element = read(dir, 'elements/order-notes/order-notes.ts');
    expect(element).toContain('@tag lp-order-notes');
    expect(element).toContain("define('lp-order-notes', LpOrderNotes);");
    expect(element).toContain("'lp-order-notes': LpOrderNotes;");
    const messages = read(dir, 'src/i18n/messages/order-notes.ts');
    expect(messages).toContain("'orderNotes.title': '订单备注',");
    expect(messages).toContain("'orderNotes.title': 'Order notes',");
    expect(read(dir, 'src/features/order-notes/order-notes.tsx')).toContain(
      "import '../../i18n/areas/order-notes.ts';",
    );
    expect(read(dir, 'src/i18n/areas/order-notes.ts')).toContain(
      'interface FeatureMessages extends Messages {}',
    );

    // Written as `npm test`'s format step wants them.
    for (const file of written) expect(read(dir, file), file).toBe(formatted(file, read(dir, file)));

    // Each list keeps its order: the new line sits between its neighbours.
    const carries = read(dir, 'src/i18n/areas.test.ts').split('\n');
    const line = carries.indexOf("  'elements/order-notes/order-notes.ts': ['order-notes'],");
    expect(carries[line - 1]).toContain("'elements/order-list/order-list.ts'");
    expect(carries[line + 1]).toContain("'elements/order-status/order-status.ts'");
    const rawKeys = read(dir, 'src/ui/testing/raw-keys.ts').split('\n');
    const imported = rawKeys.indexOf("import * as orderNotes from '../../i18n/messages/order-notes.ts';");
    expect(rawKeys[imported - 1]).toContain('/order-list.ts');
    expect(rawKeys[imported + 1]).toContain('/order-sign.ts');
    const prefix = rawKeys.indexOf('    orderNotes,');
    expect([rawKeys[prefix - 1], rawKeys[prefix + 1]]).toEqual(['    orderList,', '    orderSign,']);
    // Nothing else in the lists changed.
    const before = fs.readFileSync(path.join(root, 'src/ui/testing/raw-keys.ts'), 'utf8').split('\n');
    expect(rawKeys.filter((l) => !l.includes('orderNotes'))).toEqual(before);
  });

  it('quotes a title with a quote in it, so the messages file stays valid', () => {
    const dir = checkout();
    newElement(dir, 'lab-samples', '实验室“样本”', "Lab's samples");
    expect(read(dir, 'src/i18n/messages/lab-samples.ts')).toContain(`'labSamples.title': "Lab's samples",`);
    newElement(dir, 'lab-quotes', '“样本”', `Lab's "quoted" samples`);
    expect(read(dir, 'src/i18n/messages/lab-quotes.ts')).toContain(
      `'labQuotes.title': 'Lab\\'s "quoted" samples',`,
    );
    for (const file of ['src/i18n/messages/lab-samples.ts', 'src/i18n/messages/lab-quotes.ts'])
      expect(read(dir, file)).toBe(formatted(file, read(dir, file)));
  });

  it('refuses a name a custom element cannot have, missing titles, and an element that exists: changing nothing', () => {
    const dir = checkout();
    const untouched = snapshot(dir);
    expect(() => newElement(dir, 'notes', '备注', 'Notes')).toThrow(/lower-case words joined by hyphens/);
    expect(() => newElement(dir, 'Order-Notes', '备注', 'Notes')).toThrow(/lower-case words/);
    expect(() => newElement(dir, '../order-notes', '备注', 'Notes')).toThrow(/lower-case words/);
    expect(() => newElement(dir, 'order-notes', '备注', ' ')).toThrow(/both titles/);
    expect(() => newElement(dir, 'top10-list', '前十', 'Top ten')).toThrow(/lower-case words/);
    expect(() => newElement(dir, 'order-notes', '备注', 'Notes */ x')).toThrow(/not a title/);
    expect(() => newElement(dir, 'order-notes', '备注', 'Two\nlines')).toThrow(/not a title/);
    expect(snapshot(dir)).toEqual(untouched);

    newElement(dir, 'order-notes', '订单备注', 'Order notes');
    const once = snapshot(dir);
    expect(() => newElement(dir, 'order-notes', '订单备注', 'Order notes')).toThrow(
      /already there: elements\/order-notes\//,
    );
    expect(snapshot(dir)).toEqual(once);
  });

  it('writes nothing when a list is not where it expects it', () => {
    const dir = checkout();
    fs.writeFileSync(path.join(dir, 'src/ui/testing/raw-keys.ts'), 'export const nothing = 1;\n');
    const untouched = snapshot(dir);
    expect(() => newElement(dir, 'order-notes', '订单备注', 'Order notes')).toThrow(/raw-keys\.ts/);
    expect(snapshot(dir)).toEqual(untouched);
  });

  it('names the module and the component from the element name', () => {
    expect(camel('order-notes')).toBe('orderNotes');
    expect(pascal('lab-sample-list')).toBe('LabSampleList');
  });
});
