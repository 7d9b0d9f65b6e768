import { describe, expect, it } from 'vitest';
import { failureLines, oneLine } from './failure-lines.mjs';

describe('failureLines', () => {
  it('keeps what names a failure, from each tool, without colours, once each', () => {
    const output = [
      ' ✓ server/a.test.ts (3 tests) 120ms',
      '\x1b[31m  failed: server/main.test.ts › restarts: expected 5.1 to be less than 5\x1b[39m',
      '  error: unhandled: boom',
      '  failed: server/main.test.ts › restarts: expected 5.1 to be less than 5',
      '  1 failed',
      '    [portal] › tests/e2e/login.spec.ts:12:3 › signs in',
      'src/a.ts(3,7): error TS2322: Type number is not assignable to type string.',
      'server/x.ts:4:1 lint/style/useConst ━━━━━━━━━━',
      'scripts/zz.mjs format ━━━━━━━━━━',
      '  deprecation under Node v26.1.0: [DEP0005] Buffer() is deprecated',
      'Summary: nothing else',
    ].join('\n');
    expect(failureLines(output)).toEqual([
      'failed: server/main.test.ts › restarts: expected 5.1 to be less than 5',
      'error: unhandled: boom',
      '[portal] › tests/e2e/login.spec.ts:12:3 › signs in',
      'src/a.ts(3,7): error TS2322: Type number is not assignable to type string.',
      'server/x.ts:4:1 lint/style/useConst ━━━━━━━━━━',
      'scripts/zz.mjs format ━━━━━━━━━━',
      'deprecation under Node v26.1.0: [DEP0005] Buffer() is deprecated',
    ]);
  });

  it('keeps a Node release check’s failure once, with the release it failed on', () => {
    const output = [
      '  failed: server/a.test.ts › a thing: expected 1 to be 2',
      '  failed: (Node 26) server/a.test.ts › a thing: expected 1 to be 2',
      '  failed: server/b.test.ts › another: boom',
    ].join('\n');
    expect(failureLines(output)).toEqual([
      'failed: (Node 26) server/a.test.ts › a thing: expected 1 to be 2',
      'failed: server/b.test.ts › another: boom',
    ]);
  });

  it('says how many more there were past the limit', () => {
    const output = Array.from({ length: 25 }, (_, i) => `  failed: t${i}`).join('\n');
    const lines = failureLines(output);
    expect(lines).toHaveLength(21);
    expect(lines.at(-1)).toBe('… and 5 more');
  });

  it('finds nothing in the output of a step that passed', () => {
    expect(failureLines(' Test Files  3 passed (3)\n      Tests  9 passed (9)\n')).toEqual([]);
  });
});

describe('oneLine', () => {
  it('puts a message on one line and cuts a long one at 400 characters', () => {
    expect(oneLine('expected\n  <lp-x>\n</lp-x>')).toBe('expected <lp-x> </lp-x>');
    expect(oneLine(undefined)).toBe('');
    const long = oneLine('x'.repeat(500));
    expect([long.length, long.endsWith('…')]).toEqual([401, true]);
  });
});
