import { useEffect, useState } from 'react';
import { switchCustomer } from '../../stores/customers.ts';
import { navigate } from '../../stores/navigation.ts';
import { closeView } from '../../stores/tabs.ts';
import { Button } from '../../ui/button/button.tsx';
import { EmptyState } from '../../ui/states/empty-state.tsx';
import { useT } from '../../ui/use-t.ts';
import { loadOrderOwner, type OrderOwner } from './order-api.ts';
import '../../i18n/areas/order-view.ts';

const ORDER_LIST_PATH = '/customer-order/index';

/**
 * What the view says for an order it cannot open: when another of the user's customer accounts
 * holds it (a colleague's link), which one, and the switch to it (the page reloads on the same
 * address, and the order opens); otherwise that it does not exist or is not the user's, and the
 * way back to the order list, closing this tab so that no dead tab is left behind.
 */
export function NotHere({ orderId }: { orderId: number | null }) {
  const t = useT();
  const [owner, setOwner] = useState<OrderOwner | null | 'asking'>(orderId ? 'asking' : null);
  const [switching, setSwitching] = useState(false);

  useEffect(() => {
    if (!orderId) return;
    let live = true;
    loadOrderOwner(orderId).then(
      (found) => live && setOwner(found.current ? null : found),
      () => live && setOwner(null),
    );
    return () => {
      live = false;
    };
  }, [orderId]);

  if (owner === 'asking') return <p className="order-view__muted">{t('common.loading')}</p>;
  if (owner)
    return (
      <EmptyState
        message={t('orderView.otherAccount', {
          no: owner.order_no,
          account: `${owner.co_name} / ${owner.cu_name}`,
        })}
      >
        <Button
          variant="primary"
          loading={switching}
          onClick={() => {
            setSwitching(true);
            switchCustomer(owner.identifier).catch(() => setSwitching(false));
          }}
        >
          {t('orderView.switchTo', { account: owner.cu_name })}
        </Button>
      </EmptyState>
    );
  return (
    <EmptyState message={t('orderView.notFound')}>
      <Button
        guardMs={0}
        onClick={() => {
          closeView(location.pathname);
          navigate(ORDER_LIST_PATH);
        }}
      >
        {t('orderView.backToList')}
      </Button>
    </EmptyState>
  );
}
