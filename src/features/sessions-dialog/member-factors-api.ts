import { call } from '../../api/transport.ts';
import { Code } from '../../contract/codes.ts';
import * as ops from '../../contract/second-factor-admin/operations.ts';
import type { MemberFactorResetRequest } from '../../contract/second-factor-policy/schemas.ts';

export type { MemberFactor, MemberFactorList } from '../../contract/second-factor-policy/schemas.ts';

/** The admin part says itself what is wrong (422, 404, 409) and hides itself from a non-administrator (403). */
const QUIET = { silentCodes: [Code.forbidden, Code.invalid, Code.notFound, Code.conflict] } as const;

export const memberFactorsApi = {
  list: () => call(ops.memberFactors, {}, QUIET),
  reset: (input: MemberFactorResetRequest) => call(ops.memberFactorReset, input, QUIET),
};
