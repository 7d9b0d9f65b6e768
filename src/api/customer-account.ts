import type { CustomerAccountList, SwitchCustomerResponse } from '../contract/user.ts';
import { get, post } from './client.ts';

/** `GET customer-account/index`: the user's customer accounts (with pinyin initials) and the current one. */
export const listCustomerAccounts = (): Promise<CustomerAccountList> =>
  get<CustomerAccountList>('customer-account/index');

/** `POST customer-account/switch-customer`: may answer a new token. 403 for an account not the user's. */
export const switchCustomerAccount = (identifier: string): Promise<SwitchCustomerResponse> =>
  post<SwitchCustomerResponse>('customer-account/switch-customer', { identifier });
