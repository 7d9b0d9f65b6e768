/**
 * What the login page loads only when it needs it, as one lazy chunk: the second step after a 477
 * (with its own strings) and the captcha's SMS alternative. Together they are one chunk with a side
 * effect (the step's i18n area), which rollup's `experimentalMinChunkSize` never merges into the
 * page's first load; the SMS fields alone (1.9 kB) would be merged back (docs/decisions/second-factor.md).
 */
export { SecondFactorStep } from './second-factor-step.tsx';
export { SmsCodeFields } from './sms-code-fields.tsx';
