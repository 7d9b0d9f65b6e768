import { Code } from '../../../src/contract/codes.ts';
import * as ops from '../../../src/contract/accounts/operations.ts';
import * as loginFactorOps from '../../../src/contract/login-second-factor/operations.ts';
import * as factorOps from '../../../src/contract/second-factor/operations.ts';
import * as resetOps from '../../../src/contract/password-reset/operations.ts';
import { ApiError, forbidden, invalidField, say } from '../../core/errors.ts';
import { apiAnswer } from '../../http/answer.ts';
import type { AppDeps } from '../../http/env.ts';
import { handle, reply, withCookies } from '../../http/route.ts';
import { issueCaptcha, loginCaptcha } from './captcha.ts';
import { customerAccountList, enterCustomer, startingCustomer } from './customers.ts';
import { type DeviceSeen, deviceCookie, deviceSeen, secureCookies } from './devices.ts';
import { login, sendLoginCode } from './login.ts';
import { addressKey } from '../../core/address-key.ts';
import { redeemOneTimeCode } from './one-time-codes.ts';
import { changeOwnPassword, refuseCommonPassword, setPassword } from './password-change.ts';
import { requestResetCode, resetPassword } from './password-reset.ts';
import { endSession, sessionCacheOf, startSession } from './sessions.ts';
import { checkSmsCode, markSmsCodeUsed, sendSmsCode } from './sms-codes.ts';
import { maskMobile } from '../../core/mobile-number.ts';
import { loginSecondFactor } from './login-second-factor.ts';
import { confirmEnrolment, removeSecondFactor, secondFactorStatus, startEnrolment } from './second-factor.ts';
import type { SessionRecord } from '../../core/session.ts';
import { listOwnSessions, signOutOtherSessions, signOutOwnSession } from './own-sessions.ts';
import { type PolicyAdministrator, readPolicy, savePolicy } from './session-policy.ts';
import { refuseHandOverUnderPolicy } from './second-factor-policy.ts';
import { secondFactorPolicyRoutes } from './second-factor-policy-routes.ts';
import { ssoRoutes } from './sso-routes.ts';
import { signsWithOrganisation } from './single-sign-on.ts';
import { passkeyRoutes } from './passkey-routes.ts';

/** The session's customer's administrator (a person, not an API client's token), else 403. */
function policyAdministrator(session: SessionRecord): PolicyAdministrator {
  if (session.cuId === null || !session.isAdmin || session.client)
    throw forbidden('Only an administrator of this customer account may set its session policy');
  return { uid: session.uid, name: session.name, cuId: session.cuId };
}

/** A sign-in's answer with the device cookie (set again: its 400 days start anew), devices.ts. */
const withDeviceCookie = <T>(deps: AppDeps, data: T, device: DeviceSeen) =>
  withCookies(data, [deviceCookie(device.key, secureCookies(deps.config))]);

const invalidCode = () =>
  new ApiError(Code.sessionExpired, 'The login link is invalid or has expired, please log in');

const person = (s: { uid: number; username: string; name: string }) => ({
  uid: s.uid,
  username: s.username,
  name: s.name,
});

