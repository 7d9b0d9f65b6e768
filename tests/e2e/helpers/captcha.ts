/** The answer of every captcha in end-to-end runs (scripts/test-captcha.mjs says how). */
export { CAPTCHA_ANSWER } from '../../../scripts/test-captcha.mjs';
