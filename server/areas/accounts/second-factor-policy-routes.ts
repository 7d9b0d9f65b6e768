import * as enrolOps from '../../../src/contract/login-enrol/operations.ts';
import * as renewOps from '../../../src/contract/recovery-codes/operations.ts';
import * as adminOps from '../../../src/contract/second-factor-admin/operations.ts';
import { addressKey } from '../../core/address-key.ts';
import { forbidden } from '../../core/errors.ts';
import type { SessionRecord } from '../../core/session.ts';
import { handle, reply, withCookies } from '../../http/route.ts';
import { deviceCookie, deviceSeen, secureCookies } from './devices.ts';
import { loginEnrolConfirm, loginEnrolStart } from './second-factor-policy.ts';
import {
  memberFactors,
  renewRecoveryCodes,
  resetMemberFactor,
  resetPasskeyOptions,
} from './second-factor-reset.ts';

/** The session customer's administrator (a person, not an API client), else 403. */
function factorAdministrator(session: SessionRecord) {
  if (session.cuId === null || !session.isAdmin || session.client)
    throw forbidden('Only an administrator of this customer account may reset its members’ two-step sign-in');
  return { uid: session.uid, name: session.name, username: session.username, cuId: session.cuId };
}

/**
 * The second-factor policy's calls (issue 34, docs/decisions/second-factor-policy.md): the
 * enrolment at sign-in after a 478, new recovery codes, and a member's lost factor reset by the
 * customer's administrator. Listed by routes.ts.
 */
export const secondFactorPolicyRoutes = [
  handle(enrolOps.loginEnrolStart, ({ input, deps, now, ip }) =>
    loginEnrolStart(deps.db, deps.config.secondFactorKey, input, now, ip),
  ),

  handle(enrolOps.loginEnrolConfirm, async ({ input, deps, now, ip, c }) => {
    const device = deviceSeen(c, ip);
    const answer = await loginEnrolConfirm(deps.db, deps.config.secondFactorKey, input, now, ip, device);
    return withCookies(answer, [deviceCookie(device.key, secureCookies(deps.config))]);
  }),

  handle(renewOps.recoveryCodesRenew, ({ input, session: s, deps, now, ip }) =>
    renewRecoveryCodes(
      deps.db,
      deps.config.secondFactorKey,
      { uid: s.uid, username: s.username, name: s.name },
      input,
      now,
      addressKey(ip),
    ),
  ),

  handle(adminOps.memberFactors, ({ session, deps }) => memberFactors(deps.db, factorAdministrator(session))),

  handle(adminOps.memberFactorReset, async ({ input, session, deps, now, ip }) => {
    const admin = factorAdministrator(session);
    await resetMemberFactor(
      deps.db,
      deps.config.secondFactorKey,
      deps.sms,
      admin,
      input,
      now,
      addressKey(ip),
      deps.config.publicUrl,
    );
    return reply(null, 'Two-step sign-in reset');
  }),

  handle(adminOps.memberFactorResetOptions, ({ session, deps, now }) =>
    resetPasskeyOptions(deps.db, deps.config.publicUrl, factorAdministrator(session), now),
  ),
];
