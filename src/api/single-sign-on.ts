import * as ops from '../contract/single-sign-on/operations.ts';
import type { SsoConfig, SsoConfigUpdate, SsoFinishResponse } from '../contract/single-sign-on/schemas.ts';
import { Code } from '../contract/codes.ts';
import { type CallOptions, call } from './transport.ts';

/**
 * Single sign-on's calls (src/contract/single-sign-on): imported by the login page's lazy SSO part
 * and the sessions dialog's lazy SSO form only, never by a first load.
 */

export const ssoLookup = (username: string, options?: CallOptions) =>
  call(ops.ssoLookup, { username }, { silentCodes: [Code.tooManyRequests], ...options }) as Promise<{
    sso: boolean;
  }>;

export const ssoStart = (username: string, to: string, options?: CallOptions) =>
  call(ops.ssoStart, { username, to }, options) as Promise<{ url: string }>;

export const ssoFinish = (query: string, options?: CallOptions) =>
  call(ops.ssoFinish, { query }, options) as Promise<SsoFinishResponse>;

/** The administrator's form says itself what is wrong (422, 409) and hides from a non-administrator (403). */
const QUIET = { silentCodes: [Code.forbidden, Code.invalid, Code.conflict] } as const;

export const ssoAdmin = {
  read: () => call(ops.ssoConfig, {}, QUIET) as Promise<SsoConfig>,
  save: (values: SsoConfigUpdate) => call(ops.ssoConfigUpdate, values as never, QUIET) as Promise<SsoConfig>,
  remove: () => call(ops.ssoConfigDelete, {}, QUIET) as Promise<null>,
  deactivate: (id: number) => call(ops.ssoIdentityDeactivate, { id }, QUIET) as Promise<SsoConfig>,
  issueScimToken: () => call(ops.scimTokenIssue, {}, QUIET) as Promise<{ token: string }>,
  revokeScimToken: () => call(ops.scimTokenRevoke, {}, QUIET) as Promise<SsoConfig>,
  /** The form says beside the domain what the check found (422), or that another customer holds it (409). */
  checkDomain: (domain: string) =>
    call(
      ops.ssoDomainCheck,
      { domain },
      { silentCodes: [...QUIET.silentCodes, Code.notFound] },
    ) as Promise<SsoConfig>,
};
