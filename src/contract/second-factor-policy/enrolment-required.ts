import * as v from 'valibot';

/**
 * 478 of `user/login`: the pending enrolment's token (10 minutes, 5 codes, this address). A module
 * of its own: the login call's contract (the login page's first load) names it, and nothing else
 * of the policy's schemas.
 */
export const EnrolmentRequired = v.strictObject({
  enrol_token: v.string(),
  expires_in: v.number(),
});
export type EnrolmentRequired = v.InferOutput<typeof EnrolmentRequired>;