/** `user/*`, `customer-account/*` and `index/change-passwd`: logins, sessions, customers, passwords. */
export const routes = [
  ...ssoRoutes,
  ...passkeyRoutes,

  handle(ops.login, async ({ input, deps, now, ip, c }) => {
    const device = deviceSeen(c, ip);
    const answer = await login(deps.db, input, now, ip, { perAddress: deps.config.rateLimits }, device);
    return withDeviceCookie(deps, answer, device);
  }),

  handle(loginFactorOps.loginSecondFactor, async ({ input, deps, now, ip, c }) => {
    const device = deviceSeen(c, ip);
    const options = { perAddress: deps.config.rateLimits };
    const answer = await loginSecondFactor(
      deps.db,
      deps.config.secondFactorKey,
      input,
      now,
      ip,
      options,
      device,
    );
    return withDeviceCookie(deps, answer, device);
  }),

  handle(factorOps.secondFactorStatus, ({ session, deps }) => secondFactorStatus(deps.db, session.uid)),

  handle(factorOps.secondFactorEnrol, ({ input, session: s, deps, now, ip }) =>
    startEnrolment(deps.db, deps.config.secondFactorKey, person(s), input.password, now, addressKey(ip)),
  ),

  handle(factorOps.secondFactorConfirm, ({ input, session: s, deps, now, ip }) =>
    confirmEnrolment(deps.db, deps.config.secondFactorKey, person(s), input.code, now, addressKey(ip)),
  ),

  handle(factorOps.secondFactorRemove, async ({ input, session: s, deps, now, ip }) => {
    await removeSecondFactor(deps.db, deps.config.secondFactorKey, person(s), input, now, addressKey(ip));
    return reply(null, 'Two-step sign-in turned off');
  }),

  handle(ops.loginSms, async ({ input, deps: { db, sms, config }, now, ip }) => {
    const sent = await sendLoginCode(db, sms, input, now, ip, { perAddress: config.rateLimits });
    const message = 'If {mobile} is the account’s mobile number, a code has been sent to it';
    return reply(sent, message, sent);
  }),

  handle(resetOps.forgotPassword, async ({ input, deps: { db, sms, config }, now, ip, c }) => {
    const guard = { perAddress: config.rateLimits };
    const sent = await requestResetCode(db, sms, input, now, ip, guard, c.env);
    return reply(sent, 'If {mobile} is the account’s mobile number, a code has been sent to it', sent);
  }),

  handle(resetOps.resetPassword, async ({ input, deps: { db, sms, config }, now, ip, c }) => {
    await resetPassword(db, sms, input, now, ip, { perAddress: config.rateLimits }, c.env);
    return reply(null, 'Password changed, please log in again');
  }),

  handle(ops.captcha, async ({ input, deps: { db, config }, now, ip }) => {
    // The test-only fixed answer (never in production: the server refuses to start with it).
    const fixed = config.production ? undefined : config.captchaTestAnswer;
    const png = await issueCaptcha(db, loginCaptcha(input.username, addressKey(ip)), now, fixed);
    return apiAnswer(config, new Uint8Array(png), { 'content-type': 'image/png' });
  }),

  handle(ops.getUserInfo, async ({ session: s, deps }) => ({
    name: s.name,
    avatar: s.avatar,
    introduction: s.introduction,
    roles: ['admin'],
    uid: s.uid,
    user: { ur_account: s.username },
    sg_id: s.sgId,
    role_label: s.roleLabel,
    customer: s.customer,
    city: s.city,
    pass_flag: s.passFlag,
    is_weak_password: s.isWeakPassword,
    is_white_customer: s.isWhiteCustomer,
    mobile_hint: s.mobile ? maskMobile(s.mobile) : '',
    is_admin: s.isAdmin,
    idle_minutes: Math.round((s.idleMs ?? deps.config.sessionIdleMs) / 60_000),
    sso: await signsWithOrganisation(deps.db, s.uid),
  })),

  handle(ops.logout, async ({ session, deps, now }) => {
    await endSession(deps.db, session.sessionId, 'logout', now);
    return reply(null, 'Logged out');
  }),

  handle(ops.jumpLogin, async ({ input, deps, now, ip, c }) => {
    const { db } = deps;
    const redeemed = await redeemOneTimeCode(db, input.code, 'jump', now);
    if (!redeemed) throw invalidCode();
    await refuseHandOverUnderPolicy(db, redeemed.uid);
    const cuId = redeemed.cuId ?? (await startingCustomer(db, redeemed.uid))?.cu_id ?? null;
    const device = deviceSeen(c, ip);
    const token = await startSession(db, redeemed.uid, cuId, now, 'replaced', device);
    return withDeviceCookie(deps, { access_token: token }, device);
  }),

  handle(ops.newLogin, async ({ input, deps, now, ip, c }) => {
    const { db } = deps;
    const redeemed = await redeemOneTimeCode(db, input.token, 'new', now);
    if (!redeemed) throw invalidCode();
    await refuseHandOverUnderPolicy(db, redeemed.uid);
    const start = await startingCustomer(db, redeemed.uid);
    const cuId = redeemed.cuId ?? start?.cu_id ?? null;
    const flag: 0 | 1 = redeemed.cuId === null && (start?.count ?? 0) > 1 ? 1 : 0;
    const device = deviceSeen(c, ip);
    const token = await startSession(db, redeemed.uid, cuId, now, 'replaced', device);
    return withDeviceCookie(deps, [{ ur_token: token, flag }], device);
  }),

  handle(ops.customerLogin, async ({ input, session, deps, now }) => {
    const { access_token } = await enterCustomer(deps.db, session, input.identifier, now);
    return { access_token };
  }),

  handle(ops.updatePassword, async ({ input, session: s, deps: { db }, now }) => {
    if (input.username !== s.username) throw forbidden('You can only change your own password');
    await changeOwnPassword(db, s.uid, input, now);
    return reply(null, 'Password changed, please log in again');
  }),

  handle(ops.customerAccounts, ({ session, deps }) =>
    customerAccountList(deps.db, session.uid, session.cuId),
  ),

  handle(ops.switchCustomer, async ({ input, session, deps, now }) => {
    const { access_token } = await enterCustomer(deps.db, session, input.identifier, now);
    return reply({ access_token }, 'Switch success');
  }),

  handle(ops.ownSessions, ({ session, deps, now }) =>
    listOwnSessions(deps.db, session, now, deps.config.sessionIdleMs),
  ),

  handle(ops.sessionSignOut, async ({ input, session, deps, now }) => {
    const ended = await signOutOwnSession(deps.db, session, input.id, now, deps.config.sessionIdleMs);
    return reply(ended, 'Logged out');
  }),

  handle(ops.sessionSignOutOthers, async ({ session, deps, now }) =>
    reply(await signOutOtherSessions(deps.db, session, now), 'Logged out'),
  ),

  handle(ops.sessionPolicy, ({ session, deps }) =>
    readPolicy(deps.db, policyAdministrator(session).cuId, deps.config.sessionIdleMs),
  ),

  handle(ops.sessionPolicyUpdate, async ({ input, session, deps, now }) => {
    const admin = policyAdministrator(session);
    const idle = deps.config.sessionIdleMs;
    await savePolicy(deps.db, admin, input, now, idle);
    sessionCacheOf(deps.db)?.clear();
    return reply(await readPolicy(deps.db, admin.cuId, idle), 'Session policy saved');
  }),

  handle(ops.changePasswordBySms, async ({ input, session: s, deps: { db, sms }, now, lang }) => {
    if (input.ur_account !== s.username) throw forbidden('You can only change your own password');
    if (input.mobile !== s.mobile)
      throw invalidField('mobile', 'This is not the mobile number registered to the account');
    if (input.action === 'captcha') {
      const sent = await sendSmsCode(db, sms, s.uid, s.mobile, now);
      // spec §7: the captcha answer's data is the message itself
      return reply(
        say('The verification code has been sent to {mobile}', lang, sent),
        'The verification code has been sent to {mobile}',
        sent,
      );
    }
    await refuseCommonPassword(input.ur_passwd, 'ur_passwd');
    const codeId = await checkSmsCode(db, s.uid, s.mobile, input.captcha, now);
    await setPassword(db, s.uid, input.ur_passwd, now, (trx) => markSmsCodeUsed(trx, codeId, now));
    return reply(null, 'Password changed, please log in again');
  }),

  ...secondFactorPolicyRoutes,
];
