import * as ops from '../contract/accounts/operations.ts';
import type { CustomerAccountList, SwitchCustomerResponse } from '../contract/accounts/schemas.ts';
import { type CallOptions, call } from './transport.ts';

/** `GET customer-account/index`: the user's customer accounts (with pinyin initials) and the current one. */
export const listCustomerAccounts = (options?: CallOptions): Promise<CustomerAccountList> =>
  call(ops.customerAccounts, {}, options);

/** `POST customer-account/switch-customer`: may answer a new token. 403 for an account not the user's. */
export const switchCustomerAccount = (
  identifier: string,
  options?: CallOptions,
): Promise<SwitchCustomerResponse> => call(ops.switchCustomer, { identifier }, options);
