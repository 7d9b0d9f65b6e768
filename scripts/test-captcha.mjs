/**
 * The answer of every captcha in test runs: the end-to-end server (playwright.config.ts) and the
 * element tests' server (scripts/wtr-api.mjs) start with it as CAPTCHA_TEST_ANSWER, a test-only
 * setting the server refuses in production, so tests pass a captcha without reading the image.
 * That the image resists a script is tested in server/areas/accounts/captcha-image.test.ts.
 */
export const CAPTCHA_ANSWER = 'K3M7X';
