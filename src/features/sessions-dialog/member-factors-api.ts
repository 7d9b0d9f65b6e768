import { call } from '../../api/transport.ts';
import { Code } from '../../contract/codes.ts';
import * as ops from '../../contract/second-factor-admin/operations.ts';
import type { MemberFactorResetRequest } from '../../contract/second-factor-policy/schemas.ts';

export type { MemberFactor, MemberFactorList } from '../../contract/second-factor-policy/schemas.ts';

type Json = Parameters<typeof import('@simplewebauthn/browser').startAuthentication>[0]['optionsJSON'];
type Credential = NonNullable<MemberFactorResetRequest['passkey']>;

/** The admin part says itself what is wrong (422, 404, 409) and hides itself from a non-administrator (403). */
const QUIET = { silentCodes: [Code.forbidden, Code.invalid, Code.notFound, Code.conflict] } as const;

export const memberFactorsApi = {
  list: () => call(ops.memberFactors, {}, QUIET),
  reset: (input: MemberFactorResetRequest) => call(ops.memberFactorReset, input, QUIET),
  /**
   * The administrator's own passkey for a reset (docs/decisions/passkeys.md): the options, then
   * the key's assertion (`@simplewebauthn/browser`, loaded now). The browser's refusal throws.
   */
  async ownPasskey(): Promise<Credential> {
    const request = await call(ops.memberFactorResetOptions, {}, QUIET);
    const { startAuthentication } = await import('@simplewebauthn/browser');
    return (await startAuthentication({ optionsJSON: request as unknown as Json })) as Credential;
  },
};
