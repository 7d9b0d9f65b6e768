import { atom } from 'nanostores';
import { listCustomerAccounts, switchCustomerAccount } from '../api/customer-account.ts';
import type { CustomerAccountList } from '../contract/accounts/schemas.ts';
import { t } from '../i18n/translate.ts';
import { $token, setToken } from './auth.ts';
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

interface Requests {
  /** The token the store's list was answered for. */
  answered: string | null;
  /** A request still under way, and the token it was made with. */
  asking: { token: string | null; answer: Promise<CustomerAccounts> } | null;
}

const state = shared('customers', () => ({
  accounts: atom<CustomerAccounts>(EMPTY),
  requests: { answered: null, asking: null } as Requests,
}));
const requests = state.requests;

/** The user's customer accounts (each with precomputed pinyin initials for the switcher). */
export const $customerAccounts = state.accounts;

function ask(options: { quiet?: boolean } = {}): Promise<CustomerAccounts> {
  const token = $token.get();
  const answer = listCustomerAccounts(options).then((list) => {
    const accounts: CustomerAccounts = {
      list: list.list,
      identifier: list.identifier,
      oldCustomerButton: list.old_customer_button,
      loaded: true,
    };
    if ($token.get() === token) {
      $customerAccounts.set(accounts);
      requests.answered = token;
      updateSession({ oldCustomerButton: list.old_customer_button });
    }
    return accounts;
  });
  const request = { token, answer };
  requests.asking = request;
  const done = () => {
    if (requests.asking === request) requests.asking = null;
  };
  answer.then(done, done);
  return answer;
}

/**
 * Asks for the session's accounts now, quietly, so that the switcher has them when it first
 * draws (the portal calls this with a page load's first calls, before the layout has loaded).
 * A failure is left to the switcher, which asks again and says so.
 */
export function prefetchCustomerAccounts(): void {
  if (requests.asking?.token === $token.get() || customerAccountsCurrent()) return;
  ask({ quiet: true }).catch(() => undefined);
}

/** True when the store holds the list of the session's token (nothing to ask). */
export const customerAccountsCurrent = (): boolean =>
  requests.answered !== null && requests.answered === $token.get() && $customerAccounts.get().loaded;

/**
 * Loads the list: the one the store holds for the session's token, else joining a request for the
 * same token still under way, else asking. (A page load's prefetch that has already answered is
 * not asked again: whether it answered before the switcher drew is a race, not a reason.)
 */
export function loadCustomerAccounts(): Promise<CustomerAccounts> {
  if (customerAccountsCurrent()) return Promise.resolve($customerAccounts.get());
  const asking = requests.asking;
  if (asking && asking.token === $token.get()) return asking.answer.catch(() => ask());
  return ask();
}

export function resetCustomerAccounts(): void {
  requests.answered = null;
  requests.asking = null;
  $customerAccounts.set(EMPTY);
}

/**
 * Switches customer account (spec §4): stores the new token if one is returned, tells the other
 * tabs and reloads the page; 'Switch success' is shown once the page has loaded again (a toast
 * shown before the reload would be gone before anyone could read it).
 */
export async function switchCustomer(identifier: string): Promise<void> {
  const answer = await switchCustomerAccount(identifier);
  const token = answer?.access_token;
  // The user's list is the same under the new token: a second switcher of the page, which sees
  // the token change, has nothing to ask for before the reload (it asked, and the reload cut it off).
  if (token && customerAccountsCurrent()) requests.answered = token;
  $customerAccounts.set({ ...$customerAccounts.get(), identifier });
  if (token) setToken(token);
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
