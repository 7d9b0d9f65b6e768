/**
 * The answer of every login captcha in end-to-end runs: playwright.config.ts starts the server
 * with CAPTCHA_TEST_ANSWER set to it (a test-only setting the server refuses in production), so
 * tests pass the captcha without reading the image. That the image resists a script is tested in
 * server/areas/accounts/captcha-image.test.ts.
 */
export const CAPTCHA_ANSWER = 'K3M7X';
