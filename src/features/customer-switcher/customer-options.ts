import type { CustomerAccount } from '../../stores/customers.ts';
import type { SelectOption } from '../../ui/select/select.tsx';

/** What the switcher shows for an account: company name / customer name. */
export const customerLabel = (account: Pick<CustomerAccount, 'co_name' | 'cu_name'>): string =>
  account.co_name ? `${account.co_name} / ${account.cu_name}` : account.cu_name;

/**
 * Select options (value = identifier) for a list of accounts, carrying the pinyin initials the
 * server precomputed (of the customer name), so the pinyin filter never loads a pinyin library.
 */
export const customerOptions = (list: readonly CustomerAccount[]): SelectOption<string>[] =>
  list.map((account) => ({
    value: account.identifier,
    label: customerLabel(account),
    initials: account.pinyin,
  }));
