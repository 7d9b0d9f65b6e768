import { generate } from 'otplib';
import type { TestApp } from './test-app.ts';

/** The authenticator's code of `secret` at the app's clock (`stepsAhead` time steps of 30 s later). */
export const totpNow = (t: TestApp, secret: string, stepsAhead = 0) =>
  generate({ secret, epoch: Math.floor(t.deps.now().getTime() / 1000) + stepsAhead * 30 });

/**
 * Turns a second factor on through the API for the session of `token` (password, first code) and
 * moves the clock one time step on, so the next code is not the enrolment's (a replay). Answers
 * the secret and the recovery codes.
 */
export async function enrolTotp(
  t: TestApp,
  token: string,
  password: string,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await t.call<{ secret: string; otpauth_uri: string }>('user/second-factor-enrol', {
    token,
    body: { password },
  });
  if (start.code !== 0) throw new Error(`enrolment failed: ${start.code} ${start.message}`);
  const { secret } = start.data;
  const confirm = await t.call<{ recovery_codes: string[] }>('user/second-factor-confirm', {
    token,
    body: { code: await totpNow(t, secret) },
  });
  if (confirm.code !== 0) throw new Error(`confirmation failed: ${confirm.code} ${confirm.message}`);
  t.advance(30_000);
  return { secret, recoveryCodes: confirm.data.recovery_codes };
}
