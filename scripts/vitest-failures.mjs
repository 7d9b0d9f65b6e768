/**
 * A vitest reporter that, after the run, lists every failed test (file › suite › name: the first
 * line of its error), every file that failed outside a test, and unhandled errors. The default
 * reporter prints them far above the last lines a CI log keeps; this puts them at the end, in the
 * `  failed: ` / `  error: ` lines that scripts/test.mjs repeats under its summary.
 */

/** A message on one line, cut to a readable length. */
const short = (text) => {
  const line = String(text ?? '').replace(/\s+/g, ' ');
  return line.length > 400 ? `${line.slice(0, 400)}…` : line;
};

/** @returns {import('vitest/node').Reporter} */
export default function failuresReporter() {
  return {
    onTestRunEnd(testModules, unhandledErrors) {
      const lines = [];
      for (const module of testModules) {
        for (const error of module.errors()) {
          lines.push(`  error: ${module.relativeModuleId}: ${short(error.message)}`);
        }
        for (const test of module.children.allTests('failed')) {
          const error = test.result().errors?.[0];
          lines.push(`  failed: ${module.relativeModuleId} › ${test.fullName}: ${short(error?.message)}`);
        }
      }
      for (const error of unhandledErrors) lines.push(`  error: unhandled: ${short(error.message)}`);
      if (lines.length) console.error(['', `Failed tests (${lines.length}):`, ...lines].join('\n'));
    },
  };
}
