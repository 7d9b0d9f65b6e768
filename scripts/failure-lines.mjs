/**
 * The lines of a failed step's output that name what failed, for scripts/test.mjs to repeat under
 * its summary (and scripts/node-releases.mjs under a failed check), where the last lines of a CI
 * log show them: the `  failed: ` and `  error: ` lines of our vitest reporter
 * (scripts/vitest-failures.mjs), Playwright's list of failed tests
 * (`[project] › file:line › name`), TypeScript's errors, Biome's diagnostics and the Node release checks' deprecations. Colour codes are
 * removed, each line is kept once, and at most `max` are returned.
 *
 * @param {string} output
 * @returns {string[]}
 */
export function failureLines(output, max = 20) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
  const text = output.replace(/\x1b\[[0-9;]*m/g, '');
  const named = text
    .split('\n')
    .filter((line) =>
      /^\s+(failed|error): |^\s+\[[\w-]+\] › |error TS\d+:|^\S+ [\w/-]+ ━|^\s*deprecation under Node/.test(
        line,
      ),
    )
    .map((line) => line.trim());
  // A Node release check prints vitest's `failed: X`, then `failed: (Node 26) X`: keep the one
  // that names the release.
  const RELEASE = /^(failed|error): \(Node \d+\) /;
  const namedAgain = new Set(named.filter((l) => RELEASE.test(l)).map((l) => l.replace(RELEASE, '$1: ')));
  const unique = [...new Set(named)].filter((line) => !namedAgain.has(line));
  return unique.length > max ? [...unique.slice(0, max), `… and ${unique.length - max} more`] : unique;
}

/**
 * A message on one line, cut to a readable length (an element's HTML can be very long): how the
 * vitest failure reporter prints an error.
 *
 * @param {unknown} text
 */
export const oneLine = (text) => {
  const line = String(text ?? '').replace(/\s+/g, ' ');
  return line.length > 400 ? `${line.slice(0, 400)}…` : line;
};
