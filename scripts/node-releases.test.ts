import { describe, expect, it } from 'vitest';
import { deprecations, failureReport } from './node-releases.mjs';

describe('the deprecations a check printed', () => {
  it('are the lines Node prints for a deprecated API, once each, without the process id', () => {
    // As Node 26 prints them (two processes warning of the same API, one of another).
    const output = [
      'LP customer portal on http://127.0.0.1:8151',
      '(node:14965) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
      '(Use `node --trace-deprecation ...` to show where the warning was created)',
      '(node:14970) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
      '(node:14993) [DEP0005] DeprecationWarning: Buffer() is deprecated due to security and usability issues.',
    ].join('\n');
    expect(deprecations(output)).toEqual([
      '[DEP0040] DeprecationWarning: The `punycode` module is deprecated.',
      '[DEP0005] DeprecationWarning: Buffer() is deprecated due to security and usability issues.',
    ]);
    expect(deprecations('✓ 782 tests passed\n(Use `node --trace-deprecation ...`)')).toEqual([]);
  });
});

describe('what a failed check shows', () => {
  it("is vitest's list of failed tests when it printed one, else the last 80 lines", () => {
    const vitest = ['x'.repeat(5), ...Array.from({ length: 200 }, (_, i) => `line ${i}`)];
    vitest.splice(150, 0, '⎯⎯⎯ Failed Tests 2 ⎯⎯⎯', ' FAIL  server/a.test.ts > a');
    const shown = failureReport(vitest.join('\n')).split('\n');
    expect(shown[0]).toBe('⎯⎯⎯ Failed Tests 2 ⎯⎯⎯');
    expect(shown).toContain(' FAIL  server/a.test.ts > a');

    const log = Array.from({ length: 200 }, (_, i) => `line ${i}`).join('\n');
    const tail = failureReport(`${log}\nGET /: HTTP 503, no page`).split('\n');
    expect(tail).toHaveLength(80);
    expect(tail.at(-1)).toBe('GET /: HTTP 503, no page');
  });
});
