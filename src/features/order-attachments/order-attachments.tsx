import { changesOf } from '../../stores/live-changes.ts';
import { useChanges } from '../../ui/use-changes.ts';
import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import type { AttentionState } from '../../contract/order-attachments/schemas.ts';
import { $token } from '../../stores/auth.ts';
import { Pagination } from '../../ui/pagination/pagination.tsx';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { ErrorState } from '../../ui/states/error-state.tsx';
import { Tabs } from '../../ui/tabs/tabs.tsx';
import { useT } from '../../ui/use-t.ts';
import { PAGE_SIZE } from './attachments-api.ts';
import { OrderRow } from './order-row.tsx';
import { TAB_ORDER, useAttention } from './use-attention.ts';
import '../../i18n/areas/order-attachments.ts';

/**
 * The page a user lands on after login: the customer's orders whose documents are missing,
 * rejected or pending review, one tab per state with its count, a card per order with what to
 * upload, and the files already there.
 */
export function OrderAttachments() {
  const t = useT();
  const token = useStore($token);
  const root = useRef<HTMLElement>(null);
  const { tab, select, page, setPage, load, reload } = useAttention(token, root);
  // a document uploaded, audited or rejected, or an order moved, elsewhere: read the tab again
  useChanges(changesOf(['order', 'attachment']), reload);
  const counts = load.data?.counts;
  const items = TAB_ORDER.map((key) => ({
    key,
    label: (
      <>
        {t(`orderAttachments.tab.${key}`)}
        <span className={`oa__count oa__count--${key}`}>{counts ? counts[key] : '–'}</span>
      </>
    ),
  }));
  const rows = load.data?.list ?? [];
  return (
    <section ref={root} className="oa" aria-labelledby="oa-title" aria-busy={load.state === 'loading'}>
      <h1 className="oa__title" id="oa-title">
        {t('orderAttachments.title')}
      </h1>
      <p className="oa__intro">{t('orderAttachments.intro')}</p>
      <Tabs<AttentionState> items={items} selected={tab} onSelect={select} label={t('orderAttachments.tabs')}>
        {load.state === 'failed' ? (
          <ErrorState message={t('orderAttachments.failed')} onRetry={reload} />
        ) : load.state === 'loading' && !load.data ? (
          <p className="oa__muted oa__loading" role="status">
            {t('orderAttachments.loading')}
          </p>
        ) : rows.length === 0 ? (
          <EmptyState message={t(`orderAttachments.empty.${tab}`)}>
            <p className="oa__muted">{t('orderAttachments.empty.hint')}</p>
          </EmptyState>
        ) : (
          <>
            <div className="oa__list">
              {rows.map((row) => (
                <OrderRow key={row.id} row={row} onChanged={reload} />
              ))}
            </div>
            {(load.data?.total ?? 0) > PAGE_SIZE && (
              <Pagination page={page} pageSize={PAGE_SIZE} total={load.data?.total ?? 0} onChange={setPage} />
            )}
          </>
        )}
      </Tabs>
    </section>
  );
}
