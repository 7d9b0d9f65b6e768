import * as v from 'valibot';
import { RequiredText, Secret, Text } from '../fields.ts';
import { msg } from '../messages.ts';

/**
 * Second factors (issue 34; docs/decisions/second-factor.md): a TOTP authenticator (RFC 6238)
 * and its one-time recovery codes, and passkeys (WebAuthn, passkeys/). A sign-in or a signature of a person with one answers 477
 * "second factor required" after the right password, naming the methods it takes.
 */
export const SECOND_FACTOR_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A code as typed: the authenticator's 6 digits or a recovery code (`ABCDE-FGHJK`). */
export const SecondFactorCode = RequiredText(16);

/** 477 of `user/login`: the pending sign-in's token (5 minutes, 5 tries, this address) and the methods. */
export const SecondFactorRequired = v.strictObject({
  pending_token: v.string(),
  methods: v.array(v.picklist(SECOND_FACTOR_METHODS)),
  expires_in: v.number(),
});
export type SecondFactorRequired = v.InferOutput<typeof SecondFactorRequired>;

/** 477 of a signing call: the password was right, the code is missing. */
export const SignatureFactorRequired = v.strictObject({
  methods: v.array(v.picklist(SECOND_FACTOR_METHODS)),
});

export const LoginSecondFactorRequest = v.strictObject({
  pending_token: v.pipe(Text(256), v.nonEmpty(msg('required'))),
  code: SecondFactorCode,
});
export type LoginSecondFactorRequest = v.InferInput<typeof LoginSecondFactorRequest>;

/** 406 of `user/login-second-factor`: how many tries the pending sign-in has left. */
export const WrongSecondFactor = v.strictObject({ tries_left: v.number() });

export const SecondFactorStatus = v.object({
  enabled: v.boolean(),
  recovery_codes_left: v.number(),
});
export type SecondFactorStatus = v.InferOutput<typeof SecondFactorStatus>;

export const EnrolRequest = v.strictObject({ password: Secret });
export const EnrolResponse = v.object({ secret: v.string(), otpauth_uri: v.string() });
export type EnrolResponse = v.InferOutput<typeof EnrolResponse>;

export const ConfirmRequest = v.strictObject({ code: SecondFactorCode });
export const ConfirmResponse = v.object({ recovery_codes: v.array(v.string()) });
export type ConfirmResponse = v.InferOutput<typeof ConfirmResponse>;

export const RemoveRequest = v.strictObject({ password: Secret, code: SecondFactorCode });
