/**
 * A web-test-runner reporter that, after the run, prints every test file that did not pass with
 * its session errors (a file that timed out or threw outside a test) and failed tests. The default
 * reporter prints them as each file ends, far above the last lines a CI log keeps; this puts them
 * at the end, where the failure is read.
 */
import { oneLine } from './failure-lines.mjs';

/** @param {import('@web/test-runner-core').TestSuiteResult | undefined} suite */
function failedTests(suite, path = []) {
  if (!suite) return [];
  const here = suite.name ? [...path, suite.name] : path;
  const own = suite.tests
    .filter((test) => !test.passed && !test.skipped)
    .map((test) => `${[...here, test.name].join(' › ')}: ${test.error?.message ?? 'failed'}`);
  return [...own, ...suite.suites.flatMap((child) => failedTests(child, here))];
}

/** @returns {import('@web/test-runner-core').Reporter} */
export function failuresReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const failed = sessions.filter((session) => session.passed === false);
      if (!failed.length) return;
      const lines = ['', `Files that did not pass (${failed.length}):`];
      for (const session of failed) {
        const tests = session.testResults ? countTests(session.testResults) : 0;
        lines.push(`  ${session.testFile} (${session.browser.name}; ${tests} test results)`);
        for (const error of session.errors) lines.push(`    error: ${oneLine(error.message)}`);
        for (const test of failedTests(session.testResults)) lines.push(`    failed: ${oneLine(test)}`);
      }
      console.error(lines.join('\n'));
    },
  };
}

/** @param {import('@web/test-runner-core').TestSuiteResult} suite */
function countTests(suite) {
  return suite.tests.length + suite.suites.reduce((sum, child) => sum + countTests(child), 0);
}
