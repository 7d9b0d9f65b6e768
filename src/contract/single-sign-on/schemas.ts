import * as v from 'valibot';
import { Id, RequiredText, Text, Username } from '../fields.ts';
import { msg } from '../messages.ts';
import { LoginResponse } from '../accounts/schemas.ts';

/**
 * Single sign-on with OpenID Connect per customer (issue 34, docs/decisions/single-sign-on.md):
 * the login page's calls (lookup, start, finish), the signing re-authentication's, and the
 * customer administrator's configuration.
 */

/** A return address within the portal (`/orders?x=1`): anything else becomes '/'. */
const ReturnTo = v.optional(Text(2000));

/** The query the provider sent the browser back with (`code=…&state=…&iss=…`, or an error). */
const CallbackQuery = v.pipe(Text(4096), v.nonEmpty(msg('required')));

export const SsoLookupRequest = v.strictObject({ username: Username });
export const SsoLookupResponse = v.object({
  /** Whether the typed e-mail's domain signs in with its organisation: nothing else. */
  sso: v.boolean(),
});

export const SsoStartRequest = v.strictObject({ username: Username, to: ReturnTo });
export const SsoStartResponse = v.object({
  /** The provider's authorization address to send the browser to. */
  url: v.string(),
});

export const SsoFinishRequest = v.strictObject({ query: CallbackQuery });
export const SsoFinishResponse = v.object({
  ...LoginResponse.entries,
  /** Where to go now: a path of the portal. */
  to: v.string(),
});
export type SsoFinishResponse = v.InferOutput<typeof SsoFinishResponse>;

/** An e-mail domain as a configuration claims it: lower-case labels, a top-level domain of letters. */
export const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The TXT record that proves a claim: at `_lp-portal-verification.<domain>`, `lp-portal-verification=<token>`. */
export const DOMAIN_PROOF_LABEL = '_lp-portal-verification';
export const DOMAIN_PROOF_PREFIX = 'lp-portal-verification=';

/** One claimed domain, checked: trimmed, lower case, a domain name. */
export const SsoDomain = v.pipe(RequiredText(253), v.toLowerCase(), v.regex(DOMAIN, msg('invalid')));

/** What the last check of a domain's TXT record found. */
export const DomainCheckResult = v.picklist(['verified', 'missing', 'mismatch', 'unreachable']);
export type DomainCheckResult = v.InferOutput<typeof DomainCheckResult>;

/** A claimed domain's proof: pending until its TXT record is found, then verified. */
const SsoDomainProof = v.object({
  domain: v.string(),
  state: v.picklist(['pending', 'verified']),
  /** The TXT record to publish: its name and value. */
  record_name: v.string(),
  record_value: v.string(),
  verified_at: v.nullable(v.string()),
  checked_at: v.nullable(v.string()),
  check_result: v.nullable(DomainCheckResult),
});
export type SsoDomainProof = v.InferOutput<typeof SsoDomainProof>;

const SsoIdentity = v.object({
  id: v.number(),
  email: v.string(),
  name: v.string(),
  active: v.boolean(),
  last_sign_in_at: v.nullable(v.string()),
});

/** SCIM provisioning of the configuration (server/areas/accounts/scim.ts): never the token itself. */
const SsoProvisioning = v.object({
  /** The SCIM base URL to register at the provider (tenant URL). */
  base_url: v.string(),
  token_issued: v.boolean(),
  token_issued_at: v.nullable(v.string()),
  token_issued_by: v.string(),
  token_last_used_at: v.nullable(v.string()),
  /** How many of the provider's users are provisioned. */
  provisioned: v.number(),
});

export const SsoConfigSchema = v.object({
  configured: v.boolean(),
  issuer: v.string(),
  client_id: v.string(),
  domains: v.array(v.string()),
  /** Each domain's proof (the same order): only a verified one signs in with the provider. */
  domain_proofs: v.array(SsoDomainProof),
  /** The customers a just-in-time user gets. */
  grants: v.array(v.number()),
  /** The customers the administrator may grant (those they administer). */
  grantable: v.array(v.object({ cu_id: v.number(), cu_name: v.string() })),
  /** The address to register at the provider as the client's redirect URI. */
  redirect_uri: v.string(),
  /** The address to register as its back-channel logout URI (`sid` required): a sign-out there ends the portal's. */
  backchannel_logout_uri: v.string(),
  updated_at: v.nullable(v.string()),
  updated_by: v.string(),
  identities: v.array(SsoIdentity),
  provisioning: SsoProvisioning,
});
export type SsoConfig = v.InferOutput<typeof SsoConfigSchema>;

export const SsoConfigUpdate = v.strictObject({
  issuer: RequiredText(500),
  client_id: RequiredText(200),
  /** Left out (or empty) keeps the secret saved; a new configuration needs it. Never answered. */
  client_secret: v.optional(v.pipe(Text(500))),
  domains: v.pipe(v.array(RequiredText(253)), v.maxLength(20, msg('maxLength', { max: 20 }))),
  grants: v.pipe(
    v.array(Id),
    v.minLength(1, msg('required')),
    v.maxLength(50, msg('maxLength', { max: 50 })),
  ),
});
export type SsoConfigUpdate = v.InferOutput<typeof SsoConfigUpdate>;

export const SsoIdentityRequest = v.strictObject({ id: Id });

/** A provisioning token, answered once: the provider's SCIM client sends it as `Bearer`. */
export const ScimTokenResponse = v.object({ token: v.string() });
/** `customer-account/sso-domain-check`: one of the configuration's domains, to check now. */
export const SsoDomainRequest = v.strictObject({ domain: SsoDomain });
