/**
 * How long a wait in a browser test may last before it fails (15 s). A wait ends as soon as its
 * condition holds, so only a failing run waits this long. A shorter bound failed a test on a
 * loaded CI machine whose server answer came after 5 s (the city list's districts): the test API
 * runs in the test runner's process, beside the build and the PostgreSQL tests, on two cores.
 */
export const WAIT_MS = 15_000;
