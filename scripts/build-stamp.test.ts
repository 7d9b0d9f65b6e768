import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sourceFingerprint } from './build-stamp.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lp-stamp-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('the build fingerprint (npm start builds only when it changed)', () => {
  const base = {
    'src/a.ts': 'export const a = 1;',
    'elements/x/x.ts': 'x',
    'host/main.tsx': 'm',
    'rollup.config.mjs': 'r',
  };

  it('is the same for the same sources, and changes with a source, a new file or the build settings', () => {
    const one = sourceFingerprint(tree(base));
    expect(sourceFingerprint(tree(base))).toBe(one);
    expect(sourceFingerprint(tree({ ...base, 'src/a.ts': 'export const a = 2;' }))).not.toBe(one);
    expect(sourceFingerprint(tree({ ...base, 'host/extra.ts': '' }))).not.toBe(one);
    expect(sourceFingerprint(tree({ ...base, 'rollup.config.mjs': 'r2' }))).not.toBe(one);
  });

  it('ignores tests, which are not part of the build', () => {
    const one = sourceFingerprint(tree(base));
    expect(sourceFingerprint(tree({ ...base, 'src/a.test.ts': 'it()' }))).toBe(one);
  });
});
