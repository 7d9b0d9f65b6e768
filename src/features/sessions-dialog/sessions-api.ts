import { call } from '../../api/transport.ts';
import * as ops from '../../contract/accounts/operations.ts';
import { Code } from '../../contract/codes.ts';

export type { OwnSession, OwnSessionList, SessionPolicy } from '../../contract/accounts/sessions.ts';

/** The policy's form values as sent (a field as typed when it is no whole number: the server says why). */
export interface PolicyValues {
  idle_minutes: number | string;
  absolute_minutes: number | string;
  max_sessions: number | string;
  second_factor_required: boolean;
}

/** The dialog says itself what is wrong with the policy form (422) and hides it from a non-administrator (403). */
const QUIET = { silentCodes: [Code.forbidden, Code.invalid] } as const;

export const sessionsApi = {
  list: () => call(ops.ownSessions, {}),
  signOut: (id: string) => call(ops.sessionSignOut, { id }),
  signOutOthers: () => call(ops.sessionSignOutOthers, {}),
  policy: () => call(ops.sessionPolicy, {}, QUIET),
  savePolicy: (values: PolicyValues) => call(ops.sessionPolicyUpdate, values as never, QUIET),
};
