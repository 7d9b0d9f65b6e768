import * as enrolOps from '../../../src/contract/login-enrol-passkey/operations.ts';
import * as loginOps from '../../../src/contract/login-passkey/operations.ts';
import * as signOps from '../../../src/contract/passkey-signing/operations.ts';
import * as ops from '../../../src/contract/passkeys/operations.ts';
import { addressKey } from '../../core/address-key.ts';
import { handle, reply, withCookies } from '../../http/route.ts';
import type { AppDeps } from '../../http/env.ts';
import { deviceCookie, deviceSeen, secureCookies } from './devices.ts';
import { loginEnrolPasskey, loginEnrolPasskeyOptions } from './login-enrol-passkey.ts';
import { finishPendingSignIn, pendingSignInUser } from './login-second-factor.ts';
import {
  assertionOptions,
  listPasskeys,
  register,
  registerOptions,
  relyingParty,
  removePasskey,
  usePasskey,
} from './passkeys.ts';
import { hashToken } from './tokens.ts';

const person = (s: { uid: number; username: string; name: string }) => ({
  uid: s.uid,
  username: s.username,
  name: s.name,
});
const rpOf = (deps: AppDeps) => relyingParty(deps.config.publicUrl);

/**
 * `user/passkey*`, `user/login-passkey*` and `user/login-enrol-passkey*` (passkeys.ts,
 * login-enrol-passkey.ts; docs/decisions/passkeys.md).
 */
export const passkeyRoutes = [
  handle(ops.passkeyList, ({ session, deps }) => listPasskeys(deps.db, session.uid)),

  handle(ops.passkeyRegisterOptions, ({ input, session, deps, now, ip }) =>
    registerOptions(deps.db, rpOf(deps), person(session), input.password, now, addressKey(ip)),
  ),

  handle(ops.passkeyRegister, async ({ input, session, deps, now }) =>
    reply(await register(deps.db, rpOf(deps), person(session), input, now), 'Passkey added'),
  ),

  handle(ops.passkeyRemove, async ({ input, session, deps, now, ip }) => {
    await removePasskey(deps.db, person(session), input, now, addressKey(ip));
    return reply(null, 'Passkey removed');
  }),

  handle(signOps.passkeySignOptions, ({ session, deps, now }) =>
    assertionOptions(deps.db, rpOf(deps), session.uid, 'signature', null, now),
  ),

  handle(loginOps.loginPasskeyOptions, async ({ input, deps, now, ip }) => {
    const rp = rpOf(deps);
    const uid = await pendingSignInUser(deps.db, input.pending_token, now, ip);
    return assertionOptions(deps.db, rp, uid, 'sign_in', hashToken(input.pending_token), now);
  }),

  handle(loginOps.loginPasskey, async ({ input, deps, now, ip, c }) => {
    const rp = rpOf(deps);
    const device = deviceSeen(c, ip);
    const pendingHash = hashToken(input.pending_token);
    const answer = await finishPendingSignIn(
      deps.db,
      input.pending_token,
      now,
      ip,
      { perAddress: deps.config.rateLimits },
      device,
      async (trx, audit, who) =>
        (await usePasskey(trx, audit, rp, who, input.credential, 'sign_in', pendingHash, now))
          ? 'passkey'
          : null,
      'passkey',
    );
    return withCookies(answer, [deviceCookie(device.key, secureCookies(deps.config))]);
  }),

  handle(enrolOps.loginEnrolPasskeyOptions, ({ input, deps, now, ip }) =>
    loginEnrolPasskeyOptions(deps.db, rpOf(deps), input, now, ip),
  ),

  handle(enrolOps.loginEnrolPasskey, async ({ input, deps, now, ip, c }) => {
    const rp = rpOf(deps);
    const device = deviceSeen(c, ip);
    const answer = await loginEnrolPasskey(deps.db, rp, input, now, ip, device);
    return withCookies(answer, [deviceCookie(device.key, secureCookies(deps.config))]);
  }),
];
