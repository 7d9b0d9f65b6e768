/**
 * How long a wait in a browser test may last before it fails (15 s). A wait ends as soon as its
 * condition holds, so only a failing run waits this long. Shorter bounds (1 s, 5 s) failed tests
 * on a loaded CI machine whose server answer came late (the city list's districts, the password
 * dialog's 422): the test API runs in the test runner's process, beside the build and the
 * PostgreSQL tests, on two cores.
 */
export const WAIT_MS = 15_000;
