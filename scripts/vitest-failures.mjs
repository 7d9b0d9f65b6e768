/**
 * A vitest reporter that, after the run, lists every failed test (file › suite › name: the first
 * line of its error), every file that failed outside a test, and unhandled errors. The default
 * reporter prints them far above the last lines a CI log keeps; this puts them at the end, in the
 * `  failed: ` / `  error: ` lines that scripts/test.mjs repeats under its summary.
 */
import { oneLine } from './failure-lines.mjs';

/** @returns {import('vitest/node').Reporter} */
export default function failuresReporter() {
  return {
    onTestRunEnd(testModules, unhandledErrors) {
      const lines = [];
      for (const module of testModules) {
        for (const error of module.errors()) {
          lines.push(`  error: ${module.relativeModuleId}: ${oneLine(error.message)}`);
        }
        for (const test of module.children.allTests('failed')) {
          const error = test.result().errors?.[0];
          lines.push(`  failed: ${module.relativeModuleId} › ${test.fullName}: ${oneLine(error?.message)}`);
        }
      }
      for (const error of unhandledErrors) lines.push(`  error: unhandled: ${oneLine(error.message)}`);
      if (lines.length) console.error(['', `Failed tests (${lines.length}):`, ...lines].join('\n'));
    },
  };
}
