import * as v from 'valibot';
import { Secret } from '../fields.ts';
import { msg } from '../messages.ts';

/**
 * Electronic signatures (21 CFR Part 11 §11.50, §11.100, §11.200; docs/decisions/signatures.md): a
 * call that signs carries `signature` with the signer's password, typed again for this signature
 * whoever is signed in, and the meaning of the signature.
 */
export const SIGNATURE_MEANINGS = ['approval', 'review', 'responsibility'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];

/** What a signing call sends: the password again and what the signature means. */
export const SignatureInput = v.pipe(
  v.strictObject(
    {
      /** Left out only with `sso_proof` (a person without a password); else a wrong one is refused. */
      password: v.optional(Secret),
      meaning: v.picklist(SIGNATURE_MEANINGS, msg('oneOf', { values: SIGNATURE_MEANINGS.join(', ') })),
      /** The second factor's code (authenticator or recovery code), when the signer has one (else 477). */
      code: v.optional(v.pipe(v.string(msg('string')), v.maxLength(16, msg('maxLength', { max: 16 })))),
      /** A single sign-on re-authentication's proof (`user/sso-reauth-finish`), instead of the password. */
      sso_proof: v.optional(v.pipe(v.string(msg('string')), v.maxLength(64, msg('maxLength', { max: 64 })))),
      /**
       * A passkey's assertion for `user/passkey-sign-options`' challenge, instead of the code; its
       * shape is checked by the signer (passkeys/schemas.ts' PasskeyCredential), so that no page's
       * first load carries that schema.
       */
      passkey: v.optional(v.record(v.string(), v.unknown(), msg('object'))),
    },
    msg('required'),
  ),
  // the password, unless a single sign-on proof stands in for it
  v.forward(
    v.check((x) => x.password !== undefined || x.sso_proof !== undefined, msg('required')),
    ['password'],
  ),
);
export type SignatureInput = v.InferInput<typeof SignatureInput>;

/**
 * A signature as every view shows it (§11.50): the printed name, the time (ISO 8601 with its
 * offset; the views add the zone's name), the meaning, and whether the record is still as signed
 * (`current` false: it changed since, and the signature applies to an earlier version of it).
 */
export const SignatureSchema = v.strictObject({
  name: v.string(),
  meaning: v.picklist(SIGNATURE_MEANINGS),
  signed_at: v.string(),
  current: v.boolean(),
});
export type Signature = v.InferOutput<typeof SignatureSchema>;
