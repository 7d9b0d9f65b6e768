import { atom } from 'nanostores';
import { listCustomerAccounts, switchCustomerAccount } from '../api/customer-account.ts';
import type { CustomerAccountList } from '../contract/accounts/schemas.ts';
import { t } from '../i18n/translate.ts';
import { setToken } from './auth.ts';
import { reload } from './navigation.ts';
import { toastAfterReload } from './notices.ts';
import { shared } from './registry.ts';
import { updateSession } from './session.ts';
import { broadcast, onSync, startSync } from './sync.ts';

export type CustomerAccount = CustomerAccountList['list'][number];

export interface CustomerAccounts {
  list: CustomerAccount[];
  /** Identifier of the account the session is in. */
  identifier: string;
  oldCustomerButton: boolean;
  loaded: boolean;
}

const EMPTY: CustomerAccounts = { list: [], identifier: '', oldCustomerButton: false, loaded: false };

const state = shared('customers', () => ({ accounts: atom<CustomerAccounts>(EMPTY) }));

/** The user's customer accounts (each with precomputed pinyin initials for the switcher). */
export const $customerAccounts = state.accounts;

export async function loadCustomerAccounts(): Promise<CustomerAccounts> {
  const answer = await listCustomerAccounts();
  const accounts: CustomerAccounts = {
    list: answer.list,
    identifier: answer.identifier,
    oldCustomerButton: answer.old_customer_button,
    loaded: true,
  };
  $customerAccounts.set(accounts);
  updateSession({ oldCustomerButton: answer.old_customer_button });
  return accounts;
}

export function resetCustomerAccounts(): void {
  $customerAccounts.set(EMPTY);
}

/**
 * Switches customer account (spec §4): stores the new token if one is returned, tells the other
 * tabs and reloads the page; 'Switch success' is shown once the page has loaded again (a toast
 * shown before the reload would be gone before anyone could read it).
 */
export async function switchCustomer(identifier: string): Promise<void> {
  const answer = await switchCustomerAccount(identifier);
  if (answer?.access_token) setToken(answer.access_token);
  $customerAccounts.set({ ...$customerAccounts.get(), identifier });
  toastAfterReload(t('session.switchSuccess'), 'success');
  broadcast({ type: 'customer' });
  reload();
}

/** Reloads this tab when another tab switched customer. */
export function followCustomerSwitches(): () => void {
  const stopSync = startSync();
  const off = onSync((message) => {
    if (message.type === 'customer') reload();
  });
  return () => {
    off();
    stopSync();
  };
}

if (typeof window !== 'undefined') shared('customers.follow', followCustomerSwitches);
