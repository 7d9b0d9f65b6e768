import { Code } from '../codes.ts';
import { NoInput, Nothing } from '../fields.ts';
import { operation } from '../operation.ts';
import {
  ScimTokenResponse,
  SsoConfigSchema,
  SsoConfigUpdate,
  SsoDomainRequest,
  SsoFinishRequest,
  SsoFinishResponse,
  SsoIdentityRequest,
  SsoLookupRequest,
  SsoLookupResponse,
  SsoStartRequest,
  SsoStartResponse,
} from './schemas.ts';

/**
 * Single sign-on (issue 34, docs/decisions/single-sign-on.md), apart from accounts/operations.ts
 * so that the login page's first load carries none of it: its lazy SSO chunk does
 * (host/pages/login/sso.tsx), and the administrator's dialog. Their area is `accounts`.
 */
const area = 'accounts';
const MINUTE = 60_000;

export const ssoLookup = operation({
  area,
  method: 'POST',
  path: 'user/sso-lookup',
  summary: 'Whether the typed e-mail’s domain signs in with its organisation (only that: `{sso}`)',
  auth: 'public',
  audit: { none: 'reads only' },
  input: SsoLookupRequest,
  output: SsoLookupResponse,
  rateLimits: [{ by: 'ip', limit: 30, windowMs: MINUTE }],
});

export const ssoStart = operation({
  area,
  method: 'POST',
  path: 'user/sso-start',
  summary:
    'Begin a sign-in with the organisation’s OpenID provider: its authorization address (PKCE, state, nonce) and the cookie that binds the flow to this browser (10 min, once)',
  auth: 'public',
  audit: { none: 'keeps a flow under way; the sign-in it ends in is recorded' },
  input: SsoStartRequest,
  output: SsoStartResponse,
  rateLimits: [{ by: 'ip', limit: 20, windowMs: MINUTE }],
  codes: [Code.notFound, Code.unavailable],
});

export const ssoFinish = operation({
  area,
  method: 'POST',
  path: 'user/sso-finish',
  summary:
    'Finish the sign-in with the provider’s answer (the query it sent the browser back with): the session, as `user/login` answers it, and the return path (476 the flow is over or not this browser’s; 406 refused)',
  auth: 'public',
  audit: { records: ['user'] },
  input: SsoFinishRequest,
  output: SsoFinishResponse,
  rateLimits: [{ by: 'ip', limit: 30, windowMs: MINUTE }],
  codes: [Code.captchaExpired, Code.wrongCredentials, Code.unavailable],
});

export const ssoConfig = operation({
  area,
  method: 'GET',
  path: 'customer-account/sso-config',
  summary:
    'The session customer’s single sign-on: issuer, client id, domains, grants, identities (never the secret; its administrators only, 403 otherwise)',
  auth: 'session',
  input: NoInput,
  output: SsoConfigSchema,
  codes: [Code.forbidden],
});

export const ssoConfigUpdate = operation({
  area,
  method: 'POST',
  path: 'customer-account/sso-config-update',
  summary:
    'Save the customer’s single sign-on (the secret sealed; left out keeps it); a new domain is pending until its DNS TXT record is checked (`sso-domain-check`); a domain another customer has verified is refused (409); grants only customers the administrator administers',
  auth: 'session',
  audit: { records: ['sso_config'] },
  input: SsoConfigUpdate,
  output: SsoConfigSchema,
  codes: [Code.forbidden, Code.conflict],
});

export const ssoConfigDelete = operation({
  area,
  method: 'POST',
  path: 'customer-account/sso-config-delete',
  summary: 'Remove the customer’s single sign-on (identities stay, for the trail)',
  auth: 'session',
  audit: { records: ['sso_config'] },
  input: NoInput,
  output: Nothing,
  codes: [Code.forbidden],
});

export const ssoIdentityDeactivate = operation({
  area,
  method: 'POST',
  path: 'customer-account/sso-identity-deactivate',
  summary: 'Deactivate one of the customer’s single sign-on identities: it cannot sign in, its sessions end',
  auth: 'session',
  audit: { records: ['user'] },
  input: SsoIdentityRequest,
  output: SsoConfigSchema,
  codes: [Code.forbidden, Code.notFound],
});

export const scimTokenIssue = operation({
  area,
  method: 'POST',
  path: 'customer-account/scim-token-issue',
  summary:
    'Issue the customer’s SCIM provisioning token (answered once; replaces the one issued before; 404 without a single sign-on configuration)',
  auth: 'session',
  audit: { records: ['sso_config'] },
  input: NoInput,
  output: ScimTokenResponse,
  rateLimits: [{ by: 'user', limit: 10, windowMs: MINUTE }],
  codes: [Code.forbidden, Code.notFound],
});

export const scimTokenRevoke = operation({
  area,
  method: 'POST',
  path: 'customer-account/scim-token-revoke',
  summary: 'Revoke the customer’s SCIM provisioning token: its provider’s next call is refused (401)',
  auth: 'session',
  audit: { records: ['sso_config'] },
  input: NoInput,
  output: SsoConfigSchema,
  codes: [Code.forbidden, Code.notFound],
});

export const ssoDomainCheck = operation({
  area,
  method: 'POST',
  path: 'customer-account/sso-domain-check',
  summary:
    'Check now the DNS TXT record that proves the customer owns one of its single sign-on domains (`_lp-portal-verification.<domain>` TXT `lp-portal-verification=<token>`, the token in `domain_proofs`): found, the domain is verified and signs in with the provider; else 422 with what was found (409 another customer holds it verified). Every check is audited',
  auth: 'session',
  audit: { records: ['sso_config'] },
  input: SsoDomainRequest,
  output: SsoConfigSchema,
  rateLimits: [
    { by: 'user', limit: 10, windowMs: MINUTE },
    { by: 'ip', limit: 30, windowMs: MINUTE },
  ],
  codes: [Code.forbidden, Code.notFound, Code.conflict, Code.invalid],
});
