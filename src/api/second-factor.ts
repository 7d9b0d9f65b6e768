import * as ops from '../contract/second-factor/operations.ts';
import type {
  ConfirmResponse,
  EnrolResponse,
  SecondFactorStatus,
} from '../contract/second-factor/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/**
 * The account menu's second-factor calls (src/contract/second-factor): loaded only by
 * `<lp-second-factor-dialog>`, never by a first load.
 */

export const secondFactorStatus = (options?: CallOptions) =>
  call(ops.secondFactorStatus, {}, options) as Promise<SecondFactorStatus>;

export const enrolSecondFactor = (password: string, options?: CallOptions) =>
  call(ops.secondFactorEnrol, { password }, options) as Promise<EnrolResponse>;

export const confirmSecondFactor = (code: string, options?: CallOptions) =>
  call(ops.secondFactorConfirm, { code: code.trim() }, options) as Promise<ConfirmResponse>;

export const removeSecondFactor = (password: string, code: string, options?: CallOptions) =>
  call(ops.secondFactorRemove, { password, code: code.trim() }, options) as Promise<null>;
