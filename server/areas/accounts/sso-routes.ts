import * as ops from '../../../src/contract/single-sign-on/operations.ts';
import * as logoutOps from '../../../src/contract/sso-logout/operations.ts';
import * as reauthOps from '../../../src/contract/sso-reauth/operations.ts';
import type { AppDeps } from '../../http/env.ts';
import { requestHeader } from '../../http/request-header.ts';
import { handle, reply, withCookies } from '../../http/route.ts';
import { deviceCookie, deviceSeen, secureCookies } from './devices.ts';
import { sessionCacheOf } from './sessions.ts';
import { issueScimToken, revokeScimToken } from './scim-tokens.ts';
import { backchannelLogout } from './sso-logout.ts';
import {
  checkDomain,
  deactivateIdentity,
  deleteSsoConfig,
  finishReauth,
  finishSignIn,
  flowCookie,
  flowCookieOf,
  readSsoConfig,
  saveSsoConfig,
  ssoAdministrator,
  ssoLookup,
  startReauth,
  startSignIn,
  type SsoSettings,
} from './single-sign-on.ts';

const settingsOf = (deps: AppDeps): SsoSettings => ({
  key: deps.config.secondFactorKey,
  publicUrl: deps.config.publicUrl,
  production: deps.config.production,
  dnsServers: deps.config.ssoDnsServers,
});

/** The single sign-on calls (single-sign-on.ts); mounted with the accounts area's routes. */
export const ssoRoutes = [
  handle(ops.ssoLookup, ({ input, deps }) => ssoLookup(deps.db, input.username)),

  handle(ops.ssoStart, async ({ input, deps, now, ip }) => {
    const { url, binding } = await startSignIn(deps.db, settingsOf(deps), input, now, ip);
    return withCookies({ url }, [flowCookie(binding, secureCookies(deps.config))]);
  }),

  handle(ops.ssoFinish, async ({ input, deps, now, ip, c }) => {
    const device = deviceSeen(c, ip);
    const binding = flowCookieOf(requestHeader(c, 'cookie'));
    const secure = secureCookies(deps.config);
    const answer = await finishSignIn(deps.db, settingsOf(deps), input, binding, now, ip, device);
    return withCookies(answer, [flowCookie('', secure), deviceCookie(device.key, secure)]);
  }),

  handle(reauthOps.ssoReauthStart, async ({ input, session, deps, now, ip }) => {
    const { url, binding } = await startReauth(deps.db, settingsOf(deps), session.uid, input.to, now, ip);
    return withCookies({ url }, [flowCookie(binding, secureCookies(deps.config))]);
  }),

  handle(reauthOps.ssoReauthFinish, async ({ input, session, deps, now, ip, c }) => {
    const binding = flowCookieOf(requestHeader(c, 'cookie'));
    const answer = await finishReauth(deps.db, settingsOf(deps), session.uid, input, binding, now, ip);
    return withCookies(answer, [flowCookie('', secureCookies(deps.config))]);
  }),

  handle(logoutOps.ssoBackchannelLogout, async ({ input, deps, now }) => {
    await backchannelLogout(deps.db, settingsOf(deps), input.logout_token, now);
    return reply(null, 'Signed out');
  }),

  handle(ops.ssoConfig, ({ session, deps }) =>
    readSsoConfig(deps.db, ssoAdministrator(session), deps.config.publicUrl),
  ),

  handle(ops.ssoConfigUpdate, async ({ input, session, deps, now }) => {
    const admin = ssoAdministrator(session);
    await saveSsoConfig(deps.db, settingsOf(deps), admin, input, now);
    return reply(await readSsoConfig(deps.db, admin, deps.config.publicUrl), 'Single sign-on saved');
  }),

  handle(ops.ssoDomainCheck, async ({ input, session, deps, now }) => {
    const admin = ssoAdministrator(session);
    await checkDomain(deps.db, settingsOf(deps), admin, input.domain, now);
    return reply(
      await readSsoConfig(deps.db, admin, deps.config.publicUrl),
      'The domain {domain} is verified',
      {
        domain: input.domain,
      },
    );
  }),

  handle(ops.ssoConfigDelete, async ({ session, deps, now }) => {
    await deleteSsoConfig(deps.db, ssoAdministrator(session), now);
    return reply(null, 'Single sign-on removed');
  }),

  handle(ops.scimTokenIssue, async ({ session, deps, now }) => {
    const token = await issueScimToken(deps.db, ssoAdministrator(session), now);
    return reply({ token }, 'Provisioning token issued');
  }),

  handle(ops.scimTokenRevoke, async ({ session, deps, now }) => {
    const admin = ssoAdministrator(session);
    await revokeScimToken(deps.db, admin, now);
    return reply(await readSsoConfig(deps.db, admin, deps.config.publicUrl), 'Provisioning token revoked');
  }),

  handle(ops.ssoIdentityDeactivate, async ({ input, session, deps, now }) => {
    const admin = ssoAdministrator(session);
    await deactivateIdentity(deps.db, admin, input.id, now);
    sessionCacheOf(deps.db)?.clear();
    return reply(await readSsoConfig(deps.db, admin, deps.config.publicUrl), 'Identity deactivated');
  }),
];
