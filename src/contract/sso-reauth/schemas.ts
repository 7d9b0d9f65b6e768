import * as v from 'valibot';
import { Text } from '../fields.ts';
import { msg } from '../messages.ts';

/**
 * A signature's re-authentication at the person's organisation (single sign-on; issue 34,
 * docs/decisions/single-sign-on.md): carried only by the lazy sign dialog, apart from the login
 * page's single sign-on calls.
 */

export const SsoReauthStartRequest = v.strictObject({
  /** The page the signature is made on (the trail's context); a path of the portal. */
  to: v.optional(Text(2000)),
});
export const SsoReauthStartResponse = v.object({
  /** The provider's authorization address to open the re-authentication's window at. */
  url: v.string(),
});
export const SsoReauthFinishRequest = v.strictObject({
  /** The query the provider sent the window back with (`code=…&state=reauth.…&iss=…`, or an error). */
  query: v.pipe(Text(4096), v.nonEmpty(msg('required'))),
});
export const SsoReauthFinishResponse = v.object({
  /** What a signature carries as `signature.sso_proof`: good once, within `expires_in` seconds. */
  proof: v.string(),
  expires_in: v.number(),
  to: v.string(),
});
export type SsoReauthFinishResponse = v.InferOutput<typeof SsoReauthFinishResponse>;
