import * as v from 'valibot';
import { LoginResponse } from '../accounts/schemas.ts';
import { Id, RequiredText, Secret, Text } from '../fields.ts';
import { msg } from '../messages.ts';
import { PasskeyCredential } from '../passkeys/schemas.ts';
import { SecondFactorCode } from '../second-factor/schemas.ts';

/**
 * The second-factor policy (issue 34; docs/decisions/second-factor-policy.md): a customer may
 * require a second factor of its people; a person without one is made to enrol at their next
 * sign-in (478) before any session starts. A customer's administrator may reset a member's lost
 * factor; a person may renew their recovery codes.
 */

export { EnrolmentRequired } from './enrolment-required.ts';

const EnrolToken = v.pipe(Text(256), v.nonEmpty(msg('required')));

export const LoginEnrolStartRequest = v.strictObject({ enrol_token: EnrolToken });
export const LoginEnrolConfirmRequest = v.strictObject({ enrol_token: EnrolToken, code: SecondFactorCode });

/** The sign-in's answer with the recovery codes of the enrolment, shown this once. */
export const LoginEnrolConfirmResponse = v.object({
  ...LoginResponse.entries,
  recovery_codes: v.array(v.string()),
});
export type LoginEnrolConfirmResponse = v.InferOutput<typeof LoginEnrolConfirmResponse>;

/** 406 of the enrolment's confirmation: how many codes the pending enrolment still takes. */
export const WrongEnrolmentCode = v.strictObject({ tries_left: v.number() });

export const RecoveryCodesRenewRequest = v.strictObject({ password: Secret, code: SecondFactorCode });

/** One member of the session's customer, for its administrators: whether they have a factor. */
export const MemberFactorSchema = v.object({
  uid: v.number(),
  name: v.string(),
  username: v.string(),
  enabled: v.boolean(),
});
export type MemberFactor = v.InferOutput<typeof MemberFactorSchema>;

/** What an administrator confirms a reset with: a code of their authenticator, or a passkey. */
export const OwnFactorMethod = v.picklist(['totp', 'passkey']);
export type OwnFactorMethod = v.InferOutput<typeof OwnFactorMethod>;

export const MemberFactorListSchema = v.object({
  list: v.array(MemberFactorSchema),
  /** Whether the administrator has an authenticator (kept for older clients: see own_methods). */
  own_code_needed: v.boolean(),
  /**
   * The administrator's own factors, any of which confirms a reset: `totp` (`code`), `passkey`
   * (`passkey`, for the options of `customer-account/member-factor-reset-options`); none: the
   * password alone.
   */
  own_methods: v.array(OwnFactorMethod),
});
export type MemberFactorList = v.InferOutput<typeof MemberFactorListSchema>;

export const MemberFactorResetRequest = v.strictObject({
  uid: Id,
  reason: RequiredText(500),
  /**
   * The administrator's own password, and their own factor when they have one: a code of their
   * authenticator, or a passkey's assertion.
   */
  password: Secret,
  code: v.optional(Text(16), ''),
  passkey: v.optional(PasskeyCredential),
});
export type MemberFactorResetRequest = v.InferInput<typeof MemberFactorResetRequest>;
