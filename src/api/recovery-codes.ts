import * as ops from '../contract/recovery-codes/operations.ts';
import type { ConfirmResponse } from '../contract/second-factor/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/** `user/recovery-codes-renew` (src/contract/recovery-codes): loaded only by `<lp-second-factor-dialog>`. */
export const renewRecoveryCodes = (password: string, code: string, options?: CallOptions) =>
  call(ops.recoveryCodesRenew, { password, code: code.trim() }, options) as Promise<ConfirmResponse>;
