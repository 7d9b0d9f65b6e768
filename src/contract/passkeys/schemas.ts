import * as v from 'valibot';
import { Id, RequiredText, Secret, Text } from '../fields.ts';
import { msg } from '../messages.ts';

/**
 * Passkeys (issue 34; docs/decisions/passkeys.md): WebAuthn credentials as a second factor, beside
 * the TOTP authenticator. The options the server answers are the WebAuthn JSON the browser library
 * (`@simplewebauthn/browser`) takes as they are; what the browser answers is its JSON, checked
 * here for shape and size and by `@simplewebauthn/server` for everything else.
 */
export const PASSKEYS_MAX = 10;

const B64url = (max: number) =>
  v.pipe(
    v.string(msg('string')),
    v.maxLength(max, msg('maxLength', { max })),
    v.regex(/^[\w-]*$/, msg('invalid')),
  );

/** What `startRegistration`/`startAuthentication` answer (WebAuthn's JSON). */
export const PasskeyCredential = v.strictObject({
  id: B64url(1400),
  rawId: B64url(1400),
  type: v.literal('public-key', msg('invalid')),
  response: v.strictObject({
    clientDataJSON: B64url(4000),
    attestationObject: v.optional(B64url(16_000)),
    authenticatorData: v.optional(B64url(4000)),
    signature: v.optional(B64url(2000)),
    userHandle: v.optional(B64url(200)),
    transports: v.optional(v.array(Text(32))),
    publicKeyAlgorithm: v.optional(v.number(msg('number'))),
    publicKey: v.optional(B64url(4000)),
  }),
  clientExtensionResults: v.optional(v.record(v.string(), v.unknown(), msg('object')), {}),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
});
export type PasskeyCredential = v.InferInput<typeof PasskeyCredential>;

/** WebAuthn options for the browser: passed to the library as they are. */
export const PasskeyOptions = v.looseObject({ challenge: v.string() });

export const PasskeyRegisterOptionsRequest = v.strictObject({ password: Secret });
export const PasskeyRegisterRequest = v.strictObject({
  name: RequiredText(60),
  credential: PasskeyCredential,
});

export const PasskeyItem = v.object({
  id: v.number(),
  name: v.string(),
  created_at: v.string(),
  last_used_at: v.nullable(v.string()),
  backed_up: v.boolean(),
});
export type PasskeyItem = v.InferOutput<typeof PasskeyItem>;
export const PasskeyList = v.object({ passkeys: v.array(PasskeyItem), max: v.number() });
export type PasskeyList = v.InferOutput<typeof PasskeyList>;

export const PasskeyRemoveRequest = v.strictObject({
  id: Id,
  password: Secret,
});

export const LoginPasskeyOptionsRequest = v.strictObject({
  pending_token: v.pipe(Text(256), v.nonEmpty(msg('required'))),
});
export const LoginPasskeyRequest = v.strictObject({
  pending_token: v.pipe(Text(256), v.nonEmpty(msg('required'))),
  credential: PasskeyCredential,
});
