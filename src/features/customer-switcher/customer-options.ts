import { filterOptions, type IndexedOption, indexOptions } from '../../lib/pinyin-filter.ts';
import type { CustomerAccount } from '../../stores/customers.ts';
import type { SelectFilter, SelectOption } from '../../ui/select/select.tsx';

/** What the switcher shows for an account: company name / customer name. */
export const customerLabel = (account: Pick<CustomerAccount, 'co_name' | 'cu_name'>): string =>
  account.co_name ? `${account.co_name} / ${account.cu_name}` : account.cu_name;

export interface CustomerChoices {
  options: SelectOption<string>[];
  /** Matches typed text against an option's label or its account's pinyin initials (spec §5). */
  filter: SelectFilter;
}

/**
 * Select options (value = identifier) and the pinyin-aware filter for a list of accounts. The
 * initials come with the list (`pinyin`, of the customer name), so no pinyin library is loaded.
 */
export function customerChoices(list: readonly CustomerAccount[]): CustomerChoices {
  const index = indexOptions(list, customerLabel, (account) => account.pinyin);
  const byLabel = new Map<string, IndexedOption<CustomerAccount>>(
    index.map((o) => [customerLabel(o.item), o]),
  );
  return {
    options: list.map((account) => ({ value: account.identifier, label: customerLabel(account) })),
    filter: (label, query) => {
      const entry = byLabel.get(label);
      return entry ? filterOptions([entry], query).length > 0 : false;
    },
  };
}
