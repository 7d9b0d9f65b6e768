import type { FixtureUser } from './fixtures.ts';
import { totpNow } from './second-factor-fixtures.ts';
import type { TestApp } from './test-app.ts';
import type {} from '../areas/accounts/second-factor-policy-tables.ts';

/** Sets a customer's "second factor required" straight in its policy row (what an administrator's save leaves). */
export async function requireSecondFactor(t: TestApp, cuId: number, required = true): Promise<void> {
  await t.deps.db
    .insertInto('session_policies')
    .values({
      cu_id: cuId,
      idle_minutes: 30,
      absolute_minutes: 720,
      max_sessions: 1,
      second_factor_required: required,
      updated_at: t.deps.now(),
      updated_by: null,
    })
    .onConflict((oc) => oc.column('cu_id').doUpdateSet({ second_factor_required: required }))
    .execute();
}

/** Makes `user` a member of the customer `cuId` too (not its administrator). */
export async function addMember(t: TestApp, user: FixtureUser, cuId: number): Promise<void> {
  await t.deps.db
    .insertInto('user_customers')
    .values({ uid: user.uid, cu_id: cuId, position: user.customers.length, is_admin: false })
    .execute();
}

/**
 * The enrolment at sign-in of a person under the policy without a factor, through the API:
 * password (478), a secret, its first code. Answers the session's token, the secret and the
 * recovery codes, and moves the clock one time step on (the next code is not the enrolment's).
 */
export async function enrolAtSignIn(
  t: TestApp,
  user: { username: string; password: string },
  options: { headers?: Record<string, string> } = {},
): Promise<{ token: string; secret: string; recoveryCodes: string[] }> {
  const { enrol_token } = await enrolmentOf(t, user, options);
  const start = await t.call<{ secret: string }>('user/login-enrol-start', { body: { enrol_token } });
  if (start.code !== 0) throw new Error(`no secret: ${start.code} ${start.message}`);
  const done = await t.call<{ access_token: string; recovery_codes: string[] }>('user/login-enrol-confirm', {
    body: { enrol_token, code: await totpNow(t, start.data.secret) },
    ...(options.headers ? { headers: options.headers } : {}),
  });
  if (done.code !== 0) throw new Error(`no enrolment: ${done.code} ${done.message}`);
  t.advance(30_000);
  return {
    token: done.data.access_token,
    secret: start.data.secret,
    recoveryCodes: done.data.recovery_codes,
  };
}

/** The 478 of a sign-in under the policy (its pending enrolment), or an error. */
export async function enrolmentOf(
  t: TestApp,
  user: { username: string; password: string },
  options: { headers?: Record<string, string> } = {},
): Promise<{ enrol_token: string; expires_in: number }> {
  const res = await t.call<{ enrol_token: string; expires_in: number }>('user/login', {
    body: { username: user.username, password: user.password },
    ...(options.headers ? { headers: options.headers } : {}),
  });
  if (res.code !== 478) throw new Error(`no enrolment asked: ${res.code} ${res.message}`);
  return res.data;
}
