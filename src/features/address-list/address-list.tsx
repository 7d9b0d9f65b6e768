import { useStore } from '@nanostores/react';
import { useMemo, useRef, useState } from 'react';
import { serverColumnSettings } from '../../api/list-settings.ts';
import { isApiError } from '../../api/errors.ts';
import { Code } from '../../contract/codes.ts';
import type { Address } from '../../contract/master-data/schemas.ts';
import { Button } from '../../ui/button/button.tsx';
import { ConfirmDialog } from '../../ui/confirm/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table/index.ts';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { Tabs } from '../../ui/tabs/tabs.tsx';
import { useDebouncedKeyword } from '../../ui/form/use-debounced-keyword.ts';
import { useT } from '../../ui/use-t.ts';
import { AddressForm } from './address-form.tsx';
import type { AddressListStore, AddressTab } from './address-list-store.ts';
import { deleteAddress } from './api.ts';
import { addressColumns } from './columns.tsx';
import '../../i18n/areas/addresses.ts';
import { PageHeader } from '../../ui/page-header/page-header.tsx';
import { useListAddress } from '../../ui/use-list-address.ts';
import { ADDRESS_LIST_ADDRESS } from './address-list-store.ts';

export { SEARCH_DEBOUNCE_MS } from '../../ui/form/use-debounced-keyword.ts';
/** The column settings' list name (`get-list-field-cache` / `cache-list-field`). */
export const COLUMN_SETTINGS_LIST = 'customer-address/index';

export interface AddressListProps {
  /** Keep the list's search, sort and page in the page's address (default; off for an embed beside other content). */
  syncAddress?: boolean;
  list: AddressListStore;
  /** After an address was added, changed or deleted. */
  onChange?: (change: { ad_id: number; action: 'create' | 'update' | 'delete' }) => void;
}

type Editing = { address: Address | null } | null;
type Deleting = { address: Address; stale: boolean } | null;

/**
 * The address book: the customer's pickup and delivery addresses by tab, searchable, server
 * paged and sorted, with column settings; add and edit in a dialog, delete after a confirmation.
 * A stale edit or delete (someone else saved meanwhile) shows the current address first.
 */
export function AddressList({ list, onChange, syncAddress = true }: AddressListProps) {
  const t = useT();
  const root = useRef<HTMLElement>(null);
  useListAddress(list, ADDRESS_LIST_ADDRESS, syncAddress, root);
  const state = useStore(list.$state);
  const tab = state.params.filters.kind;
  const search = useDebouncedKeyword(state.params.filters.keyword, (keyword) => list.setFilters({ keyword }));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Deleting>(null);
  const [announce, setAnnounce] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const columns = useMemo(
    () =>
      addressColumns({
        t,
        edit: (address) => setEditing({ address }),
        remove: (address) => setDeleting({ address, stale: false }),
      }),
    [t],
  );

  const gone = () => {
    setEditing(null);
    setDeleting(null);
    setProblem(t('addresses.goneAway'));
    void list.reload();
  };

  const remove = async (address: Address) => {
    setProblem(null);
    try {
      await deleteAddress({ ad_id: address.ad_id, version: address.version });
      setDeleting(null);
      setAnnounce(t('addresses.deleted', { name: address.company }));
      onChange?.({ ad_id: address.ad_id, action: 'delete' });
      await list.reload();
    } catch (error) {
      if (isApiError(error) && error.code === Code.conflict && error.data)
        setDeleting({ address: error.data as Address, stale: true });
      else if (isApiError(error) && error.code === Code.notFound) gone();
      else {
        setDeleting(null);
        setProblem(t('addresses.deleteFailed'));
      }
    }
  };

  const filtered = state.params.filters.keyword.trim() !== '' || tab !== 'all';
  const newKind = tab === 'all' ? 'start' : tab;
  const tabs = (['all', 'start', 'stop'] as const).map((key) => ({ key, label: t(`addresses.tab.${key}`) }));

  const empty = filtered ? (
    <EmptyState message={t('addresses.emptyFiltered')} />
  ) : (
    <EmptyState message={t('addresses.empty')}>
      <p className="addr-muted">{t('addresses.emptyHint')}</p>
      <Button guardMs={0} variant="primary" onClick={() => setEditing({ address: null })}>
        {t('addresses.new')}
      </Button>
    </EmptyState>
  );

  const deletingName = deleting?.address.company ?? '';
  return (
    <section ref={root} className="addr" part="base" aria-labelledby="addr-title">
      <PageHeader titleId="addr-title" title={t('addresses.title')} intro={t('addresses.intro')}>
        <Button size="sm" guardMs={0} onClick={() => void list.reload()}>
          {t('addresses.refresh')}
        </Button>
        <Button size="sm" variant="primary" guardMs={0} onClick={() => setEditing({ address: null })}>
          {t('addresses.new')}
        </Button>
      </PageHeader>
      <p className="addr__live" aria-live="polite">
        {announce}
      </p>
      {problem && (
        <p className="addr-error" role="alert">
          {problem}
        </p>
      )}

      <Tabs<AddressTab>
        items={tabs}
        selected={tab}
        label={t('addresses.tabs')}
        onSelect={(kind) => list.setFilters({ kind })}
      >
        <div className="addr__filters">
          <label className="addr__search">
            <span>{t('addresses.search')}</span>
            <input
              type="search"
              className="lp-input"
              value={search.keyword}
              placeholder={t('addresses.searchPlaceholder')}
              onChange={(event) => search.type(event.target.value)}
            />
          </label>
        </div>
        <DataTable<Address>
          cards
          source={list}
          columns={columns}
          label={t('addresses.table')}
          columnSettings={{ list: COLUMN_SETTINGS_LIST, persistence: serverColumnSettings }}
          maxHeight="none"
          empty={empty}
        />
      </Tabs>

      {editing && (
        <AddressForm
          key={editing.address?.ad_id ?? 'new'}
          address={editing.address}
          kind={newKind}
          onClose={() => setEditing(null)}
          onGone={gone}
          onSaved={(address, created) => {
            setEditing(null);
            setProblem(null);
            setAnnounce(t(created ? 'addresses.created' : 'addresses.saved', { name: address.company }));
            onChange?.({ ad_id: address.ad_id, action: created ? 'create' : 'update' });
            void list.reload();
          }}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        danger
        title={t('addresses.confirmTitle')}
        message={
          deleting?.stale ? (
            <>
              <span>{t('addresses.stale.deleteIntro')}</span>
              <span className="addr-current">
                {[
                  deleting.address.company,
                  deleting.address.contact,
                  deleting.address.phone,
                  deleting.address.city,
                  deleting.address.address,
                ].join(' · ')}
              </span>
            </>
          ) : (
            t('addresses.confirmDelete', { name: deletingName })
          )
        }
        confirmText={deleting?.stale ? t('addresses.stale.deleteAnyway') : t('addresses.delete')}
        onAnswer={(yes) => {
          if (yes && deleting) void remove(deleting.address);
          else setDeleting(null);
        }}
      />
    </section>
  );
}
