import { Code } from '../codes.ts';
import { operation } from '../operation.ts';
import {
  SsoReauthFinishRequest,
  SsoReauthFinishResponse,
  SsoReauthStartRequest,
  SsoReauthStartResponse,
} from './schemas.ts';

/**
 * A signature's re-authentication at the person's organisation (issue 34,
 * docs/decisions/single-sign-on.md): carried only by the lazy sign dialog
 * (src/features/order-view/sign-dialog.tsx), apart from the login page's single sign-on calls.
 */
const area = 'accounts';
const MINUTE = 60_000;

export const ssoReauthStart = operation({
  area,
  method: 'POST',
  path: 'user/sso-reauth-start',
  summary:
    'Begin a re-authentication at the provider for a signature (`prompt=login`, `max_age=0`): its authorization address',
  auth: 'session',
  audit: { none: 'keeps a flow under way; the signature it allows is recorded' },
  input: SsoReauthStartRequest,
  output: SsoReauthStartResponse,
  rateLimits: [{ by: 'user', limit: 20, windowMs: 15 * MINUTE }],
  codes: [Code.conflict, Code.unavailable],
});

export const ssoReauthFinish = operation({
  area,
  method: 'POST',
  path: 'user/sso-reauth-finish',
  summary:
    'Finish the re-authentication: a proof one signature takes within 5 minutes (`signature.sso_proof`; `auth_time` must be new)',
  auth: 'session',
  audit: { none: 'answers a proof; the signature that uses it is recorded, refusals are recorded' },
  input: SsoReauthFinishRequest,
  output: SsoReauthFinishResponse,
  rateLimits: [{ by: 'user', limit: 20, windowMs: 15 * MINUTE }],
  codes: [Code.captchaExpired, Code.wrongCredentials, Code.unavailable],
});
