import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import { $token } from '../../stores/auth.ts';
import {
  $customerAccounts,
  type CustomerAccount,
  customerAccountsCurrent,
  loadCustomerAccounts,
  switchCustomer,
} from '../../stores/customers.ts';
import { Button } from '../../ui/button/button.tsx';
import { Select } from '../../ui/select/select.tsx';
import { usePinyinFilter } from '../../ui/select/use-pinyin-filter.ts';
import { useT } from '../../ui/use-t.ts';
import { customerLabel, customerOptions } from './customer-options.ts';
import '../../i18n/areas/switcher.ts';

/** What a switch reports (the element's `lp-customer-change` detail). */
export interface CustomerChange {
  identifier: string;
  cu_name: string;
}

export interface CustomerSwitcherProps {
  /** Called after the server accepted the switch (the store then reloads the page). */
  onSwitched?: (change: CustomerChange) => void;
}

/** The list's loading state; a failure keeps the server's message ('' = use the generic one). */
type Load = { state: 'idle' | 'loading' | 'done' } | { state: 'failed'; message: string };

const messageOf = (error: unknown): string =>
  (isApiError(error) || error instanceof Error) && error.message ? error.message : '';

/**
 * The current customer account and, when the user holds several, a filterable list to switch to
 * another (text or pinyin initials). The list comes from the customers store, loaded once per
 * session token; switching goes through the store's `switchCustomer`.
 */
export function CustomerSwitcher({ onSwitched }: CustomerSwitcherProps) {
  const t = useT();
  const token = useStore($token);
  const accounts = useStore($customerAccounts);
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  /** The account being switched to: the switcher stays busy until the page reloads. */
  const [switching, setSwitching] = useState<CustomerAccount | null>(null);
  const switchingRef = useRef(false);
  const [switchError, setSwitchError] = useState('');
  /** Numbers the list requests, so that only the latest one's answer counts. */
  const request = useRef(0);

  const fetchList = useCallback(() => {
    const id = ++request.current;
    setLoad({ state: 'loading' });
    loadCustomerAccounts().then(
      () => id === request.current && setLoad({ state: 'done' }),
      (error: unknown) => id === request.current && setLoad({ state: 'failed', message: messageOf(error) }),
    );
  }, []);

  useEffect(() => {
    // The switch stores the new token just before the page reloads: no list to fetch for it.
    if (switchingRef.current) return;
    if (token && customerAccountsCurrent()) setLoad({ state: 'done' });
    else if (token) fetchList();
    else {
      request.current++;
      setLoad({ state: 'idle' });
    }
  }, [token, fetchList]);

  const options = useMemo(() => customerOptions(accounts.list), [accounts.list]);
  const filter = usePinyinFilter(options);
  const current = accounts.list.find((a) => a.identifier === accounts.identifier) ?? null;

  if (!token) return <span className="customer-switcher__muted">{t('account.switcher.signedOut')}</span>;
  if (load.state === 'failed')
    return (
      <span className="customer-switcher__failed" role="alert">
        {load.message || t('account.switcher.loadFailed')}{' '}
        <Button variant="text" size="sm" guardMs={0} onClick={fetchList}>
          {t('common.retry')}
        </Button>
      </span>
    );
  if (!accounts.loaded)
    return (
      <span className="customer-switcher__muted" aria-busy="true">
        {t('common.loading')}
      </span>
    );
  if (accounts.list.length <= 1) {
    const only = current ?? accounts.list[0];
    return (
      <span className="customer-switcher__name" part="name" title={t('account.switcher.current')}>
        {only ? customerLabel(only) : ''}
      </span>
    );
  }

  const pick = async (identifier: string) => {
    const target = accounts.list.find((a) => a.identifier === identifier);
    if (!target || switchingRef.current) return;
    switchingRef.current = true;
    setSwitching(target);
    setSwitchError('');
    try {
      await switchCustomer(identifier);
      // The page reloads now; until it does, the switcher stays busy and the page stays as it is.
      onSwitched?.({ identifier, cu_name: target.cu_name });
    } catch (error) {
      switchingRef.current = false;
      setSwitching(null);
      // 598 and 599 are the catalogue's (a message, a confirm): nothing more to say here.
      const ended =
        isApiError(error) && (error.code === Code.sessionExpired || error.code === Code.loggedInElsewhere);
      if (!ended) setSwitchError(messageOf(error) || t('common.error'));
    }
  };

  if (switching)
    return (
      <div className="customer-switcher" part="switcher">
        <span className="customer-switcher__busy" role="status" aria-busy="true">
          <span className="customer-switcher__spinner" aria-hidden="true" />
          <span className="customer-switcher__busy-text">
            {t('session.switching', { name: customerLabel(switching) })}
          </span>
        </span>
      </div>
    );

  return (
    <div className="customer-switcher" part="switcher">
      <Select
        className="customer-switcher__select"
        options={options}
        value={current?.identifier ?? null}
        filter={filter}
        onChange={(identifier) => void pick(identifier)}
        placeholder={t('account.switcher.filter')}
        aria-label={t('account.switcher.label')}
      />
      {switchError && (
        <span className="customer-switcher__error" role="alert">
          {switchError}
        </span>
      )}
    </div>
  );
}
