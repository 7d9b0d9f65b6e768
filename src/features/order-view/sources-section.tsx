import { useCallback } from 'react';
import { useT } from '../../ui/use-t.ts';
import { AppLink } from './app-link.tsx';
import { formatStamp } from './format.ts';
import { loadChildList } from './order-api.ts';
import { SectionState } from './section-state.tsx';
import { useSection } from './use-section.ts';
import '../../i18n/areas/order-view.ts';

/** The orders merged into this one (`child-list`), each a link to its own view. */
export function SourcesSection({ orderId }: { orderId: number }) {
  const t = useT();
  const load = useCallback(() => loadChildList(orderId), [orderId]);
  const { section, retry } = useSection(load);
  return (
    <SectionState section={section} retry={retry}>
      {({ list }) =>
        list.length === 0 ? (
          <p className="order-view__muted">{t('orderView.sources.empty')}</p>
        ) : (
          <>
            <p>{t('orderView.sources.intro')}</p>
            <ul className="order-view__plain-list order-view__sources">
              {list.map((row) => (
                <li key={row.id}>
                  <AppLink href={`/customer-order/view/${row.id}`}>{row.order_no}</AppLink>{' '}
                  <span className="order-view__badge">{t(`orderView.status.${row.status}`)}</span>{' '}
                  <span className="order-view__muted">{formatStamp(row.created_at)}</span>
                </li>
              ))}
            </ul>
          </>
        )
      }
    </SectionState>
  );
}
