import { useEffect, useState } from 'react';
import type { OrderDetail } from '../../contract/orders/schemas.ts';
import { loadOrder } from './order-api.ts';

export type PrintOrders =
  | { state: 'loading' }
  | { state: 'ready'; orders: readonly OrderDetail[]; missing: readonly number[] };

/**
 * The orders printed with the shown one (the list's bulk print): each loaded as the view loads
 * its own (`customer-order/view`, so masked alike), in the order asked; those that cannot be
 * loaded (not the customer's, gone, the network) are named by id and left out of the document.
 */
export function usePrintOrders(ids: readonly number[], active: boolean): PrintOrders {
  const key = ids.join(',');
  const [state, setState] = useState<PrintOrders>(
    ids.length ? { state: 'loading' } : { state: 'ready', orders: [], missing: [] },
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids
  useEffect(() => {
    if (ids.length === 0) {
      setState({ state: 'ready', orders: [], missing: [] });
      return;
    }
    if (!active) return;
    let live = true;
    setState({ state: 'loading' });
    void Promise.allSettled(ids.map((id) => loadOrder(id))).then((answers) => {
      if (!live) return;
      const orders: OrderDetail[] = [];
      const missing: number[] = [];
      answers.forEach((answer, i) => {
        if (answer.status === 'fulfilled') orders.push(answer.value);
        else missing.push(ids[i] as number);
      });
      setState({ state: 'ready', orders, missing });
    });
    return () => {
      live = false;
    };
  }, [key, active]);
  return state;
}
