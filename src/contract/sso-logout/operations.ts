import * as v from 'valibot';
import { Code } from '../codes.ts';
import { Nothing, Text } from '../fields.ts';
import { msg } from '../messages.ts';
import { operation } from '../operation.ts';

/**
 * OpenID Connect Back-Channel Logout 1.0 (issue 34, docs/decisions/single-sign-on.md): the
 * customer's identity provider, not a browser, calls it when a person signs out there or is
 * signed out by their organisation. Apart from the other single sign-on calls: no page carries it.
 */
const area = 'accounts';
const MINUTE = 60_000;

export const SsoBackchannelLogoutRequest = v.strictObject({
  /** The provider's logout token: a JWT it signed (`events`, `sub` and/or `sid`, `jti`, no `nonce`). */
  logout_token: v.pipe(Text(8192), v.nonEmpty(msg('required'))),
});

export const ssoBackchannelLogout = operation({
  area,
  method: 'POST',
  path: 'user/sso-backchannel-logout',
  summary:
    'The identity provider’s back-channel logout (a form with `logout_token`): ends the portal sessions of the person (`sub`) or of the provider’s session (`sid`); a token is taken once (406 not a good logout token)',
  auth: 'public',
  encoding: 'form',
  audit: { records: ['user'] },
  input: SsoBackchannelLogoutRequest,
  output: Nothing,
  rateLimits: [{ by: 'ip', limit: 60, windowMs: MINUTE }],
  codes: [Code.wrongCredentials, Code.unavailable],
});
